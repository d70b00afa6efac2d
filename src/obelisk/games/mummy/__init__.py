"""Fluch der Mumie (Curse of the Mummy): see ``docs/rules/mummy.md``."""

from .game import MummyGame
from .options import MummyOptions
from .rules import MummyState

GAME = MummyGame()

__all__ = ["GAME", "MummyGame", "MummyOptions", "MummyState"]
