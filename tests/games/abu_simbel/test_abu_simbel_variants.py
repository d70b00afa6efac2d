"""Variants: I'm little, The Ultimate Adventure, All for One (abu_simbel:9.x; A-16..A-19)."""

from __future__ import annotations

import pytest
from abu_simbel_helpers import GAME, enter, expected, full_turn, scripted, walk_in, wrong

from obelisk.core import InvalidOptions
from obelisk.games.abu_simbel.actions import (
    ChooseTreasureDeck,
    EnterMove,
    MoveTimedOut,
    PassCover,
    PlaceCover,
)
from rulebook import refuses


# -- I'm little, but very brave! ---------------------------------------------------------
@pytest.mark.rules("abu_simbel:9.1")
def test_a17_forward_exit_repeats_the_way_in_order_for_that_player_only():
    s = scripted(2, route=["GAS", "BLADES", "LAVA"], forward_exit_seats=(0,))
    assert s.expected_sequence("in") == ["JUMP", "DUCK", "COVER_NOSE"]
    walk_in(s)
    s.apply(ChooseTreasureDeck(0))
    assert s.expected_sequence() == ["JUMP", "DUCK", "COVER_NOSE"]
    assert s.observation(1)["way_order"] == [2, 1, 0]
    for tok in ("JUMP", "DUCK", "COVER_NOSE"):
        enter(s, tok)
    assert len(s.tableaux[0]) == 1 and s.active == 1
    walk_in(s)
    s.apply(ChooseTreasureDeck(0))
    assert s.expected_sequence()[:3] == ["COVER_NOSE", "DUCK", "JUMP"]  # seat 1 reverses


@pytest.mark.rules("abu_simbel:9.1")
def test_a18_free_judging_any_input_passes_and_no_charm_is_lost():
    s = scripted(2, route=["GAS", "BLADES", "LAVA"], free_judging_seats=(0,), helper_seats=(0,))
    for _ in range(3):
        enter(s, "STOMP_x6")
    s.apply(ChooseTreasureDeck(1))
    for _ in range(3):
        enter(s, "PUNCH")
    assert len(s.tableaux[0]) == 1 and s.charms == [3, 3]
    assert s.observation(1)["players"][0]["helper"] is True
    assert s.observation(1)["players"][0]["free_judging"] is True


@pytest.mark.rules("abu_simbel:9.1", "abu_simbel:10.2")
def test_free_judging_in_referee_mode_is_auto_pass():
    s = scripted(
        3, route=["GAS", "BLADES", "LAVA"], judging_mode="referee", free_judging_seats=(0,)
    )
    assert s.phase == "treasure" and s.current_player == 0  # the way in passed itself
    assert sum(e.kind == "move_ok" for e in s.events) == 3
    s.apply(ChooseTreasureDeck(2))
    assert len(s.tableaux[0]) == 1 and s.active == 1  # the way out passed itself too


@pytest.mark.rules("abu_simbel:9.1", "abu_simbel:10.1")
def test_time_out_is_a_mistake_but_ignored_for_a_free_player():
    s = scripted(2, route=["GAS", "BLADES", "LAVA"], move_time_limit_s=20)
    s.apply_system(MoveTimedOut())
    assert s.charms == [2, 3]
    m = [e for e in s.events if e.kind == "mistake"][-1]
    assert m.data["entered"] is None
    s = scripted(2, route=["GAS", "BLADES", "LAVA"], move_time_limit_s=20, free_judging_seats=(0,))
    s.apply_system(MoveTimedOut())
    assert s.charms == [3, 3] and s.progress == 0
    s = scripted(2, route=["GAS", "BLADES", "LAVA"])
    refuses(s, MoveTimedOut(), "abu_simbel:10.1", system=True)


# -- The Ultimate Adventure --------------------------------------------------------------
def _ultimate_with_mummies(n: int, holders: tuple[int, ...]):
    s = scripted(n, route=["LAVA", "MUMMY", "GAS"], ultimate=True)
    for h in holders:
        s.has_mummy[h] = s.mummy_gained[h] = True
        s.mummy_supply -= 1
    return s


@pytest.mark.rules("abu_simbel:9.2")
def test_a16_no_window_without_holders():
    s = scripted(3, route=["LAVA", "MUMMY", "GAS"], ultimate=True)
    assert s.phase == "way_in"  # nobody holds a mummy card: the window closes at once


@pytest.mark.rules("abu_simbel:9.2")
def test_a16_cover_polling_order_and_effects():
    s = _ultimate_with_mummies(3, holders=(0, 1, 2))
    full_turn(s, treasure="URN:1", chamber="DIVE")  # seat 0's turn ends; seat 1 is next
    assert s.phase == "pre_turn" and s.active == 1
    assert s.current_player == 2  # the active player's left neighbour first
    assert s.legal_actions() == [PassCover(), PlaceCover(0), PlaceCover(2), PlaceCover(3)]
    refuses(s, PlaceCover(1), "abu_simbel:9.2")  # printed MUMMY
    s.apply(PlaceCover(3))
    assert s.covers == [-1, -1, -1, 2] and s.cover_in_use[2]
    assert s.current_player == 0
    refuses(s, PlaceCover(3), "abu_simbel:9.2")  # already covered
    s.apply(PassCover())
    assert s.current_player == 1  # ... ending with the active player
    s.apply(PassCover())
    assert s.phase == "way_in"
    assert s.expected_sequence("in")[0] == "PUNCH"  # the covered far chamber
    assert s.observation(0)["route"][3]["covered_by"] == 2
    order = [e.kind for e in s.events[-12:]]
    assert order.index("turn_started") < order.index("cover_placed")


@pytest.mark.rules("abu_simbel:9.2", "abu_simbel:6")
def test_a16_cover_counts_for_mummy_reward_and_returns_to_owner():
    s = scripted(2, route=["LAVA", "DIVE", "GAS"], ultimate=True, first_player=1)
    s.has_mummy[1] = s.mummy_gained[1] = True
    s.mummy_supply = 5
    full_turn(s, treasure="URN:1", chamber="PIT")  # seat 1 plays; seat 0 is next
    assert s.phase == "pre_turn" and s.active == 0 and s.current_player == 1
    s.apply(PlaceCover(2))  # seat 0 holds no card, so the window closes after seat 1
    assert s.phase == "way_in"
    full_turn(s, treasure="ARK:1", chamber="EMPTY")  # no printed mummy, but a covered slot
    assert s.has_mummy == [True, True] and s.mummy_supply == 4
    # the cover stays for the rest of the round ...
    assert s.cover_in_use[1] and s.covers[2] == 1 and s.active == 1
    assert s.phase == "pre_turn" and s.current_player == 0  # seat 0's new card
    s.apply(PassCover())  # seat 1's own card is in use: it isn't asked
    assert s.phase == "way_in"
    enter(s, wrong(expected(s)))
    # ... and goes back to its owner when the round ends
    assert s.round_no == 2 and s.cover_in_use == [False, False] and s.has_mummy == [True, True]
    assert s.covers == [-1, -1, -1]
    s.check_invariants()


@pytest.mark.rules("abu_simbel:9.2")
def test_cover_returns_to_supply_option():
    s = scripted(2, route=["LAVA", "DIVE", "GAS"], ultimate=True, cover_returns_to="supply")
    s.has_mummy[1] = s.mummy_gained[1] = True
    s.mummy_supply = 5
    full_turn(s, treasure="URN:1", chamber="PIT")
    s.apply(PlaceCover(0))
    enter(s, wrong(expected(s)))
    assert s.has_mummy == [False, False] and s.mummy_supply == 6 and s.mummy_gained[1]
    s.check_invariants()


@pytest.mark.rules("abu_simbel:9.2")
def test_covers_only_in_the_window_and_only_in_ultimate():
    s = scripted(2, route=["LAVA", "DIVE", "GAS"])
    refuses(s, PlaceCover(0), "abu_simbel:9.2")
    s = scripted(2, route=["LAVA", "DIVE", "GAS"], ultimate=True)
    refuses(s, PassCover(), "abu_simbel:9.2")


# -- All for One and One for All -----------------------------------------------------------
@pytest.mark.rules("abu_simbel:9.3")
def test_a19_team_loses_at_the_sixth_mistake():
    s = scripted(3, route=["LAVA", "DIVE", "GAS"], cooperative=True)
    assert s.team_charms == 6 and s.observation(0)["team_charms"] == 6
    for k in range(6):
        assert not s.is_terminal()
        enter(s, wrong(expected(s)))
        assert s.team_charms == 5 - k
    assert s.is_terminal() and s.end_reason == "team_charms"
    assert s.winners() == [] and s.returns() == [0.0, 0.0, 0.0]


@pytest.mark.rules("abu_simbel:9.3", "abu_simbel:6")
def test_a19_tenth_treasure_wins_and_mummies_are_unused():
    s = scripted(2, route=["MUMMY", "DIVE", "GAS"], cooperative=True)
    for k in range(10):
        assert not s.is_terminal()
        full_turn(s, deck=k % 3)
    assert s.is_terminal() and s.end_reason == "team_target" and s.team_won
    assert sum(len(t) for t in s.tableaux) == 10
    assert s.winners() == [0, 1] and s.returns() == [
        1.0,
        1.0,
    ]  # abu_simbel:9.3 the team wins together
    assert s.has_mummy == [False, False] and not any(e.kind == "mummy_gained" for e in s.events)


@pytest.mark.rules("abu_simbel:9.3")
def test_a19_cooperative_solo_and_no_ultimate():
    s = scripted(1, route=["LAVA", "DIVE", "GAS"], cooperative=True)
    full_turn(s)
    assert s.active == 0 and len(s.route) == 4
    with pytest.raises(InvalidOptions):
        GAME.new_state(2, 0, {"cooperative": True, "ultimate": True})


@pytest.mark.rules("abu_simbel:9.3", "abu_simbel:8")
def test_cooperative_treasures_run_out_means_team_loss():
    s = scripted(2, route=["LAVA", "DIVE", "GAS"], cooperative=True)
    s.deck_counts = [0, 0, 0]
    s.pool = []
    s.treasure_total = 0
    walk_in(s)
    assert s.is_terminal() and not s.team_won and s.winners() == []


@pytest.mark.rules("abu_simbel:9.1")
def test_variant_presets_exist():
    assert {"little", "ultimate", "all_for_one", "referee", "referee_hotseat"} <= set(GAME.variants)
    s = GAME.new_state(3, 0, GAME.variant_options("little"))
    assert s.forward == {1} and s.free == set() and s.helpers == {1}  # issue 27
    assert EnterMove("PUNCH") in s.legal_actions()
