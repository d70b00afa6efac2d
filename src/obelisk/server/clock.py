"""Real-time games: turning wall time into the game's own ``Tick`` system action.

The rules never read a clock; the server measures wall time and feeds it in.
The game declares its tick action (``Capabilities.tick``: the system action
class and the field that receives the seconds since the last tick); the
server never imports a game.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from obelisk.core import Action, Game, spec_of


class Ticker:
    """Makes tick actions for one game; integer ticks carry the fraction over."""

    def __init__(self, game: Game) -> None:
        self.game = game
        tick = game.capabilities.tick
        if tick is None:
            raise LookupError(f"{game.title} declares no clock tick (Capabilities.tick)")
        self.tick = tick
        self.cls, self.field, self.integer = tick.action, tick.field, tick.whole_seconds()
        self._carry = 0.0

    def make(self, seconds: float) -> Action | None:
        """The tick for ``seconds`` of game time (None when less than one whole unit is due)."""
        if self.integer:
            total = seconds + self._carry
            whole = int(total)
            self._carry = total - whole
            if whole <= 0:
                return None
            return self.tick.make(whole)
        return self.tick.make(round(seconds, 3))


def has_clock(game: Game) -> bool:
    """Whether the server must feed this game wall time: a real-time game that declares
    its tick (``Capabilities.tick``)."""
    return game.capabilities.realtime_clock and game.capabilities.tick is not None


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
