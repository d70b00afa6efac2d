"""Ramses II's own numbers about a finished game, for simulation reports (``sim_metrics``)."""

from __future__ import annotations

from typing import Any


def sim_metrics(state: Any) -> dict[str, float]:
    """Cards found, misses per card found, eliminations and turns, from the game's events."""
    count: dict[str, int] = {}
    for e in state.events:
        count[e.kind] = count.get(e.kind, 0) + 1
    found = count.get("find", 0) + count.get("lucky", 0)
    return {
        "cards found": float(found),
        "misses per card found": count.get("miss", 0) / found if found else 0.0,
        "eliminations": float(count.get("eliminated", 0)),
        "player turns": float(count.get("turn_ended", 0)),
    }
