"""Issue 27: the seed's "the other players check" in referee mode, the choice of little
seats, and the rules summary naming both end conditions (abu_simbel:8, 9.1, 10.2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from abu_simbel_helpers import GAME, referee_pass_all, scripted

from obelisk.core import InvalidOptions, PlayerView, Voice
from obelisk.core.record import Record, replay
from obelisk.games.abu_simbel.actions import ChooseTreasureDeck, ConfirmTurnedAway, Verdict
from rulebook import refuses

OLD = Path(__file__).with_name("record_before_issue27.json")
NAMES = ("Ann", "Bob", "Cat", "Dan")


def _said(state, seat, start=0):
    voice = Voice(NAMES[: state.num_players], seat)
    return [line for e in state.events_for(seat, start) if (line := GAME.narrate(e, voice))]


@pytest.mark.rules("abu_simbel:10.2")
def test_every_other_player_checks_and_one_fail_is_enough():
    """Seed: "The other players check to see if you fail." Each checker is asked in turn
    from the active player's left; ``ok`` is "no objection", the first ``fail`` counts."""
    s = scripted(4, route=["LAVA", "BLADES", "GAS"], judging_mode="referee")
    assert GAME.make_options({"judging_mode": "referee"}).checkers == "each"  # the default
    assert s.checker_seats() == [1, 2, 3]
    assert s.current_player == 1 and s.legal_actions() == [Verdict(0, True), Verdict(0, False)]
    assert PlayerView(s, 0).legal_actions() == []  # the active player never judges
    s.apply(Verdict(0, True))  # Bob: no objection
    assert s.progress == 0 and s.current_player == 2
    assert s.observation(0)["no_objection"] == [1]
    s.apply(Verdict(0, True))  # Cat: no objection
    assert s.current_player == 3
    s.apply(Verdict(0, True))  # Dan: no objection -> the chamber passes
    assert s.progress == 1 and s.current_player == 1
    assert (
        _said(s, 0)[-1]
        == "The checking players pass your move in chamber 3 (1 of 3 on the way in)."
    )
    s.apply(Verdict(1, True))  # Bob saw nothing wrong, but Cat did: a fail outweighs it
    start = len(s.events)
    s.apply(Verdict(1, False))
    assert s.charms == [2, 3, 3, 3] and s.round_no == 2
    assert _said(s, 1, start)[0] == "Cat fails Ann's move in chamber 2 (2 of 3 on the way in)."


@pytest.mark.rules("abu_simbel:10.2")
def test_a_fail_is_final_and_verdicts_follow_the_cursor():
    s = scripted(3, route=["LAVA", "BLADES", "GAS"], judging_mode="referee")
    s.apply(Verdict(0, True))
    msg = refuses(s, Verdict(1, True), "abu_simbel:10.2")  # not the chamber at the cursor
    assert "every checker had no objection" in msg
    s.apply(Verdict(0, False))  # the second checker's fail ends the turn at once
    assert s.round_no == 2 and s.active == 1 and s.current_player == 2  # the next player


@pytest.mark.rules("abu_simbel:10.2")
def test_the_way_out_is_checked_by_every_other_player_too():
    s = scripted(3, route=["LAVA", "BLADES", "GAS"], judging_mode="referee")
    referee_pass_all(s)
    s.apply(ChooseTreasureDeck(0))
    assert s.phase == "way_out" and s.current_player == 1
    choice = s.choice_text(Verdict(0, True))
    assert "no objection" in choice and "seat 3 checks next" in choice
    referee_pass_all(s)
    assert len(s.tableaux[0]) == 1 and s.active == 1 and s.checker_seats() == [2, 0]


@pytest.mark.rules("abu_simbel:10.2")
def test_checkers_together_on_one_shared_screen():
    """The referee_hotseat preset: the checkers stand at one screen and answer as one."""
    opts = GAME.variant_options("referee_hotseat")
    assert opts.checkers == "together"
    s = scripted(
        3,
        route=["LAVA", "BLADES", "GAS"],
        judging_mode="referee",
        table_mode="hotseat",
        checkers="together",
    )
    start = len(s.events)
    s.apply(Verdict(0, True))
    assert s.progress == 1  # one answer for all checkers
    assert _said(s, 0, start) == [
        "The checking players pass your move in chamber 3 (1 of 3 on the way in)."
    ]
    referee_pass_all(s)
    s.apply(ChooseTreasureDeck(0))
    start = len(s.events)
    s.apply(ConfirmTurnedAway())
    assert _said(s, 0, start) == [
        "You turn away from the table for the way out; the checking players see the route "
        "to judge it."
    ]
    s.apply(Verdict(0, False))
    assert "The checking players fail your move" in " ".join(_said(s, 0, start))


@pytest.mark.rules("abu_simbel:10.2")
def test_a_record_from_before_issue_27_replays_with_the_left_neighbour_as_referee():
    """A 3-player referee game saved before issue 27: its options name no ``checkers``,
    so they mean the rule of the time (the left neighbour alone judges): it replays to its
    result, and every verdict in it was the left neighbour's."""
    data = json.loads(OLD.read_text())
    assert "checkers" not in data["options"]
    state = replay(Record.from_json(data))
    assert state.is_terminal() and state.options.checkers == "left_neighbour"
    assert state.scores() == [float(x) for x in data["result"]["scores"]]
    # a new game with only a few options named gets the seed's rule
    assert GAME.make_options({"judging_mode": "referee", "table_mode": "hotseat"}).checkers == (
        "each"
    )


@pytest.mark.rules("abu_simbel:10.2")
def test_six_checking_players_fit_the_step_bound():
    s = GAME.new_state(6, 0, {"judging_mode": "referee"})
    assert s.checker_seats() == [1, 2, 3, 4, 5]


@pytest.mark.rules("abu_simbel:9.1")
def test_the_person_chooses_which_seats_are_little():
    """The preset no longer frees seat 1 (the person in 'obelisk play'): by default seat 2
    is the young player; ``little_seats`` names others (counted from 0)."""
    s = GAME.new_state(3, 0, GAME.variant_options("little"))
    players = s.observation(0)["players"]
    assert [(p["helper"], p["forward_exit"], p["free_judging"]) for p in players] == [
        (False, False, False),
        (True, True, False),
        (False, False, False),
    ]
    s = GAME.new_state(4, 0, GAME.variant_options("little", {"little_seats": "2,3"}))
    assert [p["forward_exit"] for p in s.observation(None)["players"]] == [
        False,
        False,
        True,
        True,
    ]
    with pytest.raises(InvalidOptions) as err:
        GAME.new_state(3, 0, {"little_seats": "3"})
    assert "little_seats: 3 is not a seat of 3" in str(err.value)


@pytest.mark.rules("abu_simbel:8")
def test_the_summary_names_both_end_conditions():
    """Seed: the game ends "when a player loses their third charm card" and "in the rare
    case a player has to draw a treasure card ... and there aren't any left"."""
    text = GAME.summary
    assert "loses a third charm" in text
    assert "no treasure is left" in text
    assert "other players check" in text and "little_seats" in text
