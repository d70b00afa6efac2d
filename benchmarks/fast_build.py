"""Compile the search's hot pure-Python modules with mypyc, for long ladders.

A ladder plays by iteration budgets, so a faster build plays exactly the same
games, only sooner. This script copies ``src/`` to ``build/fast/src``,
compiles the modules in ``MODULES`` there with mypyc (which comes with mypy, a
dev dependency), and checks that the compiled build makes the same choices as
the plain one: the same ``hard`` decisions at fixed positions, compared by a
hash of the chosen actions. Then, for example::

    python benchmarks/fast_build.py
    PYTHONPATH=build/fast/src obelisk ladder ramses --levels heuristic,hard ...

Modules left out are those mypyc cannot compile as they are: ``core/game.py``
(``State.clone`` copies instance dicts; the runtime-checkable ``Agent`` protocol) and
the games' rules (their states subclass ``State``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The modules compiled, relative to ``src/``: the search, and the bots of Ramses II and
#: Fluch der Mumie (their rollouts' moves).
MODULES = [
    "obelisk/agents/ismcts.py",
    "obelisk/core/log.py",
    "obelisk/core/events.py",
    "obelisk/games/ramses/components.py",
    "obelisk/games/ramses/memory.py",
    "obelisk/games/ramses/bot.py",
    "obelisk/games/mummy/board.py",
    "obelisk/games/mummy/belief.py",
    "obelisk/games/mummy/bot.py",
]

#: Played in a subprocess under each build: a heuristic game, and ``hard`` decisions
#: for seat 0 at every ``every``-th of its choices; prints a hash of them and the CPU time.
CHECK = """
import hashlib, random, sys, time
from obelisk.core import PlayerView
from obelisk.core.registry import get_game
from obelisk.agents import make_agent
from obelisk.agents.match import seat_rng
name, every, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
game = get_game(name)
state = game.new_state(2, seed, None)
heuristic = [game.heuristic_agent() for _ in range(2)]
hard = make_agent(game, "hard")
hard.seconds = None
rngs = [seat_rng(seed, i) for i in range(2)]
chosen, cpu, k = [], 0.0, 0
while not state.is_terminal():
    seat = state.current_player
    view = PlayerView(state, seat)
    if seat == 0 and len(view.legal_actions()) > 1:
        k += 1
        if k % every == 0:
            t = time.process_time()
            hard.reset()
            chosen.append(repr(hard.act(view, random.Random(k))))
            cpu += time.process_time() - t
    state.apply(heuristic[seat].act(view, rngs[seat]))
print(hashlib.sha1("|".join(chosen).encode()).hexdigest()[:12], len(chosen), cpu)
"""


def build(out: Path) -> Path:
    """Copy ``src/`` to ``out/src`` and compile :data:`MODULES` there; return ``out/src``."""
    src = out / "src"
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(ROOT / "src", src, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    print(f"compiling {len(MODULES)} modules with mypyc in {src} ...", flush=True)
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *MODULES],
        cwd=src,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.exit(f"mypyc failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    shutil.rmtree(src / "build", ignore_errors=True)
    return src


def check(src: Path, game: str, every: int, seed: int) -> bool:
    """Run :data:`CHECK` under the plain and the compiled build; True if the choices match."""
    results = {}
    for label, path in (("plain", ROOT / "src"), ("compiled", src)):
        env = dict(os.environ, PYTHONPATH=str(path))
        t = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", CHECK, game, str(every), str(seed)],
            env=env,
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        if out.returncode != 0:
            sys.exit(f"the {label} build failed the check:\n{out.stderr[-3000:]}")
        digest, n, cpu = out.stdout.split()
        results[label] = (digest, n)
        print(
            f"{label:>8}: {n} hard decisions, choices {digest}, {float(cpu):.2f} CPU-s "
            f"({time.perf_counter() - t:.0f} s with setup)",
            flush=True,
        )
    return results["plain"] == results["compiled"]


def main() -> None:
    """Build, then check (unless ``--no-check``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "fast")
    parser.add_argument("--no-check", action="store_true", help="skip the same-choices check")
    parser.add_argument("--game", default="ramses", help="game of the check (default ramses)")
    args = parser.parse_args()
    src = build(args.out.resolve())
    if not args.no_check and not check(src, args.game, every=15, seed=11):
        sys.exit("the compiled build chooses differently: do not use it for ladders")
    print(f"use it with: PYTHONPATH={src}")


if __name__ == "__main__":
    main()
