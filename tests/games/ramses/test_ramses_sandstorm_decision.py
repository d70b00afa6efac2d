"""After a Sandstorm the same seat draws again: a new decision, though the choice is the same.

The server numbers each seat's decisions (``decision`` in its state messages; the web app
uses it to know that a new decision began). It counts one whenever the seat to move or
its legal actions change, and after every step a seat played (``Room._track_decision``).
After a Sandstorm (ramses:7.1) the actor draws again from the same choice, ``draw``, so
only the step played tells a new decision: the engine's part and the server's count are
checked here.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from games.ramses.ramses_helpers import card_of, draw, empty_stack, make
from obelisk.server.moment import Moment
from obelisk.server.room import Room


def _sandstorm(st: Any) -> None:
    empty_stack(st, 1)
    draw(st, card_of(st, 2, kind="sandstorm"))


@pytest.mark.rules("ramses:7.1")
def test_after_a_sandstorm_the_same_seat_faces_the_same_choice_again() -> None:
    """What the server's count must cope with: same seat, same legal actions, one more
    step of that seat in the history (and a turned box in its observation)."""
    st = make(3)
    before = (st.current_player, [a.to_json() for a in st.legal_actions()])
    steps, seen = len(st.history), st.observation(0)
    _sandstorm(st)
    assert (st.current_player, [a.to_json() for a in st.legal_actions()]) == before
    assert len(st.history) == steps + 1 and st.history[-1].seat == 0
    assert st.observation(0)["orientation"] != seen["orientation"]


def _counted(st: Any) -> Any:
    """The server's decision count over ``st`` (a room without a lobby: only the counter)."""
    room: Any = SimpleNamespace(_state=st, decisions=[0] * st.num_players, _offered=None)
    moment = Moment()
    room._now = lambda: moment.at(room._state)
    Room._track_decision(room)
    return room


@pytest.mark.rules("ramses:7.1")
def test_the_server_counts_a_new_decision_when_the_actor_draws_again() -> None:
    st = make(3)
    room = _counted(st)
    first = room.decisions[0]
    _sandstorm(st)
    Room._track_decision(room)
    assert room.decisions[0] == first + 1
