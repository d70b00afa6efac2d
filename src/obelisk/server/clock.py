"""Real-time games: turning wall time into the game's own ``Tick`` system action.

The rules never read a clock; the server measures wall time and feeds it in.
The game declares its tick action (``Capabilities.tick``: the system action
class and the field that receives the seconds since the last tick); the
server never imports a game.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from obelisk.core import Action, Game

#: Option names a real-time game may use to choose wall-clock play (set when the room is made).
REALTIME_OPTION_NAMES = ("mode", "clock_mode", "clock", "realtime", "real_time")


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
    clock (people) names the switch with one of :data:`REALTIME_OPTION_NAMES`:
    a bool is set true; a string is set to its ``real…`` choice if the type
    names one (``Literal["simulated", "realtime"]``), else to ``"realtime"``.
    """
    if not game.capabilities.realtime_clock or not dataclasses.is_dataclass(game.Options):
        return values
    hints = typing.get_type_hints(game.Options)
    out = dict(values)
    for f in dataclasses.fields(game.Options):
        if f.name not in REALTIME_OPTION_NAMES or f.name in values:
            continue
        hint = hints.get(f.name)
        if hint is bool:
            out[f.name] = True
        elif typing.get_origin(hint) is typing.Literal:
            choices = [c for c in typing.get_args(hint) if isinstance(c, str)]
            real = [
                c for c in choices if c.lower().replace("-", "").replace("_", "").startswith("real")
            ]
            if real:
                out[f.name] = real[0]
        elif hint is str:
            out[f.name] = "realtime"
        break
    return out
