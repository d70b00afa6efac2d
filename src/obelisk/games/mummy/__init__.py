"""Fluch der Mumie (Curse of the Mummy): see ``docs/rules/mummy.md``."""

from .game import MummyGame
from .rules import MummyOptions, MummyState

GAME = MummyGame()

__all__ = ["GAME", "MummyGame", "MummyOptions", "MummyState"]
