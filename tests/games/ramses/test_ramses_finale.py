"""The finale, the end, scoring and variants (ramses:8, ramses:9, ramses:10; F-1..F-7)."""

from __future__ import annotations

import random

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
from obelisk.games.ramses.actions import Draw
from rulebook import refuses


def _stack3(n=3, **opts):
    st = make(n, **opts)
    empty_stack(st, 1)
    empty_stack(st, 2)
    return st


@pytest.mark.rules("ramses:8", "ramses:6.5")
def test_f1_stack_three_miss_eliminates_and_the_seat_is_skipped():
    st = _stack3()
    give_hand(st, 0, card_of(st, 1, 7))
    draw(st, card_of(st, 3, 5))
    start = len(st.events)
    slide(st, 2)  # wrong: seat 0 is out
    assert kinds(st, start)[:4] == ["action", "miss", "eliminated", "turn_ended"]
    assert st.elim == [True, False, False] and st.active == 1
    slide(st, 10)
    slide(st, 9)
    slide(st, 8)
    slide(st, 16)  # seat 1 finds the stack-3 T05 card
    assert st.active == 2
    draw(st, card_of(st, 3, 6))
    slide(st, 17)
    slide(st, 18)  # T06 found by seat 2
    assert st.active == 1  # seat 0 is skipped
    assert st.scores() == [1.0, 4.0, 4.0]  # the eliminated seat keeps its cards


@pytest.mark.rules("ramses:8", "ramses:9")
def test_f2_last_seats_eliminated_end_the_game_and_a_lone_seat_plays_on():
    st = _stack3(2)
    draw(st, card_of(st, 3, 5))
    slide(st, 2)  # seat 0 out
    assert st.elim == [True, False] and st.active == 1 and not st.is_terminal()
    slide(st, 1)
    slide(st, 0)  # T01: seat 1 out too
    assert st.is_terminal() and st.end_reason == "all_eliminated"
    assert st.events[-1].kind == "game_over" and st.legal_actions() == []
    assert st.current != -1  # the unfound card scores for nobody


@pytest.mark.rules("ramses:8")
def test_f2_lone_seat_plays_on_alone():
    st = _stack3(3)
    st.elim = [False, True, True]
    draw(st, card_of(st, 3, 2))
    slide(st, 2)
    assert st.active == 0 and st.phase == "draw"  # the same seat again
    assert kinds(st)[-1] == "turn_ended"


@pytest.mark.rules("ramses:9")
def test_f3_end_card_ends_at_once_and_goes_to_no_hand():
    st = _stack3()
    end = card_of(st, 3, kind="end")
    draw(st, end)
    assert st.is_terminal() and st.end_reason == "end_card"
    assert end in st.discard and all(end not in h for h in st.hands)
    refuses(st, Draw(), "core:terminal")
    st.check_invariants()


@pytest.mark.rules("ramses:10.2", "ramses:9")
def test_f4_no_end_card_game_ends_when_stack_three_is_used_up():
    st = make(3, end_card=False)
    assert len(st.pools[2]) == 12
    empty_stack(st, 1)
    empty_stack(st, 2)
    last = card_of(st, 3, 2)
    st.pools[2] = [last]
    draw(st, last)
    slide(st, 2)
    assert st.phase == "draw" and not st.is_terminal()
    st.apply(Draw())
    assert st.is_terminal() and st.end_reason == "stacks_exhausted"


@pytest.mark.rules("ramses:10.1")
def test_f5_small_children_stack_one_only():
    st = make(3, small_children=True, rotate_after_find_stacks=(1, 2, 3), elimination_stacks=(1,))
    assert [len(p) for p in st.pools] == [12, 0, 0]
    draw(st, card_of(st, 1, 5))
    slide(st, 2)  # a miss: nobody is eliminated even if the option names stack 1
    assert st.elim == [False, False, False]
    st.pools[0] = [card_of(st, 1, 3)]
    slide(st, 3)
    slide(st, 4)  # wrong again (T03 for the T05 card)
    st2 = make(3, small_children=True)
    st2.pools[0] = [card_of(st2, 1, 2)]
    draw(st2, card_of(st2, 1, 2))
    slide(st2, 2)
    assert st2.orient == 0
    st2.apply(Draw())
    assert st2.is_terminal() and st2.end_reason == "stacks_exhausted"


@pytest.mark.rules("ramses:10.1", "ramses:9")
def test_f5_small_children_random_games_have_no_events():
    for seed in range(3):
        st = GAME.new_state(3, seed, GAME.variant_options("small_children"))
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
        assert not any(e.kind in ("rotated", "eliminated", "declared") for e in st.events)
        assert st.end_reason == "stacks_exhausted"


@pytest.mark.rules("ramses:9")
def test_f6_ties_are_shared_or_broken_by_most_cards():
    st = make(3)
    give_hand(st, 0, card_of(st, 2, 1))  # 2 points, one card
    give_hand(st, 1, card_of(st, 1, 2), card_of(st, 1, 3))  # 2 points, two cards
    st._finish("test")
    assert st.winners() == [0, 1] and st.returns() == [0.5, 0.5, 0.0]
    st = make(3, tiebreak="most_cards")
    give_hand(st, 0, card_of(st, 2, 1))
    give_hand(st, 1, card_of(st, 1, 2), card_of(st, 1, 3))
    st._finish("test")
    assert st.winners() == [1]


@pytest.mark.rules("ramses:9", "ramses:2.5")
@pytest.mark.parametrize("variant", [None, "no_end_card", "small_children"])
def test_f7_card_conservation_at_every_step(variant):
    """F-7: stacks + current card + hands + discard = the deck in play, always."""
    for seed in range(2):
        st = GAME.new_state(4, seed, GAME.variant_options(variant))
        rng = random.Random(seed)
        while not st.is_terminal():
            st.check_invariants()
            st.apply(rng.choice(st.legal_actions()))
        st.check_invariants()


@pytest.mark.rules("ramses:9", "ramses:11.2")
def test_final_reveal_shows_every_hand():
    st = _stack3()
    give_hand(st, 1, card_of(st, 1, 7))
    draw(st, card_of(st, 3, kind="end"))
    obs = st.observation(0)
    assert obs["hands"][1][0]["treasure"] == "T07" and obs["scores"] == [0.0, 1.0, 0.0]


@pytest.mark.rules("ramses:10.3")
def test_professional_changes_no_rule():
    a = GAME.new_state(3, 9)
    b = GAME.new_state(3, 9, {"professional": True})
    ra, rb = random.Random(1), random.Random(1)
    for _ in range(200):
        if a.is_terminal():
            break
        la, lb = a.legal_actions(), b.legal_actions()
        assert la == lb
        x = ra.choice(la)
        assert rb.choice(lb) == x
        a.apply(x)
        b.apply(x)
    assert a.scores() == b.scores()
