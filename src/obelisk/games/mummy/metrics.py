"""Fluch der Mumie's own numbers about a finished game, for simulation reports."""

from __future__ import annotations

from typing import Any


def sim_metrics(state: Any) -> dict[str, float]:
    """Rounds, the mummy's captures (mummy:9.3) and captures per round, the explorers'
    cards played, and failed announcements, from the game's events and final state."""
    captures = sum(1 for e in state.events if e.kind == "capture")
    failed = sum(1 for e in state.events if e.kind == "announce_failed")
    rounds = max(1, int(state.round))
    return {
        "rounds": float(rounds),
        "captures": float(captures),
        "captures per round": captures / rounds,
        "explorer cards played": float(sum(len(p) for p in state.played[1:])),
        "failed announcements": float(failed),
    }
