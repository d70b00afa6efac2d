"""Sobek (Bruno Cathala, GameWorks 2010) for Obelisk. See docs/rules/sobek.md."""

from __future__ import annotations

from .rules import Sobek, SobekState

GAME = Sobek()

__all__ = ["GAME", "Sobek", "SobekState"]
