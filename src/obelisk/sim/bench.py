"""Speed of a game's engine under playouts (``obelisk bench``): uniform random moves and
the game's own playout player (``Game.playout_agent``), which reaches the seats and phases
random play misses (Abu Simbel's random games end after 3 moves by seat 0)."""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc
from typing import Any

from obelisk.core import Game
from obelisk.core.conformance import POLICIES, mover


def bench_game(
    game: Game,
    players: int,
    runs: int = 5,
    seconds: float = 1.0,
    options: Any = None,
    policy: str = "random",
) -> dict[str, Any]:
    """Median over ``runs`` runs of: µs per step (legal_actions + apply_unchecked, the
    engine only), µs per clone, µs per decision of the playout player, games per second and
    steps per game; the seats that decided in every game, and the peak memory of one game.

    ``policy`` is "random" or "playout" (the game's playout player; random without one).
    """
    if policy not in POLICIES:
        raise ValueError(f"unknown playout policy {policy!r}; known: {', '.join(POLICIES)}")
    per_step, per_clone, per_decision, gps, lengths = [], [], [], [], []
    seats_reached = set(range(players))
    seed = 0
    for _ in range(runs):
        steps = games = 0
        step_time = clone_time = choose_time = 0.0
        clones = 0
        t_end = time.perf_counter() + seconds
        t0 = time.perf_counter()
        while time.perf_counter() < t_end or games == 0:
            seed += 1
            choose = mover(game, players, seed, policy)
            state = game.new_state(players, seed, options)
            decided: set[int] = set()
            while not state.is_terminal():
                a = time.perf_counter()
                state.legal_actions()
                b = time.perf_counter()
                decided.add(state.current_player)
                action = choose(state)
                c = time.perf_counter()
                state.apply_unchecked(action)
                step_time += (b - a) + (time.perf_counter() - c)
                choose_time += c - b
                steps += 1
                if steps % 16 == 0:
                    a = time.perf_counter()
                    state.clone()
                    clone_time += time.perf_counter() - a
                    clones += 1
            seats_reached &= decided
            games += 1
        wall = time.perf_counter() - t0
        per_step.append(1e6 * step_time / max(steps, 1))
        per_clone.append(1e6 * clone_time / max(clones, 1))
        per_decision.append(1e6 * choose_time / max(steps, 1))
        gps.append(games / wall)
        lengths.append(steps / games)
    tracemalloc.start()
    state = game.new_state(players, 12345, options)
    choose = mover(game, players, 12345, policy)
    while not state.is_terminal():
        state.apply(choose(state))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "game": game.name,
        "players": players,
        "playout": policy,
        "runs": runs,
        "us_per_step": statistics.median(per_step),
        "us_per_clone": statistics.median(per_clone),
        "us_per_decision": statistics.median(per_decision),
        "games_per_second": statistics.median(gps),
        "steps_per_game": statistics.median(lengths),
        "seats_every_game": sorted(seats_reached),
        "peak_mib": peak / 2**20,
    }


def bench_search(
    game: Game,
    players: int,
    decisions: int = 12,
    iterations: int = 300,
    options: Any = None,
) -> dict[str, Any]:
    """ISMCTS iterations per second (the search the ``search-*`` levels run, its rollouts
    by the game's heuristic player): ``decisions`` decisions with more than one choice,
    taken along one game played by the game's playout player, each searched for
    ``iterations`` iterations (an iteration budget, no clock: the same on any machine);
    the median over the decisions, and the slowest decision."""
    from obelisk.agents.ismcts import ISMCTSAgent
    from obelisk.core import PlayerView

    agent = ISMCTSAgent(game, iterations=iterations, reuse=False)
    rates: list[float] = []
    seed = 0
    while len(rates) < decisions:
        seed += 1
        choose = mover(game, players, seed, "playout")
        state = game.new_state(players, seed, options)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal() and len(rates) < decisions:
            step += 1
            if step % 7 == 0 and len(state.legal_actions()) > 1:
                seat = state.current_player
                agent.act(PlayerView(state, seat), rng)
                last = agent.last
                rates.append(last["iterations"] / max(last["seconds"], 1e-9))
            state.apply_unchecked(choose(state))
        if seed > 50 * decisions:  # a game whose decisions are all forced
            break
    return {
        "game": game.name,
        "players": players,
        "iterations": iterations,
        "decisions": len(rates),
        "iterations_per_second": statistics.median(rates) if rates else 0.0,
        "slowest_iterations_per_second": min(rates) if rates else 0.0,
    }
