"""Sobek's components as data: goods, cards, characters and event tokens (sobek:2).

The rows below are the defaults of the options (``options.py``); every DESIGN
value of the spec is a row or a number here, so someone holding the real box
can correct it without touching rules code. :func:`build_table` turns one set
of options into the card table the rules use (cards are small integers).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: The six goods families, rarest first (sobek:2.2).
GOODS: tuple[str, ...] = ("ivory", "ebony", "marble", "cattle", "fish", "wheat")
GOODS_INDEX = {g: i for i, g in enumerate(GOODS)}

#: Cards per family (sobek:2.2, sourced) and their valued/zero split (DESIGN).
DEFAULT_CARD_COUNTS = (6, 7, 7, 9, 10, 10)
DEFAULT_VALUED = (4, 5, 5, 6, 7, 7)
#: Scarabs on a valued card (sobek:2.2: Ivory 3 and Wheat 1 sourced, the rest DESIGN).
DEFAULT_SCARABS = (3, 2, 2, 2, 1, 1)
DEFAULT_AMULETS = 5

#: The nine green-backed starting cards (sobek:2.2 DESIGN): "<goods>_zero" or "<goods>_valued".
DEFAULT_GREEN = (
    "ivory_zero",
    "ebony_zero",
    "marble_zero",
    "cattle_zero",
    "fish_zero",
    "wheat_zero",
    "cattle_valued",
    "fish_valued",
    "wheat_valued",
)

#: The characters (sobek:2.3, sobek:8): "key:family:POWER_ID".
DEFAULT_CHARACTERS = (
    "queen:ivory:ROYAL_PICK",
    "vizier:ebony:TRIBUTE",
    "priest:marble:PURIFY",
    "scribe:cattle:DRAW2",
    "thief:fish:STEAL_RANDOM",
    "boatman:wheat:TAKE_FRONT2",
    "collector:cattle:DENOUNCE",
    "courtesan:fish:PEEK_SWAP",
    "overseer:wheat:SINK_FRONT",
)

#: Display names of the character keys (five sourced, four invented, sobek:8).
CHARACTER_NAMES = {
    "queen": "Queen Sobekneferu",
    "vizier": "Vizier",
    "priest": "High Priest",
    "scribe": "Scribe",
    "thief": "Thief",
    "boatman": "Boatman",
    "collector": "Tax Collector",
    "courtesan": "Courtesan",
    "overseer": "Overseer",
}

#: The event tokens (sobek:2.4, sobek:9): "EFFECT_ID:copies"; 12 tokens, 9 effects.
#: The seed allows "one (and only one) of the 3 actions" a turn and additions of "a minimum
#: of 3 new cards", so the default doubled action token is FREE_PASSAGE (no second action)
#: and the laundering token is LAUNDER_SET (3 or more cards, like any addition) (issue 27).
DEFAULT_EVENTS = (
    "BONUS_3:2",
    "FREE_PASSAGE:2",
    "ABSOLUTION:2",
    "LAUNDER_SET:1",
    "SCAPEGOAT:1",
    "GOSSIP:1",
    "PICKPOCKET:1",
    "CUSTOMS:1",
    "PRIORITY_BERTH:1",
)

#: The token table before issue 27 (the spec's DESIGN table): EXTRA_ACTION gives a second
#: action and LAUNDER moves 0-2 cards, both against the seed; the variant ``invented`` uses it.
INVENTED_EVENTS = tuple(
    {"FREE_PASSAGE:2": "EXTRA_ACTION:2", "LAUNDER_SET:1": "LAUNDER:1"}.get(row, row)
    for row in DEFAULT_EVENTS
)

#: Every effect id a character row or a token row may name, with a one-line description.
EFFECTS: dict[str, str] = {
    "ROYAL_PICK": "take any market card into your hand, no corruption",
    "TRIBUTE": "each opponent, from your left, gives you a card of their choice",
    "PURIFY": "discard 0-2 cards of your corruption pile face down",
    "DRAW2": "draw 2 cards from the deck",
    "STEAL_RANDOM": "take a random card from an opponent's hand",
    "TAKE_FRONT2": "take market positions 1 and 2, no corruption",
    "DENOUNCE": "an opponent puts a card of their choice from hand into their corruption",
    "PEEK_SWAP": "look at an opponent's hand, take a card, give one other card back",
    "SINK_FRONT": "discard market positions 1..j (j = 0-3), no corruption",
    "BONUS_3": "score 3 points now (safe from the corruption penalty)",
    "EXTRA_ACTION": "take one more action this turn",
    "ABSOLUTION": "discard 0-2 cards of your corruption pile face down",
    "LAUNDER": "move 0-2 fitting corruption cards into the set just played",
    "LAUNDER_SET": "move none or 3+ fitting corruption cards into the set just played",
    "FREE_PASSAGE": "your next take that skips cards this round costs no corruption",
    "SCAPEGOAT": "move 0-2 of your corruption cards to an opponent's pile",
    "GOSSIP": "draw 2 cards from the deck",
    "PICKPOCKET": "take a random card from an opponent's hand",
    "CUSTOMS": "each opponent puts a card of their choice from hand into their corruption",
    "PRIORITY_BERTH": "take any market card into your hand, no corruption",
}

# Public classes of a hidden card: what everybody knows about the card in a slot (sobek:14).
PUB_ANY = 0  # nothing (it came from a hand whose cards were mixed)
PUB_GREEN = 1  # a green-backed starting card
PUB_CHAR = 2  # a character (orange back)
PUB_DECK = 3  # a card from the beige deck (goods, amulet or character)
PUB_BEIGE = 4  # a beige goods card or amulet (backs public)


@dataclass(frozen=True)
class Table:
    """The cards of one set of options. Card ids are 0..N-1; kinds name interchangeable cards."""

    #: kind names: "<goods><scarabs>" (valued), "<goods>0" (zero), "amulet", character keys.
    kind_names: tuple[str, ...]
    kind_index: dict[str, int]
    #: per kind: goods family index (-1 for the amulet), scarabs, is character, is amulet
    kind_goods: tuple[int, ...]
    kind_scarabs: tuple[int, ...]
    kind_char: tuple[bool, ...]
    kind_amulet: tuple[bool, ...]
    #: per kind of character: its power id ("" for goods)
    kind_power: tuple[str, ...]
    #: per card
    card_kind: tuple[int, ...]
    card_green: tuple[bool, ...]
    card_char: tuple[bool, ...]
    #: per card, looked up from its kind once: kind name, how it shows in the market
    #: ("character" for a face-down character), goods family (-1 for an amulet)
    card_names: tuple[str, ...]
    card_shown: tuple[str, ...]
    card_goods: tuple[int, ...]
    #: Card ids are in kind order (goods kinds family by family, then the amulets, then the
    #: characters), so a kind's cards are the ids ``kind_first[k] <= c < kind_first[k + 1]``
    #: (one more entry than kinds) and a sorted pile of cards is grouped by kind.
    kind_first: tuple[int, ...]
    #: the lowest character id: the characters are the highest ids, the end of a sorted pile
    first_character: int
    green: tuple[int, ...]
    beige: tuple[int, ...]  # beige goods + amulets + characters: the deck of a round
    #: the token supply, sorted (with copies)
    tokens: tuple[str, ...]

    def name(self, card: int) -> str:
        """The kind name of a card."""
        return self.kind_names[self.card_kind[card]]

    def back(self, card: int) -> int:
        """The public class of a card's back (green, orange character, beige goods)."""
        if self.card_green[card]:
            return PUB_GREEN
        return PUB_CHAR if self.card_char[card] else PUB_BEIGE


def parse_character(row: str) -> tuple[str, str, str]:
    """ "key:family:POWER" -> (key, family, power)."""
    parts = row.split(":")
    if len(parts) != 3:
        raise ValueError(f"character row '{row}' is not key:family:POWER_ID")
    key, family, power = (p.strip() for p in parts)
    return key.lower(), family.lower(), power.upper()


def parse_event(row: str) -> tuple[str, int]:
    """ "EFFECT:copies" -> (effect, copies)."""
    parts = row.split(":")
    if len(parts) != 2:
        raise ValueError(f"event row '{row}' is not EFFECT_ID:copies")
    return parts[0].strip().upper(), int(parts[1])


def parse_green(row: str) -> tuple[int, bool]:
    """ "cattle_valued" -> (family index, valued)."""
    goods, _, which = row.strip().lower().partition("_")
    if goods not in GOODS_INDEX or which not in ("valued", "zero"):
        raise ValueError(f"green card '{row}' is not <goods>_valued or <goods>_zero")
    return GOODS_INDEX[goods], which == "valued"


_TABLES: dict[Any, Table] = {}


def build_table(options: Any) -> Table:
    """The card table of ``options`` (cached; options are frozen)."""
    key = (
        options.scarabs,
        options.card_counts,
        options.valued_split,
        options.amulets,
        options.green_cards,
        options.characters,
        options.events,
    )
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = _build(options)
    return table


def _build(o: Any) -> Table:
    names: list[str] = []
    goods: list[int] = []
    scarabs: list[int] = []
    chars: list[bool] = []
    amulet: list[bool] = []
    power: list[str] = []
    for g, gname in enumerate(GOODS):
        for value in (o.scarabs[g], 0):
            names.append(f"{gname}{value}")
            goods.append(g)
            scarabs.append(value)
            chars.append(False)
            amulet.append(False)
            power.append("")
    names.append("amulet")
    goods.append(-1)
    scarabs.append(0)
    chars.append(False)
    amulet.append(True)
    power.append("")
    for row in o.characters:
        key, family, pw = parse_character(row)
        names.append(key)
        goods.append(GOODS_INDEX[family])
        scarabs.append(0)  # sobek:2.3 DESIGN: characters carry no scarabs
        chars.append(True)
        amulet.append(False)
        power.append(pw)

    card_kind: list[int] = []
    for g in range(len(GOODS)):
        card_kind += [2 * g] * o.valued_split[g]
        card_kind += [2 * g + 1] * (o.card_counts[g] - o.valued_split[g])
    card_kind += [2 * len(GOODS)] * o.amulets
    card_kind += [2 * len(GOODS) + 1 + i for i in range(len(o.characters))]

    green: list[int] = []
    for row in o.green_cards:
        g, valued = parse_green(row)
        kind = 2 * g if valued else 2 * g + 1
        free = [c for c, k in enumerate(card_kind) if k == kind and c not in green]
        if not free:
            raise ValueError(f"not enough {names[kind]} cards for the green card '{row}'")
        green.append(free[0])
    green.sort()
    gset = set(green)
    tokens: list[str] = []
    for row in o.events:
        effect, copies = parse_event(row)
        tokens += [effect] * copies
    card_char = tuple(chars[k] for k in card_kind)
    assert card_kind == sorted(card_kind), "card ids are in kind order (characters last)"
    return Table(
        kind_names=tuple(names),
        kind_index={n: i for i, n in enumerate(names)},
        kind_goods=tuple(goods),
        kind_scarabs=tuple(scarabs),
        kind_char=tuple(chars),
        kind_amulet=tuple(amulet),
        kind_power=tuple(power),
        card_kind=tuple(card_kind),
        card_green=tuple(c in gset for c in range(len(card_kind))),
        card_char=card_char,
        card_names=tuple(names[k] for k in card_kind),
        card_shown=tuple("character" if chars[k] else names[k] for k in card_kind),
        card_goods=tuple(goods[k] for k in card_kind),
        kind_first=tuple(sum(1 for x in card_kind if x < k) for k in range(len(names) + 1)),
        first_character=sum(1 for k in card_kind if not chars[k]),
        green=tuple(green),
        beige=tuple(c for c in range(len(card_kind)) if c not in gset),
        tokens=tuple(sorted(tokens)),
    )


def character_title(key: str) -> str:
    """The display name of a character key."""
    return CHARACTER_NAMES.get(key, key.replace("_", " ").title())
