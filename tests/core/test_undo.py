"""The undo policy: a seat takes back its own decisions of this turn, never across
chance, a reveal, a clock event or another seat's decision."""

from __future__ import annotations

import pytest

from obelisk.core import UndoError, undo
from obelisk.core.conformance import views
from tinycards import TINY, Knock, Play


def fresh():
    return TINY.new_state(2, 0, forced=[[1, 2, 3], [4, 5, 6]])


def test_a_decision_without_chance_can_be_taken_back():
    s = fresh()
    before = views(s)
    s.apply(Knock())
    assert s.current_player == 0 and s.undoable(0) == 1
    back = undo(s, 0)
    assert views(back) == before
    assert back.current_player == 0 and back.legal_actions()[-1] == Knock()


def test_never_across_a_chance_outcome():
    s = fresh()
    s.chance.force(9)
    s.apply(Play(3))  # draws a card
    assert s.undoable(0) == 0
    with pytest.raises(UndoError, match="0 step"):
        undo(s, 0)


def test_never_across_another_seats_decision():
    s = fresh()
    s.apply(Knock())
    s.chance.force(9)
    s.apply(Play(3))
    s.apply(Knock())
    assert s.undoable(0) == 0
    assert s.undoable(1) == 1


def test_never_a_determinized_copy():
    import random

    s = fresh()
    s.apply(Knock())
    assert s.determinize(0, random.Random(1)).undoable(0) == 0


def test_undo_keeps_the_future_chance_identical():
    """After a take-back, the same moves give the same draws (replay is exact)."""
    s = fresh()
    s.apply(Knock())
    back = undo(s, 0)
    back.apply(Play(3))
    s2 = fresh()
    s2.apply(Play(3))
    assert back.hands == s2.hands
