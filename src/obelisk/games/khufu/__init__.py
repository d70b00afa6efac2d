"""Khufu (the DVD board game) with a seeded Khufu Director replacing the DVD.

Rules as implemented: docs/rules/khufu.md; spec: ../shared/rules/khufu.md.
"""

from .game import KhufuGame
from .rules import KhufuState

GAME = KhufuGame()

__all__ = ["GAME", "KhufuGame", "KhufuState"]
