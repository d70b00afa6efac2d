"""Event cards (ramses:7.1 - 7.6; edge cases E-1..E-7).

Layout of ``make``: T01 on place 0, T02 on 2, T03 on 4, T05 on 16; the empty place is 1,
with blanks on 3, 8-15. Stack 1 is emptied so that stack 2 (the events) is drawn.
"""

from __future__ import annotations

import json

import pytest

from games.ramses.ramses_helpers import (
    GAME,
    card_of,
    draw,
    empty_stack,
    give_hand,
    kinds,
    make,
    slide,
)
from obelisk.games.ramses.actions import (
    Draw,
    GiftDeclare,
    GiveCard,
    PokerDeclare,
    RiskDeclare,
    Slide,
)
from rulebook import refuses


def _event(st, kind):
    empty_stack(st, 1)
    draw(st, card_of(st, 2, kind=kind))


# -- Sandstorm -----------------------------------------------------------------------
@pytest.mark.rules("ramses:7.1")
def test_e1_sandstorm_half_turn_and_the_actor_draws_again():
    st = make(3)
    _event(st, "sandstorm")
    assert st.orient == 2 and st.phase == "draw" and st.active == 0 and st.to_move == 0
    assert "turn_ended" not in kinds(st)
    st.pools[1].remove(card_of(st, 2, kind="sandstorm") + 1)  # keep one sandstorm in stack 2
    st.pools[1].append(card_of(st, 2, kind="sandstorm") + 1)
    draw(st, card_of(st, 2, kind="sandstorm") + 1)  # Sandstorm after Sandstorm
    assert st.orient == 0 and st.active == 0 and st.phase == "draw"


@pytest.mark.rules("ramses:7.1", "ramses:6.2")
def test_e1_sandstorm_as_last_card_of_stack_two_sends_the_actor_to_stack_three():
    st = make(3)
    empty_stack(st, 1)
    sand = card_of(st, 2, kind="sandstorm")
    st.discard.extend(c for c in st.pools[1] if c != sand)
    st.pools[1] = [sand]
    draw(st, sand)
    start = len(st.events)
    draw(st, card_of(st, 3, 5))
    assert "stack_started" in kinds(st, start) and st.current == card_of(st, 3, 5)
    assert st.to_move == 0


# -- Gift ------------------------------------------------------------------------------
def _gift_table():
    st = make(4)
    give_hand(st, 1, card_of(st, 1, 2))  # one T02 card
    give_hand(st, 2, card_of(st, 2, 2), card_of(st, 3, 2))  # two T02 cards
    give_hand(st, 3, card_of(st, 1, 5))  # none of T02
    _event(st, "gift")
    return st


@pytest.mark.rules("ramses:7.2", "ramses:7.6")
def test_e2_gift_success_with_several_holders_each_gives_one():
    st = _gift_table()
    assert st.legal_actions() == [GiftDeclare(t) for t in range(1, 13)]
    st.apply(GiftDeclare(2))
    slide(st, 2)  # found
    # seat 1 had exactly one: automatic; seat 2 has two: it chooses
    assert st.hands[1] == [] and card_of(st, 1, 2) in st.hands[0]
    assert st.phase == "give" and st.to_move == 2
    assert st.legal_actions() == [GiveCard(card_of(st, 2, 2)), GiveCard(card_of(st, 3, 2))]
    st.apply(GiveCard(card_of(st, 3, 2)))
    assert sorted(st.hands[0]) == sorted([card_of(st, 1, 2), card_of(st, 3, 2)])
    assert st.hands[2] == [card_of(st, 2, 2)] and st.hands[3] == [card_of(st, 1, 5)]
    assert st.phase == "draw" and st.active == 1
    st.check_invariants()


@pytest.mark.rules("ramses:7.2")
def test_e2_gift_with_no_holder_and_with_one_holder():
    st = make(3)
    _event(st, "gift")
    st.apply(GiftDeclare(2))
    slide(st, 2)
    assert st.hands == [[], [], []] and st.phase == "draw" and st.active == 1
    st = make(3)
    give_hand(st, 2, card_of(st, 1, 2))
    _event(st, "gift")
    st.apply(GiftDeclare(2))
    slide(st, 2)
    assert st.hands[0] == [card_of(st, 1, 2)] and st.hands[2] == []
    shadow = [e for e in st.events if e.kind == "card_transferred" and e.to is None][-1]
    assert shadow.data["treasure"] == "T02" and "card" not in shadow.data


@pytest.mark.rules("ramses:7.2")
def test_e2_gift_failure_does_nothing():
    st = make(3)
    give_hand(st, 1, card_of(st, 1, 5))
    _event(st, "gift")
    st.apply(GiftDeclare(5))
    slide(st, 2)  # T02: wrong
    assert st.hands == [[], [card_of(st, 1, 5)], []] and st.active == 1


# -- Risk --------------------------------------------------------------------------------
@pytest.mark.rules("ramses:7.3")
def test_e3_risk_same_or_showing_treasure_rejected():
    st = make(3)
    draw(st, card_of(st, 1, 1))
    slide(st, 0)  # T01 now shows
    _event(st, "risk")
    for bad in (RiskDeclare(3, 3), RiskDeclare(1, 3), RiskDeclare(3, 1)):
        refuses(st, bad, "ramses:7.3")
    assert RiskDeclare(3, 2) in st.legal_actions() and len(st.legal_actions()) == 11 * 10


@pytest.mark.rules("ramses:7.3")
def test_e3_risk_success_takes_a_blind_card_from_the_left():
    st = make(3)
    give_hand(st, 1, card_of(st, 1, 7), card_of(st, 1, 8))
    _event(st, "risk")
    st.apply(RiskDeclare(2, 1))
    slide(st, 2)  # T02 found: now look for T01
    assert st.search[2] == "risk_2" and st.slides == 0
    slide(st, 1)
    st.chance.force(1)  # the second card of the left neighbour, sorted by card id
    slide(st, 0)
    assert st.hands[0] == [card_of(st, 1, 8)] and st.hands[1] == [card_of(st, 1, 7)]
    private = [e for e in st.events if e.kind == "card_transferred" and e.to is not None]
    assert private[-1].to == frozenset({0, 1})
    assert st.active == 1 and st.phase == "draw"


@pytest.mark.rules("ramses:7.3")
def test_e3_risk_success_with_a_cardless_left_neighbour_takes_nothing():
    st = make(3)
    give_hand(st, 2, card_of(st, 1, 7))
    _event(st, "risk")
    st.apply(RiskDeclare(2, 1))
    slide(st, 2)
    slide(st, 1)
    slide(st, 0)
    assert st.hands == [[], [], [card_of(st, 1, 7)]]


@pytest.mark.rules("ramses:7.3")
def test_e3_revealing_the_second_while_seeking_the_first_fails():
    st = make(3)
    _event(st, "risk")
    st.apply(RiskDeclare(1, 2))
    slide(st, 2)  # T02 while seeking T01
    assert st.phase == "draw" and st.active == 1  # cardless actor: nothing to give
    resolved = [e for e in st.events if e.kind == "event_resolved"][-1]
    assert resolved.data["success"] is False


@pytest.mark.rules("ramses:7.3", "ramses:7.6")
def test_e3_first_treasure_again_while_seeking_the_second_fails_and_actor_pays():
    st = make(3)
    give_hand(st, 0, card_of(st, 1, 7), card_of(st, 1, 8))
    _event(st, "risk")
    st.apply(RiskDeclare(1, 5))
    slide(st, 0)  # T01 found
    slide(st, 1)
    slide(st, 0)  # T01 again: wrong while seeking T05
    assert st.phase == "risk_penalty" and st.to_move == 0
    legal = st.legal_actions()
    assert GiveCard(card_of(st, 1, 7), 2) in legal and len(legal) == 4
    refuses(st, GiveCard(card_of(st, 1, 7), 0), "ramses:7.3")
    st.apply(GiveCard(card_of(st, 1, 7), 2))
    assert st.hands == [[card_of(st, 1, 8)], [], [card_of(st, 1, 7)]]
    assert st.active == 1


# -- Mirage ------------------------------------------------------------------------------
@pytest.mark.rules("ramses:7.4")
def test_e4_mirage_with_a_cardless_right_neighbour_does_nothing():
    st = make(3)
    give_hand(st, 1, card_of(st, 1, 2))  # the LEFT neighbour has cards; right (seat 2) none
    _event(st, "mirage")
    assert st.hands == [[], [card_of(st, 1, 2)], []] and st.active == 1


@pytest.mark.rules("ramses:7.4", "ramses:11.2")
def test_e4_mirage_card_is_shown_to_all_and_kept_on_success():
    st = make(3)
    give_hand(st, 2, card_of(st, 1, 2))
    start = len(st.events)
    _event(st, "mirage")
    moved = next(e for e in st.events[start:] if e.kind == "card_transferred")
    assert moved.to is None and moved.data["treasure"] == "T02"
    assert st.observation(1)["declared"]["card"]["treasure"] == "T02"
    slide(st, 2)
    assert st.hands == [[card_of(st, 1, 2)], [], []] and st.active == 1


@pytest.mark.rules("ramses:7.4")
def test_e4_mirage_failure_gives_one_card_of_the_actors_choice():
    st = make(3)
    give_hand(st, 0, card_of(st, 1, 1))
    give_hand(st, 2, card_of(st, 1, 5))
    _event(st, "mirage")
    slide(st, 2)  # T02, not T05
    assert st.phase == "give" and st.to_move == 0
    assert st.legal_actions() == [GiveCard(card_of(st, 1, 1)), GiveCard(card_of(st, 1, 5))]
    st.apply(GiveCard(card_of(st, 1, 1)))
    assert st.hands == [[card_of(st, 1, 5)], [], [card_of(st, 1, 1)]]
    assert st.active == 1


@pytest.mark.rules("ramses:7.4")
def test_e4_mirage_failure_with_only_c_sends_it_back():
    st = make(3)
    give_hand(st, 2, card_of(st, 1, 5))
    _event(st, "mirage")
    slide(st, 2)
    assert st.hands == [[], [], [card_of(st, 1, 5)]] and st.phase == "draw"


# -- Poker -------------------------------------------------------------------------------
@pytest.mark.rules("ramses:7.5")
def test_e5_poker_opponent_slides_and_wins_a_blind_card():
    st = make(3)
    give_hand(st, 0, card_of(st, 1, 7))
    _event(st, "poker")
    legal = st.legal_actions()
    assert PokerDeclare(2, 1) in legal and len(legal) == 24
    refuses(st, PokerDeclare(2, 0), "ramses:7.5")
    st.apply(PokerDeclare(2, 2))
    assert st.current_player == 2 and st.active == 0
    slide(st, 2)
    assert st.hands == [[], [], [card_of(st, 1, 7)]]
    assert st.active == 1 and st.phase == "draw"  # play goes on from the actor


@pytest.mark.rules("ramses:7.5")
def test_e5_poker_failure_actor_takes_a_card_and_cardless_cases():
    st = make(3)
    give_hand(st, 2, card_of(st, 1, 7))
    _event(st, "poker")
    st.apply(PokerDeclare(5, 2))
    slide(st, 2)  # wrong
    assert st.hands == [[card_of(st, 1, 7)], [], []] and st.active == 1
    st = make(3)
    _event(st, "poker")
    st.apply(PokerDeclare(5, 1))
    slide(st, 2)  # wrong, but seat 1 has no cards
    assert st.hands == [[], [], []]
    st = make(3)
    _event(st, "poker")
    st.apply(PokerDeclare(2, 1))
    slide(st, 2)  # success, but the actor has no cards
    assert st.hands == [[], [], []] and st.active == 1


# -- neighbours, lone actor, events in stack 3 --------------------------------------------
@pytest.mark.rules("ramses:7.4", "ramses:7.3")
def test_e6_two_players_left_and_right_are_the_same():
    st = make(2)
    assert st.left_of(0) == st.right_of(0) == 1
    st = make(4)
    st.elim[2] = True
    assert (st.left_of(0), st.right_of(0)) == (1, 3)
    assert (st.left_of(1), st.right_of(1)) == (3, 0)


def _deck_with_events_in_stack_three(tmp_path):
    rows = [{"stack": 1, "kind": "search", "treasure": 1, "value": 1}]
    rows += [{"stack": 3, "kind": k} for k in ("gift", "risk", "mirage", "poker")]
    rows += [{"stack": 3, "kind": "search", "treasure": t, "value": 4} for t in (1, 2)]
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"cards": rows}))
    return str(path)


@pytest.mark.rules("ramses:7.2", "ramses:7.3", "ramses:8")
def test_e7_event_searches_never_eliminate_or_rotate(tmp_path):
    deck = _deck_with_events_in_stack_three(tmp_path)
    st = make(3, deck=deck)
    st.pools = [[], [], [1, 2, 3, 4, 5, 6]]
    draw(st, 2)  # risk in stack 3
    st.apply(RiskDeclare(5, 3))
    slide(st, 2)  # wrong
    assert st.elim == [False, False, False] and st.orient == 0
    draw(st, 1)  # seat 1: gift
    st.apply(GiftDeclare(1))
    slide(st, 1)
    slide(st, 0)  # success, no rotation
    assert st.orient == 0 and st.elim == [False, False, False]


@pytest.mark.rules("ramses:7.4", "ramses:7.5", "ramses:7.2", "ramses:7.3")
def test_e7_lone_actor_events_do_nothing(tmp_path):
    deck = _deck_with_events_in_stack_three(tmp_path)
    st = make(3, deck=deck)
    st.pools = [[], [], [1, 2, 3, 4, 5, 6]]
    st.elim = [False, True, True]
    give_hand(st, 1, 5)
    draw(st, 3)  # mirage: no right neighbour
    assert st.hands[0] == [] and st.phase == "draw" and st.active == 0
    draw(st, 4)  # poker: no opponent
    assert st.phase == "draw" and st.active == 0
    draw(st, 1)  # gift: success, but no givers
    st.apply(GiftDeclare(2))
    slide(st, 2)
    assert st.hands[1] == [5] and st.hands[0] == []
    draw(st, 2)  # risk failure: nobody to receive
    st.apply(RiskDeclare(5, 3))
    slide(st, 1)
    slide(st, 0)  # T01 instead of T05
    assert st.phase == "draw" and st.active == 0


@pytest.mark.rules("ramses:7.6")
def test_decisions_are_taken_by_the_right_seat_and_wrong_kinds_rejected():
    st = _gift_table()
    for bad, rule in (
        (Draw(), "ramses:6.2"),
        (Slide(2, "right"), "ramses:6.4"),
        (RiskDeclare(2, 3), "ramses:7.6"),
        (GiveCard(0), "ramses:7.6"),
    ):
        refuses(st, bad, rule)
    assert GAME.name == "ramses"
