"""Khufu's standing for the search: progress toward the Challenge (khufu:9.1, khufu:9.2)."""

from __future__ import annotations

from khufu_helpers import give, new

from obelisk.agents.ismcts import evaluate


def test_standing_counts_scarabs_treasure_and_qualification():
    """khufu:9.2 a seat with 4 Scarabs and 3 Treasures is qualified: 40 + 3 + 5."""
    state = new(3)
    for h in state.hands:
        h.clear()
    state.scarabs = [0b1111, 0b0011, 0]
    give(state, 0, "T01", "T02", "T03")
    give(state, 1, "T04", "T05", "T06", "T07", "T08", "T09", "T10")
    assert state.qualified(0) and not state.qualified(1)
    assert state.standing() == [48.0, 25.0, 0.0]
    assert state.scores() == [0.0, 0.0, 0.0]  # the real scores stay win-or-nothing
    r = evaluate(state)
    assert r[0] > r[1] > r[2]


def test_standing_drops_with_qualification():
    """khufu:9.2 falling below 3 Treasures un-qualifies: the 5-point bonus goes too."""
    state = new(3)
    for h in state.hands:
        h.clear()
    state.scarabs = [0b1111, 0, 0]
    give(state, 0, "T01", "T02")
    assert state.standing()[0] == 42.0
