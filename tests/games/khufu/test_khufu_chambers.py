"""Chambers, wagers, Scarabs and qualification (khufu:8, 9)."""

from __future__ import annotations

import pytest
from khufu_helpers import card, force_draw, give, hand, new, turn

from obelisk.games.khufu import rules as R
from obelisk.games.khufu.actions import CHALLENGE, ENTER, LEAVE, PLACE, ROLL, STAY, Bet
from obelisk.games.khufu.components import HIGH_PRIEST, KING, QUEEN, SERVANT
from rulebook import refuses


def in_chamber(room, cards, n=4):
    s = new(n)
    turn(s, 0, room=room)
    give(s, 0, *cards)
    return s


def wager(s, *cids):
    for c in cids:
        s.apply(Bet(c))
    s.apply(PLACE)


@pytest.mark.rules("khufu:8.1", "khufu:6.3")
def test_entry_requires_the_minimum_wager():
    """Edge 17: Servant's 1, High-Priest's 2, Queen's 3, King's 4."""
    s = new()
    for ch, need in ((SERVANT, 1), (HIGH_PRIEST, 2), (QUEEN, 3), (KING, 4)):
        s.hands[0] = list(range(need - 1))
        assert not s.eligible(0, ch)
        s.hands[0] = list(range(need))
        assert s.eligible(0, ch)


@pytest.mark.rules("khufu:8.1", "khufu:8.2", "khufu:8.3")
def test_servants_wins_on_odd_and_places_a_scarab():
    """Edge 19 and 21 (first win: Scarab, stake kept, nothing drawn)."""
    for roll, win in ((1, True), (3, True), (5, True), (2, False), (4, False), (6, False)):
        s = in_chamber("SERVANT", ["T05", "T15"])
        s.apply(STAY)
        s.chance.force(roll, label="die")
        wager(s, "T05")
        assert bool(s.scarabs[0] & 1) == win
        assert hand(s, 0) == (["T05", "T15"] if win else ["T15"])
        assert s.room[0] == SERVANT  # khufu:8.6 stays inside


@pytest.mark.rules("khufu:8.1")
def test_high_priest_wins_on_even_and_queen_on_tails():
    for roll, win in ((2, True), (4, True), (6, True), (1, False), (3, False), (5, False)):
        s = in_chamber("HIGH_PRIEST", ["T05", "T15"])
        s.apply(STAY)
        s.chance.force(roll, label="die")
        wager(s, "T05", "T15")
        assert bool(s.scarabs[0] & 2) == win
    for face, win in (("TAILS", True), ("HEADS", False)):
        s = in_chamber("QUEEN", ["T05", "T15", "T25"])
        s.apply(STAY)
        s.chance.force(face, label="coin")
        wager(s, "T05", "T15", "T25")
        assert bool(s.scarabs[0] & 4) == win


@pytest.mark.rules("khufu:8.1", "khufu:8.2")
def test_kings_table_cards_win_on_their_symbols():
    """Edge 20: different symbols win on either; a pair of one symbol only on that one."""
    cards = ["T05", "T15", "T25", "T35"]  # CAT, FALCON, JACKAL, ANKH
    for die, win in (("CAT", True), ("FALCON", True), ("JACKAL", False)):
        s = in_chamber("KING", cards)
        s.apply(STAY)
        s.chance.force(die, label="symbol_die")
        wager(s, "T05", "T15", "T25", "T35")
        assert bool(s.scarabs[0] & 8) == win
    same = ["T05", "T06", "T25", "T35"]  # CAT, CAT
    for die, win in (("CAT", True), ("JACKAL", False)):
        s = in_chamber("KING", same)
        s.apply(STAY)
        s.chance.force(die, label="symbol_die")
        wager(s, "T05", "T06", "T25", "T35")
        assert bool(s.scarabs[0] & 8) == win
    # The table cards are public.
    ev = [e for e in s.events_for(2) if e["kind"] == "wager"]
    assert ev[-1]["table"] == ["T05", "T06"] and ev[-1]["count"] == 4


@pytest.mark.rules("khufu:8.2")
def test_wager_above_minimum_allowed_below_rejected():
    """Edge 18 and bad input: wagering below the minimum names the rule, state unchanged."""
    s = in_chamber("HIGH_PRIEST", ["T05", "T15", "T25"])
    s.apply(STAY)
    s.apply(Bet("T05"))
    msg = refuses(s, PLACE, "khufu:8.1")
    assert "minimum" in msg
    s.apply(Bet("T15"))
    s.apply(Bet("T25"))  # the whole hand
    assert PLACE in s.legal_actions()
    refuses(s, Bet("T05"), "khufu:8.2")


@pytest.mark.rules("khufu:8.4")
def test_later_win_doubles_the_wager_short_deck_draws_what_is_left():
    """Edge 21."""
    s = in_chamber("SERVANT", ["T05", "T15"])
    s.scarabs[0] = 1
    s.apply(STAY)
    s.chance.force(1, label="die")
    force_draw(s, "T40", "T41")
    wager(s, "T05", "T15")
    assert hand(s, 0) == ["T05", "T15", "T40", "T41"]
    s = in_chamber("SERVANT", ["T05", "T15"])
    s.scarabs[0] = 1
    s.pool = [card("T40")]
    s.hands[1] = [c for c in range(60) if c not in (card("T05"), card("T15"), card("T40"))]
    s.apply(STAY)
    s.chance.force(1, label="die")
    wager(s, "T05", "T15")
    assert hand(s, 0) == ["T05", "T15", "T40"]


@pytest.mark.rules("khufu:8.5")
def test_loss_sends_the_wager_to_the_bottom_in_listed_order():
    """Edge 22 (King's table cards included)."""
    s = in_chamber("KING", ["T05", "T15", "T25", "T35", "T45"])
    s.apply(STAY)
    s.chance.force("KING", label="symbol_die")
    wager(s, "T35", "T15", "T05", "T25")
    assert hand(s, 0) == ["T45"]
    assert [s.card_id(c) for c in s.returned] == ["T35", "T15", "T05", "T25"]


@pytest.mark.rules("khufu:8.6", "khufu:5.4")
def test_staying_needs_the_minimum_at_the_start_of_the_turn():
    """Edge 23 and bad input: staying at the King's table with 3 Treasures."""
    s = in_chamber("KING", ["T05", "T15", "T25"])
    assert s.legal_actions() == [LEAVE]
    msg = refuses(s, STAY, "khufu:8.1")
    assert "King" in msg
    s = in_chamber("KING", ["T05", "T15", "T25", "T35"])
    assert s.legal_actions() == [STAY, LEAVE]


@pytest.mark.rules("khufu:9.1", "khufu:9.2", "khufu:9.3")
def test_fourth_scarab_in_sarcophagus_chamber_challenges_next_turn():
    """Edge 24."""
    s = in_chamber("KING", ["T05", "T15", "T25", "T35", "T45", "T55", "T06"])
    s.scarabs[0] = 0b0111
    s.apply(STAY)
    s.chance.force("CAT", label="symbol_die")
    wager(s, "T05", "T15", "T25", "T35")
    assert s.scarabs[0] == 0b1111 and s.qualified(0)
    assert not s.in_challenge and s.current_player == 1
    turn(s, 0, room="KING")
    assert s.legal_actions() == [CHALLENGE, LEAVE]
    # Scarabs are at most one per chamber and are never removed.
    s.hands[0] = s.hands[0][:2]
    assert not s.qualified(0) and s.scarabs[0] == 0b1111
    assert s.legal_actions() == [LEAVE]  # edge 34


@pytest.mark.rules("khufu:9.2", "khufu:6.3", "khufu:6.4")
def test_qualified_player_with_three_cards_may_enter_the_kings():
    """Edge 25: the Sarcophagus exception to the minimum wager; the Challenge starts at once."""
    s = new()
    turn(s, 0, pos=25)
    give(s, 0, "T05", "T15", "T25")
    s.scarabs[0] = 0b1111
    s.chance.force(2, label="die")
    s.apply(ROLL)
    assert s.dec[0] == R.DOOR_D
    s.chance.force([card("T01"), card("T11"), card("T21")], label="khufu_hand")
    s.chance.force([card("T05"), card("T15"), card("T25")], label="deal")
    s.chance.force("KING", "KING", label="symbol_die")
    s.apply(ENTER)
    assert s.ch_seat == 0 and s.ch_result in ("WIN", "LOSE", "DRAW")


@pytest.mark.rules("khufu:6.4", "khufu:9.3")
def test_non_qualified_player_in_sarcophagus_chamber_plays_the_table():
    """Edge 26."""
    s = new()
    turn(s, 0, pos=25)
    give(s, 0, "T05", "T15", "T25", "T35")
    s.chance.force(2, label="die")
    s.apply(ROLL)
    s.apply(ENTER)
    assert s.dec == (R.WAGER_D, 0, KING)


def test_challenge_option_explains_qualification():
    s = in_chamber("KING", ["T05", "T15", "T25", "T35"])
    refuses(s, CHALLENGE, "khufu:9.2")
