"""Calibration of Khufu against the spec's section 20, and the heuristic against random play.

``python -m obelisk.games.khufu.calibration --games 1000 --players 3,4,6``
plays heuristic-only games (the share the players win before the clock runs out,
the median game time of a win, Challenges, turns and Director events per game), and
``--vs-random`` plays one heuristic seat (rotating) against random seats;
``--option sim_interrupts=false`` (repeatable) plays with other options, e.g. the
spec's turn-boundary Director of its section 20.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from multiprocessing import Pool
from typing import Any

from obelisk.core import PlayerView

from . import GAME
from .bot import KhufuHeuristic


def play(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """One game: seats marked 'h' are heuristic, 'r' random. Returns its summary."""
    n, seed, kinds = args[:3]
    options = args[3] if len(args) > 3 else None
    s = GAME.new_state(n, seed, options)
    rng = random.Random(seed)
    bots = [KhufuHeuristic() if k == "h" else None for k in kinds]
    views = [PlayerView(s, p) for p in range(n)]
    while not s.is_terminal():
        p = s.current_player
        bot = bots[p]
        a = rng.choice(s.legal_actions()) if bot is None else bot.act(views[p], rng)
        s.apply_unchecked(a)
    winner = getattr(s, "winner", None)
    challenges = sum(1 for e in s.events if e.kind == "challenge")
    events = sum(1 for e in s.events if e.kind == "khufu" and "number" in e.data)
    kind = kinds[winner] if winner is not None else None
    return winner, kind, getattr(s, "elapsed", 0), getattr(s, "turns_done", 0), challenges, events


def summary(
    n: int, games: int, vs_random: bool, jobs: int = 2, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Play ``games`` games of ``n`` players and summarise them."""
    if vs_random:
        work = [
            (n, 20000 + i, "".join("h" if q == i % n else "r" for q in range(n)), options)
            for i in range(games)
        ]
    else:
        work = [(n, 10000 + i, "h" * n, options) for i in range(games)]
    t0 = time.time()
    if jobs > 1:
        with Pool(jobs) as pool:
            res = pool.map(play, work, chunksize=10)
    else:
        res = [play(w) for w in work]
    wins = sorted(r[2] for r in res if r[0] is not None)
    return {
        "players": n,
        "games": games,
        "player_win_rate": len(wins) / games,
        "heuristic_win_rate": sum(1 for r in res if r[1] == "h") / games,
        "random_win_rate": sum(1 for r in res if r[1] == "r") / games,
        "median_win_time_s": wins[len(wins) // 2] if wins else None,
        "mean_challenges": sum(r[4] for r in res) / games,
        "mean_turns": sum(r[3] for r in res) / games,
        "mean_events": sum(r[5] for r in res) / games,
        "wall_s": round(time.time() - t0, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", default="3,4,6")
    ap.add_argument("--vs-random", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--option", action="append", default=[], help="an option, name=value")
    a = ap.parse_args()
    options = dict(kv.split("=", 1) for kv in a.option)
    for n in (int(x) for x in a.players.split(",")):
        print(json.dumps(summary(n, a.games, a.vs_random, a.jobs, options)), flush=True)


if __name__ == "__main__":
    main()
