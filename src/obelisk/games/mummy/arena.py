"""Play Fluch der Mumie between computer players and count wins (for the benchmarks).

``python -m obelisk.games.mummy.arena --games 500 --players 3 --mummy belief``
plays heuristic explorers against the chosen mummy level and prints the mummy's
win rate. Levels: ``random``, ``heuristic``, ``belief``.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from obelisk.core import Action, PlayerView

from .bot import MummyBelief, MummyHeuristic
from .rules import MummyState


class RandomPlayer:
    """Uniformly random legal actions (the ``random`` level)."""

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        return rng.choice(view.legal_actions())


LEVELS: dict[str, Any] = {
    "random": RandomPlayer,
    "heuristic": MummyHeuristic,
    "belief": MummyBelief,
}


def play(n: int, seed: int, mummy: str, explorers: str, options: Any = None) -> dict[str, Any]:
    """One game: the mummy level against explorers of one level; the result."""
    from . import GAME

    state = GAME.new_state(n, seed, options)
    assert isinstance(state, MummyState)
    agents = [LEVELS[mummy]()] + [LEVELS[explorers]() for _ in range(n - 1)]
    rng = random.Random(seed)
    while not state.is_terminal():
        p = state.current_player
        state.apply(agents[p].act(PlayerView(state, p), rng))
    return {"winners": state.winners(), "rounds": state.round, "steps": len(state.history)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--mummy", default="belief", choices=sorted(LEVELS))
    ap.add_argument("--explorers", default="heuristic", choices=sorted(LEVELS))
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    t = time.time()
    wins = unfinished = rounds = 0
    for i in range(a.games):
        r = play(a.players, a.seed + i, a.mummy, a.explorers)
        wins += r["winners"] == [0]
        unfinished += not r["winners"]
        rounds += r["rounds"]
    print(
        f"{a.players}p mummy={a.mummy} explorers={a.explorers}: mummy won {wins}/{a.games} "
        f"({100 * wins / a.games:.1f}%), unfinished {unfinished}, mean rounds "
        f"{rounds / a.games:.1f}, {time.time() - t:.1f}s"
    )


if __name__ == "__main__":
    main()
