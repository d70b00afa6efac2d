"""Speed of a game's engine under playouts (``obelisk bench``): uniform random moves and
the game's own playout player (``Game.playout_agent``), which reaches the seats and phases
random play misses (Abu Simbel's random games end after 3 moves by seat 0). Each is timed
loud (events built, as people's games are played) and, where the playout player reads no
events, quiet (``State.quiet``: what a simulation pays)."""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc
from collections.abc import Iterable, Iterator
from typing import Any

from obelisk.core import Game, reads_events
from obelisk.core.conformance import POLICIES, mover


def quiet_playouts(game: Game, policy: str) -> bool:
    """Whether playouts by ``policy`` may run on quiet states (``State.quiet``): uniform
    random play, or a playout player that reads no events."""
    return policy == "random" or not reads_events(game.playout_agent())


class _Pass:
    """What one timed pass over some games measured."""

    __slots__ = (
        "choose_time",
        "clone_time",
        "clones",
        "decided",
        "games",
        "last_seed",
        "step_time",
        "steps",
    )

    def __init__(self) -> None:
        self.steps = self.clones = self.games = self.last_seed = 0
        self.step_time = self.clone_time = self.choose_time = 0.0
        #: The seats that decided in every game of the pass.
        self.decided: set[int] | None = None


def _seeds_until(first: int, t_end: float) -> Iterator[int]:
    """``first``, ``first + 1``, ... until the clock passes ``t_end`` (at least one)."""
    seed = first
    while True:
        yield seed
        seed += 1
        if time.perf_counter() >= t_end:
            return


def _play(
    game: Game,
    players: int,
    seeds: Iterable[int],
    options: Any,
    policy: str,
    quiet: bool,
    out: _Pass,
) -> None:
    """Play the game of each seed (those ``seeds`` yields until it stops), timing the engine
    into ``out``: a step is ``legal_actions`` + ``apply_unchecked``, and every 16th step a
    clone. With ``quiet`` each game is played on a quiet state."""
    clock = time.perf_counter
    for seed in seeds:
        choose = mover(game, players, seed, policy)
        state = game.new_state(players, seed, options)
        if quiet:
            state.quiet()
        decided: set[int] = set()
        while not state.is_terminal():
            a = clock()
            state.legal_actions()
            b = clock()
            decided.add(state.current_player)
            action = choose(state)
            c = clock()
            state.apply_unchecked(action)
            out.step_time += (b - a) + (clock() - c)
            out.choose_time += c - b
            out.steps += 1
            if out.steps % 16 == 0:
                a = clock()
                state.clone()
                out.clone_time += clock() - a
                out.clones += 1
        out.decided = decided if out.decided is None else out.decided & decided
        out.games += 1
        out.last_seed = seed


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

    Each run plays its games twice: as they are (``us_per_step``, ``us_per_clone``: events
    built, what a game people watch pays), then the same games on quiet states
    (``quiet_us_per_step``, ``quiet_us_per_clone``: what a simulation pays, ``State.quiet``;
    None when the playout player reads events, see :func:`quiet_playouts`).

    ``policy`` is "random" or "playout" (the game's playout player; random without one).
    """
    if policy not in POLICIES:
        raise ValueError(f"unknown playout policy {policy!r}; known: {', '.join(POLICIES)}")
    quiet = quiet_playouts(game, policy)
    per_step, per_clone, per_decision, gps, lengths = [], [], [], [], []
    quiet_step, quiet_clone = [], []
    seats_reached = set(range(players))
    first = 1
    for _ in range(runs):
        t0 = time.perf_counter()
        loud = _Pass()
        _play(game, players, _seeds_until(first, t0 + seconds), options, policy, False, loud)
        wall = time.perf_counter() - t0
        games = loud.games
        seats_reached &= loud.decided or set()
        per_step.append(1e6 * loud.step_time / max(loud.steps, 1))
        per_clone.append(1e6 * loud.clone_time / max(loud.clones, 1))
        per_decision.append(1e6 * loud.choose_time / max(loud.steps, 1))
        gps.append(games / wall)
        lengths.append(loud.steps / games)
        if quiet:  # the same games again, quiet
            q = _Pass()
            _play(game, players, range(first, loud.last_seed + 1), options, policy, True, q)
            quiet_step.append(1e6 * q.step_time / max(q.steps, 1))
            quiet_clone.append(1e6 * q.clone_time / max(q.clones, 1))
        first = loud.last_seed + 1
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
        "quiet_us_per_step": statistics.median(quiet_step) if quiet else None,
        "quiet_us_per_clone": statistics.median(quiet_clone) if quiet else None,
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
    rollout: str = "heuristic",
) -> dict[str, Any]:
    """ISMCTS iterations per second (the search the ``search-*`` levels run, its rollouts
    by the game's heuristic player, or with ``rollout="random"`` uniform): ``decisions``
    decisions with more than one choice, taken along one game played by the game's playout
    player, each searched for ``iterations`` iterations (an iteration budget, no clock: the
    same on any machine); the median over the decisions, and the slowest decision.
    ``quiet`` says whether the search's copies were quiet (its rollout policy reads no
    events, ``ISMCTSAgent.quiet_copies``)."""
    from obelisk.agents.ismcts import ISMCTSAgent
    from obelisk.core import PlayerView

    agent = ISMCTSAgent(game, iterations=iterations, reuse=False, rollout=rollout)
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
        "rollout": rollout,
        "quiet": agent.quiet_copies,
        "decisions": len(rates),
        "iterations_per_second": statistics.median(rates) if rates else 0.0,
        "slowest_iterations_per_second": min(rates) if rates else 0.0,
    }
