"""Issue 27: the default options play the seed rulebook's rules (``001_…``).

The seed sets no limit on a search or on the misses of one card; the old limits
(300 slides, 12 misses) stay as options for simulation, off by default. The engine's
only bound is ``step_limit`` (ramses:9), which ends a game after 200 000 steps.

Layout of ``make``: treasure t on the top-left place of block t-1 (T01 on 0, T02 on 2,
T05 on 16 …), the empty place on 1; places 8-15 hold only blanks.
"""

from __future__ import annotations

import pytest

from games.ramses.ramses_helpers import GAME, card_of, draw, kinds, make, slide
from obelisk.agents.match import play_match
from obelisk.core.record import Record, replay


@pytest.mark.rules("ramses:6.5")
def test_a_card_stays_face_up_however_often_it_is_missed():
    """The seed: "The next player tries to find the treasure not found by his
    predecessor" (no limit): 13 misses in a row, and the card is still sought."""
    st = make(3)
    cid = card_of(st, 1, 5)
    draw(st, cid)
    slide(st, 2)  # seat 0 uncovers T02: a miss
    for k in range(2, 14):  # the next seats go back over the blank at 1 onto T01 or T02
        came = st.empty
        slide(st, 1)
        slide(st, 0 if came == 2 else 2)
        assert st.misses == k
    assert st.current == cid and st.phase == "search" and st.misses == 13
    assert st.active == st.to_move == 13 % 3 and st.search == (1, 5, "card")
    assert st.discard == [] and st.hands == [[], [], []]
    assert "card_buried" not in kinds(st)
    st.check_invariants()


@pytest.mark.rules("ramses:6.4")
def test_a_search_goes_on_past_three_hundred_slides():
    """The seed: "No treasure: Then the player slides another pyramid" (no limit):
    301 slides over blanks, and the same seat is still searching."""
    st = make(2)
    draw(st, card_of(st, 1, 5))
    for _ in range(150):
        slide(st, 9)
        slide(st, 1)
    slide(st, 9)
    assert st.phase == "search" and st.slides == 301 and st.to_move == 0
    assert st.empty == 9 and st.misses == 0 and "miss" not in kinds(st)


@pytest.mark.rules("ramses:6.4", "ramses:6.5")
def test_the_old_limits_are_options():
    """Options restore the old anti-stall limits (ours, not the seed's): the 300th slide
    over blanks is a miss, and the 12th miss in a row buries the card."""
    st = make(2, max_slides_per_search=300)
    draw(st, card_of(st, 1, 5))
    for _ in range(150):
        slide(st, 9)
        slide(st, 1)
    miss = [e for e in st.events if e.kind == "miss"]
    assert len(miss) == 1 and miss[0].data["stalled"] and st.to_move == 1
    st = make(3, max_misses_per_card=12)
    cid = card_of(st, 1, 5)
    draw(st, cid)
    slide(st, 2)
    for _ in range(11):
        came = st.empty
        slide(st, 1)
        slide(st, 0 if came == 2 else 2)
    assert st.current == -1 and st.discard == [cid] and st.phase == "draw"
    assert kinds(st).count("card_buried") == 1 and st.active == 12 % 3


@pytest.mark.rules("ramses:9")
def test_the_step_limit_ends_the_game_with_the_points_as_they_stand():
    """Engine guard, not a rule of the seed: after ``step_limit`` steps the game ends
    (the default, 200 000, is out of any person's reach)."""
    st = make(2, step_limit=5)
    draw(st, card_of(st, 1, 5))
    for p in (9, 1, 9, 1):
        slide(st, p)
    assert st.is_terminal() and st.end_reason == "step_limit" and len(st.history) == 5
    assert st.scores() == [0.0, 0.0] and st.winners() == [0, 1]
    assert kinds(st)[-1] == "game_over"
    assert GAME.capabilities.max_steps == GAME.make_options(None).step_limit == 200_000


@pytest.mark.rules("ramses:6.5")
def test_heuristic_bots_end_a_game_without_burial():
    """The seed's unlimited misses: bots of the default level miss one card many times
    (here 94 in a row) but the game still ends by the rules."""
    st = play_match(GAME, ["heuristic", "heuristic"], 0)
    misses = max((e.data["misses"] for e in st.events if e.kind == "search_started"), default=0)
    assert st.is_terminal() and st.end_reason in ("end_card", "all_eliminated")
    assert misses > 12 and "card_buried" not in kinds(st)


@pytest.mark.rules("ramses:6.5")
def test_a_record_saved_before_the_change_replays_with_the_old_limits():
    """A record stores every option it was played with: one made with the old defaults
    (12 misses, 300 slides) and without ``step_limit`` replays with burial."""
    old = {"max_misses_per_card": 12, "max_slides_per_search": 300}
    st = play_match(GAME, ["heuristic", "heuristic"], 0, old)
    assert "card_buried" in kinds(st)
    data = Record.from_state(st).to_json()
    del data["options"]["step_limit"]  # the option did not exist then
    assert data["options"]["max_misses_per_card"] == 12
    again = replay(Record.from_json(data))
    assert again.is_terminal() and kinds(again) == kinds(st)
    assert again.scores() == st.scores() and again.options.max_misses_per_card == 12
