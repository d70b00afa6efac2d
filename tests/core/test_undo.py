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


# -- the seven tries of issue 38, one scenario per game ------------------------------------
def reach(name: str, players: int, seed: int, kind: str, turns: int = 400):
    """A state of game ``name`` where an action of ``kind`` is legal, reached by a fixed
    random playout (the same every run), and that action."""
    import random

    from obelisk.core import get_game

    for attempt in range(seed, seed + 20):
        rng = random.Random(attempt)
        s = get_game(name).new_state(players, attempt)
        for _ in range(turns):
            if s.is_terminal():
                break
            found = [a for a in s.legal_actions() if a.kind == kind]
            if found:
                return s, found[0]
            s.apply(rng.choice(s.legal_actions()))
    raise AssertionError(f"no {kind} reached")


NAMES = ["Ann", "Bob", "Cleo"]


@pytest.mark.rules("sobek:6.1")
def test_sobek_a_take_that_passed_the_turn_is_taken_back_until_the_next_seat_acts():
    s, take = reach("sobek", 3, 5, "take")
    me = s.current_player
    before = views(s)
    s.apply(take)
    assert s.current_player != me and s.undoable(me) == 1 and s.undo_refusal(me) is None
    back = undo(s, me)
    assert views(back) == before and back.current_player == me
    nxt = s.current_player
    s.apply(s.legal_actions()[0])
    assert s.undoable(me) == 0
    assert s.undo_refusal(me, NAMES) == f"{NAMES[nxt]} has played since."


@pytest.mark.rules("sobek:6.2")
def test_sobek_a_played_character_is_face_up_and_stays_played():
    s, play = reach("sobek", 3, 0, "play")
    me = s.current_player
    s.apply(play)
    assert s.undoable(me) == 0
    assert "showed something that was hidden" in s.undo_refusal(me, NAMES)


@pytest.mark.rules("sobek:6.3")
def test_sobek_opening_a_set_is_taken_back_but_not_a_card_laid_face_up():
    s, new = reach("sobek", 3, 3, "new")
    me = s.current_player
    s.apply(new)
    assert s.undoable(me) == 1
    assert undo(s, me).current_player == me
    s.apply(next(a for a in s.legal_actions() if a.kind == "add"))
    assert s.undoable(me) == 0
    assert "face up" in s.undo_refusal(me)


@pytest.mark.rules("abu_simbel:10.1")
def test_abu_simbel_a_way_in_move_is_judged_at_once_and_stands():
    from obelisk.core import get_game

    s = get_game("abu_simbel").new_state(3, 5)
    me = s.current_player
    s.apply(s.legal_actions()[0])
    assert s.undoable(me) == 0
    assert "a move judged" in s.undo_refusal(me)


def test_the_mummy_says_undo_is_switched_off_not_nothing_this_turn():
    from obelisk.core import get_game

    s = get_game("mummy").new_state(2, 5)
    me = s.current_player
    s.apply(s.legal_actions()[0])
    assert s.undo_refusal(me).startswith("Undo is switched off in Fluch der Mumie")
    assert s.undo_refusal(me).endswith("its rules keep every move.")


@pytest.mark.rules("ramses:6.4")
def test_ramses_a_drawn_card_is_chance_and_is_never_taken_back():
    from obelisk.core import get_game

    s = get_game("ramses").new_state(3, 5)
    me = s.current_player
    s.apply(s.legal_actions()[0])  # draw
    assert s.undoable(me) == 0
    assert "drew a card" in s.undo_refusal(me)


def test_khufu_a_chosen_piece_is_given_back_until_the_next_player_chooses():
    from obelisk.core import get_game

    s = get_game("khufu").new_state(3, 5)
    me = s.current_player
    s.apply(s.legal_actions()[0])
    assert s.undoable(me) == 1 and s.undo_refusal(me) is None
    nxt = s.current_player
    s.apply(s.legal_actions()[0])
    assert s.undo_refusal(me, NAMES) == f"{NAMES[nxt]} has played since."


def test_nothing_yet_to_take_back():
    s = fresh()
    assert s.undo_refusal(0) == "You have made no decision yet to take back."
