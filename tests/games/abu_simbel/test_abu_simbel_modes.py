"""Judging modes and hidden information (abu_simbel:10.x, 11; edge cases A-23..A-26)."""

from __future__ import annotations

import json

import pytest
from abu_simbel_helpers import enter, expected, full_turn, referee_pass_all, scripted, walk_in

from obelisk.core import ActionFormatError, PlayerView, UndoError, undo
from obelisk.games.abu_simbel.actions import (
    ChooseTreasureDeck,
    ConfirmTurnedAway,
    EnterMove,
    Verdict,
)
from obelisk.games.abu_simbel.components import TOKENS
from rulebook import refuses

FACES = ("LAVA", "BLADES", "GAS", "JUMP", "DUCK", "COVER_NOSE", "SCORPIONS", "STOMP")


def _faces_in(obj: object) -> list[str]:
    text = json.dumps(obj) if not isinstance(obj, str) else obj
    return [f for f in FACES if f in text]


# -- self-entry --------------------------------------------------------------------------
@pytest.mark.rules("abu_simbel:10.3")
def test_wrong_token_name_lists_the_valid_tokens():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"])
    msg = refuses(s, EnterMove("HOP"), "abu_simbel:10.3")
    assert "'HOP' is not a move" in msg
    assert all(EnterMove(t).text() in msg for t in TOKENS)
    with pytest.raises(ActionFormatError, match="the moves are: punch, duck, jump, crab 2"):
        s.parse_action("hop")
    # the moves in words and the old tokens both parse
    assert s.parse_action("cover_nose") == EnterMove("COVER_NOSE")
    assert s.parse_action("cover nose") == EnterMove("COVER_NOSE")
    assert s.parse_action("stomp_x2") == EnterMove("STOMP_x2")
    assert s.parse_action("Stomp 2") == EnterMove("STOMP_x2")
    assert s.parse_action("CRAB_2") == s.parse_action("crab 2") == EnterMove("CRAB_2")
    assert s.parse_action("bal") == EnterMove("BALANCE")  # a unique beginning


@pytest.mark.rules("abu_simbel:10.3")
def test_stomp_counts_above_three_are_valid_but_wrong():
    s = scripted(2, route=["LAVA", "BLADES", "SCORPIONS_3"])
    assert EnterMove("STOMP_x6") in s.legal_actions()
    enter(s, "STOMP_x6")
    assert s.charms == [2, 3]


@pytest.mark.rules("abu_simbel:10.1")
def test_a23_self_entry_only_the_active_seat_and_no_take_back():
    s = scripted(3, route=["LAVA", "BLADES", "GAS"])
    assert PlayerView(s, 1).legal_actions() == [] and PlayerView(s, 2).legal_actions() == []
    assert len(PlayerView(s, 0).legal_actions()) == 16
    enter(s, expected(s))
    assert s.undoable(0) == 0
    with pytest.raises(UndoError):
        undo(s, 0)
    refuses(s, Verdict(1, True), "abu_simbel:10.1")


@pytest.mark.rules("abu_simbel:10.1")
def test_a23_no_input_after_game_over():
    # one player fails three rounds in a row: the old round start (option, issue 36)
    s = scripted(2, route=["LAVA", "BLADES", "GAS"], new_round_starter="failing_player")
    for _ in range(3):
        enter(s, "PUNCH")
    assert s.is_terminal()
    refuses(s, EnterMove("PUNCH"), "core:terminal")


# -- referee mode ----------------------------------------------------------------------------
@pytest.mark.rules("abu_simbel:10.2")
def test_a24_referee_verdicts_follow_the_cursor_and_are_final():
    """The rule before issue 27 (an option now): the left neighbour alone judges."""
    s = scripted(
        3, route=["LAVA", "BLADES", "GAS"], judging_mode="referee", checkers="left_neighbour"
    )
    assert s.current_player == 1  # the active player's left neighbour referees
    assert s.legal_actions() == [Verdict(0, True), Verdict(0, False)]
    assert PlayerView(s, 0).legal_actions() == []  # the active seat can't judge
    s.apply(Verdict(0, True))
    for bad in (Verdict(0, False), Verdict(2, True)):  # the first verdict is final
        refuses(s, bad, "abu_simbel:10.2")
    refuses(s, EnterMove("DUCK"), "abu_simbel:10.2")
    s.apply(Verdict(1, True))
    s.apply(Verdict(2, False))
    assert s.charms == [2, 3, 3] and s.round_no == 2


@pytest.mark.rules("abu_simbel:10.2", "abu_simbel:11")
def test_a24_referee_hotseat_faces_hidden_until_turned_away():
    s = scripted(3, route=["LAVA", "BLADES", "GAS"], judging_mode="referee", table_mode="hotseat")
    assert _faces_in(s.observation(1)["route"])  # way in: everyone sees
    referee_pass_all(s)
    s.apply(ChooseTreasureDeck(0))
    assert s.phase == "way_out" and s.legal_actions() == [ConfirmTurnedAway()]
    for seat in (0, 1, 2, None):
        assert _faces_in(s.observation(seat)["route"]) == []
    assert "turned away" in refuses(s, Verdict(0, True), "abu_simbel:10.2")
    s.apply(ConfirmTurnedAway())
    assert _faces_in(s.observation(1)["route"]) and _faces_in(s.observation(2)["route"])
    assert _faces_in(s.observation(0)["route"]) == []  # never the active player
    assert s.observation(1)["way_order"] == [0, 1, 2]
    refuses(s, ConfirmTurnedAway(), "abu_simbel:10.2")
    referee_pass_all(s)
    assert len(s.tableaux[0]) == 1 and s.active == 1


# -- hidden information --------------------------------------------------------------------
@pytest.mark.rules("abu_simbel:11", "abu_simbel:10.1")
def test_a25_way_out_hides_faces_from_the_active_seat_only_when_networked():
    s = scripted(3, route=["LAVA", "BLADES", "SCORPIONS_2"])
    walk_in(s)
    s.apply(ChooseTreasureDeck(0))
    mine = s.observation(0)
    assert mine["route_hidden"] and mine["route"] == [
        {"slot": 0, "face_down": True},
        {"slot": 1, "face_down": True},
        {"slot": 2, "face_down": True},
    ]
    assert _faces_in(mine["route"]) == [] and "scorpions" not in json.dumps(mine["route"])
    text = s.to_text(0)
    assert all(f not in text.split("you may:")[0] for f in FACES)
    assert mine["route_len"] == 3 and mine["progress"] == 0
    assert _faces_in(s.observation(1)["route"]) and _faces_in(s.observation(None)["route"])


@pytest.mark.rules("abu_simbel:11", "abu_simbel:10.1")
def test_a25_hotseat_self_entry_hides_faces_from_everyone_on_the_way_out():
    s = scripted(3, route=["LAVA", "BLADES", "GAS"], table_mode="hotseat")
    walk_in(s)
    s.apply(ChooseTreasureDeck(0))
    for seat in (0, 1, 2, None):
        assert _faces_in(s.observation(seat)["route"]) == []


@pytest.mark.rules("abu_simbel:11")
def test_way_out_events_name_no_chamber():
    s = scripted(3, route=["LAVA", "BLADES", "GAS"])
    walk_in(s)
    s.apply(ChooseTreasureDeck(0))
    start = len(s.events)
    enter(s, "COVER_NOSE" if s.route[0] == "GAS" else expected(s))
    new = [e for e in s.events[start:] if e.kind != "action"]
    assert [e.kind for e in new] == ["move_ok"]
    assert new[0].data == {"seat": 0, "phase": "out", "i": 0, "slot": 0, "n": 3}  # no face


@pytest.mark.rules("abu_simbel:11")
def test_a26_treasures_secret_counts_only():
    s = scripted(3, route=["LAVA", "BLADES", "GAS"])
    s.chance.force("CHEST:3", label="treasure")
    walk_in(s)
    s.apply(ChooseTreasureDeck(1))
    assert s.observation(0)["drawn_treasure"] == "CHEST:3"
    for seat in (1, 2, None):
        obs = s.observation(seat)
        assert "CHEST:3" not in json.dumps(obs) and obs["treasure_in_hand"]
        assert "CHEST:3" not in json.dumps(s.events_for(seat))
    drawn = [e for e in s.events if e.kind == "treasure_drawn"]
    assert drawn[0].to == frozenset({0})
    s.chance.force("DIVE", label="chamber")
    for _ in range(3):
        enter(s, expected(s))
    assert s.observation(0)["my_treasures"] == ["CHEST:3"]
    assert s.observation(1)["players"][0]["treasures"] == 1
    assert "CHEST:3" not in json.dumps(s.observation(1))
    # a treasure lost on the way out becomes public
    s2 = scripted(3, route=["LAVA", "BLADES", "GAS"])
    full_turn(s2, treasure="URN:3")
    walk_in(s2)
    s2.chance.force("ARK:2", label="treasure")
    s2.apply(ChooseTreasureDeck(0))
    enter(s2, "PUNCH" if expected(s2) != "PUNCH" else "DUCK")
    assert "ARK:2" in json.dumps(s2.observation(2)) and "URN:3" not in json.dumps(s2.observation(2))


@pytest.mark.rules("abu_simbel:11", "abu_simbel:12.3")
def test_determinize_recalls_the_route_for_the_active_seat_on_its_way_out():
    import random

    for memory in ("perfect", "expert"):
        s = scripted(3, route=["LAVA", "BLADES", "GAS"], search_memory=memory)
        full_turn(s, treasure="URN:1")  # seat 0 keeps a secret treasure
        walk_in(s)
        s.apply(ChooseTreasureDeck(0))
        routes = {tuple(s.determinize(1, random.Random(k)).route) for k in range(8)}
        # the memory rule: seat 1 answers from one recollection, the same for the whole
        # search (perfect: the real route)
        assert len(routes) == 1
        if memory == "perfect":
            assert routes == {tuple(s.route)}
        assert {tuple(s.determinize(2, random.Random(k)).route) for k in range(8)} == {
            tuple(s.route)
        }
        kept = {tuple(s.determinize(1, random.Random(k)).tableaux[0]) for k in range(8)}
        assert len(kept) > 1  # seat 0's kept card is re-drawn for seat 1
        d = s.determinize(0, random.Random(3))
        assert d.tableaux[0] == ["URN:1"] and d.observation(0) == s.observation(0)
