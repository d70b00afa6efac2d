"""One seeded game of two player levels, timed (CPU seconds per seat) and written down.

The cost of a game of the Sobek ``search-expert`` calibration (docs/levels.md, issue 37),
and the proof that a speed-up changed no decision: the action lists of two runs (before
and after a change, same seed) must be identical::

    python benchmarks/sobek_expert_game.py --out /tmp/after.json
    cmp /tmp/before.json /tmp/after.json
"""

from __future__ import annotations

import argparse
import json
import random
import time

from obelisk.agents import make_agent
from obelisk.core import PlayerView, get_game


def main() -> None:
    """Play the game and print its CPU seconds per seat."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="sobek")
    ap.add_argument("--levels", default="search-hard,search-expert")
    ap.add_argument("--seed", type=int, default=34000)
    ap.add_argument("--out", help="write the actions (JSON) here")
    args = ap.parse_args()
    game = get_game(args.game)
    levels = args.levels.split(",")
    players = [make_agent(game, lv) for lv in levels]
    n = len(players)
    rngs = [random.Random(args.seed * 10 + p) for p in range(n)]
    state = game.new_state(n, args.seed)
    cpu = [0.0] * n
    actions = []
    while not state.is_terminal():
        p = state.current_player
        t0 = time.process_time()
        action = players[p].act(PlayerView(state, p), rngs[p])
        cpu[p] += time.process_time() - t0
        actions.append(action.to_json())
        state.apply(action)
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"levels": levels, "seed": args.seed, "actions": actions}, f)
    seats = ", ".join(f"{lv} {c:.1f} s" for lv, c in zip(levels, cpu, strict=True))
    print(f"{len(actions)} actions, CPU {sum(cpu):.1f} s ({seats}), returns {state.returns()}")


if __name__ == "__main__":
    main()
