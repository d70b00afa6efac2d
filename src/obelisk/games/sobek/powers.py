"""Character powers (sobek:8) and event tokens (sobek:9): one small function per effect id.

Each function is ``effect(state, seat, goods)``: ``seat`` plays the character
or chose the token, ``goods`` is the family of the set that triggered a token
(-1 for a character). A function does what needs no choice at once and pushes
a pending decision for every choice (see ``rules.py``: ``P_*``). The table
``EFFECT_FUNCTIONS`` is keyed by the ids used in the character and token rows,
so a corrected rulebook only changes data and, at most, one function here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class Table(Protocol):
    """What a power may read and do of the table: the members of ``rules.SobekState`` the
    effects use (a protocol, so that the rules import the powers and not the other way)."""

    num_players: int
    options: Any
    market: list[int]
    hands: list[list[int]]
    corr: list[list[int]]
    pend: list[tuple[Any, ...]]
    extra: int
    last_set: int

    def opponents_from_left(self, p: int) -> list[int]: ...
    def look_at_own_corruption(self, p: int) -> None: ...
    def draw_cards(self, p: int, k: int) -> None: ...
    def market_to_hand(self, p: int, index: int, announce: bool = True) -> None: ...
    def add_bonus(self, p: int, points: int) -> None: ...
    def grant_free_passage(self, p: int) -> None: ...
    def fitting_corruption(self, p: int, g: int) -> list[int]: ...
    def fits_card(self, c: int, g: int) -> bool: ...


Effect = Callable[[Table, int, int], None]

# pending decision codes (shared with rules.py)
P_SET = 0
P_TOKEN = 1
P_PICK = 2
P_GIVE = 3
P_BURY = 4
P_PURGE = 5
P_LAUNDER = 6
P_TARGET = 7
P_SHIFT = 8
P_GRAB = 9
P_GIVEBACK = 10
P_SINK = 11
P_STARTER = 12


def pick_any(s: Table, p: int, g: int) -> None:
    """ROYAL_PICK, PRIORITY_BERTH: choose any market card; no corruption."""
    if s.market:
        s.pend.append((P_PICK, p))


def tribute(s: Table, p: int, g: int) -> None:
    """TRIBUTE: each opponent from the left gives a card of their choice (sobek:5 order)."""
    for q in reversed(s.opponents_from_left(p)):
        s.pend.append((P_GIVE, q, p))


def purify(s: Table, p: int, g: int) -> None:
    """PURIFY, ABSOLUTION: discard 0-2 cards of your corruption pile face down."""
    if s.corr[p]:
        s.look_at_own_corruption(p)
        s.pend.append((P_PURGE, p, 2))


def draw2(s: Table, p: int, g: int) -> None:
    """DRAW2, GOSSIP: draw 2 cards from the deck (fewer if it is short)."""
    s.draw_cards(p, 2)


def _hand_target(s: Table, p: int, effect: str) -> None:
    if any(s.hands[q] for q in s.opponents_from_left(p)):
        s.pend.append((P_TARGET, p, effect))


def steal_random(s: Table, p: int, g: int) -> None:
    """STEAL_RANDOM, PICKPOCKET: a random card from the hand of an opponent you choose."""
    _hand_target(s, p, "STEAL_RANDOM")


def take_front2(s: Table, p: int, g: int) -> None:
    """TAKE_FRONT2: positions 1 and 2 (or 1 only) into your hand, no corruption (sobek:7)."""
    for _ in range(2):
        if s.market:
            s.market_to_hand(p, 0)


def denounce(s: Table, p: int, g: int) -> None:
    """DENOUNCE: an opponent you choose buries a card of their choice in their corruption."""
    _hand_target(s, p, "DENOUNCE")


def peek_swap(s: Table, p: int, g: int) -> None:
    """PEEK_SWAP: look at an opponent's hand, take one card, give one other card back."""
    _hand_target(s, p, "PEEK_SWAP")


def sink_front(s: Table, p: int, g: int) -> None:
    """SINK_FRONT: discard market positions 1..j, j chosen in 0-3, no corruption."""
    if s.market:
        s.pend.append((P_SINK, p))


def bonus(s: Table, p: int, g: int) -> None:
    """BONUS_3: points straight onto the total, safe from the penalty (sobek:11.1)."""
    s.add_bonus(p, s.options.bonus_points)


def extra_action(s: Table, p: int, g: int) -> None:
    """EXTRA_ACTION: one more action after this one, in the same turn (sobek:5)."""
    s.extra += 1


def free_passage(s: Table, p: int, g: int) -> None:
    """FREE_PASSAGE (default, issue 27): your next take this round that skips cards sends
    them to the discard pile instead of your corruption; no second action (sobek:5)."""
    s.grant_free_passage(p)


def launder(s: Table, p: int, g: int) -> None:
    """LAUNDER (option): move 0-2 fitting cards of your corruption into the set just played.
    Pending ``(P_LAUNDER, seat, goods, left, minimum, laid, number)``: ``done`` is legal
    before the first card and once ``laid`` reaches ``minimum``; ``number`` is the set of that
    goods just played (several only with ``second_set = "choose"``)."""
    if g >= 0 and s.corr[p]:
        s.look_at_own_corruption(p)
        if s.fitting_corruption(p, g):
            s.pend.append((P_LAUNDER, p, g, 2, 0, 0, s.last_set))


def launder_set(s: Table, p: int, g: int) -> None:
    """LAUNDER_SET (default, issue 27): move none, or 3 or more, fitting cards of your
    corruption into the set just played: an addition needs "a minimum of 3 new cards"."""
    if g >= 0 and s.corr[p]:
        s.look_at_own_corruption(p)
        fit = sum(1 for c in s.corr[p] if s.fits_card(c, g))
        if fit >= 3:
            s.pend.append((P_LAUNDER, p, g, fit, 3, 0, s.last_set))


def scapegoat(s: Table, p: int, g: int) -> None:
    """SCAPEGOAT: choose an opponent, move 0-2 of your corruption cards to their pile."""
    if s.corr[p] and s.num_players > 1:
        s.pend.append((P_TARGET, p, "SCAPEGOAT"))


def customs(s: Table, p: int, g: int) -> None:
    """CUSTOMS: every opponent with cards buries one of their choice, from your left."""
    for q in reversed(s.opponents_from_left(p)):
        s.pend.append((P_BURY, q))


EFFECT_FUNCTIONS: dict[str, Effect] = {
    "ROYAL_PICK": pick_any,
    "TRIBUTE": tribute,
    "PURIFY": purify,
    "DRAW2": draw2,
    "STEAL_RANDOM": steal_random,
    "TAKE_FRONT2": take_front2,
    "DENOUNCE": denounce,
    "PEEK_SWAP": peek_swap,
    "SINK_FRONT": sink_front,
    "BONUS_3": bonus,
    "EXTRA_ACTION": extra_action,
    "ABSOLUTION": purify,
    "LAUNDER": launder,
    "LAUNDER_SET": launder_set,
    "FREE_PASSAGE": free_passage,
    "SCAPEGOAT": scapegoat,
    "GOSSIP": draw2,
    "PICKPOCKET": steal_random,
    "CUSTOMS": customs,
    "PRIORITY_BERTH": pick_any,
}
