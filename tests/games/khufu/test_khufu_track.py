"""Turns, movement, doors and track spaces (khufu:5-7, 15)."""

from __future__ import annotations

import pytest
from khufu_helpers import card, force_draw, give, hand, new, turn

from obelisk.games.khufu import rules as R
from obelisk.games.khufu.actions import (
    DECLINE,
    ENTER,
    LEAVE,
    PASS,
    ROLL,
    STAY,
    TAKE,
    Give,
    Steal,
)
from obelisk.games.khufu.components import CURSE_IDS, HIGH_PRIEST, SERVANT
from rulebook import refuses


def curse_next(s, name):
    """Make the next Curse card drawn be ``name``."""
    idx = next(i for i in s.cpool if CURSE_IDS[s.t.curse_cards[i]] == name)
    s.chance.force(idx, label="curse")


@pytest.mark.rules("khufu:5.3", "khufu:6.1", "khufu:7.2", "khufu:5.4", "khufu:5.7")
def test_first_turn_forced_leave_from_servants_to_curse_space():
    """Edge 2: 0 Treasure in the Servant's: LEAVE is the only option; a 3 lands on the Curse 3."""
    s = new(3)
    p = s.current_player
    assert s.legal_actions() == [LEAVE]
    s.chance.force(3, label="die")
    curse_next(s, "SAND_TRAP")
    s.apply(LEAVE)
    assert s.pos[p] == 3 and s.room[p] == -1
    assert s.miss[p] == 1
    assert s.elapsed == 10 + 6 + 10  # turn, curse card, next player's turn


@pytest.mark.rules("khufu:6.2", "khufu:6.3")
def test_door_on_the_way_offers_enter_or_pass():
    """Edge 4: from 7 a roll of 2 reaches the High-Priest's door 9; PASS stays on 9."""
    s = new()
    turn(s, 0, pos=7)
    give(s, 0, "T05", "T15")
    s.chance.force(2, label="die")
    s.apply(ROLL)
    assert s.dec[0] == R.DOOR_D and s.pos[0] == 9
    assert s.legal_actions() == [ENTER, PASS]
    s.apply(PASS)
    assert s.pos[0] == 9 and s.room[0] == -1
    assert s.current_player == 1  # khufu:6.5 / 7.5 no effect on the door


@pytest.mark.rules("khufu:6.2", "khufu:6.4", "khufu:6.6")
def test_entering_loses_the_remaining_pips():
    """Edge 5: from 7 a 6 enters at 9; space 13 is never resolved."""
    s = new()
    turn(s, 0, pos=7)
    give(s, 0, "T05", "T15")
    s.chance.force(6, label="die")
    s.apply(ROLL)
    s.apply(ENTER)
    assert s.room[0] == HIGH_PRIEST
    assert s.dec == (R.WAGER_D, 0, HIGH_PRIEST)


@pytest.mark.rules("khufu:6.5", "khufu:7.5", "khufu:6.3")
def test_door_reached_while_ineligible_is_an_ordinary_space():
    """Edge 6: one card is too few for the High-Priest's: the piece just stops on 9."""
    s = new()
    turn(s, 0, pos=7)
    give(s, 0, "T05")
    s.chance.force(2, label="die")
    s.apply(ROLL)
    assert s.pos[0] == 9 and s.current_player == 1


@pytest.mark.rules("khufu:6.7", "khufu:5.4")
def test_leaving_moves_on_from_the_door_and_enters_nothing():
    """Edge 7: leaving the King's (27) with a 6 lands on 33."""
    s = new()
    turn(s, 0, room="KING")
    s.chance.force(6, label="die")
    s.apply(LEAVE)
    assert s.pos[0] == 33 and s.room[0] == -1
    assert s.dec == (R.TAKE_D, 0)
    # A leaving move may never enter, even when eligible (khufu:6.6).
    assert not s.eligible(0, SERVANT, leaving=True)


@pytest.mark.rules("khufu:3.1", "khufu:6.2")
def test_wrap_around_through_servants_door():
    """Edge 8: from 34 a 4 passes 35, reaches 0 (may enter), then 1, 2."""
    s = new()
    turn(s, 0, pos=34)
    give(s, 0, "T01")
    s.chance.force(4, label="die")
    s.apply(ROLL)
    assert s.pos[0] == 0 and s.dec[0] == R.DOOR_D
    s.apply(PASS)
    assert s.pos[0] == 2 and s.dec == (R.TAKE_D, 0)


@pytest.mark.rules("khufu:5.5", "khufu:14.6")
def test_blocked_chamber_cannot_be_entered_but_occupants_play_on():
    """Edge 9."""
    s = new()
    turn(s, 0, pos=25)
    give(s, 0, "T01", "T02", "T03")
    s.scarabs[0] = 0b1111
    s.block[3] = 4
    assert s.qualified(0)
    s.chance.force(2, label="die")
    s.apply(ROLL)  # 26, 27 (blocked King's) → no door decision
    assert s.pos[0] == 27 and s.room[0] == -1
    s2 = new()
    turn(s2, 1, room="QUEEN")
    give(s2, 1, "T01", "T02", "T03")
    s2.block[2] = 3
    assert s2.legal_actions() == [STAY, LEAVE]


@pytest.mark.rules("khufu:5.1a", "khufu:5.6", "khufu:15")
def test_mummys_grip_forbids_entry_next_turn_only():
    """Edge 10: drawn on a turn it does not act that turn; it blocks the next; then clears."""
    s = new()
    turn(s, 0, pos=0)
    give(s, 0, "T01", "T02", "T03")
    s.chance.force(3, label="die")
    curse_next(s, "MUMMYS_GRIP")
    s.apply(ROLL)
    assert s.grip[0] and not s.no_entry[0]
    for _ in range(3):  # the other three players
        while s.current_player != 0:
            s.apply(s.legal_actions()[-1])
    assert s.no_entry[0] and not s.grip[0]
    assert not s.eligible(0, HIGH_PRIEST)
    s.pos[0] = 7
    s.chance.force(2, label="die")
    s.apply(ROLL)  # reaches door 9, no decision
    assert s.pos[0] == 9 and s.current_player != 0
    assert not s.no_entry[0]


@pytest.mark.rules("khufu:5.1a", "khufu:5.2")
def test_grip_is_consumed_by_a_missed_turn():
    s = new()
    s.grip[1] = True
    s.miss[1] = 1
    turn(s, 0, pos=10)
    s.chance.force(2, label="die")
    s.apply(ROLL)  # lands 12 (T)
    s.apply(DECLINE)
    # seat 1's turn was missed: grip consumed, counter decremented.
    assert s.miss[1] == 0 and not s.grip[1] and not s.no_entry[1]
    assert s.current_player == 2


@pytest.mark.rules("khufu:6.8", "khufu:15")
def test_quicksand_relocates_without_effects():
    """Edge 11 (cards): QUICKSAND moves back 3 and resolves nothing there."""
    s = new()
    turn(s, 0, pos=13)
    s.chance.force(3, label="die")  # 16 = Curse
    curse_next(s, "QUICKSAND")
    s.apply(ROLL)
    assert s.pos[0] == 13  # a Steal space: no steal
    assert s.current_player == 1


@pytest.mark.rules("khufu:7.1")
def test_treasure_space_take_or_decline_and_empty_deck():
    """Edge 12: with an empty deck no decision, but the 2 s are charged (edge 51)."""
    s = new()
    turn(s, 0, pos=0)
    s.chance.force(1, label="die")
    force_draw(s, "T17")
    s.apply(ROLL)
    s.apply(TAKE)
    assert hand(s, 0) == ["T17"]
    s2 = new()
    turn(s2, 0, pos=0)
    s2.pool = []
    s2.hands[1] = list(range(60))
    before = s2.elapsed
    s2.chance.force(1, label="die")
    s2.apply(ROLL)
    assert s2.current_player == 1
    assert s2.elapsed == before + 2 + 10


@pytest.mark.rules("khufu:7.3")
def test_steal_needs_own_treasure_and_a_target():
    """Edge 13."""
    s = new()
    turn(s, 0, pos=4)
    give(s, 1, "T20")
    s.chance.force(2, label="die")
    s.apply(ROLL)  # 6 = Steal, but seat 0 holds nothing
    assert s.current_player == 1
    s = new()
    turn(s, 0, pos=4)
    give(s, 0, "T20")
    s.chance.force(2, label="die")
    s.apply(ROLL)  # nobody else holds anything
    assert s.current_player == 1


@pytest.mark.rules("khufu:7.3", "khufu:12.4")
def test_steal_takes_a_random_card_and_costs_5_seconds():
    s = new()
    turn(s, 0, pos=4)
    give(s, 0, "T20")
    give(s, 2, "T25", "T26")
    s.chance.force(2, label="die")
    s.apply(ROLL)
    assert s.legal_actions() == [Steal(2), DECLINE]
    t0 = s.elapsed
    s.chance.force("plain", label="steal_kind")
    s.chance.force(card("T26"), label="steal_card")
    s.apply(Steal(2))
    assert hand(s, 0) == ["T20", "T26"] and hand(s, 2) == ["T25"]
    assert s.elapsed == t0 + 5 + 10
    # Only the two of them see which card; the others see that a card moved.
    assert any(e.get("card") == "T26" for e in s.events_for(0))
    assert not any(e.get("card") == "T26" for e in s.events_for(1))


@pytest.mark.rules("khufu:7.3", "khufu:7.4")
def test_cobra_goes_back_revealed_and_stealer_gives_a_card():
    """Edge 14: a stealer with exactly 1 card ends with 0."""
    s = new()
    turn(s, 0, pos=4)
    give(s, 0, "T20")
    give(s, 2, "T21", "T25")  # T21 is a cobra (first two of FALCON are T11, T12...)
    s.chance.force(2, label="die")
    s.apply(ROLL)
    s.chance.force("cobra", label="steal_kind")
    s.chance.force(card("T21"), label="steal_card")
    s.apply(Steal(2))
    assert hand(s, 2) == ["T21", "T25"]
    assert any(e.get("kind") == "cobra" and e["card"] == "T21" for e in s.events_for(1))
    assert s.dec == (R.COBRA_D, 0, 2)
    assert s.legal_actions() == [Give("T20")]
    s.apply(Give("T20"))
    assert hand(s, 0) == [] and hand(s, 2) == ["T21", "T25", "T20"]


@pytest.mark.rules("khufu:7.4", "khufu:15")
def test_cobras_do_not_protect_against_curses():
    """Edge 15 (SNAKE_BITE): a cobra card can be returned like any other."""
    s = new()
    turn(s, 0, pos=0)
    give(s, 0, "T01")  # a cobra
    s.chance.force(3, label="die")
    curse_next(s, "SNAKE_BITE")
    s.chance.force(card("T01"), label="snake_bite")
    s.apply(ROLL)
    assert hand(s, 0) == [] and s.returned == [card("T01")]


@pytest.mark.rules("khufu:7.2", "khufu:15")
def test_curse_card_goes_to_the_bottom_and_the_deck_cycles():
    """Edge 16."""
    s = new()
    s.cpool = []
    s.creturned = list(range(20))
    turn(s, 0, pos=0)
    s.chance.force(3, label="die")
    s.apply(ROLL)
    assert s.creturned[-1] == 0 and s.creturned[0] == 1


@pytest.mark.rules("khufu:15")
def test_curse_cards_tomb_toll_errand_cut_escape_plague_gamble():
    s = new()
    turn(s, 0, pos=0)
    give(s, 0, "T05", "T15")
    s.chance.force(3, label="die")
    curse_next(s, "TOMB_TOLL")
    s.apply(ROLL)
    assert s.dec == (R.TOLL_D, 0, 1)
    s.apply(Give("T15"))
    assert hand(s, 1) == ["T15"]
    # LUCKYS_ERRAND to Lucky.
    s = new()
    s.lucky = 2
    turn(s, 0, pos=0)
    give(s, 0, "T05")
    s.chance.force(3, label="die")
    curse_next(s, "LUCKYS_ERRAND")
    s.apply(ROLL)
    assert hand(s, 2) == ["T05"]
    # KHUFUS_CUT returns two random cards, one at a time.
    s = new()
    turn(s, 0, pos=0)
    give(s, 0, "T05", "T06", "T07")
    s.chance.force(3, label="die")
    curse_next(s, "KHUFUS_CUT")
    s.chance.force(card("T06"), card("T05"))
    s.apply(ROLL)
    assert hand(s, 0) == ["T07"] and s.returned == [card("T06"), card("T05")]
    # PLAGUE: everyone from the drawer in seat order returns one.
    s = new()
    turn(s, 1, pos=0)
    give(s, 0, "T01")
    give(s, 2, "T02")
    s.chance.force(3, label="die")
    curse_next(s, "PLAGUE")
    s.chance.force(card("T02"), card("T01"))
    s.apply(ROLL)
    assert s.returned == [card("T02"), card("T01")]
    # SYMBOL_GAMBLE: own lucky symbol draws 2.
    s = new()
    turn(s, 0, pos=0)
    s.chance.force(3, label="die")
    curse_next(s, "SYMBOL_GAMBLE")
    from obelisk.games.khufu.components import SYMBOLS

    s.chance.force(SYMBOLS[s.lucky_sym[0]], label="symbol_die")
    force_draw(s, "T30", "T31")
    s.apply(ROLL)
    assert hand(s, 0) == ["T30", "T31"]
    # LUCKY_ESCAPE draws one.
    s = new()
    turn(s, 0, pos=0)
    s.chance.force(3, label="die")
    curse_next(s, "LUCKY_ESCAPE")
    force_draw(s, "T44")
    s.apply(ROLL)
    assert hand(s, 0) == ["T44"]


def test_illegal_actions_name_the_rule_and_change_nothing():
    s = new()
    turn(s, 0, pos=7)
    refuses(s, ENTER, "khufu:6.3")
    refuses(s, STAY, "khufu:5.7")
    assert s.dec == (R.ROLL_D, 0) and s.pos[0] == 7
