"""Khufu's actions: one small value per decision of khufu:5.7 (and the clock's Tick)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from obelisk.core import Action


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """ROLL: roll a number die and move clockwise (khufu:5.3)."""

    kind: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class Stay(Action):
    """CHAMBER_TURN_OPTION STAY: wager again in this chamber (khufu:5.4)."""

    kind: ClassVar[str] = "stay"


@dataclass(frozen=True, slots=True)
class Leave(Action):
    """CHAMBER_TURN_OPTION LEAVE: roll and move on from the chamber's door (khufu:5.4)."""

    kind: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True)
class Challenge(Action):
    """CHAMBER_TURN_OPTION CHALLENGE: face Khufu's Ultimate Challenge now (khufu:5.4)."""

    kind: ClassVar[str] = "challenge"


@dataclass(frozen=True, slots=True)
class Enter(Action):
    """DOOR_ENTER_OR_PASS ENTER: go into the chamber; the move ends (khufu:6.2)."""

    kind: ClassVar[str] = "enter"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """DOOR_ENTER_OR_PASS PASS: walk on past the door (khufu:6.2)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """TAKE_TREASURE: take the top Treasure card (khufu:7.1)."""

    kind: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Decline an optional effect: the Treasure (khufu:7.1) or the steal (khufu:7.3)."""

    kind: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """STEAL_TARGET / PICKPOCKET_TARGET: steal a random card from seat ``target`` (khufu:7.3)."""

    kind: ClassVar[str] = "steal"
    target: int

    def text(self) -> str:
        """``steal 2``: the victim counted from 1, as a person reads the seats."""
        return f"steal {self.target + 1}"


@dataclass(frozen=True, slots=True)
class Give(Action):
    """COBRA_GIVE_CARD / CURSE_TOLL_CARD: give this card of yours (khufu:7.3, khufu:15)."""

    kind: ClassVar[str] = "give"
    card: str


@dataclass(frozen=True, slots=True)
class Bet(Action):
    """WAGER_CARDS: add this card to the wager; in the King's the first two are the table
    cards (khufu:8.2)."""

    kind: ClassVar[str] = "bet"
    card: str


@dataclass(frozen=True, slots=True)
class Place(Action):
    """WAGER_CARDS done: place the chosen wager and play the table (khufu:8.2)."""

    kind: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Select(Action):
    """CHALLENGE_SELECT_3: the three dealt cards of the challenge hand (khufu:10.2)."""

    kind: ClassVar[str] = "select"
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """MUMMY_CALL_ANSWER: shout "You are the mummy!" (khufu:14.7 E01)."""

    kind: ClassVar[str] = "answer"


@dataclass(frozen=True, slots=True)
class Silent(Action):
    """MUMMY_CALL_ANSWER: stay silent (and pay the penalty) (khufu:14.7 E01)."""

    kind: ClassVar[str] = "silent"


@dataclass(frozen=True, slots=True)
class Piece(Action):
    """CHOOSE_PIECE at set-up: take this playing piece, its character card and Scarabs
    (khufu:4.1)."""

    kind: ClassVar[str] = "piece"
    name: str


@dataclass(frozen=True, slots=True)
class Tick(Action):
    """System action of real-time play: ``seconds`` of wall time have passed (khufu:12.3)."""

    kind: ClassVar[str] = "tick"
    seconds: int


ROLL = Roll()
STAY = Stay()
LEAVE = Leave()
CHALLENGE = Challenge()
ENTER = Enter()
PASS = Pass()
TAKE = Take()
DECLINE = Decline()
PLACE = Place()
ANSWER = Answer()
SILENT = Silent()

ACTION_TYPES: tuple[type[Action], ...] = (
    Roll,
    Stay,
    Leave,
    Challenge,
    Enter,
    Pass,
    Take,
    Decline,
    Steal,
    Give,
    Bet,
    Place,
    Select,
    Answer,
    Silent,
    Piece,
    Tick,
)
