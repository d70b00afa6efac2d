"""Obelisk's engine beside OpenSpiel's games, measured the same way in one run.

A step is what ``obelisk bench`` times: the legal actions, then applying one chosen
uniformly at random (OpenSpiel's chance nodes are sampled and applied, and timed, as
steps); a clone is timed every 16th step. Each game is measured ``--runs`` times for
``--seconds``; the median is shown, and each Obelisk game's ratio to the fastest OpenSpiel
Python game of the same run (the goal of issue 37: at least 2x faster, a ratio of 0.5 or
less). Obelisk's games are timed loud (events built, as a game people watch) and quiet
(the same games on quiet states, ``State.quiet``: what a search or a simulation pays).
The machine's load average is printed: compare ratios, not microseconds, between runs.

A second table puts each Obelisk game's OpenSpiel adapter (``obelisk.adapters.openspiel``)
beside its engine: the same games (seeds 1, 2, ...) and the same moves as ``obelisk
bench`` plays, timed as ``state.legal_actions()`` + ``state.apply_action(id)`` from Python,
with ``state.clone()`` every 16th step. Engine and adapter runs alternate, and the ratio
shown is the median of each run's ratio (the goal of issue 37: at most 1.5).

    python benchmarks/engine_vs_openspiel.py --runs 5 --seconds 1
    python benchmarks/engine_vs_openspiel.py --adapter-only --runs 5

With ``PYTHONPATH=build/compiled/src`` it measures the compiled engine
(``benchmarks/compile_engine.py``, docs/performance.md); the title says which ran.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from typing import Any

from rich.console import Console
from rich.table import Table

from obelisk.core import Game, all_games
from obelisk.core.conformance import mover
from obelisk.sim.bench import bench_game

#: OpenSpiel's games written in Python, and some of its C++ ones, for scale.
PYTHON_GAMES = ["python_kuhn_poker", "python_tic_tac_toe", "python_liars_poker"]
CPP_GAMES = ["kuhn_poker", "tic_tac_toe", "leduc_poker", "liars_dice"]


def bench_openspiel(name: str, runs: int, seconds: float) -> dict[str, Any]:
    """µs per step and per clone of an OpenSpiel game under uniform random play."""
    import pyspiel
    from open_spiel.python import games as _registers_python_games  # noqa: F401

    game = pyspiel.load_game(name)
    rng = random.Random(0)
    per_step, per_clone = [], []
    for _ in range(runs):
        steps = clones = 0
        step_time = clone_time = 0.0
        t_end = time.perf_counter() + seconds
        while time.perf_counter() < t_end:
            state = game.new_initial_state()
            while not state.is_terminal():
                a = time.perf_counter()
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    b = time.perf_counter()
                    action = rng.choice(outcomes)[0]
                else:
                    legal = state.legal_actions()
                    b = time.perf_counter()
                    action = rng.choice(legal)
                c = time.perf_counter()
                state.apply_action(action)
                step_time += (b - a) + (time.perf_counter() - c)
                steps += 1
                if steps % 16 == 0:
                    a = time.perf_counter()
                    state.clone()
                    clone_time += time.perf_counter() - a
                    clones += 1
        per_step.append(1e6 * step_time / max(steps, 1))
        per_clone.append(1e6 * clone_time / max(clones, 1))
    return {
        "game": name,
        "us_per_step": statistics.median(per_step),
        "us_per_clone": statistics.median(per_clone),
    }


def bench_adapter(game: Game, players: int, seconds: float) -> dict[str, float]:
    """One run through the OpenSpiel adapter of what one run of ``bench_game(game,
    players)`` plays: the games of seeds 1, 2, ... with the same uniformly random moves.
    The µs per step (``legal_actions`` and ``apply_action``) and per clone."""
    from obelisk.adapters.openspiel import load_game

    spiel = load_game(game.name, players=players, rng_seed=1)  # deals seeds 1, 2, ...
    index = spiel.index
    steps = clones = 0
    step_time = clone_time = 0.0
    t_end = time.perf_counter() + seconds
    seed = 0
    while time.perf_counter() < t_end or seed == 0:
        seed += 1
        choose = mover(game, players, seed, "random")
        state = spiel.new_initial_state()
        while not state.is_terminal():
            a = time.perf_counter()
            state.legal_actions()
            b = time.perf_counter()
            action = index[choose(state._inner.state)]  # the move obelisk bench makes
            c = time.perf_counter()
            state.apply_action(action)
            step_time += (b - a) + (time.perf_counter() - c)
            steps += 1
            if steps % 16 == 0:
                a = time.perf_counter()
                state.clone()
                clone_time += time.perf_counter() - a
                clones += 1
    return {"us_per_step": 1e6 * step_time / steps, "us_per_clone": 1e6 * clone_time / clones}


def engine_and_adapter(game: Game, players: int, runs: int, seconds: float) -> dict[str, Any]:
    """``bench_game`` and :func:`bench_adapter`, run by run in turn (so that both see the
    same load); each ratio is the median of the runs' ratios."""
    engine, adapter = [], []
    for _ in range(runs):
        engine.append(bench_game(game, players, runs=1, seconds=seconds))
        adapter.append(bench_adapter(game, players, seconds))

    def median(rows: list[dict[str, Any]], key: str) -> float:
        return statistics.median(r[key] for r in rows)

    return {
        "game": game.name,
        "players": players,
        "us_per_step": median(engine, "us_per_step"),
        "us_per_clone": median(engine, "us_per_clone"),
        "quiet_us_per_step": median(engine, "quiet_us_per_step"),
        "quiet_us_per_clone": median(engine, "quiet_us_per_clone"),
        "adapter_us_per_step": median(adapter, "us_per_step"),
        "adapter_us_per_clone": median(adapter, "us_per_clone"),
        "adapter_step_ratio": statistics.median(
            a["us_per_step"] / e["us_per_step"] for a, e in zip(adapter, engine, strict=True)
        ),
        "adapter_clone_ratio": statistics.median(
            a["us_per_clone"] / e["us_per_clone"] for a, e in zip(adapter, engine, strict=True)
        ),
    }


def engine_kind() -> str:
    """Which Obelisk engine runs: "compiled" (mypyc, docs/performance.md) or "pure Python"."""
    import obelisk.core.chance

    return "compiled" if obelisk.core.chance.__file__.endswith(".so") else "pure Python"


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--runs", type=int, default=5, help="runs per game; the median is shown")
    ap.add_argument("--seconds", type=float, default=1.0, help="seconds per run")
    ap.add_argument("--json", action="store_true", help="print JSON")
    ap.add_argument(
        "--adapter-only",
        action="store_true",
        help="only the Obelisk games and their OpenSpiel adapter (the second table)",
    )
    args = ap.parse_args()
    load = os.getloadavg()[0]
    names = [] if args.adapter_only else PYTHON_GAMES + CPP_GAMES
    spiel = [bench_openspiel(n, args.runs, args.seconds) for n in names]
    python_games = [r for r in spiel if r["game"].startswith("python_")]
    fastest = min(python_games, key=lambda r: r["us_per_step"], default=None)
    fastest_clone = min(python_games, key=lambda r: r["us_per_clone"], default=None)
    ours = []
    for g in sorted(all_games(), key=lambda g: g.name):
        if g.name.startswith("tiny"):
            continue
        players = min(g.max_players, g.min_players + 1)
        r = engine_and_adapter(g, players, args.runs, args.seconds)
        if fastest is not None and fastest_clone is not None:
            r["step_ratio"] = r["us_per_step"] / fastest["us_per_step"]
            r["clone_ratio"] = r["us_per_clone"] / fastest_clone["us_per_clone"]
            r["quiet_step_ratio"] = r["quiet_us_per_step"] / fastest["us_per_step"]
            r["quiet_clone_ratio"] = r["quiet_us_per_clone"] / fastest_clone["us_per_clone"]
        ours.append(r)
    load = (load + os.getloadavg()[0]) / 2
    if args.json:
        out = {"load": load, "engine": engine_kind(), "openspiel": spiel, "obelisk": ours}
        print(json.dumps(out, indent=1))
        return
    console = Console(width=max(100, Console().width))
    if fastest is not None and fastest_clone is not None:
        print_engines(console, spiel, ours, fastest, fastest_clone, args.runs, load)
    t = Table(
        title=f"Obelisk through its OpenSpiel adapter (median of {args.runs}; load {load:.1f})"
    )
    for col in ("game", "engine µs/step", "adapter µs/step", "÷ engine", "adapter µs/clone"):
        t.add_column(col, justify="right")
    t.add_column("÷ engine", justify="right")
    for r in ours:
        t.add_row(
            f"obelisk_{r['game']} ({r['players']}p)",
            f"{r['us_per_step']:.1f}",
            f"{r['adapter_us_per_step']:.1f}",
            f"{r['adapter_step_ratio']:.2f}",
            f"{r['adapter_us_per_clone']:.1f}",
            f"{r['adapter_clone_ratio']:.2f}",
        )
    console.print(t)
    console.print(
        "the goal is an adapter step within 1.5x of the engine's (a ratio of 1.5 or less)"
    )


def print_engines(
    console: Console,
    spiel: list[dict[str, Any]],
    ours: list[dict[str, Any]],
    fastest: dict[str, Any],
    fastest_clone: dict[str, Any],
    runs: int,
    load: float,
) -> None:
    """The first table: OpenSpiel's games and Obelisk's engine."""
    t = Table(
        title=f"Engines, uniform random play (median of {runs}; load {load:.1f}; "
        f"Obelisk {engine_kind()})"
    )
    cols = ("game", "µs/step", "quiet µs/step", "µs/clone", "quiet µs/clone")
    for col in (*cols, "step ÷ fastest", "quiet step ÷", "clone ÷ fastest", "quiet clone ÷"):
        t.add_column(col, justify="right")
    for r in spiel:
        t.add_row(r["game"], f"{r['us_per_step']:.1f}", "", f"{r['us_per_clone']:.1f}")
    for r in ours:
        t.add_row(
            f"obelisk {r['game']} ({r['players']}p)",
            f"{r['us_per_step']:.1f}",
            f"{r['quiet_us_per_step']:.1f}",
            f"{r['us_per_clone']:.1f}",
            f"{r['quiet_us_per_clone']:.1f}",
            f"{r['step_ratio']:.2f}",
            f"{r['quiet_step_ratio']:.2f}",
            f"{r['clone_ratio']:.2f}",
            f"{r['quiet_clone_ratio']:.2f}",
        )
    console.print(t)
    console.print(
        f"fastest OpenSpiel Python game: {fastest['game']} (step), {fastest_clone['game']} "
        "(clone); the goal is a ratio of 0.5 or less. Loud: events built (a game people "
        "watch); quiet: the same games on quiet states (what a search or simulation pays)"
    )


if __name__ == "__main__":
    main()
