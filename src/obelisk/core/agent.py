"""The agent protocol, and the one view of a game an agent is given.

An agent decides for one seat from a :class:`PlayerView`: that seat's
observation, its redacted events, its legal actions, and ``determinize`` for
search. It never receives the state itself, so it cannot read what its seat
may not know.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .actions import Action

if TYPE_CHECKING:
    from .game import Game, State


class PlayerView:
    """What one seat may use to decide. Wraps a state; exposes only the seat's view."""

    __slots__ = ("__state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self.__state = state
        self.seat = seat

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.__state.game

    @property
    def num_players(self) -> int:
        """How many seats the game has."""
        return self.__state.num_players

    @property
    def options(self) -> Any:
        """The game's options (public)."""
        return self.__state.options

    @property
    def step(self) -> int:
        """How many events this seat has seen so far: grows as the game goes on, drops
        after a take-back. (Not the number of actions, which would count secret moves.)"""
        return self.__state.seen_count(self.seat)

    def observation(self) -> dict[str, Any]:
        """The seat's observation."""
        return self.__state.observation(self.seat)

    def events(self, start: int = 0) -> list[dict[str, Any]]:
        """The events the seat saw, as JSON, from its ``start``-th one (counted among the
        events this seat sees, so an agent can page through its own history).

        The dicts are shared with later reads: an agent may keep and compare them, but
        must not modify them."""
        return self.__state.seen_events_for(self.seat, start)

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions (empty if it is not the seat's turn)."""
        if self.__state.current_player != self.seat:
            return []
        return self.__state.legal_actions()

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with what the seat knows, hidden parts re-drawn."""
        return self.__state.determinize(self.seat, rng)


@runtime_checkable
class Agent(Protocol):
    """A player: ``act`` returns one of ``view.legal_actions()``."""

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Choose an action for ``view.seat``."""
        ...
