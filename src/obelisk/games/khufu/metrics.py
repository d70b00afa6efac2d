"""Khufu's own numbers about a finished game, for simulation reports (``sim_metrics``)."""

from __future__ import annotations

from typing import Any


def sim_metrics(state: Any) -> dict[str, float]:
    """Khufu's interruptions (khufu:14), his appearances, challenges and the challenges
    won, wagers, steals and missed turns, from the game's events; whether Khufu won."""
    count: dict[str, int] = {}
    won = 0
    for e in state.events:
        count[e.kind] = count.get(e.kind, 0) + 1
        if e.kind == "challenge_result" and e.data.get("result") == "WIN":
            won += 1
    return {
        "interruptions": float(count.get("interrupt", 0)),
        "Khufu appearances": float(count.get("khufu", 0)),
        "challenges": float(count.get("challenge", 0)),
        "challenges won": float(won),
        "wagers": float(count.get("wager", 0)),
        "steals": float(count.get("steal", 0)),
        "missed turns": float(count.get("missed_turn", 0)),
        "Khufu won": 1.0 if state.winner is None else 0.0,
    }
