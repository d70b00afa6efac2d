"""Flow measures from a game's trajectory, and a results line played again as a record."""

from __future__ import annotations

import pytest

from obelisk.core import get_game
from obelisk.core.record import replay
from obelisk.sim.flow import decode_trail, encode_trail, record_of
from obelisk.sim.tournament import RunPlan, play_game


def test_a_trail_round_trips_through_its_text() -> None:
    choices = [0, 1, 35, 36, 1295, 0]
    text = encode_trail(choices)
    assert text == "0.1.z.10.zz.0"
    assert decode_trail(text) == choices
    assert decode_trail("") == []


def test_flow_measures_of_the_scripted_race() -> None:
    # script (0,1,2,0,0,2,3,0), seats alternate; progress = scores after each step:
    # [0,0] [0,1] [2,1] [2,1] [2,1] [2,3] [5,3] [5,3]; seat 1 wins 5-3
    race = get_game("sim_race")
    line = play_game(race, next(RunPlan.build(race, 1, seats=["random"]).specs()), timing=False)
    flow = line["flow"]
    assert flow["lead changes"] == 3
    assert flow["turns"] == 8  # the seats alternate: every decision is a turn
    assert flow["branching factor"] == 1.0  # one legal move each time
    assert flow["decision moves"] == 0.0
    # the winner trailed by 1 at most (after steps 2 and 6), on a scale of 5
    assert flow["drama"] == pytest.approx(0.2)
    # seat 1 last failed to lead alone after step 6 of 8
    assert flow["decided at"] == pytest.approx(0.75)
    # |changes| summed over both seats: 1 + 2 + 2 + 3 = 8, over 7 steps x 2 seats
    assert flow["stability"] == pytest.approx(8 / 14)
    assert line["trail"] == ".".join(["0"] * 8)


def test_a_results_line_becomes_a_record_that_replays_to_its_result() -> None:
    sobek = get_game("sobek")
    plan = RunPlan.build(sobek, 1, players=2, seats=["heuristic", "random"], seed=3)
    spec = next(plan.specs())
    line = play_game(sobek, spec, timing=False)
    rec = record_of(sobek, line, plan.header())
    state = replay(rec)
    assert state.is_terminal()
    assert [float(s) for s in state.scores()] == line["scores"]
    assert rec.meta["results_game"] == 0
    assert [s["level"] for s in rec.seats] == ["heuristic", "random"]


def test_a_line_without_a_trail_cannot_be_extracted() -> None:
    sobek = get_game("sobek")
    with pytest.raises(ValueError, match="no trail"):
        record_of(sobek, {"i": 4, "seats": ["random", "random"], "seed": 1}, {})
