"""Bot-against-bot games of Ramses II, for calibration and the win-share table (ramses:12.8).

``play(levels, seed)`` plays one game with one computer player per seat and
returns its final state; ``win_shares`` rotates the levels over the seats.
Used by the tests (a few games) and by ``python -m obelisk.games.ramses.calibration``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from obelisk.core import Action, PlayerView, State

from .bot import MemoryBot


class RandomSlider:
    """Chooses uniformly among the legal actions (the 'random-slide bot' of ramses:12.8)."""

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal_actions()
        return legal[rng.randrange(len(legal))]


def make(level: str) -> Any:
    """A player of a level name: a memory level, or ``random``."""
    return RandomSlider() if level == "random" else MemoryBot(level)


def play(
    levels: Sequence[str], seed: int, options: Any = None, stats: dict[str, Any] | None = None
) -> State:
    """One game, seat i played by ``levels[i]``; bot randomness from ``seed`` and the seat."""
    from . import GAME

    state = GAME.new_state(len(levels), seed, options)
    bots = [make(lv) for lv in levels]
    rngs = [random.Random(seed * 1000 + i) for i in range(len(levels))]
    while not state.is_terminal():
        p = state.current_player
        state.apply_unchecked(bots[p].act(PlayerView(state, p), rngs[p]))
    if stats is not None:
        for e in state.events:
            if e.kind in ("find", "miss", "card_buried"):
                stats[e.kind] = stats.get(e.kind, 0) + 1
        stats["steps"] = stats.get("steps", 0) + len(state.history)
    return state


def win_shares(
    levels: Sequence[str],
    games: int,
    options: Any = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, dict[str, float]]:
    """Each level's share of wins (ties shared) and mean score over ``games`` games,
    the seating rotated every game so each level sits in each seat equally often."""
    n = len(levels)
    wins = dict.fromkeys(levels, 0.0)
    score = dict.fromkeys(levels, 0.0)
    for g in range(games):
        shift = g % n
        seating = [levels[(i + shift) % n] for i in range(n)]
        st = play(seating, 10_000 + g, options)
        r, sc = st.returns(), st.scores()
        for i, lv in enumerate(seating):
            wins[lv] += r[i]
            score[lv] += sc[i]
        if progress:
            progress(g)
    return {lv: {"win_share": wins[lv] / games, "mean_score": score[lv] / games} for lv in levels}


def main(argv: Sequence[str]) -> None:
    """``python -m obelisk.games.ramses.calibration GAMES LEVEL LEVEL …``"""
    games = int(argv[0]) if argv else 100
    levels = list(argv[1:]) or ["easy", "medium", "hard", "expert", "perfect"]
    res = win_shares(levels, games)
    print(f"{games} games, seats rotated: {' vs '.join(levels)}")
    print(f"{'level':<10}{'win share':>10}{'mean score':>12}")
    for lv, r in res.items():
        print(f"{lv:<10}{r['win_share']:>10.3f}{r['mean_score']:>12.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
