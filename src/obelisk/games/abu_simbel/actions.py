"""Abu Simbel actions (abu_simbel:13). Text forms are what a person types; numbers are 1-based
in text (``deck 2``, ``cover 3``) and 0-based in JSON."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from obelisk.core import Action

from .components import MOVE_TYPED


@dataclass(frozen=True, slots=True)
class EnterMove(Action):
    """Self-entry: the active player enters the move for the current chamber (abu_simbel:10.1)."""

    kind: ClassVar[str] = "move"
    token: str

    def text(self) -> str:
        """What a person types: ``jump``, ``crab 2``, ``stomp 3`` (the token, ``STOMP_x3``,
        is understood too)."""
        return MOVE_TYPED.get(self.token, self.token)


@dataclass(frozen=True, slots=True)
class Verdict(Action):
    """Referee mode: the verdict for chamber ``index`` of the current way (abu_simbel:10.2)."""

    kind: ClassVar[str] = "verdict"
    index: int
    passed: bool

    def text(self) -> str:
        return f"{'ok' if self.passed else 'fail'} {self.index + 1}"


@dataclass(frozen=True, slots=True)
class ConfirmTurnedAway(Action):
    """Referee hotseat: the active player has turned their back (abu_simbel:10.2)."""

    kind: ClassVar[str] = "turned_away"

    def text(self) -> str:
        return "turned away"


@dataclass(frozen=True, slots=True)
class ChooseTreasureDeck(Action):
    """Take the top card of treasure deck ``deck`` (abu_simbel:5.2, 7)."""

    kind: ClassVar[str] = "deck"
    deck: int

    def text(self) -> str:
        return f"deck {self.deck + 1}"


@dataclass(frozen=True, slots=True)
class PlaceCover(Action):
    """The Ultimate Adventure: put your mummy card on route slot ``slot`` (abu_simbel:9.2)."""

    kind: ClassVar[str] = "cover"
    slot: int

    def text(self) -> str:
        return f"cover {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class PassCover(Action):
    """The Ultimate Adventure: don't cover a chamber this time (abu_simbel:9.2)."""

    kind: ClassVar[str] = "no_cover"

    def text(self) -> str:
        return "no cover"


@dataclass(frozen=True, slots=True)
class MoveTimedOut(Action):
    """System action: the host's move clock ran out (abu_simbel:10.1)."""

    kind: ClassVar[str] = "timeout"

    def text(self) -> str:
        return "timeout"


ACTION_TYPES: tuple[type[Action], ...] = (
    EnterMove,
    Verdict,
    ConfirmTurnedAway,
    ChooseTreasureDeck,
    PlaceCover,
    PassCover,
    MoveTimedOut,
)
