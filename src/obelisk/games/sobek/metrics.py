"""Sobek's own numbers about a finished game, for simulation reports (``sim_metrics``)."""

from __future__ import annotations

from typing import Any


def sim_metrics(state: Any) -> dict[str, float]:
    """Rounds played, the corruption penalty (sobek:11.2) per seat and round, and the
    corruption cards per seat at the end, read from the game's events."""
    rounds = [e.data for e in state.events if e.kind == "round end"]
    n = state.num_players
    lost = sum(sum(r.get("penalty", [])) for r in rounds)
    corr = rounds[-1].get("corruption", [0] * n) if rounds else [0] * n
    return {
        "rounds": float(len(rounds)),
        "corruption penalty per seat and round": lost / (n * len(rounds)) if rounds else 0.0,
        "corruption cards per seat at the end": sum(corr) / n,
    }
