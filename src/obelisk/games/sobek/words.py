"""Sobek's things in words: cards, characters, tokens and what they do (no I/O, no state).

Shared by the narration (``narration.py``), the choices (``SobekState.choice_text``) and
the text view (``render.py``). A card's kind name (``fish1``: a fish with 1 scarab,
``fish0``: a fish with none, ``amulet``, a character key such as ``thief``) reads
``fish 1``, ``fish 0``, ``an amulet``, ``the Thief``. The explanations are the project's
own words for the DESIGN placeholders of sobek:8 and sobek:9.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from obelisk.core.narration import join_words

from .components import CHARACTER_NAMES, DEFAULT_CHARACTERS, GOODS, parse_character

_GOODS_CARD = re.compile(rf"({'|'.join(GOODS)})(\d+)")

#: the default characters' powers, for a character event that carries no power
DEFAULT_POWERS = {key: power for key, _family, power in map(parse_character, DEFAULT_CHARACTERS)}
DEFAULT_FAMILIES = {key: fam for key, fam, _power in map(parse_character, DEFAULT_CHARACTERS)}


def a(word: str) -> str:
    """``a fish``, ``an ivory``: the word with its indefinite article."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def ordinal(n: int) -> str:
    """``second`` for 2: a set's place among the sets of one goods (counted from 1)."""
    return _ORDINALS[n - 1] if 1 <= n <= len(_ORDINALS) else f"number {n}"


@lru_cache(maxsize=256)
def card_label(name: str) -> str:
    """A card kind as a label, no article: ``fish 1``, ``amulet``, ``Thief``, ``character``."""
    m = _GOODS_CARD.fullmatch(name)
    if m:
        return f"{m[1]} {m[2]}"
    if name in ("amulet", "character"):
        return name
    return character_name(name)


@lru_cache(maxsize=256)
def card_typed(name: str) -> str:
    """A card kind as a person types it: ``fish 1``, ``amulet``, ``thief`` (a character key)."""
    m = _GOODS_CARD.fullmatch(name)
    return f"{m[1]} {m[2]}" if m else name


@lru_cache(maxsize=256)
def card(name: str) -> str:
    """A card kind in a sentence: ``fish 1``, ``an amulet``, ``the Thief``, ``a face-down
    character``."""
    m = _GOODS_CARD.fullmatch(name)
    if m:
        return f"{m[1]} {m[2]}"
    if name == "amulet":
        return "an amulet"
    if name == "character":
        return "a face-down character"
    return character(name)


def cards(names: Iterable[str], grouped: bool = False) -> str:
    """Several cards in a sentence: ``fish 1, fish 0 and an amulet``, in their order (a row
    of the market); ``grouped``: a hand or a pile, goods first, amulets and face-down
    characters counted (``fish 1 and 2 amulets``)."""
    items = list(names)
    if not grouped:
        return join_words([card(n) for n in items])
    words = [card(n) for n in items if n not in ("amulet", "character")]
    amulets, faces = items.count("amulet"), items.count("character")
    if amulets:
        words.append(card("amulet") if amulets == 1 else f"{amulets} amulets")
    if faces:
        words.append(card("character") if faces == 1 else f"{faces} face-down characters")
    chars = [w for w in words if w.startswith(("the ", "Queen "))]
    return join_words([w for w in words if w not in chars] + chars)


def character_name(key: str) -> str:
    """A character's name: ``Queen Sobekneferu``, ``Thief``."""
    return CHARACTER_NAMES.get(key, key.replace("_", " ").title())


def character(key: str) -> str:
    """A character in a sentence: ``Queen Sobekneferu``, ``the Thief``."""
    name = character_name(key)
    return name if name.startswith("Queen") else f"the {name}"


def power_of(key: str, power: object = None) -> str:
    """The power id of a character (the event's, else the default table's)."""
    return str(power) if isinstance(power, str) and power else DEFAULT_POWERS.get(key, "")


#: a token's name (also its typed form after ``token``); a character power used as a token
#: in the options gets a name too
TOKEN_WORDS: dict[str, str] = {
    "BONUS_3": "bonus",
    "EXTRA_ACTION": "extra action",
    "ABSOLUTION": "absolution",
    "LAUNDER": "small laundering",
    "LAUNDER_SET": "laundering",
    "FREE_PASSAGE": "free passage",
    "SCAPEGOAT": "scapegoat",
    "GOSSIP": "gossip",
    "PICKPOCKET": "pickpocket",
    "CUSTOMS": "customs",
    "PRIORITY_BERTH": "priority berth",
    "ROYAL_PICK": "royal pick",
    "TRIBUTE": "tribute",
    "PURIFY": "purification",
    "DRAW2": "two cards",
    "STEAL_RANDOM": "theft",
    "TAKE_FRONT2": "front two",
    "DENOUNCE": "denunciation",
    "PEEK_SWAP": "swap",
    "SINK_FRONT": "sinking",
}


def token_word(effect: str) -> str:
    """A token's name: ``extra action``."""
    return TOKEN_WORDS.get(effect, effect.lower().replace("_", " "))


def token(effect: str) -> str:
    """A token in a sentence: ``the extra-action token``."""
    return f"the {token_word(effect).replace(' ', '-')} token"


def token_term(effect: str) -> str:
    """A token as a glossary term: ``Extra-action token``."""
    return f"{token_word(effect).replace(' ', '-').capitalize()} token"


#: what an effect does, short, after "to" ("plays the Thief to steal a random card…")
EFFECT_PURPOSE: dict[str, str] = {
    "ROYAL_PICK": "take any market card with no corruption",
    "TRIBUTE": "collect a card from each opponent",
    "PURIFY": "throw away up to 2 corruption cards",
    "DRAW2": "draw 2 cards",
    "STEAL_RANDOM": "steal a random card from an opponent",
    "TAKE_FRONT2": "take the first 2 market cards with no corruption",
    "DENOUNCE": "make an opponent bury a card in their corruption",
    "PEEK_SWAP": "look at an opponent's hand and swap a card",
    "SINK_FRONT": "sink up to 3 cards at the front of the market",
    "BONUS_3": "score points at once",
    "EXTRA_ACTION": "take one more action this turn",
    "ABSOLUTION": "throw away up to 2 corruption cards",
    "LAUNDER": "move up to 2 fitting corruption cards into the set",
    "LAUNDER_SET": "move 3 or more fitting corruption cards into the set",
    "FREE_PASSAGE": "make the next take that skips cards free of corruption",
    "SCAPEGOAT": "pass up to 2 corruption cards to an opponent",
    "GOSSIP": "draw 2 cards",
    "PICKPOCKET": "steal a random card from an opponent",
    "CUSTOMS": "make every opponent bury a card in their corruption",
    "PRIORITY_BERTH": "take any market card with no corruption",
}


def purpose(effect: str, points: object = None) -> str:
    """What an effect does, as a verb phrase: ``draw 2 cards``."""
    if effect == "BONUS_3" and isinstance(points, int):
        return f"score {points} points at once"
    return EFFECT_PURPOSE.get(effect, "use its effect")


#: what an effect does, in full (the project's own words; sobek:8 and sobek:9 are DESIGN)
EFFECT_EXPLAINED: dict[str, str] = {
    "ROYAL_PICK": "Take any one market card into your hand, wherever it lies; the cards before "
    "it stay where they are and nothing goes to your corruption.",
    "TRIBUTE": "Each opponent, starting on your left, hands you one card of their choice from "
    "their hand, face down (an empty hand gives nothing).",
    "PURIFY": "Look at your corruption pile and throw away up to 2 of its cards, face down.",
    "DRAW2": "Draw the top 2 cards of the deck into your hand (fewer if the deck runs short); "
    "only you see them.",
    "STEAL_RANDOM": "Choose an opponent who holds cards and take one of them at random; only the "
    "two of you learn which.",
    "TAKE_FRONT2": "Take the first 2 market cards into your hand with no corruption (just one "
    "if only one is left).",
    "DENOUNCE": "Choose an opponent who holds cards: they put one card of their choice from "
    "their hand into their own corruption pile.",
    "PEEK_SWAP": "Choose an opponent who holds cards, look at their whole hand and take one "
    "card; then give them one other card of yours, if you have one.",
    "SINK_FRONT": "Throw away 0 to 3 cards from the front of the market; nobody gets "
    "corruption for them.",
    "BONUS_3": "Score {points} points at once; the corruption penalty at the round's end cannot "
    "take them away.",
    "EXTRA_ACTION": "After this, take one more action in the same turn: a card, a character or "
    "a set (a set laid with it may bring another token).",
    "ABSOLUTION": "Look at your corruption pile and throw away up to 2 of its cards, face down.",
    "LAUNDER_SET": "Move cards from your corruption pile into the set just laid, if they fit "
    "it (its goods, amulets or its family's characters): none, or at least 3, as for any "
    "addition to a set.",
    "FREE_PASSAGE": "The next time this round you take a card further along the market, the "
    "cards you skip go to the discard pile instead of your corruption.",
    "LAUNDER": "Move up to 2 cards from your corruption pile into the set just laid, if they "
    "fit it (its goods, amulets or its family's characters).",
    "SCAPEGOAT": "Choose an opponent and pass up to 2 cards of your corruption pile to theirs, "
    "face down.",
    "GOSSIP": "Draw the top 2 cards of the deck into your hand (fewer if the deck runs short); "
    "only you see them.",
    "PICKPOCKET": "Choose an opponent who holds cards and take one of them at random; only the "
    "two of you learn which.",
    "CUSTOMS": "Every opponent who holds cards puts one card of their choice from their hand "
    "into their own corruption pile, in turn from your left.",
    "PRIORITY_BERTH": "Take any one market card into your hand, wherever it lies, with no "
    "corruption.",
}


def explain_effect(effect: str, points: object = 3) -> str:
    """What an effect does, as a sentence."""
    text = EFFECT_EXPLAINED.get(effect, "An effect of this game's options.")
    return text.replace("{points}", str(points if isinstance(points, int) else 3))


def explain_character(key: str, power: object = None) -> tuple[str, str]:
    """(term, explanation) of a character: its power, and that it can join a set instead."""
    family = DEFAULT_FAMILIES.get(key)
    article = "an" if family and family[0] in "aeiou" else "a"
    where = f"{article} {family} set" if family else "a set of its family"
    text = (
        f"A character: play it as your action for its power. {explain_effect(power_of(key, power))}"
        f" Or lay it in {where}, where it counts as a card with no scarab."
    )
    return character_name(key), text


#: the general terms a newcomer meets
TERMS: dict[str, str] = {
    "Scarabs": "The number after a goods card's name is its scarabs: ivory 3 carries 3, "
    "fish 0 none. A set scores its number of cards times the scarabs on them.",
    "Amulet": "A wild card: it joins a set of any goods and carries no scarab; a new set "
    "still needs one real goods card.",
    "Face-down character": "A character lies face down in the market; whoever takes it sees "
    "which it is. Play it for its power or lay it in a set of its family.",
    "Corruption": "Every market card you skip to take a later one goes face down under your "
    "corruption tile; so do the cards left in your hand when the round ends.",
    "Corruption penalty": "At the end of a round the player (or players) with the most "
    "corruption cards loses the points of their best set.",
    "Event tokens": "Each of the first five sets of a round lets its player look at the "
    "tokens left and take one; its effect happens at once.",
}

#: sobek:6.3 a second set of one goods (second_set "choose"), explained when one is laid
SECOND_SET = (
    "Cards of a goods you already have a set of may join that set or be laid as a new set "
    "of their own. Each set scores on its own (one big set scores more), and the corruption "
    "penalty takes only the single most valuable one."
)

PENALTY_EXPLAINED = {
    "best_set": TERMS["Corruption penalty"],
    "half_round": "At the end of a round the player (or players) with the most corruption "
    "cards loses half of the round's points.",
    "matching_types": "At the end of a round the player (or players) with the most corruption "
    "cards scores nothing for the sets whose goods lie in their corruption pile.",
}
