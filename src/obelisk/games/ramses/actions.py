"""The actions of Ramses II (ramses:7.6, ramses:13). Treasures are 1..12, seats 0-based.

Text forms are what a person types: ``draw``, ``slide up``, ``gift T03``,
``risk T03 T07``, ``poker T03 seat 2``, ``give #17``, ``give #17 to seat 3``,
``place T03 17``. Seat numbers in text are 1-based, like everywhere on screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from obelisk.core import Action

from .components import tid


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Turn over the top card of the lowest stack in play (ramses:6.2)."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Slide(Action):
    """Slide the pyramid on board place ``place`` into the empty place (ramses:6.4).

    ``dir`` is where that pyramid moves on the searcher's own screen (``up``,
    ``left``, …, ``up-left`` with diagonal slides), so a person types ``slide up``
    and never needs the box's fixed coordinates (ramses:3.3, ramses:11.3).
    """

    kind: ClassVar[str] = "slide"
    place: int
    dir: str

    def text(self) -> str:
        return f"slide {self.dir}"


@dataclass(frozen=True, slots=True)
class GiftDeclare(Action):
    """Name the treasure to look for with a Gift card (ramses:7.2)."""

    kind: ClassVar[str] = "gift"
    treasure: int

    def text(self) -> str:
        return f"gift {tid(self.treasure)}"


@dataclass(frozen=True, slots=True)
class RiskDeclare(Action):
    """Name two different hidden treasures, to find in this order (ramses:7.3)."""

    kind: ClassVar[str] = "risk"
    first: int
    second: int

    def text(self) -> str:
        return f"risk {tid(self.first)} {tid(self.second)}"


@dataclass(frozen=True, slots=True)
class PokerDeclare(Action):
    """Name a treasure and the opponent who must find it (ramses:7.5)."""

    kind: ClassVar[str] = "poker"
    treasure: int
    opponent: int

    def text(self) -> str:
        return f"poker {tid(self.treasure)} seat {self.opponent + 1}"


@dataclass(frozen=True, slots=True)
class GiveCard(Action):
    """Give one of your own cards away (ramses:7.2, 7.3, 7.4).

    ``to`` is chosen only for the Risk penalty; elsewhere it is None (the rules
    fix the recipient).
    """

    kind: ClassVar[str] = "give"
    card: int
    to: int | None = None

    def text(self) -> str:
        return f"give #{self.card}" + ("" if self.to is None else f" to seat {self.to + 1}")


@dataclass(frozen=True, slots=True)
class PlaceTreasure(Action):
    """Hide a treasure token on a board place (setup_mode players_place, ramses:4.2)."""

    kind: ClassVar[str] = "place"
    treasure: int
    place: int

    def text(self) -> str:
        return f"place {tid(self.treasure)} {self.place}"


ACTION_TYPES = (Draw, Slide, GiftDeclare, RiskDeclare, PokerDeclare, GiveCard, PlaceTreasure)


def _fast_reduce(self: Action) -> tuple[object, tuple[object, ...]]:
    """Pickle as (class, field values): far cheaper than the dataclass default, and the
    conformance suite pickles every action of a game's history at every step."""
    names: tuple[str, ...] = type(self).__slots__
    return (type(self), tuple(getattr(self, f) for f in names))


for _cls in ACTION_TYPES:
    _cls.__reduce__ = _fast_reduce  # type: ignore[method-assign,assignment]
