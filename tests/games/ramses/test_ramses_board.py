"""Board, components, coordinates, views and slides (ramses:2, ramses:3; edge cases G-1..G-6)."""

from __future__ import annotations

import pytest

from games.ramses.ramses_helpers import GAME, card_of, draw, empty_stack, make, slide
from obelisk.games.ramses.actions import Slide
from obelisk.games.ramses.components import (
    BLOCK,
    BLOCK_PLACES,
    COLS,
    NEIGHBOURS,
    PLACES,
    ROWS,
    TREASURE_NAMES,
    block_of,
    from_screen,
    load_deck,
    place_of,
    screen_shape,
    to_screen,
)
from rulebook import refuses


@pytest.mark.rules("ramses:2.1", "ramses:3.1")
def test_board_is_six_by_eight_in_twelve_blocks():
    assert (ROWS, COLS, PLACES) == (6, 8, 48)
    assert place_of(5, 7) == 47 and block_of(place_of(5, 7)) == 11
    assert all(len(BLOCK_PLACES[b]) == 4 for b in range(12))
    # block b covers rows 2*(b//4).. and columns 2*(b%4)..
    assert BLOCK_PLACES[6] == (place_of(2, 4), place_of(2, 5), place_of(3, 4), place_of(3, 5))
    assert sorted(BLOCK) == sorted(list(range(12)) * 4)


@pytest.mark.rules("ramses:2.2", "ramses:2.3", "ramses:4.3")
def test_tokens_and_pyramids_counts():
    st = GAME.new_state(3, 5)
    assert sum(1 for t in st.tokens if t) == 12 and st.tokens.count(0) == 36
    assert st.pyr.count(-1) == 1
    assert st.colours.count("G") == 16 and st.colours.count("R") == 16
    assert st.colours.count("B") == 15
    st.check_invariants()


@pytest.mark.rules("ramses:2.4")
def test_treasure_names_are_display_data():
    assert TREASURE_NAMES[0] == "Parrot" and TREASURE_NAMES[7] == "Stone Duck"
    st = make(3, treasure_names=tuple(f"N{i}" for i in range(12)))
    assert st.token_names["T03"] == "T03 N2"


@pytest.mark.rules("ramses:2.5")
def test_deck_table_has_48_cards_in_three_stacks():
    deck = load_deck("standard")
    assert len(deck) == 48
    by_stack = {s: [c for c in deck if c.stack == s] for s in (1, 2, 3)}
    assert [len(by_stack[s]) for s in (1, 2, 3)] == [12, 23, 13]
    assert all(c.value == 1 for c in by_stack[1])
    assert {c.value for c in by_stack[2] if c.kind == "search"} == {2, 3}
    events = [c.kind for c in by_stack[2] if c.kind != "search"]
    assert sorted(events) == sorted(["sandstorm"] * 3 + ["gift", "risk", "mirage", "poker"] * 2)
    assert all(c.value == 4 for c in by_stack[3] if c.kind == "search")
    assert [c.kind for c in by_stack[3]].count("end") == 1
    assert [c.cid for c in deck] == list(range(48))


@pytest.mark.rules("ramses:3.1", "ramses:6.4")
@pytest.mark.parametrize(
    ("empty", "count"),
    [
        (place_of(0, 0), 2),
        (place_of(0, 7), 2),
        (place_of(5, 0), 2),
        (place_of(5, 7), 2),
        (place_of(0, 3), 3),
        (place_of(3, 0), 3),
        (place_of(5, 4), 3),
        (place_of(2, 7), 3),
        (place_of(3, 3), 4),
    ],
)
def test_g1_slides_at_corners_edges_and_inside(empty, count):
    """G-1: 2 legal slides at a corner, 3 on an edge, 4 inside."""
    st = make(3, empty=place_of(1, 1))
    st.tokens = (0,) * 48  # only blanks: any empty place will do
    st.pyr[st.empty], st.pyr[empty] = st.pyr[empty], -1
    st.empty = empty
    draw(st, card_of(st, 1, 1))
    assert len(st.legal_actions()) == count
    assert len(NEIGHBOURS[empty]) == count


@pytest.mark.rules("ramses:6.4", "ramses:3.1")
def test_diagonal_slides_are_an_option():
    st = make(3, empty=place_of(1, 1), allow_diagonal_slides=True)
    draw(st, card_of(st, 1, 1))
    assert len(st.legal_actions()) == 8
    assert {a.dir for a in st.legal_actions()} >= {"up-left", "down-right"}


@pytest.mark.rules("ramses:6.4", "ramses:3.1")
@pytest.mark.parametrize(
    "bad",
    [
        Slide(place_of(2, 2), "up-left"),
        Slide(place_of(3, 1), "up"),
        Slide(place_of(1, 1), "up"),
        Slide(99, "up"),
        Slide(-1, "up"),
    ],
)
def test_g2_bad_slides_are_rejected_and_change_nothing(bad):
    """G-2: a diagonal, non-adjacent, the empty place itself, out of range -> IllegalAction."""
    st = make(3, empty=place_of(1, 1))
    draw(st, card_of(st, 1, 5))
    rule = "ramses:3.1" if not 0 <= bad.place < 48 else "ramses:6.4"
    refuses(st, bad, rule)


@pytest.mark.rules("ramses:6.4")
def test_slide_with_wrong_screen_direction_is_rejected():
    st = make(3, empty=place_of(1, 1))
    draw(st, card_of(st, 1, 5))
    good = next(a for a in st.legal_actions() if a.place == place_of(2, 1))
    refuses(st, Slide(good.place, "left"), "ramses:3.3")


@pytest.mark.rules("ramses:6.4")
def test_g3_slide_moves_the_pyramid_and_reveals_the_source():
    """G-3: the pyramid (id and colour) moves to the old empty; the source is the new empty."""
    st = make(3, empty=place_of(1, 1))
    draw(st, card_of(st, 1, 5))
    src = place_of(2, 1)
    pid, colour = st.pyr[src], st.colours[st.pyr[src]]
    slide(st, src)
    assert st.pyr[place_of(1, 1)] == pid and st.colours[st.pyr[place_of(1, 1)]] == colour
    assert st.empty == src and st.pyr[src] == -1
    ev = [e for e in st.events if e.kind == "action"][-1]
    assert ev.data["token"] == "blank" and ev.data["action"]["place"] == src


@pytest.mark.rules("ramses:6.4")
def test_g4_sliding_straight_back_is_legal_and_reveals_again():
    """G-4: the same pyramid back: legal, the earlier place shows again."""
    st = make(3, empty=place_of(1, 1))
    draw(st, card_of(st, 1, 5))
    slide(st, place_of(2, 1))
    slide(st, place_of(1, 1))
    assert st.empty == place_of(1, 1) and st.phase == "search"
    reveals = [e.data["action"]["place"] for e in st.events if "token" in e.data]
    assert reveals[-2:] == [place_of(2, 1), place_of(1, 1)]


@pytest.mark.rules("ramses:3.3")
@pytest.mark.parametrize("turns", [0, 1, 2, 3])
def test_g5_view_maps_round_trip(turns):
    """G-5: inverse(view(p)) == p for all 48 places; odd turns give an 8 x 6 screen."""
    rows, cols = screen_shape(turns)
    assert (rows, cols) == ((8, 6) if turns % 2 else (6, 8))
    seen = set()
    for p in range(PLACES):
        sr, sc = to_screen(p, turns)
        assert 0 <= sr < rows and 0 <= sc < cols
        assert from_screen(sr, sc, turns) == p
        seen.add((sr, sc))
    assert len(seen) == 48


@pytest.mark.rules("ramses:3.3")
def test_view_table_values():
    r, c = 1, 2
    p = place_of(r, c)
    assert to_screen(p, 1) == (c, 5 - r)
    assert to_screen(p, 2) == (5 - r, 7 - c)
    assert to_screen(p, 3) == (7 - c, r)


@pytest.mark.rules("ramses:3.2")
def test_g6_four_quarter_turns_and_nothing_moves():
    """G-6: four 90 degree turns bring o back to 0; a turn moves no token, pyramid or empty."""
    st = make(3)
    before = (st.tokens, list(st.pyr), st.empty)
    for k in range(4):
        st._rotate(1)
        assert st.orient == (k + 1) % 4
        assert (st.tokens, st.pyr, st.empty) == before


@pytest.mark.rules("ramses:3.2", "ramses:10.4")
def test_ccw_rotation_option():
    """A stack-2 find turns the box counter-clockwise: o <- o + 3, emitted as -90."""
    st = make(3, rotation_direction="ccw")
    empty_stack(st, 1)
    draw(st, card_of(st, 2, 2))
    slide(st, 2)  # T02 lies right of the empty place
    assert st.orient == 3
    rot = [e for e in st.events if e.kind == "rotated"][-1]
    assert rot.data["quarter"] == -1


@pytest.mark.rules("ramses:3.4")
def test_seat_views_turn_each_seat_differently():
    st = make(4, seat_views=True)
    assert [st.turns_for(s) for s in range(4)] == [0, 3, 2, 1]
    st._rotate(1)
    assert [st.turns_for(s) for s in range(4)] == [1, 0, 3, 2]
    obs = [st.observation(s) for s in range(4)]
    assert len(obs[0]["grid"]) == 8 and len(obs[1]["grid"]) == 6
    # every seat's empty cell is where its own view map puts it
    for s in range(4):
        e = obs[s]["empty"]
        assert from_screen(e["row"], e["col"], st.turns_for(s)) == st.empty
    # without seat_views everyone shares the screen turned by o
    st2 = make(4)
    st2._rotate(1)
    assert {st2.turns_for(s) for s in range(4)} == {1}


@pytest.mark.rules("ramses:3.4")
def test_default_sides_for_five_players():
    st = make(5, seat_views=True)
    assert st.sides == (0, 1, 2, 3, 3)
    st = make(2, seat_views=True)
    assert st.sides == (0, 2)


@pytest.mark.rules("ramses:3.5", "ramses:10.3")
def test_landmarks_turn_with_the_box_and_professional_hides_them():
    st = make(3)
    text0 = st.to_text(0)
    assert "N (box north)" in text0.splitlines()[1] and "card tray" in text0
    st._rotate(2)
    lines = st.to_text(0).splitlines()
    assert "card tray" in lines[1] and any("N (box north)" in x for x in lines[-12:])
    pro = make(3, professional=True)
    text = pro.to_text(0)
    assert "N (box north)" not in text and "tray" not in text and "+=" in text
