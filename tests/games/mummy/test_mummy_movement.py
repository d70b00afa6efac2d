"""Explorer movement (mummy:8): the move test vectors of mummy:16 and the bad inputs."""

from __future__ import annotations

import pytest
from mummy_helpers import arrows, cell, dests, new, place, start_turn

from obelisk.games.mummy.actions import Arrow, Choose, Move
from rulebook import refuses

S, V = (10, 4), (10, 9)


def at(me, other=S, mummy=(10, 5), **opts):
    """Figure 0 on ``me``, figure 1 on ``other``, the mummy on ``mummy``; moves computed."""
    s = new(3, **opts)
    place(s, {0: me, 1: other}, mummy)
    s.fig = 0
    s._compute_moves()
    return s


VECTORS = [
    (S, S, 1, {(9, 4)}),
    (S, S, 2, {(9, 3)}),
    (S, S, 3, {(8, 3), (9, 2), (9, 4)}),
    (S, S, 4, {(7, 3), (8, 2), (9, 1), (9, 3)}),
    (V, S, 1, {(10, 8), (10, 10)}),
    (V, S, 2, {(9, 10), (10, 7)}),
    (V, S, 3, {(8, 10), (9, 7), (9, 9), (10, 6), (10, 8), (10, 10)}),
    ((10, 8), S, 2, {(9, 7), (10, 6), (10, 8), (10, 10)}),
    ((9, 3), (9, 2), 1, {(8, 3), (9, 4)}),
    ((9, 3), (9, 2), 2, {(7, 3), (8, 2), (9, 1), (9, 3)}),
]


@pytest.mark.rules("mummy:8.1")
@pytest.mark.parametrize(("me", "other", "k", "expected"), VECTORS)
def test_number_vectors(me, other, k, expected):
    """mummy:16 move test vectors for numbers (walks of exactly k, S/V no destination,
    crossing S, V and other explorers, jumping, returning to the origin)."""
    s = at(me, other)
    assert dests(s, k) == expected


ARROW_VECTORS = [
    (S, S, {"N": (9, 4)}),
    (V, S, {"W": (10, 6), "E": (10, 10)}),
    ((9, 3), (9, 1), {"N": (7, 3), "E": (9, 4), "W": (9, 2)}),
    ((5, 5), S, {"N": (4, 5), "E": (5, 10), "S": (8, 5), "W": (5, 4)}),
]


@pytest.mark.rules("mummy:8.2")
@pytest.mark.parametrize(("me", "other", "expected"), ARROW_VECTORS)
def test_arrow_vectors(me, other, expected):
    """mummy:16 arrow vectors: slide to the last field before wall, mummy, explorer, S, V."""
    s = at(me, other)
    assert arrows(s) == expected


@pytest.mark.rules("mummy:8.2")
def test_arrow_stops_before_mummy_and_never_jumps():
    """Behaviour 12: the arrow cannot jump explorers and stops before the mummy."""
    s = at((5, 5), (5, 8), mummy=(7, 5))
    got = arrows(s)
    assert got["E"] == (5, 7)  # explorer on (5,8)
    assert got["S"] == (6, 5)  # mummy on (7,5)
    s = at((5, 5), (5, 6))
    assert "E" not in arrows(s)  # must move at least one field


@pytest.mark.rules("mummy:8.1")
def test_number_never_crosses_the_mummy():
    """Behaviour 13: the mummy can be neither entered nor crossed."""
    s = at(S, S, mummy=(9, 4))
    assert all(not dests(s, k) for k in (1, 2, 3, 4))
    assert not s.arrows  # immobile on S behind the mummy


@pytest.mark.rules("mummy:8.1")
def test_options_for_crossing_and_returning():
    """allow_cross_start_dungeon=False forbids walking through V; allow_return_to_origin=False
    forbids ending where the walk began."""
    s = at((10, 8), S, allow_cross_start_dungeon=False)
    assert dests(s, 2) == {(9, 7), (10, 6), (10, 8)}
    s = at((10, 8), S, allow_return_to_origin=False)
    assert dests(s, 2) == {(9, 7), (10, 6), (10, 10)}


@pytest.mark.rules("mummy:8.1", "mummy:13")
def test_two_player_figures_block_each_other():
    """Behaviour 24: in the 2-player game the second figure blocks destinations and slides."""
    s = new(2)
    place(s, {0: (9, 3), 1: (9, 2)}, (10, 5))
    s.fig = 0
    s._compute_moves()
    assert dests(s, 1) == {(8, 3), (9, 4)}
    assert "W" not in arrows(s)


def _moving(k_face, me=(9, 3), other=S):
    s = new(3)
    place(s, {0: me, 1: other}, (10, 5))
    start_turn(s, 0, roll=["1", "2", "3", "4", "arrow"])
    s.apply(Choose(k_face))
    return s


@pytest.mark.rules("mummy:8.1", "mummy:7.3")
@pytest.mark.parametrize(
    ("face", "me", "target", "words"),
    [
        ("1", (9, 3), (10, 3), "exactly 1"),  # through a wall
        ("1", (9, 4), (10, 4), "start field"),  # ending on S
        ("2", S, (8, 3), "exactly 2"),  # moving 3 on a 2
        ("1", (9, 4), (9, 5), "exactly 1"),  # a field 2 away
    ],
)
def test_bad_moves_name_the_rule_and_change_nothing(face, me, target, words):
    """Bad input raises IllegalAction naming mummy:8.1, and the state is unchanged."""
    s = _moving(face, me)
    msg = refuses(s, Move(*target), "mummy:8.1")
    assert words in msg


@pytest.mark.rules("mummy:8.2", "mummy:8.1")
def test_bad_arrow_and_mixed_faces():
    s = _moving("arrow", (9, 3), (9, 1))
    refuses(s, Arrow("S"), "mummy:8.2")  # wall south of (9,3)
    refuses(s, Move(9, 4), "mummy:8.2")
    s = _moving("2")
    refuses(s, Arrow("N"), "mummy:8.1")


@pytest.mark.rules("mummy:8.1")
def test_move_onto_explorer_mummy_dungeon():
    s = _moving("1", (9, 3), (9, 2))
    for target, words in (((9, 2), "another explorer"),):
        assert words in refuses(s, Move(*target), "mummy:8.1")
    s = _moving("1", (10, 8))
    assert "dungeon" in refuses(s, Move(*V), "mummy:8.1")
    s = new(3)
    place(s, {0: (9, 3), 1: S}, (9, 4))
    start_turn(s, 0, roll=["1", "2", "3", "4", "arrow"])
    s.apply(Choose("1"))
    assert "mummy's field" in refuses(s, Move(9, 4), "mummy:8.1")
    assert cell(s, (9, 3)) == s.pos[0]
