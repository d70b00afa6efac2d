"""Speed of a game's engine under random playouts (``obelisk bench``)."""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc
from typing import Any

from obelisk.core import Game


def bench_game(
    game: Game, players: int, runs: int = 5, seconds: float = 1.0, options: Any = None
) -> dict[str, Any]:
    """Median over ``runs`` runs of: µs per step (legal_actions + apply_unchecked), µs per clone,
    games per second and steps per game; and the peak memory of one game."""
    per_step, per_clone, gps, lengths = [], [], [], []
    seed = 0
    for _ in range(runs):
        rng = random.Random(seed)
        steps = games = 0
        step_time = clone_time = 0.0
        clones = 0
        t_end = time.perf_counter() + seconds
        t0 = time.perf_counter()
        while time.perf_counter() < t_end or games == 0:
            seed += 1
            state = game.new_state(players, seed, options)
            while not state.is_terminal():
                a = time.perf_counter()
                state.apply_unchecked(rng.choice(state.legal_actions()))
                step_time += time.perf_counter() - a
                steps += 1
                if steps % 16 == 0:
                    a = time.perf_counter()
                    state.clone()
                    clone_time += time.perf_counter() - a
                    clones += 1
            games += 1
        wall = time.perf_counter() - t0
        per_step.append(1e6 * step_time / max(steps, 1))
        per_clone.append(1e6 * clone_time / max(clones, 1))
        gps.append(games / wall)
        lengths.append(steps / games)
    tracemalloc.start()
    state = game.new_state(players, 12345, options)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "game": game.name,
        "players": players,
        "runs": runs,
        "us_per_step": statistics.median(per_step),
        "us_per_clone": statistics.median(per_clone),
        "games_per_second": statistics.median(gps),
        "steps_per_game": statistics.median(lengths),
        "peak_mib": peak / 2**20,
    }
