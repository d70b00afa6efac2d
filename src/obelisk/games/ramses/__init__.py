"""Ramses II (Der zerstreute Pharao): the sliding-pyramid memory game.

See ``docs/rules/ramses.md`` for the rules as implemented.
"""

from __future__ import annotations

from .game import RamsesGame
from .options import RamsesOptions
from .rules import RamsesState

GAME = RamsesGame()

__all__ = ["GAME", "RamsesGame", "RamsesOptions", "RamsesState"]
