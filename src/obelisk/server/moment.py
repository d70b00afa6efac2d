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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from obelisk.core import Action, TurnContext
from obelisk.core.turn import TurnTally

if TYPE_CHECKING:
    from obelisk.core import State

JSON = Any


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
            turn = self._tally.turn(pos.history, pos.current_player)
            ctx = TurnContext.of(pos, paused_by=paused_by, turn=turn).to_json()
            self._ctx[paused_by] = ctx
        return ctx

    def seat(self, key: Any, make: Callable[[], Any]) -> Any:
        """What ``make`` computes for a reader, once for this position: ``key`` names the
        seat, the language and what else the value depends on (the room keeps a reader's
        whole view, its observation, choices in words and undo flag, under
        ``(seat, language, status)``)."""
        try:
            return self._seats[key]
        except KeyError:
            value = self._seats[key] = make()
            return value
