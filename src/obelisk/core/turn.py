"""The turn context: whose decision it is, the game's clock and the outcome, from the core.

Faces never work out whose turn it is from an observation: they read a
:class:`TurnContext` (boardgame.io's ``ctx``), built here from the state through the
core protocol only (``current_player``, ``history``, ``is_terminal``, the game's
:meth:`~obelisk.core.Game.clock` hook). It holds public information only, so it is the
same for every reader.

    >>> from obelisk.core import get_game
    >>> state = get_game("sobek").new_state(2, seed=1)
    >>> ctx = TurnContext.of(state)
    >>> ctx.to_move, ctx.chance, ctx.turn, ctx.outcome
    (0, False, 0, None)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .actions import Action

JSON = Any


class State(Protocol):
    """What a turn context reads of a position: ``core.game.State``, named here by its
    shape so that this module and ``core.game`` do not import each other."""

    @property
    def game(self) -> Any: ...

    @property
    def num_players(self) -> int: ...

    @property
    def history(self) -> Sequence[Any]: ...

    @property
    def current_player(self) -> int: ...

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[float]: ...

    def returns(self) -> list[float]: ...

    def winners(self) -> list[int]: ...


#: ``current_player`` of a state that waits for a chance outcome from outside the engine
#: (a die read off a physical box): nobody's decision, chance's.
CHANCE = -3
#: ``SYSTEM`` and ``TERMINAL`` of ``core.game`` (a clock tick's seat; nobody's, at the end),
#: repeated so that this module imports nothing at run time; a test checks they agree.
_SYSTEM = -2
_TERMINAL = -1


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a finished game ended: final scores, outcomes and winning seats (one value).

    ``returns`` are 1 for a win and 0 for a loss, a win shared on ties (see
    :meth:`State.returns`); ``winners`` are seat indices, empty when nobody wins (Khufu's
    clock ran out). Build it with :meth:`of`; its JSON form is the ``result`` of records
    and the ``game_over`` message.
    """

    scores: tuple[Any, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]

    @classmethod
    def of(cls, state: State) -> Outcome:
        """The outcome of a finished ``state`` (raises ValueError while it is played)."""
        if not state.is_terminal():
            raise ValueError(f"the {state.game.title} game is not over: it has no outcome yet")
        return cls(tuple(state.scores()), tuple(state.returns()), tuple(state.winners()))

    @classmethod
    def from_json(cls, data: JSON) -> Outcome:
        """An outcome from its JSON form (a record's ``result``)."""
        if not isinstance(data, dict):
            raise ValueError(f"an outcome must be an object, not {type(data).__name__}")
        return cls(
            tuple(data.get("scores") or ()),
            tuple(data.get("returns") or ()),
            tuple(data.get("winners") or ()),
        )

    def to_json(self) -> dict[str, JSON]:
        """``{"scores": [...], "returns": [...], "winners": [...]}``, the values as the game
        gave them (records written before this type are byte-identical)."""
        return {
            "scores": list(self.scores),
            "returns": list(self.returns),
            "winners": list(self.winners),
        }

    def __str__(self) -> str:
        if not self.winners:
            return "nobody wins"
        seats = ", ".join(f"seat {w + 1}" for w in self.winners)
        return f"{seats} {'wins' if len(self.winners) == 1 else 'share the win'}"


@dataclasses.dataclass(frozen=True)
class GameClock:
    """A game's clock as everybody may read it.

    ``name`` is what a person calls it ("Khufu's countdown"); ``remaining`` and ``total``
    are seconds; ``running`` is False while it stands still, and ``paused_by`` then says
    why in a few words ("the Ultimate Challenge", or the server's "no player connected").
    """

    name: str
    remaining: float
    running: bool = True
    paused_by: str | None = None
    total: float | None = None

    def paused(self, why: str) -> GameClock:
        """The same clock standing still for ``why`` (a clock already paused keeps its reason)."""
        if not self.running:
            return self
        return dataclasses.replace(self, running=False, paused_by=why)

    def to_json(self) -> dict[str, JSON]:
        """The clock as JSON: ``name``, ``remaining``, ``total``, ``running``, ``paused_by``."""
        return {
            "name": self.name,
            "remaining": self.remaining,
            "total": self.total,
            "running": self.running,
            "paused_by": self.paused_by,
        }

    def words(self) -> str:
        """The clock in words: ``Khufu's countdown: 12:05 left (paused: the Ultimate Challenge)``."""
        m, s = divmod(max(0, int(self.remaining)), 60)
        text = f"{self.name}: {m}:{s:02d} left"
        if not self.running:
            text += f" (paused: {self.paused_by})" if self.paused_by else " (paused)"
        return text


@dataclasses.dataclass(frozen=True)
class ClockTick:
    """A game's declaration of its clock-tick system action: the action class and the field
    that receives the seconds of wall time (``ClockTick(Tick, "seconds")``).

    The server and the terminal make ticks from it; whether the seconds are whole is read
    from the field's type (an ``int`` field gets whole seconds, the fraction carried over).
    """

    action: type[Action]
    field: str = "seconds"

    def make(self, seconds: float | int) -> Action:
        """The tick action for ``seconds``."""
        return self.action(**{self.field: seconds})

    def seconds_of(self, action: Action) -> float:
        """The seconds a tick action carries."""
        return float(getattr(action, self.field))

    def whole_seconds(self) -> bool:
        """Whether the tick carries whole seconds (its field is an ``int``)."""
        import typing

        return typing.get_type_hints(self.action).get(self.field) is int


@dataclasses.dataclass(frozen=True)
class TurnContext:
    """Whose decision it is, the decision counter, the clock and the outcome (public).

    ``to_move`` is the seat whose decision it is, or None when it is nobody's (the game
    is over) or chance's (``chance`` is then True). ``turn`` is the public decision
    counter (boardgame.io's ``turn``): how many times the decision has passed from one
    seat to another. A seat's several decisions in a row count once, so the counter shows
    nothing but the changes of ``to_move`` that everybody sees (never how many hidden
    steps a seat took). ``clock`` is the game's clock, if it has one; ``outcome`` is set
    once the game is over.
    """

    to_move: int | None
    chance: bool
    turn: int
    clock: GameClock | None = None
    outcome: Outcome | None = None

    @classmethod
    def of(
        cls, state: State, *, paused_by: str | None = None, turn: int | None = None
    ) -> TurnContext:
        """The context of ``state``; ``paused_by`` stops its clock for a reason of the caller
        (the server's "no player connected"); ``turn``: :func:`turns_passed` of its history
        when the caller counts it on from step to step (a long game's history is long)."""
        over = state.is_terminal()
        p = state.current_player
        to_move = p if not over and 0 <= p < state.num_players else None
        clock = state.game.clock(state)
        if clock is not None and paused_by and not over:
            clock = clock.paused(paused_by)
        return cls(
            to_move=to_move,
            chance=not over and p == CHANCE,
            turn=turns_passed(state.history, p) if turn is None else turn,
            clock=clock,
            outcome=Outcome.of(state) if over else None,
        )

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.outcome is not None

    def to_json(self) -> dict[str, JSON]:
        """``{"to_move", "chance", "turn", "clock", "outcome"}`` (the ``ctx`` of a state
        message, see ``docs/protocol.md``)."""
        return {
            "to_move": self.to_move,
            "chance": self.chance,
            "turn": self.turn,
            "clock": None if self.clock is None else self.clock.to_json(),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }


def turns_passed(history: Sequence[Any], current: int) -> int:
    """How many times the decision passed from one seat (or chance) to another, given the
    ``history`` of steps and the ``current_player`` now; clock ticks are nobody's decision.
    """
    return TurnTally().turn(history, current)


class TurnTally:
    """The public turn counter (``TurnContext.turn``: how many times the decision passed
    from one seat to another, clock ticks left out), counted over the steps added since
    the last call instead of over the whole history at every message (a game of
    thousands of steps made that the costliest part of the server's ``state`` message)."""

    def __init__(self) -> None:
        self._history: Sequence[Any] | None = None
        self._counted = 0
        self._tail: Any = None
        self._turns = 0
        self._last: int | None = None

    def turn(self, history: Sequence[Any], current: int) -> int:
        """``turns_passed(history, current)``, counted on from the last call."""
        n = len(history)
        if (
            history is not self._history
            or n < self._counted
            or (self._counted and history[self._counted - 1] is not self._tail)
        ):
            # another history, or this one shortened: count again from its start
            self._history, self._counted, self._turns, self._last = history, 0, 0, None
        turns, last = self._turns, self._last
        for i in range(self._counted, n):
            seat = history[i].seat
            if seat == _SYSTEM:
                continue
            if last is not None and seat != last:
                turns += 1
            last = seat
        self._counted, self._turns, self._last = n, turns, last
        self._tail = history[n - 1] if n else None
        if last is not None and current != last and current != _TERMINAL:
            turns += 1
        return turns
