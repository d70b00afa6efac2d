"""Sobek (Bruno Cathala, GameWorks 2010) for Obelisk. See docs/rules/sobek.md."""

from __future__ import annotations

from .game import Sobek, SobekGame
from .rules import SobekState

GAME = SobekGame()

__all__ = ["GAME", "Sobek", "SobekGame", "SobekState"]
