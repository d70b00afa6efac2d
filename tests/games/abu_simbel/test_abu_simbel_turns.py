"""Rounds, turns, successes, failures, decks (abu_simbel:5.1-5.4, 6, 7; edge cases A-1..A-13)."""

from __future__ import annotations

import pytest
from abu_simbel_helpers import (
    GAME,
    enter,
    expected,
    force_route,
    full_turn,
    scripted,
    walk_in,
    walk_out,
    wrong,
)

from obelisk.games.abu_simbel.actions import ChooseTreasureDeck, EnterMove
from rulebook import refuses


@pytest.mark.rules("abu_simbel:5.1")
def test_a1_first_card_laid_is_next_to_the_vault():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"])
    assert s.route[0] == "LAVA"
    started = [e for e in s.events if e.kind == "round_started"]
    assert started[-1].data["route"] == ["LAVA", "BLADES", "GAS"]
    assert s.observation(1)["route"][0]["type"] == "LAVA"


@pytest.mark.rules("abu_simbel:5.2")
def test_a2_expected_sequences_three_cards():
    """Rulebook example: jump (lava), duck (blades), cover nose (gas) on the way in."""
    s = scripted(2, route=["GAS", "BLADES", "LAVA"])
    assert s.expected_sequence("in") == ["JUMP", "DUCK", "COVER_NOSE"]
    assert s.expected_sequence("out") == ["COVER_NOSE", "DUCK", "JUMP"]
    walk_in(s)
    assert [e.data["i"] for e in s.events if e.kind == "move_ok"] == [0, 1, 2]


@pytest.mark.rules("abu_simbel:5.2")
def test_a2_expected_sequences_seven_cards():
    route = ["MUMMY", "SCORPIONS_2", "PIT", "EMPTY", "CRACK", "DIVE", "HISSING"]
    s = scripted(2, route=route, route_start_cards=7)
    tokens = ["PUNCH", "STOMP_x2", "ROPE_2", "STEP_2", "CRAB_2", "SWIM", "BALANCE"]
    assert s.expected_sequence("out") == tokens
    assert s.expected_sequence("in") == tokens[::-1]
    for tok in tokens[::-1]:
        assert expected(s) == tok
        enter(s, tok)
    s.apply(ChooseTreasureDeck(1))
    assert s.phase == "way_out"
    for tok in tokens:
        enter(s, tok)
    assert s.tableaux[0] and s.active == 1


@pytest.mark.rules("abu_simbel:5.2", "abu_simbel:5.3")
def test_a3_success_keeps_treasure_and_appends_one_far_chamber():
    s = scripted(3, route=["LAVA", "BLADES", "GAS"])
    walk_in(s)
    assert s.phase == "treasure"
    s.chance.force("ARK:3", label="treasure")
    s.apply(ChooseTreasureDeck(2))
    assert s.pending == "ARK:3" and s.deck_counts == [7, 7, 6]
    assert s.phase == "way_out"
    s.chance.force("DIVE", label="chamber")
    walk_out(s)
    assert s.tableaux[0] == ["ARK:3"] and s.pending is None
    assert s.route == ["LAVA", "BLADES", "GAS", "DIVE"]  # appended at the far end
    assert s.active == 1 and s.phase == "way_in"  # to the left, facing one more chamber
    turn = [e.data for e in s.events if e.kind == "turn_started"][-1]
    assert turn["seat"] == 1 and turn["n"] == 4
    assert s.charms == [3, 3, 3]
    s.check_invariants()


@pytest.mark.rules("abu_simbel:5.4")
def test_a5_mistake_on_first_way_in_move():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"])
    force_route(s, ["PIT", "EMPTY", "DIVE"])
    enter(s, "JUMP")  # the farthest chamber is GAS: COVER_NOSE expected
    assert s.charms == [2, 3]
    assert s.graveyard == [] and s.pending is None
    mistake = next(e for e in s.events if e.kind == "mistake")
    assert mistake.data.items() >= {
        "seat": 0, "phase": "in", "i": 0, "slot": 2, "expected": "COVER_NOSE", "entered": "JUMP",
    }.items()  # fmt: skip
    assert s.round_no == 2 and s.route == ["PIT", "EMPTY", "DIVE"]
    assert s.charm_graveyard == [(0, 2)]


@pytest.mark.rules("abu_simbel:5.4")
def test_a6_mistake_on_last_way_out_move_discards_treasure_face_up():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"])
    walk_in(s)
    s.chance.force("URN:2", label="treasure")
    s.apply(ChooseTreasureDeck(0))
    enter(s, "JUMP")
    enter(s, "DUCK")
    enter(s, "JUMP")  # GAS expected
    assert s.graveyard == ["URN:2"]
    assert s.observation(1)["treasure_graveyard"] == ["URN:2"]
    discarded = [e for e in s.events if e.kind == "treasure_discarded"]
    assert discarded[0].to is None and discarded[0].data == {"seat": 0, "card": "URN:2"}
    assert s.charms == [2, 3] and s.tableaux == [[], []]
    s.check_invariants()


@pytest.mark.rules("abu_simbel:5.4", "abu_simbel:2.2")
def test_a7_wrong_stomp_count_is_a_mistake():
    s = scripted(2, route=["LAVA", "BLADES", "SCORPIONS_3"])
    enter(s, "STOMP_x2")
    assert s.charms == [2, 3]
    s = scripted(2, route=["LAVA", "BLADES", "SCORPIONS_3"])
    enter(s, "STOMP_x3")
    assert s.charms == [3, 3] and s.progress == 1


@pytest.mark.rules("abu_simbel:5.1", "abu_simbel:5.4")
def test_a8_round_end_discards_route_in_index_order_and_the_next_player_starts():
    """Issue 36: after a failure turn order goes on clockwise (the failer's left starts)."""
    s = scripted(3, route=["LAVA", "BLADES", "GAS"])
    full_turn(s, treasure="URN:1")  # seat 0 succeeds; a 4th chamber is drawn
    s.route[3] = "DIVE"
    deck_before = len(s.main_deck)
    force_route(s, ["PIT", "EMPTY", "CRAWL"])
    enter(s, wrong(expected(s)))  # seat 1 fails
    assert s.discard == ["LAVA", "BLADES", "GAS", "DIVE"]  # route[n-1] on top
    assert s.observation(0)["discard_top"] == "DIVE"
    assert s.route == ["PIT", "EMPTY", "CRAWL"] and len(s.main_deck) == deck_before - 3
    assert s.active == 2  # the player to the failer's left starts round 2
    assert not any(e.kind == "reshuffle" for e in s.events)
    ended = [e for e in s.events if e.kind == "round_ended"]
    assert ended[-1].data == {"round": 1, "starter_next": 2}
    started = [e for e in s.events if e.kind == "round_started"]
    assert started[-1].data == {"round": 2, "starter": 2, "route": ["PIT", "EMPTY", "CRAWL"]}


@pytest.mark.rules("abu_simbel:5.1", "abu_simbel:5.4")
def test_a8_failures_pass_the_round_start_round_the_table():
    """Issue 36: three failures in a row are three different players' (no one ends it alone)."""
    s = scripted(3, route=["LAVA", "BLADES", "GAS"])
    failed = []
    for route in (["PIT", "EMPTY", "CRAWL"], ["DIVE", "CRACK", "PIT"], ["CRAWL", "DIVE", "LAVA"]):
        failed.append(s.active)
        force_route(s, route)
        enter(s, wrong(expected(s)))
    assert failed == [0, 1, 2]
    assert s.charms == [2, 2, 2] and not s.is_terminal()
    assert s.active == 0 and s.round_no == 4


@pytest.mark.rules("abu_simbel:5.1")
def test_a8_failing_player_option_lets_the_failer_start_again():
    """The old way (option, off by default): the player who failed starts the next round."""
    s = scripted(3, route=["LAVA", "BLADES", "GAS"], new_round_starter="failing_player")
    enter(s, wrong(expected(s)))
    assert s.active == 0 and s.round_no == 2
    ended = [e for e in s.events if e.kind == "round_ended"]
    assert ended[-1].data == {"round": 1, "starter_next": 0}


@pytest.mark.rules("abu_simbel:8", "abu_simbel:5.4")
def test_a9_third_charm_lost_ends_the_game_at_once():
    # the old round start (option) lets one player fail three rounds in a row
    s = scripted(3, route=["LAVA", "BLADES", "GAS"], new_round_starter="failing_player")
    full_turn(s, treasure="URN:3")  # seat 0 keeps a treasure
    for _ in range(3):
        assert s.active == 1
        enter(s, wrong(expected(s)))
    assert s.is_terminal() and s.end_reason == "charms"
    assert s.charms == [3, 0, 3]
    table = s.score_table()
    assert table[1]["charm_jewels"] == 0 and table[1]["total"] == 0
    assert table[0]["total"] == 3 + 4 and table[2]["total"] == 4
    assert s.winners() == [0]
    assert s.legal_actions() == []
    over = next(e for e in s.events if e.kind == "game_over")
    assert over.data["winners"] == [0] and over.data["scores"][0]["total"] == 7


@pytest.mark.rules("abu_simbel:2.4", "abu_simbel:5.4")
def test_a10_charms_lost_top_first_jewels_4_2_1_0():
    # one player fails three rounds in a row: the old round start (option, issue 36)
    s = scripted(2, route=["LAVA", "BLADES", "GAS"], new_round_starter="failing_player")
    seen = [s.observation(1)["players"][0]["charm_jewels"]]
    for _ in range(3):
        enter(s, wrong(expected(s)))
        seen.append(s.observation(1)["players"][0]["charm_jewels"])
    assert seen == [4, 2, 1, 0]
    assert [j for _, j in s.charm_graveyard] == [2, 1, 1]


@pytest.mark.rules("abu_simbel:7")
def test_a11_empty_main_deck_reshuffles_only_chamber_discard():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"])
    # seat 0 keeps a treasure and loses one later: cards of both kinds are out of play
    full_turn(s, treasure="URN:1")
    s.main_deck = []  # the deck runs out
    before = sorted(s.discard)
    s.chamber_total = len(s.discard) + len(s.route)
    discard = list(s.route)
    enter(s, wrong(expected(s)))  # seat 1 fails: route -> discard; 3 are needed
    reshuffles = [e for e in s.events if e.kind == "reshuffle"]
    assert reshuffles and reshuffles[-1].data == {"cards": len(before) + len(discard)}
    assert all(not c.startswith(("URN", "ARK", "CHEST")) for c in s.main_deck + s.route)
    assert len(s.route) == 3 and s.discard == []
    s.check_invariants()


@pytest.mark.rules("abu_simbel:7")
def test_a4_route_holding_every_chamber_adds_nothing():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"], chamber_deck=("LAVA", "BLADES", "GAS", "DIVE"))
    full_turn(s, treasure="URN:1")
    assert s.route == ["LAVA", "BLADES", "GAS", "DIVE"] and s.main_deck == []
    full_turn(s, treasure="ARK:1")  # nothing left to draw: no card is added, no crash
    assert len(s.route) == 4 and s.active == 0
    assert [e.data["n"] for e in s.events if e.kind == "turn_started"] == [3, 4, 4]
    s.check_invariants()


@pytest.mark.rules("abu_simbel:7")
def test_a12_empty_treasure_deck_rejected_single_deck_automatic():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"])
    s.deck_counts = [0, 4, 3]
    s.pool = s.pool[:7]
    s.treasure_total -= 14
    walk_in(s)
    refuses(s, ChooseTreasureDeck(0), "abu_simbel:7")
    assert s.legal_actions() == [ChooseTreasureDeck(1), ChooseTreasureDeck(2)]
    s = scripted(2, route=["LAVA", "BLADES", "GAS"])
    s.deck_counts = [0, 5, 0]
    s.pool = s.pool[:5]
    walk_in(s)
    assert s.phase == "way_out" and s.deck_counts == [0, 4, 0] and s.pending is not None


@pytest.mark.rules("abu_simbel:8", "abu_simbel:7")
def test_a13_no_treasure_left_ends_game_before_way_out_without_charm_loss():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"])
    s.deck_counts = [0, 0, 0]
    s.pool = []
    s.treasure_total = 0
    walk_in(s)
    assert s.is_terminal() and s.end_reason == "treasures"
    assert s.charms == [3, 3] and not any(e.kind == "charm_lost" for e in s.events)


@pytest.mark.rules("abu_simbel:5.2")
def test_way_out_only_after_the_treasure():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"])
    walk_in(s)
    refuses(s, EnterMove("JUMP"), "abu_simbel:5.2")


@pytest.mark.rules("abu_simbel:6", "abu_simbel:5.3")
def test_a14_mummy_reward_once_per_game():
    s = scripted(2, route=["MUMMY", "BLADES", "GAS"])
    full_turn(s, treasure="URN:1")
    assert s.has_mummy == [True, False] and s.mummy_supply == 5
    assert [e.data["seat"] for e in s.events if e.kind == "mummy_gained"] == [0]
    full_turn(s, treasure="URN:2")  # seat 1 also passes the mummy
    assert s.has_mummy == [True, True] and s.mummy_supply == 4
    full_turn(s, treasure="URN:3")  # seat 0 again: no second card
    assert s.mummy_supply == 4 and sum(e.kind == "mummy_gained" for e in s.events) == 2


@pytest.mark.rules("abu_simbel:6")
def test_a14_no_mummy_without_a_mummy_chamber_or_with_empty_supply():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"])
    full_turn(s, treasure="URN:1")
    assert s.has_mummy == [False, False]
    s = scripted(2, route=["MUMMY", "BLADES", "GAS"])
    s.mummy_supply = 0  # hand-built: the real supply can't run out
    s.options = GAME.make_options({"mummy_cards": 0})
    full_turn(s, treasure="URN:1")
    assert s.has_mummy == [False, False] and s.mummy_supply == 0


@pytest.mark.rules("abu_simbel:6", "abu_simbel:5.4")
def test_mummy_reward_needs_a_successful_exit():
    s = scripted(2, route=["MUMMY", "BLADES", "GAS"])
    walk_in(s)
    s.apply(ChooseTreasureDeck(0))
    enter(s, "JUMP")  # PUNCH expected on the first chamber out
    assert s.has_mummy == [False, False] and s.mummy_supply == 6
