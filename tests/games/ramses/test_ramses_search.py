"""Drawing and searching (ramses:6.2 - 6.6; edge cases T-1..T-7).

Layout of ``make``: treasure t on the top-left place of block t-1 (T01 on 0, T02 on 2,
T05 on 16 …), the empty place on 1; row 1 (places 8-15) holds only blanks.
"""

from __future__ import annotations

import pytest

from games.ramses.ramses_helpers import card_of, draw, empty_stack, kinds, make, slide
from obelisk.games.ramses.actions import Draw
from rulebook import refuses


@pytest.mark.rules("ramses:6.2")
def test_draw_takes_the_lowest_stack_and_is_public():
    st = make(3)
    assert st.legal_actions() == [Draw()]
    start = len(st.events)
    draw(st, card_of(st, 1, 5))
    assert st.current == card_of(st, 1, 5) and st.phase == "search" and st.to_move == 0
    assert kinds(st, start)[:3] == ["action", "stack_started", "card_drawn"]
    drawn = next(e for e in st.events[start:] if e.kind == "card_drawn")
    assert drawn.to is None and drawn.data["treasure"] == "T05"
    assert len(st.pools[0]) == 11


@pytest.mark.rules("ramses:6.4")
def test_t1_blank_keeps_searching_target_is_a_find():
    """T-1: a blank keeps the same searcher; the target is a FIND."""
    st = make(3)
    draw(st, card_of(st, 1, 5))
    slide(st, 9)
    assert st.phase == "search" and st.to_move == 0 and st.slides == 1
    slide(st, 8)
    slide(st, 16)  # T05
    assert st.hands[0] == [card_of(st, 1, 5)] and st.current == -1
    assert st.phase == "draw" and st.active == 1


@pytest.mark.rules("ramses:6.4", "ramses:6.5")
def test_t1_other_treasure_is_a_miss_and_the_next_seat_hunts_the_same_card():
    """T-1 / T-3: a wrong treasure ends the turn; the next seat searches the same card,
    without drawing, and the lucky rule does not fire."""
    st = make(3)
    draw(st, card_of(st, 1, 5))
    start = len(st.events)
    slide(st, 2)  # T02: wrong
    assert kinds(st, start) == ["action", "miss", "turn_ended", "search_started"]
    assert st.current == card_of(st, 1, 5) and st.phase == "search"
    assert st.active == 1 and st.to_move == 1 and st.misses == 1
    assert st.hands == [[], [], []]


@pytest.mark.rules("ramses:6.3")
def test_t2_lucky_rule():
    """T-2: the drawn card's treasure is showing: a find with 0 slides."""
    st = make(3)
    draw(st, card_of(st, 1, 1))
    slide(st, 0)  # seat 0 finds T01; T01 now shows
    empty_stack(st, 1)
    start = len(st.events)
    draw(st, card_of(st, 2, 1))  # seat 1 draws the stack-2 T01 card
    assert "lucky" in kinds(st, start) and "find" in kinds(st, start)
    assert st.hands[1] == [card_of(st, 2, 1)] and st.slides == 0
    assert st.orient == 1  # T-4: a lucky stack-2 find rotates too


@pytest.mark.rules("ramses:6.3", "ramses:7.1")
def test_t2_lucky_rule_after_a_sandstorm():
    st = make(3)
    draw(st, card_of(st, 1, 1))
    slide(st, 0)
    empty_stack(st, 1)
    draw(st, card_of(st, 2, kind="sandstorm"))
    assert st.phase == "draw" and st.active == 1 and st.orient == 2
    draw(st, card_of(st, 2, 1))
    assert st.hands[1] == [card_of(st, 2, 1)] and st.orient == 3


@pytest.mark.rules("ramses:6.5", "ramses:6.6")
def test_t4_rotation_after_finds_by_stack():
    """T-4: a stack-1 find does not rotate, a stack-2 find turns +1, stack 3 per option."""
    st = make(3)
    draw(st, card_of(st, 1, 2))
    slide(st, 2)
    assert st.orient == 0
    empty_stack(st, 1)
    draw(st, card_of(st, 2, 1))
    slide(st, 10)  # seat 1: blank
    slide(st, 2)  # back onto T02: wrong for T01 -> miss
    st2 = make(3)
    empty_stack(st2, 1)
    draw(st2, card_of(st2, 2, 2))
    slide(st2, 2)
    assert st2.orient == 1
    st3 = make(3, rotate_after_find_stacks=(2,))
    empty_stack(st3, 1)
    empty_stack(st3, 2)
    draw(st3, card_of(st3, 3, 2))
    slide(st3, 2)
    assert st3.orient == 0 and st3.hands[0] == [card_of(st3, 3, 2)]


@pytest.mark.rules("ramses:6.2")
def test_t5_last_card_of_stack_one_is_hunted_on_before_stack_two():
    """T-5: stack 1 is empty but its last card is unfound: later turns keep searching it;
    stack 2 is used only at the next draw."""
    st = make(3)
    last = card_of(st, 1, 5)
    st.pools[0] = [last]
    draw(st, last)
    assert st.pools[0] == []
    slide(st, 2)  # miss
    assert st.current == last and st.active == 1 and st.phase == "search"
    slide(st, 10)
    slide(st, 9)
    slide(st, 8)
    slide(st, 16)  # T05 found by seat 1
    assert st.hands[1] == [last]
    start = len(st.events)
    draw(st, card_of(st, 2, 3))
    assert kinds(st, start)[1] == "stack_started"


@pytest.mark.rules("ramses:6.4", "ramses:8")
def test_t6_anti_stall_cap_is_a_miss_and_eliminates_in_stack_three():
    """T-6: reaching max_slides_per_search is a miss; in stack 3 it eliminates."""
    st = make(3, max_slides_per_search=2)
    draw(st, card_of(st, 1, 5))
    slide(st, 9)
    slide(st, 10)
    miss = [e for e in st.events if e.kind == "miss"][-1]
    assert miss.data["stalled"] and st.active == 1 and st.current == card_of(st, 1, 5)
    st3 = make(3, max_slides_per_search=1)
    empty_stack(st3, 1)
    empty_stack(st3, 2)
    draw(st3, card_of(st3, 3, 5))
    slide(st3, 9)
    assert st3.elim == [True, False, False] and st3.active == 1


@pytest.mark.rules("ramses:6.2")
def test_t7_draw_while_a_card_is_face_up_is_rejected():
    """T-7: Draw while current_card is set -> IllegalAction naming ramses:6.2, no change."""
    st = make(3)
    draw(st, card_of(st, 1, 5))
    refuses(st, Draw(), "ramses:6.2")


@pytest.mark.rules("ramses:6.5")
def test_card_buried_after_max_misses():
    """Our anti-stall (ramses:6.5 [DESIGN]): after max_misses_per_card misses the card is
    buried face up and the next seat draws."""
    st = make(3, max_misses_per_card=2)
    cid = card_of(st, 1, 5)
    draw(st, cid)
    slide(st, 2)  # seat 0 misses (T02)
    slide(st, 1)  # seat 1: back onto the blank
    slide(st, 0)  # T01: seat 1 misses
    assert st.current == -1 and cid in st.discard and st.phase == "draw" and st.active == 2
    assert any(e.kind == "card_buried" for e in st.events)
    st.check_invariants()


@pytest.mark.rules("ramses:6.6", "ramses:7.2")
def test_event_search_success_is_not_a_find_and_does_not_rotate():
    st = make(3)
    empty_stack(st, 1)
    draw(st, card_of(st, 2, kind="gift"))
    from obelisk.games.ramses.actions import GiftDeclare

    st.apply(GiftDeclare(2))
    slide(st, 2)
    assert st.orient == 0 and not any(e.kind == "find" for e in st.events)


@pytest.mark.rules("ramses:6.4")
def test_a_reveal_cannot_be_undone():
    st = make(3)
    draw(st, card_of(st, 1, 5))
    slide(st, 9)
    assert st.undoable(0) == 0
