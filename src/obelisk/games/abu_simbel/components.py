"""Abu Simbel components as data: chamber types and their move tokens, the default decks.

Every per-card distribution here is a [DESIGN] value of the spec (abu_simbel:2.2, 2.3,
2.4): the default tables are the ``Options`` defaults, and a person who owns the box can
replace them with ``--option chamber_deck=...`` / ``treasure_cards=...`` without code.

A chamber card is a short string: its type id (``"LAVA"``), or ``"SCORPIONS_N"`` for a
scorpion card showing N scorpions. A treasure card is ``"TYPE:jewels"`` (``"URN:3"``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from obelisk.core import InvalidOptions
from obelisk.core.i18n import Words

W = Words(__package__)

#: The 11 chamber types in the spec's table order (abu_simbel:2.2). Bots pick "another type"
#: in this order (abu_simbel:12.2).
TYPES: tuple[str, ...] = (
    "MUMMY",
    "BLADES",
    "LAVA",
    "CRACK",
    "EMPTY",
    "PIT",
    "SCORPIONS",
    "DIVE",
    "GAS",
    "CRAWL",
    "HISSING",
)

#: The move token of each non-scorpion type (abu_simbel:2.2).
TYPE_TOKEN: dict[str, str] = {
    "MUMMY": "PUNCH",
    "BLADES": "DUCK",
    "LAVA": "JUMP",
    "CRACK": "CRAB_2",
    "EMPTY": "STEP_2",
    "PIT": "ROPE_2",
    "DIVE": "SWIM",
    "GAS": "COVER_NOSE",
    "CRAWL": "CRAWL",
    "HISSING": "BALANCE",
}

#: The most scorpions a card may show: the token vocabulary stops at STOMP_x6 (abu_simbel:10.3).
MAX_SCORPIONS = 6

#: Every valid move token, in the spec's order (abu_simbel:10.3).
TOKENS: tuple[str, ...] = (
    "PUNCH",
    "DUCK",
    "JUMP",
    "CRAB_2",
    "STEP_2",
    "ROPE_2",
    *(f"STOMP_x{k}" for k in range(1, MAX_SCORPIONS + 1)),
    "SWIM",
    "COVER_NOSE",
    "CRAWL",
    "BALANCE",
)
TOKEN_SET = frozenset(TOKENS)

#: The short form a person types for each move (``EnterMove.text``); the tokens (``STOMP_x2``)
#: are still understood (``AbuSimbelState.parse_action``).
MOVE_TYPED: dict[str, str] = {
    "PUNCH": "punch",
    "DUCK": "duck",
    "JUMP": "jump",
    "CRAB_2": "crab 2",
    "STEP_2": "step 2",
    "ROPE_2": "rope 2",
    **{f"STOMP_x{k}": f"stomp {k}" for k in range(1, MAX_SCORPIONS + 1)},
    "SWIM": "swim",
    "COVER_NOSE": "cover nose",
    "CRAWL": "crawl",
    "BALANCE": "balance",
}

#: A typed move (either form, any case, ``_`` or spaces) -> its token.
TYPED_TOKEN: dict[str, str] = {
    **{" ".join(t.lower().replace("_", " ").split()): t for t in TOKENS},
    **{typed: t for t, typed in MOVE_TYPED.items()},
    **{f"stomp x{k}": f"STOMP_x{k}" for k in range(1, MAX_SCORPIONS + 1)},
}

#: Treasure types; a set is one of each (abu_simbel:2.3, 8).
TREASURE_TYPES: tuple[str, ...] = ("URN", "ARK", "CHEST")

#: The default chamber deck (abu_simbel:2.2 [DESIGN], D-1/D-2): ``TYPE*count`` entries.
DEFAULT_CHAMBER_DECK: tuple[str, ...] = (
    "MUMMY*3",
    "BLADES*3",
    "LAVA*3",
    "CRACK*3",
    "EMPTY*2",
    "PIT*3",
    "SCORPIONS_1",
    "SCORPIONS_2",
    "SCORPIONS_3",
    "DIVE*3",
    "GAS*3",
    "CRAWL*2",
    "HISSING*2",
)

#: The default treasure cards (abu_simbel:2.3 [DESIGN], D-3): ``TYPE:jewels*count``.
DEFAULT_TREASURES: tuple[str, ...] = tuple(
    f"{t}:{j}*{c}" for t in TREASURE_TYPES for j, c in ((1, 3), (2, 2), (3, 2))
)


def card_type(card: str) -> str:
    """The chamber type of a card code: ``"SCORPIONS_2"`` -> ``"SCORPIONS"``."""
    return "SCORPIONS" if card.startswith("SCORPIONS_") else card


def scorpions(card: str) -> int:
    """How many scorpions a card shows (0 for every other type)."""
    return int(card[10:]) if card.startswith("SCORPIONS_") else 0


def card_token(card: str) -> str:
    """The move token a chamber card asks for (abu_simbel:2.2)."""
    if card.startswith("SCORPIONS_"):
        return f"STOMP_x{card[10:]}"
    return TYPE_TOKEN[card]


def token_type(token: str) -> str:
    """The chamber type a token belongs to (``STOMP_x3`` -> ``SCORPIONS``)."""
    if token.startswith("STOMP_x"):
        return "SCORPIONS"
    for t, tok in TYPE_TOKEN.items():
        if tok == token:
            return t
    raise KeyError(token)


def treasure_type(card: str) -> str:
    """``"URN:3"`` -> ``"URN"``."""
    return card.split(":", 1)[0]


def treasure_jewels(card: str) -> int:
    """``"URN:3"`` -> 3."""
    return int(card.split(":", 1)[1])


def _expand(entries: Iterable[str], what: str) -> list[tuple[str, int]]:
    out = []
    for raw in entries:
        e = raw.strip()
        item, _, count = e.partition("*")
        try:
            k = int(count) if count else 1
        except ValueError:
            raise InvalidOptions(
                W.gettext("{what}: '{raw}' has a bad count (write ITEM*count)").format(
                    what=what, raw=raw
                )
            ) from None
        if k < 0:
            raise InvalidOptions(
                W.gettext("{what}: '{raw}' has a negative count").format(what=what, raw=raw)
            )
        out.append((item.strip().upper(), k))
    return out


def parse_chamber_deck(entries: Iterable[str]) -> list[str]:
    """The chamber cards of a deck table, sorted; raises InvalidOptions for a bad table.

    Rules: abu_simbel:2.2 (a replacement table needs at least 3 cards, and scorpion counts
    within 1..6 so that every card has a valid token).
    """
    cards: list[str] = []
    for item, k in _expand(entries, "chamber_deck"):
        if item.startswith("SCORPIONS_"):
            try:
                n = int(item[10:])
            except ValueError:
                raise InvalidOptions(
                    W.gettext("chamber_deck: '{item}' needs a scorpion count").format(item=item)
                ) from None
            if not 1 <= n <= MAX_SCORPIONS:
                raise InvalidOptions(
                    W.gettext(
                        "chamber_deck: a scorpion card shows 1..{most} scorpions, not {n}"
                    ).format(most=MAX_SCORPIONS, n=n)
                )
            item = f"SCORPIONS_{n}"
        elif item == "SCORPIONS":
            raise InvalidOptions(
                W.gettext("chamber_deck: write SCORPIONS_N with the number of scorpions")
            )
        elif item not in TYPE_TOKEN:
            raise InvalidOptions(
                W.gettext("chamber_deck: unknown chamber type '{item}'; types: {types}").format(
                    item=item, types=", ".join(TYPES)
                )
            )
        cards.extend([item] * k)
    if len(cards) < 3:
        raise InvalidOptions(
            W.gettext(
                "chamber_deck: a round starts by laying 3 chambers, so the deck needs at least 3 "
                "cards, not {n}"
            ).format(n=len(cards))
        )
    return sorted(cards)


def parse_treasures(entries: Iterable[str]) -> list[str]:
    """The treasure cards of a table, sorted; raises InvalidOptions for a bad table (2.3)."""
    cards: list[str] = []
    for item, k in _expand(entries, "treasure_cards"):
        t, _, j = item.partition(":")
        if t not in TREASURE_TYPES:
            raise InvalidOptions(
                W.gettext("treasure_cards: unknown treasure type '{item}'; types: {types}").format(
                    item=t, types=", ".join(TREASURE_TYPES)
                )
            )
        try:
            jewels = int(j)
        except ValueError:
            raise InvalidOptions(
                W.gettext("treasure_cards: '{item}' needs jewels (TYPE:jewels)").format(item=item)
            ) from None
        if jewels < 0:
            raise InvalidOptions(
                W.gettext("treasure_cards: '{item}' has negative jewels").format(item=item)
            )
        cards.extend([f"{t}:{jewels}"] * k)
    if not cards:
        raise InvalidOptions(W.gettext("treasure_cards: the table is empty"))
    return sorted(cards)


@lru_cache(maxsize=64)
def chamber_cards(entries: tuple[str, ...]) -> tuple[str, ...]:
    """``parse_chamber_deck`` of an options tuple, cached (set-up speed)."""
    return tuple(parse_chamber_deck(entries))


@lru_cache(maxsize=64)
def treasure_cards(entries: tuple[str, ...]) -> tuple[str, ...]:
    """``parse_treasures`` of an options tuple, cached (set-up speed)."""
    return tuple(parse_treasures(entries))
