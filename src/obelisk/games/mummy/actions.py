"""The actions of Fluch der Mumie (mummy:14 engine API), with the text a person types."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from obelisk.core import Action

from .components import label


@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Resolve the set-aside mummy dice before the first roll (mummy:7.1), or decline."""

    kind: ClassVar[str] = "resolve"
    yes: bool


@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """Roll again every die that does not show the mummy (mummy:7.2)."""

    kind: ClassVar[str] = "reroll"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Choose a rolled face and announce it: ``1``-``4`` or ``arrow`` (mummy:7.2, 7.3)."""

    kind: ClassVar[str] = "choose"
    face: str


@dataclass(frozen=True, slots=True)
class Lost(Action):
    """Announce that all five dice show the mummy: the turn is lost (mummy:11.1)."""

    kind: ClassVar[str] = "lost"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Walk the announced number to the field (row, col) (mummy:8.1).

    Its text names the field by the labels of the maze drawing (``move E10`` for row 9,
    column 4); the state also reads ``move 9 4``, the row and column counted from 0."""

    kind: ClassVar[str] = "move"
    row: int
    col: int

    def text(self) -> str:
        return f"move {label(self.row, self.col)}"


@dataclass(frozen=True, slots=True)
class Arrow(Action):
    """Slide straight in a direction N, E, S or W (mummy:8.2)."""

    kind: ClassVar[str] = "arrow"
    direction: str


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play the task card of the field you stopped on, or keep it (only when card play
    is optional, option ``card_play_mandatory=false``; mummy:7.4)."""

    kind: ClassVar[str] = "play"
    yes: bool


@dataclass(frozen=True, slots=True)
class Step(Action):
    """The mummy steps one field in a direction N, E, S or W (mummy:9)."""

    kind: ClassVar[str] = "step"
    direction: str


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """The mummy ends her move early (only with ``mummy_may_stop_early=true``; mummy:9)."""

    kind: ClassVar[str] = "stop"


ACTION_TYPES = (Resolve, Reroll, Choose, Lost, Move, Arrow, Play, Step, Stop)
