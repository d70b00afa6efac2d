"""Sobek's actions: what a player types (``take 2``, ``set fish``, ``add amulet``, ``done``).

A set is laid as a short sequence: ``set fish`` opens it, ``add <card>`` lays
one card face up, ``done`` closes it (sobek:6.3). With a fish set already laid,
``set fish`` adds to it and ``new fish`` lays a new fish set beside it; with several,
``onto fish 2`` adds to the second. In the JSON form cards are
named by kind: ``fish1`` (a valued fish, 1 scarab), ``fish0`` (a zero-scarab
fish), ``amulet``, or a character key (``thief``); the typed form spells a goods
card as printed, ``add fish 1``, names a token in words (``token extra action``)
and a seat counted from 1 (``target player 2``). ``SobekState.parse_action`` also
reads the older forms (``add fish1``, ``token EXTRA_ACTION``, ``target P2``).
Instances are cached so that ``legal_actions`` allocates nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from obelisk.core import Action

from .words import card_typed, token_word


@dataclass(frozen=True, slots=True)
class Take(Action):
    """sobek:6.1 take the card at market position 1..4 (skipped cards become corruption)."""

    kind: ClassVar[str] = "take"
    position: int


@dataclass(frozen=True, slots=True)
class Play(Action):
    """sobek:6.2 play a character from hand for its power."""

    kind: ClassVar[str] = "play"
    character: str


@dataclass(frozen=True, slots=True)
class Set(Action):
    """sobek:6.3 start laying a set (or an addition) of one goods type."""

    kind: ClassVar[str] = "set"
    goods: str


@dataclass(frozen=True, slots=True)
class NewSet(Action):
    """sobek:6.3 lay cards of a goods you already have a set of as a new set of their own
    (``second_set = "choose"``): ``new fish``."""

    kind: ClassVar[str] = "new"
    goods: str


@dataclass(frozen=True, slots=True)
class Onto(Action):
    """sobek:6.3 add cards to one of your several sets of a goods, counted from 1 in the order
    they were laid: ``onto fish 2``."""

    kind: ClassVar[str] = "onto"
    goods: str
    number: int


@dataclass(frozen=True, slots=True)
class Add(Action):
    """sobek:6.3 lay one card of the set being played."""

    kind: ClassVar[str] = "add"
    card: str

    def text(self) -> str:
        return f"{self.kind} {card_typed(self.card)}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish the set being laid, or stop choosing cards (0-2 choices)."""

    kind: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """sobek:5 pass; only legal for an extra action when extra_action_compulsory is off."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Token(Action):
    """sobek:6.3 choose one of the remaining event tokens."""

    kind: ClassVar[str] = "token"
    effect: str

    def text(self) -> str:
        return f"token {token_word(self.effect)}"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """sobek:8/9 ROYAL_PICK, PRIORITY_BERTH: take any market position, no corruption."""

    kind: ClassVar[str] = "pick"
    position: int


@dataclass(frozen=True, slots=True)
class Target(Action):
    """sobek:8/9 choose the opponent an effect aims at."""

    kind: ClassVar[str] = "target"
    seat: int

    def text(self) -> str:
        return f"target player {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Give(Action):
    """sobek:8 TRIBUTE / PEEK_SWAP: give a card from your hand face down."""

    kind: ClassVar[str] = "give"
    card: str

    def text(self) -> str:
        return f"{self.kind} {card_typed(self.card)}"


@dataclass(frozen=True, slots=True)
class Bury(Action):
    """sobek:8/9 DENOUNCE, CUSTOMS: put a card from your hand into your own corruption."""

    kind: ClassVar[str] = "bury"
    card: str

    def text(self) -> str:
        return f"{self.kind} {card_typed(self.card)}"


@dataclass(frozen=True, slots=True)
class Grab(Action):
    """sobek:8 PEEK_SWAP: take this card from the opponent's hand you are looking at."""

    kind: ClassVar[str] = "grab"
    card: str

    def text(self) -> str:
        return f"{self.kind} {card_typed(self.card)}"


@dataclass(frozen=True, slots=True)
class Purge(Action):
    """sobek:8/9 PURIFY, ABSOLUTION: discard a card of your corruption face down."""

    kind: ClassVar[str] = "purge"
    card: str

    def text(self) -> str:
        return f"{self.kind} {card_typed(self.card)}"


@dataclass(frozen=True, slots=True)
class Launder(Action):
    """sobek:9 LAUNDER: move a fitting card of your corruption into the set just played."""

    kind: ClassVar[str] = "launder"
    card: str

    def text(self) -> str:
        return f"{self.kind} {card_typed(self.card)}"


@dataclass(frozen=True, slots=True)
class Shift(Action):
    """sobek:9 SCAPEGOAT: move a card of your corruption to the target's pile."""

    kind: ClassVar[str] = "shift"
    card: str

    def text(self) -> str:
        return f"{self.kind} {card_typed(self.card)}"


@dataclass(frozen=True, slots=True)
class Sink(Action):
    """sobek:8 SINK_FRONT: discard the first ``count`` market cards (0-3)."""

    kind: ClassVar[str] = "sink"
    count: int


@dataclass(frozen=True, slots=True)
class Starter(Action):
    """sobek:12 the lowest-scoring player names the next round's start player."""

    kind: ClassVar[str] = "starter"
    seat: int

    def text(self) -> str:
        return f"starter player {self.seat + 1}"


ACTION_TYPES: tuple[type[Action], ...] = (
    Take,
    Play,
    Set,
    NewSet,
    Onto,
    Add,
    Done,
    Pass,
    Token,
    Pick,
    Target,
    Give,
    Bury,
    Grab,
    Purge,
    Launder,
    Shift,
    Sink,
    Starter,
)

DONE = Done()
PASS = Pass()

_CACHE: dict[tuple[type[Action], object], Action] = {}


def cached(cls: type[Action], value: object) -> Action:
    """The shared instance ``cls(value)``."""
    key = (cls, value)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = cls(value)  # type: ignore[call-arg]
    return a


def legacy_texts(action: Action) -> tuple[str, ...]:
    """The older typed forms of ``action`` (lower case), still accepted when typed."""
    kind = action.kind
    if kind in ("target", "starter"):
        n = action.seat + 1  # type: ignore[attr-defined]
        return (f"{kind} p{n}", f"{kind} {n}")
    if kind == "token":
        effect = action.effect.lower()  # type: ignore[attr-defined]
        return (f"token {effect}", f"token {effect.replace('_', ' ')}")
    card = getattr(action, "card", None)
    if isinstance(card, str):
        return (f"{kind} {card.lower()}",)
    return ()
