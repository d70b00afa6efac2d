"""Abu Simbel: perform the chambers' moves on the way in, then repeat them in reverse from
memory on the way out with a treasure. Rules: rules.md beside this module."""

from __future__ import annotations

from .bot import AbuSimbelHeuristic, MemoryBot
from .game import AbuSimbel, AbuSimbelGame
from .memory import LEVELS
from .rules import AbuSimbelState

GAME = AbuSimbelGame()

__all__ = [
    "GAME",
    "LEVELS",
    "AbuSimbel",
    "AbuSimbelGame",
    "AbuSimbelHeuristic",
    "AbuSimbelState",
    "MemoryBot",
]
