"""End of game and scoring (abu_simbel:8; edge cases A-15, A-20..A-22)."""

from __future__ import annotations

import pytest
from abu_simbel_helpers import enter, expected, full_turn, scripted, wrong

from obelisk.games.abu_simbel.scoring import score_parts, sets_of, winners_of


@pytest.mark.rules("abu_simbel:8")
def test_a20_rulebook_scoring_example_is_14():
    """Elizabeth: treasures URN 3, ARK 2, CHEST 3 (8 jewels) + 1 set + 3 charms + mummy."""
    parts = score_parts(["URN:3", "ARK:2", "CHEST:3"], 3, (2, 1, 1), True, 1)
    assert parts == {"treasure_jewels": 8, "charm_jewels": 4, "sets": 1, "mummy": 1, "total": 14}


@pytest.mark.rules("abu_simbel:8")
def test_a20_scoring_example_through_the_engine():
    s = scripted(2, route=["MUMMY", "BLADES", "GAS"])
    s.tableaux[0] = ["ARK:2", "CHEST:3", "URN:3"]
    s.pool.remove("ARK:2")
    s.pool.remove("CHEST:3")
    s.pool.remove("URN:3")
    s.deck_counts = [4, 7, 7]
    s.has_mummy[0] = s.mummy_gained[0] = True
    s.mummy_supply = 5
    s.check_invariants()
    s.active = 1
    for _ in range(3):
        enter(s, wrong(expected(s)))
        s.active = 1  # seat 1 keeps failing
    assert s.is_terminal()
    assert s.score_table()[0]["total"] == 14 and s.scores() == [14.0, 0.0]


@pytest.mark.rules("abu_simbel:8")
def test_a21_sets_are_the_minimum_type_count():
    assert sets_of(["URN:1", "URN:2", "URN:3", "ARK:1", "CHEST:1", "CHEST:2"]) == 1
    assert sets_of(["URN:1", "ARK:1", "CHEST:1", "URN:2", "ARK:2", "CHEST:3"]) == 2
    assert sets_of(["URN:1", "URN:2"]) == 0


@pytest.mark.rules("abu_simbel:8")
def test_a22_ties_broken_by_charm_cards_then_shared():
    assert winners_of([10, 10, 7], [2, 3, 3]) == [1]
    assert winners_of([10, 10, 7], [3, 3, 3]) == [0, 1]
    s = scripted(3, route=["LAVA", "BLADES", "GAS"])
    s.tableaux[0] = ["URN:3"]  # 3 + 2 (two charms) = 5 ... set up below
    s.pool.remove("URN:3")
    s.deck_counts = [6, 7, 7]
    s.charms = [2, 3, 3]
    s.charm_graveyard = [(0, 2)]
    s.tableaux[1] = ["ARK:1"]  # 1 + 4 = 5 with 3 charms
    s.pool.remove("ARK:1")
    s.deck_counts = [5, 7, 7]
    s.active = 2
    for _ in range(3):
        enter(s, wrong(expected(s)))
        s.active = 2
    assert [p["total"] for p in s.score_table()] == [5, 5, 0]
    assert s.winners() == [1] and s.returns() == [0.0, 1.0, 0.0]


@pytest.mark.rules("abu_simbel:8", "abu_simbel:9.2")
def test_a15_mummy_scores_1_in_base_and_0_in_ultimate():
    assert score_parts([], 3, (2, 1, 1), True, 1)["mummy"] == 1
    for ultimate, pts in ((False, 1), (True, 0)):
        s = scripted(2, route=["MUMMY", "BLADES", "GAS"], ultimate=ultimate)
        full_turn(s, treasure="URN:1")
        assert s.has_mummy[0]
        assert s.score_table()[0]["mummy"] == pts


@pytest.mark.rules("abu_simbel:8")
def test_game_over_reveals_kept_treasures_to_everyone():
    # one player fails three rounds in a row: the old round start (option, issue 36)
    s = scripted(2, route=["LAVA", "BLADES", "GAS"], new_round_starter="failing_player")
    full_turn(s, treasure="CHEST:2")
    assert s.observation(1)["players"][0]["treasures"] == 1
    assert "treasures" not in s.observation(1)
    for _ in range(3):
        enter(s, wrong(expected(s)))
    assert s.is_terminal()
    assert s.observation(1)["treasures"] == [["CHEST:2"], []]
    assert s.observation(None)["scores"][0]["total"] == 2 + 4
    assert "kept (jewels): chest 2" in s.to_text(None)
