"""Real-time games: turning wall time into the game's own ``Tick`` system action.

The rules never read a clock; the server measures wall time and feeds it in.
The tick action is found through the game (``capabilities.system_actions``
and ``action_types``), never by importing a game: it is the system action
with one numeric field, which receives the seconds since the last tick.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from obelisk.core import Action, Game, spec_of


class Ticker:
    """Makes tick actions for one game; integer ticks carry the fraction over."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.cls, self.field, self.integer = _tick_type(game)
        self._carry = 0.0

    def make(self, seconds: float) -> Action | None:
        """The tick for ``seconds`` of game time (None when less than one whole unit is due)."""
        if self.integer:
            total = seconds + self._carry
            whole = int(total)
            self._carry = total - whole
            if whole <= 0:
                return None
            tick: Action = self.cls(**{self.field: whole})
            return tick
        tick = self.cls(**{self.field: round(seconds, 3)})
        return tick


def has_clock(game: Game) -> bool:
    """Whether the server must feed this game wall time."""
    if not game.capabilities.realtime_clock:
        return False
    try:
        _tick_type(game)
    except LookupError:
        return False
    return True


def _tick_type(game: Game) -> tuple[type[Action], str, bool]:
    system = set(game.capabilities.system_actions)
    for cls in game.action_types:
        if cls.kind not in system or not dataclasses.is_dataclass(cls):
            continue
        hints = typing.get_type_hints(cls)
        fields = [f.name for f in dataclasses.fields(cls)]
        if len(fields) == 1 and hints.get(fields[0]) in (int, float):
            return cls, fields[0], hints[fields[0]] is int
    raise LookupError(f"{game.title} declares a real-time clock but no tick action with seconds")


def realtime_options(game: Game, values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with the game's real-time switch turned on, unless the creator set it.

    A game that plays both with a simulated clock (bots, simulator) and a wall
    clock (people) marks the switch in its Options: ``option(..., realtime=VALUE)``,
    where VALUE is the switch's value that means the wall clock (``True``, ``"realtime"``).
    """
    if not game.capabilities.realtime_clock or not dataclasses.is_dataclass(game.Options):
        return values
    out = dict(values)
    for f in dataclasses.fields(game.Options):
        spec = spec_of(f)
        if spec.is_realtime_switch and f.name not in values:
            out[f.name] = spec.realtime
    return out
