"""Measure the memory bots against the spec's model (abu_simbel:12.4).

``python -m obelisk.games.abu_simbel.calibration --trials 2000`` plays, for every level
and route length 3..15, ``trials`` first turns through the real engine (the bot reads the
route on its way in and answers from memory on the way out; every exposure is 1) and
prints the measured chance of a clean way out (given a clean way in) next to the model
``base_n^(n-2) · min(p_max, base_n + e)^2``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from typing import Any

from obelisk.core import PlayerView, get_game

from .bot import MemoryBot
from .memory import LEVELS


def first_turn(level: str, n: int, seed: int) -> tuple[bool, bool]:
    """(got in, got out) of one first turn on a fresh ``n``-chamber route."""
    game = get_game("abu_simbel")
    st: Any = game.new_state(2, seed, {"route_start_cards": n})
    bot = MemoryBot(level)
    rng = random.Random(seed)
    while st.round_no == 1 and st.active == 0 and not st.is_terminal():
        st.apply(bot.act(PlayerView(st, 0), rng))
    got_out = len(st.tableaux[0]) == 1
    got_in = got_out or bool(st.graveyard)
    return got_in, got_out


def measure(level: str, n: int, trials: int, seed0: int = 0) -> tuple[float, float, int]:
    """(way-in slip rate, measured exit rate given a clean way in, trials that got in)."""
    got_in = got_out = 0
    for t in range(trials):
        i, o = first_turn(level, n, seed0 + t)
        got_in += i
        got_out += o
    return 1 - got_in / trials, got_out / max(got_in, 1), got_in


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=2000)
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--lengths", default="3-15")
    a = ap.parse_args(argv)
    lo, hi = (int(x) for x in a.lengths.split("-"))
    worst = 0.0
    print("level    n  model  measured  diff(pts)  2SE(pts)  slip-in  trials")
    for name in a.levels.split(","):
        lv = LEVELS[name]
        for n in range(lo, hi + 1):
            slip, rate, k = measure(name, n, a.trials, seed0=1000 * n)
            model = lv.model_exit_rate(n)
            diff = 100 * (rate - model)
            se = 200 * math.sqrt(max(model * (1 - model), 1e-9) / max(k, 1))
            worst = max(worst, abs(diff))
            print(
                f"{name:7s} {n:2d}  {model:.3f}  {rate:.3f}    {diff:+6.2f}    {se:6.2f}"
                f"    {slip:.3f}  {k}"
            )
            sys.stdout.flush()
    print(f"largest difference: {worst:.2f} points")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
