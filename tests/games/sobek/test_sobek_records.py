"""Records saved before issue 27 changed the defaults still replay with the old rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from obelisk.core.record import Record, replay

OLD = Path(__file__).with_name("record_before_issue27.json")


@pytest.mark.rules("sobek:9", "sobek:13", "sobek:15")
def test_a_record_from_before_issue_27_replays_with_its_own_rules():
    """A 2-player heuristic game saved with the old defaults (early end over 100, the
    EXTRA_ACTION and LAUNDER tokens): its stored options bring back the old rules, so it
    replays to its result, ending early after round 2 with an extra action and a laundering."""
    data = json.loads(OLD.read_text())
    assert data["options"]["early_end_over"] == 100
    assert "EXTRA_ACTION:2" in data["options"]["events"]
    record = Record.from_json(data)
    state = replay(record)
    assert state.is_terminal() and state.round == 2
    assert state.scores() == [116.0, 34.0]
    kinds = [s["action"]["kind"] for s in data["steps"]]
    assert "launder" in kinds
    assert any(s["action"] == {"kind": "token", "effect": "EXTRA_ACTION"} for s in data["steps"])
