"""Calibrate the computer mummy's levels (issue 36): each level plays whole engine games of
Fluch der Mumie as the mummy against the engine's heuristic explorers, and the mummy's wins
are counted. ``python tests/companion/mummy_levels.py [GAMES]`` prints a table;
``test_mummy_levels.py`` checks the order of the rungs on a few seeds."""

from __future__ import annotations

import sys

from test_mummy_companion import engine_game

from obelisk.companion.mummy import LEVELS, new_player

#: Player counts cycled through the seeds (the mummy and 1-4 explorers).
COUNTS = (2, 3, 4, 5)


def mummy_wins(level: str, seed: int, n: int) -> bool:
    """One engine game: does the ``level`` mummy win against heuristic explorers?"""
    return 0 in engine_game(n, seed, "heuristic", None, new_player(level)).winners()


def table(games: int) -> dict[str, int]:
    """The mummy's wins of each level over ``games`` seeds (player counts cycled)."""
    return {
        level: sum(mummy_wins(level, seed, COUNTS[seed % len(COUNTS)]) for seed in range(games))
        for level in LEVELS
    }


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for level, wins in table(n).items():
        print(f"{level:7} won {wins:3} of {n} against the heuristic explorers")
