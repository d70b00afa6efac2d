"""Abu Simbel's own numbers about a finished game, for simulation reports (``sim_metrics``)."""

from __future__ import annotations

from typing import Any


def sim_metrics(state: Any) -> dict[str, float]:
    """Turns, failed turns (abu_simbel:5.4), and the share of failed turns by the number
    of chambers in the route at the turn's start (``failure share, N chambers``)."""
    turns: dict[int, int] = {}
    fails: dict[int, int] = {}
    length = 0
    for e in state.events:
        if e.kind == "turn_started":
            length = int(e.data.get("n", 0))
            turns[length] = turns.get(length, 0) + 1
        elif e.kind == "mistake":
            fails[length] = fails.get(length, 0) + 1
    out = {
        "player turns": float(sum(turns.values())),
        "failed turns": float(sum(fails.values())),
        "rounds": float(sum(1 for e in state.events if e.kind == "round_started")),
    }
    for length, t in sorted(turns.items()):
        out[f"failure share, {length} chambers"] = fails.get(length, 0) / t
    return out
