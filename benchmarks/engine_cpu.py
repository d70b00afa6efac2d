"""The engine's step and clone in CPU time, the best of several rounds: for a machine
shared with other work, where the wall clock of ``engine_vs_openspiel.py`` measures the
neighbours (docs/performance.md, "The rules' own work").

Each game replays recorded uniform random games (Obelisk: seeds 1..``--games``, the moves
``obelisk bench`` makes; OpenSpiel's python_kuhn_poker: 4000 games of a seeded
``random.Random``), so the pick is not timed: a step is the legal actions (Kuhn's chance
outcomes at a chance node) and the apply; a clone is timed every 16th step (Kuhn: every
step). Each round measures every game once with ``time.process_time``; the minimum over
the rounds is kept, and each Obelisk game's ratio to Kuhn's minimum is printed (the goal
of issue 37: 0.5 or less). With ``PYTHONPATH=build/compiled/src`` it measures the
compiled engine.

    python benchmarks/engine_cpu.py --rounds 4
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from obelisk.core import Game, all_games
from obelisk.core.conformance import mover

_clock = time.process_time


def kuhn_games(n: int) -> tuple[Any, list[list[int]]]:
    """OpenSpiel's python_kuhn_poker and ``n`` recorded uniform games of it."""
    import pyspiel
    from open_spiel.python import games as _registers_python_games  # noqa: F401

    game = pyspiel.load_game("python_kuhn_poker")
    rng = random.Random(0)
    out = []
    for _ in range(n):
        state = game.new_initial_state()
        seq = []
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice(state.chance_outcomes())[0]
            else:
                action = rng.choice(state.legal_actions())
            seq.append(action)
            state.apply_action(action)
        out.append(seq)
    return game, out


def kuhn_round(game: Any, games: list[list[int]]) -> tuple[float, float]:
    """CPU µs per step and per clone of one replay of the recorded Kuhn games."""
    step = clone = 0.0
    steps = clones = 0
    for seq in games:
        state = game.new_initial_state()
        t0 = _clock()
        for action in seq:
            if state.is_chance_node():
                state.chance_outcomes()
            else:
                state.legal_actions()
            state.apply_action(action)
        step += _clock() - t0
        steps += len(seq)
    for seq in games:
        state = game.new_initial_state()
        for action in seq:
            state.apply_action(action)
            t0 = _clock()
            state.clone()
            clone += _clock() - t0
            clones += 1
    return 1e6 * step / steps, 1e6 * clone / clones


def obelisk_games(game: Game, players: int, n: int) -> list[tuple[int, list[int]]]:
    """The games of seeds 1..n as ``obelisk bench`` plays them: (seed, move indices)."""
    out = []
    for seed in range(1, n + 1):
        choose = mover(game, players, seed, "random")
        state = game.new_state(players, seed, None)
        seq = []
        while not state.is_terminal():
            legal = state.legal_actions()
            action = choose(state)
            seq.append(legal.index(action))
            state.apply_unchecked(action)
        out.append((seed, seq))
    return out


def obelisk_round(
    game: Game, players: int, games: list[tuple[int, list[int]]], quiet: bool
) -> tuple[float, float]:
    """CPU µs per step and per clone of one replay of the recorded games."""
    step = clone = 0.0
    steps = clones = 0
    for seed, seq in games:
        state = game.new_state(players, seed, None)
        if quiet:
            state.quiet()
        t0 = _clock()
        for i in seq:
            state.apply_unchecked(state.legal_actions()[i])
        step += _clock() - t0
        steps += len(seq)
    for seed, seq in games[:8]:
        state = game.new_state(players, seed, None)
        if quiet:
            state.quiet()
        for k, i in enumerate(seq):
            state.apply_unchecked(state.legal_actions()[i])
            if k % 16 == 0:
                t0 = _clock()
                state.clone()
                clone += _clock() - t0
                clones += 1
    return 1e6 * step / steps, 1e6 * clone / max(clones, 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.formatter_class = argparse.RawDescriptionHelpFormatter  # keep the example's lines
    ap.add_argument("--rounds", type=int, default=4, help="rounds; the minimum is kept")
    ap.add_argument("--games", type=int, default=25, help="recorded games per Obelisk game")
    ap.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args()
    kuhn, kuhn_recorded = kuhn_games(4000)
    ours = {}
    for g in sorted(all_games(), key=lambda g: g.name):
        if not g.name.startswith("tiny"):
            players = min(g.max_players, g.min_players + 1)
            ours[g.name] = (g, players, obelisk_games(g, players, args.games))
    best: dict[str, tuple[float, float]] = {}

    def keep(key: str, got: tuple[float, float]) -> None:
        old = best.get(key, (float("inf"), float("inf")))
        best[key] = (min(old[0], got[0]), min(old[1], got[1]))

    for _ in range(args.rounds):
        keep("kuhn", kuhn_round(kuhn, kuhn_recorded))
        for name, (g, players, recorded) in ours.items():
            keep(f"{name} loud", obelisk_round(g, players, recorded, False))
            keep(f"{name} quiet", obelisk_round(g, players, recorded, True))
    import obelisk.core.chance

    engine = "compiled" if obelisk.core.chance.__file__.endswith(".so") else "pure Python"
    if args.json:
        print(json.dumps({"engine": engine, "best": best}, indent=1))
        return
    ks, kc = best["kuhn"]
    print(f"{engine}, best of {args.rounds} rounds, CPU time")
    print(f"python_kuhn_poker: step {ks:.2f} µs, clone {kc:.2f} µs")
    for key, (s, c) in best.items():
        if key != "kuhn":
            print(
                f"obelisk {key:18s} step {s:5.2f} µs ({s / ks:.2f})  clone {c:5.2f} µs ({c / kc:.2f})"
            )


if __name__ == "__main__":
    main()
