"""Computer players are paced so a person can follow (issue 40, item 9): a move takes at
least ``--bot-delay`` with its thinking counted in, the next moves of the same turn less,
and a room nobody watches is not paced at all."""

from __future__ import annotations

from types import SimpleNamespace

from obelisk.server import bots
from tinycards import Knock, TinyTricks


def _room(watched: bool, delay: float = 0.5) -> SimpleNamespace:
    state = TinyTricks().new_state(2, seed=1)
    return SimpleNamespace(
        _state=state,
        lobby=SimpleNamespace(config=SimpleNamespace(bot_delay=delay)),
        watched=lambda: watched,
    )


def test_the_first_move_of_a_turn_takes_the_whole_delay() -> None:
    room = _room(watched=True)
    assert bots.pace(room, 0) == 0.5  # nobody has moved yet


def test_the_next_move_of_the_same_turn_is_quicker() -> None:
    room = _room(watched=True)
    room._state.apply(Knock())  # seat 1 knocks and is still to move
    assert bots.pace(room, 0) == 0.5 * bots.FOLLOW_UP
    assert bots.pace(room, 1) == 0.5


def test_nobody_watching_means_no_pacing() -> None:
    assert bots.pace(_room(watched=False), 0) == 0.0
    assert bots.pace(_room(watched=True, delay=0.0), 0) == 0.0
