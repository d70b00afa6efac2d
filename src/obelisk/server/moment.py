"""What a room computes once per position, not once per message: the legal actions, the
public turn context, and, for each seat a connected reader holds, its observation, its
choices in words and whether it may take anything back.

A :class:`Moment` belongs to one room; :meth:`Moment.at` hands it the room's position
after every change and it starts afresh when the position is another one (another state,
as after an undo or a rebuild, or more steps in the same one). Everything it keeps is a
function of the position (and of the reader's seat and language where it says so), so a
reply built from it is the reply built from the position itself: the disclosure rule is
:mod:`.disclosure`'s, unchanged. Nothing is computed before a reader asks for it: the
seats of computer players and of people not connected cost nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from obelisk.core import CHANCE, SYSTEM, TERMINAL, Action, Outcome, TurnContext

if TYPE_CHECKING:
    from obelisk.core import State

JSON = Any


class TurnTally:
    """The public turn counter (``TurnContext.turn``: how many times the decision passed
    from one seat to another, clock ticks left out), counted over the steps added since
    the last call instead of over the whole history at every message (a game of
    thousands of steps made that the costliest part of a ``state`` message)."""

    def __init__(self) -> None:
        self._history: Sequence[Any] | None = None
        self._counted = 0
        self._tail: Any = None
        self._turns = 0
        self._last: int | None = None

    def turn(self, history: Sequence[Any], current: int) -> int:
        """``turns_passed(history, current)`` (see :mod:`obelisk.core.turn`)."""
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
            if seat == SYSTEM:
                continue
            if last is not None and seat != last:
                turns += 1
            last = seat
        self._counted, self._turns, self._last = n, turns, last
        self._tail = history[n - 1] if n else None
        if last is not None and current != last and current != TERMINAL:
            turns += 1
        return turns


class Moment:
    """The facts of one room's current position, each computed at its first use."""

    def __init__(self) -> None:
        self._pos: State | None = None
        self._steps = -1
        self._tally = TurnTally()
        self._legal: tuple[Action, ...] | None = None
        self._ctx: dict[str | None, dict[str, JSON]] = {}
        self._seats: dict[Any, Any] = {}

    def at(self, pos: State) -> Moment:
        """This moment for position ``pos``, started afresh if ``pos`` is another one than
        the last one asked about."""
        steps = len(pos.history)
        if pos is not self._pos or steps != self._steps:
            self._pos, self._steps = pos, steps
            self._legal = None
            self._ctx = {}
            self._seats = {}
        return self

    @property
    def pos(self) -> State:
        """The position (set by :meth:`at`)."""
        assert self._pos is not None, "Moment.at() first"
        return self._pos

    def legal(self) -> tuple[Action, ...]:
        """The current player's legal actions (empty when the game is over)."""
        if self._legal is None:
            pos = self.pos
            self._legal = () if pos.is_terminal() else tuple(pos.legal_actions())
        return self._legal

    def context(self, paused_by: str | None = None) -> dict[str, JSON]:
        """The public turn context's JSON form (``TurnContext.of(pos, paused_by=…)``),
        one for every reader; the caller adds the reader's ``your_turn``."""
        ctx = self._ctx.get(paused_by)
        if ctx is None:
            pos = self.pos
            over = pos.is_terminal()
            p = pos.current_player
            clock = pos.game.clock(pos)
            if clock is not None and paused_by and not over:
                clock = clock.paused(paused_by)
            ctx = TurnContext(
                to_move=p if not over and 0 <= p < pos.num_players else None,
                chance=not over and p == CHANCE,
                turn=self._tally.turn(pos.history, p),
                clock=clock,
                outcome=Outcome.of(pos) if over else None,
            ).to_json()
            self._ctx[paused_by] = ctx
        return ctx

    def seat(self, key: Any, make: Callable[[], Any]) -> Any:
        """What ``make`` computes for a reader (``key`` names the seat, the language and
        what is asked: an observation, choices), once for this position."""
        try:
            return self._seats[key]
        except KeyError:
            value = self._seats[key] = make()
            return value
