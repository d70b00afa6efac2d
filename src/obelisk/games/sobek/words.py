"""Sobek's things in words: cards, characters, tokens and what they do (no I/O, no state).

Shared by the narration (``narration.py``), the choices (``SobekState.choice_text``) and
the text view (``render.py``), in the reader's language (``locale/de.po``). A card's kind
name (``fish1``: a fish with 1 scarab, ``fish0``: a fish with none, ``amulet``, a character
key such as ``thief``) reads ``fish 1``, ``fish 0``, ``an amulet``, ``the Thief``
(``Fisch 1``, ``ein Amulett``, ``den Dieb``). The explanations are the project's own words
for the DESIGN placeholders of sobek:8 and sobek:9. What a person types (``card_typed``,
``token_word``) and what records keep stay English (:func:`english`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Literal, TypeVar

from obelisk.core import Action
from obelisk.core.i18n import N_, SOURCE, Words, language, speaking
from obelisk.core.narration import join_words

from .components import CHARACTER_NAMES, DEFAULT_CHARACTERS, GOODS, parse_character

T = Words(__package__)
_, ngettext, pgettext = T.gettext, T.ngettext, T.pgettext

_GOODS_CARD = re.compile(rf"({'|'.join(GOODS)})(\d+)")

#: the default characters' powers, for a character event that carries no power
DEFAULT_POWERS = {key: power for key, _family, power in map(parse_character, DEFAULT_CHARACTERS)}
DEFAULT_FAMILIES = {key: fam for key, fam, _power in map(parse_character, DEFAULT_CHARACTERS)}

R = TypeVar("R")


def english(fn: Callable[..., R], *args: object) -> R:
    """``fn(*args)`` in English, whatever the reader's language (the words records keep)."""
    with speaking("en"):
        return fn(*args)


def goods_name(goods: object) -> str:
    """A goods family's name: ``fish`` (``Fisch``)."""
    if language() == SOURCE:  # the rules' own records ask often: no lookups
        return str(goods)
    names = {
        "ivory": pgettext("goods", "ivory"),
        "ebony": pgettext("goods", "ebony"),
        "marble": pgettext("goods", "marble"),
        "cattle": pgettext("goods", "cattle"),
        "fish": pgettext("goods", "fish"),
        "wheat": pgettext("goods", "wheat"),
    }
    return names.get(str(goods), str(goods))


def a(word: str) -> str:
    """``a fish``, ``an ivory``: the word with its indefinite article (English records)."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def ordinal(n: int) -> str:
    """``second`` for 2: a set's place among the sets of one goods (counted from 1)."""
    ordinals = (
        _("first"),
        _("second"),
        _("third"),
        _("fourth"),
        _("fifth"),
        _("sixth"),
        _("seventh"),
        _("eighth"),
    )
    return ordinals[n - 1] if 1 <= n <= len(ordinals) else _("number {n}").format(n=n)


def set_name(goods: object, number: object = None) -> str:
    """A set by its goods, no article: ``fish set``, ``second fish set`` (``Fisch-Set``,
    ``Fisch-Set Nr. 2``) when it is one of several sets of those goods."""
    g = goods_name(goods)
    if isinstance(number, int) and not isinstance(number, bool) and number >= 1:
        # Translators: one of several sets of one goods: "second fish set"
        return _("{ordinal} {goods} set").format(ordinal=ordinal(number), goods=g, number=number)
    return _("{goods} set").format(goods=g)


def goods_label(goods: object, number: object = None) -> str:
    """Goods naming a set, no "set": ``fish``, or ``second fish`` (``Fisch Nr. 2``) for one
    of several sets of those goods."""
    if isinstance(number, int) and not isinstance(number, bool) and number >= 1:
        # Translators: one of several sets of one goods, no "set": "second fish"
        return _("{ordinal} {goods}").format(
            ordinal=ordinal(number), goods=goods_name(goods), number=number
        )
    return goods_name(goods)


def _label_parts(label: object) -> tuple[str, int | None] | None:
    """``second fish`` as (``fish``, 2), ``fish`` as (``fish``, None); None if unknown."""
    text = str(label)
    place, _sp, goods = text.rpartition(" ")
    if not place:
        return text, None
    numbers = {english(ordinal, i): i for i in range(1, 9)}
    return (goods, numbers[place]) if place in numbers else None


def set_label(label: object) -> str:
    """A set's label as an event names it (``fish``, ``second fish``), in the reader's
    language (``Fisch``, ``Fisch Nr. 2``)."""
    parts = _label_parts(label)
    return goods_label(*parts) if parts else str(label)


def labelled_set(label: object) -> str:
    """The set an event's label names (``second fish``): ``second fish set``
    (``Fisch-Set Nr. 2``)."""
    parts = _label_parts(label)
    return set_name(*parts) if parts else str(label)


def a_set(goods: object, number: object = None) -> str:
    """A set with its indefinite article: ``an ivory set``, ``a second fish set``."""
    name = set_name(goods, number)
    english_name = english(set_name, goods, number)
    if english_name[:1] in "aeiou":
        return pgettext("set", "an {set}").format(set=name)
    return pgettext("set", "a {set}").format(set=name)


def card_label(name: str) -> str:
    """A card kind as a label, no article: ``fish 1``, ``amulet``, ``Thief``, ``character``."""
    m = _GOODS_CARD.fullmatch(name)
    if m:
        return f"{goods_name(m[1])} {m[2]}"
    if name == "amulet":
        return pgettext("card", "amulet")
    if name == "character":
        return pgettext("card", "character")
    return character_name(name)


def card_typed(name: str) -> str:
    """A card kind as a person types it: ``fish 1``, ``amulet``, ``thief`` (a character key)."""
    m = _GOODS_CARD.fullmatch(name)
    return f"{m[1]} {m[2]}" if m else name


Case = Literal["acc", "nom"]


def card(name: str, case: Case = "acc") -> str:
    """A card kind in a sentence: ``fish 1``, ``an amulet``, ``the Thief``, ``a face-down
    character`` (``case``: German's accusative, the object, or nominative, in a list)."""
    m = _GOODS_CARD.fullmatch(name)
    if m:
        return card_label(name)
    if name == "amulet":
        return _("an amulet")
    if name == "character":
        return _("a face-down character")
    return character(name, case)


def cards(names: Iterable[str], grouped: bool = False, case: Case = "acc") -> str:
    """Several cards in a sentence: ``fish 1, fish 0 and an amulet``, in their order (a row
    of the market); ``grouped``: a hand or a pile, goods first, amulets and face-down
    characters counted (``fish 1 and 2 amulets``), the characters last."""
    items = list(names)
    if not grouped:
        return join_words([card(n, case) for n in items])
    words = [card(n, case) for n in items if _GOODS_CARD.fullmatch(n)]
    amulets, faces = items.count("amulet"), items.count("character")
    if amulets:
        words.append(
            card("amulet")
            if amulets == 1
            else ngettext("{n} amulet", "{n} amulets", amulets).format(n=amulets)
        )
    if faces:
        words.append(
            card("character")
            if faces == 1
            else ngettext("{n} face-down character", "{n} face-down characters", faces).format(
                n=faces
            )
        )
    chars = [n for n in items if n not in ("amulet", "character") and not _GOODS_CARD.fullmatch(n)]
    return join_words(words + [card(n, case) for n in chars])


def character_name(key: str) -> str:
    """A character's name: ``Queen Sobekneferu``, ``Thief`` (``Königin Sobekneferu``,
    ``Dieb``)."""
    if language() == SOURCE:
        return CHARACTER_NAMES.get(key, key.replace("_", " ").title())
    names = {
        "queen": pgettext("character", "Queen Sobekneferu"),
        "vizier": pgettext("character", "Vizier"),
        "priest": pgettext("character", "High Priest"),
        "scribe": pgettext("character", "Scribe"),
        "thief": pgettext("character", "Thief"),
        "boatman": pgettext("character", "Boatman"),
        "collector": pgettext("character", "Tax Collector"),
        "courtesan": pgettext("character", "Courtesan"),
        "overseer": pgettext("character", "Overseer"),
    }
    if key in names:
        return names[key]
    return CHARACTER_NAMES.get(key, key.replace("_", " ").title())


def character(key: str, case: Case = "acc") -> str:
    """A character in a sentence: ``Queen Sobekneferu``, ``the Thief`` (German declines the
    article: ``den Dieb`` as the object, ``der Dieb`` in a list)."""
    if case == "nom":
        forms = {
            "queen": pgettext("character, subject", "Queen Sobekneferu"),
            "vizier": pgettext("character, subject", "the Vizier"),
            "priest": pgettext("character, subject", "the High Priest"),
            "scribe": pgettext("character, subject", "the Scribe"),
            "thief": pgettext("character, subject", "the Thief"),
            "boatman": pgettext("character, subject", "the Boatman"),
            "collector": pgettext("character, subject", "the Tax Collector"),
            "courtesan": pgettext("character, subject", "the Courtesan"),
            "overseer": pgettext("character, subject", "the Overseer"),
        }
    else:
        forms = {
            "queen": pgettext("character, object", "Queen Sobekneferu"),
            "vizier": pgettext("character, object", "the Vizier"),
            "priest": pgettext("character, object", "the High Priest"),
            "scribe": pgettext("character, object", "the Scribe"),
            "thief": pgettext("character, object", "the Thief"),
            "boatman": pgettext("character, object", "the Boatman"),
            "collector": pgettext("character, object", "the Tax Collector"),
            "courtesan": pgettext("character, object", "the Courtesan"),
            "overseer": pgettext("character, object", "the Overseer"),
        }
    if key in forms:
        return forms[key]
    name = character_name(key)
    return name if name.startswith("Queen") else _("the {character}").format(character=name)


def power_of(key: str, power: object = None) -> str:
    """The power id of a character (the event's, else the default table's)."""
    return str(power) if isinstance(power, str) and power else DEFAULT_POWERS.get(key, "")


#: a token's name as typed after ``token`` (English); a character power used as a token
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
    """A token's typed name (English, as ``token extra action`` is typed)."""
    return TOKEN_WORDS.get(effect, effect.lower().replace("_", " "))


def token_name(effect: str) -> str:
    """A token's name for the reader: ``extra action`` (``Extraaktion``)."""
    names = {
        "BONUS_3": pgettext("token", "bonus"),
        "EXTRA_ACTION": pgettext("token", "extra action"),
        "ABSOLUTION": pgettext("token", "absolution"),
        "LAUNDER": pgettext("token", "small laundering"),
        "LAUNDER_SET": pgettext("token", "laundering"),
        "FREE_PASSAGE": pgettext("token", "free passage"),
        "SCAPEGOAT": pgettext("token", "scapegoat"),
        "GOSSIP": pgettext("token", "gossip"),
        "PICKPOCKET": pgettext("token", "pickpocket"),
        "CUSTOMS": pgettext("token", "customs"),
        "PRIORITY_BERTH": pgettext("token", "priority berth"),
        "ROYAL_PICK": pgettext("token", "royal pick"),
        "TRIBUTE": pgettext("token", "tribute"),
        "PURIFY": pgettext("token", "purification"),
        "DRAW2": pgettext("token", "two cards"),
        "STEAL_RANDOM": pgettext("token", "theft"),
        "TAKE_FRONT2": pgettext("token", "front two"),
        "DENOUNCE": pgettext("token", "denunciation"),
        "PEEK_SWAP": pgettext("token", "swap"),
        "SINK_FRONT": pgettext("token", "sinking"),
    }
    return names.get(effect, token_word(effect))


def token(effect: str) -> str:
    """A token in a sentence: ``the extra-action token`` (``das Plättchen „Extraaktion“``)."""
    name = token_name(effect)
    # Translators: {token} is the token's name with hyphens (English), {name} as written
    return _("the {token} token").format(token=name.replace(" ", "-"), name=name)


def token_term(effect: str) -> str:
    """A token as a glossary term: ``Extra-action token``."""
    name = token_name(effect)
    hyphened = name.replace(" ", "-").capitalize()
    # Translators: {token} is the token's name with hyphens, capitalized; {name} as written
    return _("{token} token").format(token=hyphened, name=name)


#: what an effect does, short, after "to" ("plays the Thief to steal a random card…")
EFFECT_PURPOSE: dict[str, str] = {
    "ROYAL_PICK": N_("take any market card with no corruption"),
    "TRIBUTE": N_("collect a card from each opponent"),
    "PURIFY": N_("throw away up to 2 corruption cards"),
    "DRAW2": N_("draw 2 cards"),
    "STEAL_RANDOM": N_("steal a random card from an opponent"),
    "TAKE_FRONT2": N_("take the first 2 market cards with no corruption"),
    "DENOUNCE": N_("make an opponent bury a card in their corruption"),
    "PEEK_SWAP": N_("look at an opponent's hand and swap a card"),
    "SINK_FRONT": N_("sink up to 3 cards at the front of the market"),
    "BONUS_3": N_("score points at once"),
    "EXTRA_ACTION": N_("take one more action this turn"),
    "ABSOLUTION": N_("throw away up to 2 corruption cards"),
    "LAUNDER": N_("move up to 2 fitting corruption cards into the set"),
    "LAUNDER_SET": N_("move 3 or more fitting corruption cards into the set"),
    "FREE_PASSAGE": N_("make the next take that skips cards free of corruption"),
    "SCAPEGOAT": N_("pass up to 2 corruption cards to an opponent"),
    "GOSSIP": N_("draw 2 cards"),
    "PICKPOCKET": N_("steal a random card from an opponent"),
    "CUSTOMS": N_("make every opponent bury a card in their corruption"),
    "PRIORITY_BERTH": N_("take any market card with no corruption"),
}

#: what an effect aimed at an opponent does, once the opponent is the one being chosen
TARGET_PURPOSE: dict[str, str] = {
    "STEAL_RANDOM": N_("steal a random card from them"),
    "PICKPOCKET": N_("steal a random card from them"),
    "DENOUNCE": N_("make them bury a card in their corruption"),
    "PEEK_SWAP": N_("look at their hand and swap a card"),
}


def purpose(effect: str, points: object = None) -> str:
    """What an effect does, as a verb phrase: ``draw 2 cards`` (``2 Karten ziehen``)."""
    if effect == "BONUS_3" and isinstance(points, int):
        return ngettext("score {n} point at once", "score {n} points at once", points).format(
            n=points
        )
    return _(EFFECT_PURPOSE.get(effect, N_("use its effect")))


def target_purpose(effect: str) -> str:
    """What an effect aimed at the opponent being chosen does: ``steal a random card from
    them``."""
    if effect == "SCAPEGOAT":
        # Translators: after "is choosing an opponent to" (German: a zu-infinitive)
        return pgettext("opponent being chosen", "pass up to 2 corruption cards to an opponent")
    if effect in TARGET_PURPOSE:
        return _(TARGET_PURPOSE[effect])
    text = purpose(effect)
    for said, short in (("an opponent's", "their"), ("from an opponent", "from them")):
        text = text.replace(said, short)
    return text.replace("make an opponent", "make them")


#: what an effect does, in full (the project's own words; sobek:8 and sobek:9 are DESIGN)
EFFECT_EXPLAINED: dict[str, str] = {
    "ROYAL_PICK": N_(
        "Take any one market card into your hand, wherever it lies; the cards before "
        "it stay where they are and nothing goes to your corruption."
    ),
    "TRIBUTE": N_(
        "Each opponent, starting on your left, hands you one card of their choice from "
        "their hand, face down (an empty hand gives nothing)."
    ),
    "PURIFY": N_("Look at your corruption pile and throw away up to 2 of its cards, face down."),
    "DRAW2": N_(
        "Draw the top 2 cards of the deck into your hand (fewer if the deck runs short); "
        "only you see them."
    ),
    "STEAL_RANDOM": N_(
        "Choose an opponent who holds cards and take one of them at random; only the "
        "two of you learn which."
    ),
    "TAKE_FRONT2": N_(
        "Take the first 2 market cards into your hand with no corruption (just one "
        "if only one is left)."
    ),
    "DENOUNCE": N_(
        "Choose an opponent who holds cards: they put one card of their choice from "
        "their hand into their own corruption pile."
    ),
    "PEEK_SWAP": N_(
        "Choose an opponent who holds cards, look at their whole hand and take one "
        "card; then give them one other card of yours, if you have one."
    ),
    "SINK_FRONT": N_(
        "Throw away 0 to 3 cards from the front of the market; nobody gets corruption for them."
    ),
    "BONUS_3": N_(
        "Score {points} points at once; the corruption penalty at the round's end cannot "
        "take them away."
    ),
    "EXTRA_ACTION": N_(
        "After this, take one more action in the same turn: a card, a character or "
        "a set (a set laid with it may bring another token)."
    ),
    "ABSOLUTION": N_(
        "Look at your corruption pile and throw away up to 2 of its cards, face down."
    ),
    "LAUNDER_SET": N_(
        "Move cards from your corruption pile into the set just laid, if they fit "
        "it (its goods, amulets or its family's characters): none, or at least 3, as for any "
        "addition to a set."
    ),
    "FREE_PASSAGE": N_(
        "The next time this round you take a card further along the market, the "
        "cards you skip go to the discard pile instead of your corruption."
    ),
    "LAUNDER": N_(
        "Move up to 2 cards from your corruption pile into the set just laid, if they "
        "fit it (its goods, amulets or its family's characters)."
    ),
    "SCAPEGOAT": N_(
        "Choose an opponent and pass up to 2 cards of your corruption pile to theirs, face down."
    ),
    "GOSSIP": N_(
        "Draw the top 2 cards of the deck into your hand (fewer if the deck runs short); "
        "only you see them."
    ),
    "PICKPOCKET": N_(
        "Choose an opponent who holds cards and take one of them at random; only the "
        "two of you learn which."
    ),
    "CUSTOMS": N_(
        "Every opponent who holds cards puts one card of their choice from their hand "
        "into their own corruption pile, in turn from your left."
    ),
    "PRIORITY_BERTH": N_(
        "Take any one market card into your hand, wherever it lies, with no corruption."
    ),
}


def explain_effect(effect: str, points: object = 3) -> str:
    """What an effect does, as a sentence."""
    text = _(EFFECT_EXPLAINED.get(effect, N_("An effect of this game's options.")))
    return text.replace("{points}", str(points if isinstance(points, int) else 3))


def explain_character(key: str, power: object = None) -> tuple[str, str]:
    """(term, explanation) of a character: its power, and that it can join a set instead."""
    family = DEFAULT_FAMILIES.get(key)
    effect = explain_effect(power_of(key, power))
    if family:
        text = _(
            "A character: play it as your action for its power. {effect} Or lay it in "
            "{a_set}, where it counts as a card with no scarab."
        ).format(effect=effect, a_set=a_set(family))
    else:
        text = _(
            "A character: play it as your action for its power. {effect} Or lay it in a set "
            "of its family, where it counts as a card with no scarab."
        ).format(effect=effect)
    return character_name(key), text


def terms() -> dict[str, str]:
    """The general terms a newcomer meets, in the reader's language (term: explanation)."""
    return {_(term): _(text) for term, text in TERMS.items()}


def term(key: str) -> tuple[str, str]:
    """One of :data:`TERMS` (by its English term), in the reader's language."""
    return _(key), _(TERMS[key])


#: the general terms a newcomer meets (English keys; :func:`terms` translates them)
TERMS: dict[str, str] = {
    N_("Scarabs"): N_(
        "The number after a goods card's name is its scarabs: ivory 3 carries 3, "
        "fish 0 none. A set scores its number of cards times the scarabs on them."
    ),
    N_("Amulet"): N_(
        "A wild card: it joins a set of any goods and carries no scarab; a new set "
        "still needs one real goods card."
    ),
    N_("Face-down character"): N_(
        "A character lies face down in the market; whoever takes it sees "
        "which it is. Play it for its power or lay it in a set of its family."
    ),
    N_("Corruption"): N_(
        "Every market card you skip to take a later one goes face down under your "
        "corruption tile; so do the cards left in your hand when the round ends."
    ),
    N_("Corruption penalty"): N_(
        "At the end of a round the player (or players) with the most "
        "corruption cards loses the points of their best set."
    ),
    N_("Event tokens"): N_(
        "Each of the first five sets of a round lets its player look at the "
        "tokens left and take one; its effect happens at once."
    ),
}

#: sobek:6.3 a second set of one goods (second_set "choose"), explained when one is laid
SECOND_SET = N_(
    "Cards of a goods you already have a set of may join that set or be laid as a new set "
    "of their own. Each set scores on its own (one big set scores more), and the corruption "
    "penalty takes only the single most valuable one."
)

PENALTY_EXPLAINED = {
    "best_set": TERMS["Corruption penalty"],
    "half_round": N_(
        "At the end of a round the player (or players) with the most corruption "
        "cards loses half of the round's points."
    ),
    "matching_types": N_(
        "At the end of a round the player (or players) with the most corruption "
        "cards scores nothing for the sets whose goods lie in their corruption pile."
    ),
}


def commands() -> dict[str, str]:
    """Each action kind's typed command word in the reader's language (``take``: ``nimm``)."""
    return {
        "take": pgettext("typed command", "take"),
        "play": pgettext("typed command", "play"),
        "set": pgettext("typed command", "set"),
        "new": pgettext("typed command", "new"),
        "onto": pgettext("typed command", "onto"),
        "add": pgettext("typed command", "add"),
        "done": pgettext("typed command", "done"),
        "pass": pgettext("typed command", "pass"),
        "token": pgettext("typed command", "token"),
        "pick": pgettext("typed command", "pick"),
        "target": pgettext("typed command", "target"),
        "give": pgettext("typed command", "give"),
        "bury": pgettext("typed command", "bury"),
        "grab": pgettext("typed command", "grab"),
        "purge": pgettext("typed command", "purge"),
        "launder": pgettext("typed command", "launder"),
        "shift": pgettext("typed command", "shift"),
        "sink": pgettext("typed command", "sink"),
        "starter": pgettext("typed command", "starter"),
    }


def typed_args(action: Action) -> str:
    """What follows the command word when ``action`` is typed in the reader's language
    (``Fisch 1``, ``Dieb``, ``Spieler 2``)."""
    kind = action.kind
    value = getattr(action, "position", getattr(action, "count", None))
    if isinstance(value, int):
        return str(value)
    if kind in ("target", "starter"):
        return _("player {n}").format(n=action.seat + 1)  # type: ignore[attr-defined]
    if kind == "token":
        return token_name(action.effect)  # type: ignore[attr-defined]
    if kind == "play":
        return character_name(action.character)  # type: ignore[attr-defined]
    if kind == "onto":
        return f"{goods_name(action.goods)} {action.number}"  # type: ignore[attr-defined]
    goods = getattr(action, "goods", None)
    if isinstance(goods, str):
        return goods_name(goods)
    card_name = getattr(action, "card", None)
    return card_label(card_name) if isinstance(card_name, str) else ""


def typed(action: Action) -> str:
    """``action`` as a person types it in the reader's language (``take 3``: ``nimm 3``);
    in English exactly its text form."""
    if language() == SOURCE:
        return action.text()
    args = typed_args(action)
    word = commands().get(action.kind, action.kind)
    return f"{word} {args}" if args else word


def english_args(args: str) -> str | None:
    """What follows a typed command, written in the reader's language (``fisch 1``,
    ``königin sobekneferu``, ``freie durchfahrt``, ``spieler 2``), in its English typed
    form (``fish 1``, ``queen``, ``free passage``, ``player 2``); None if it names nothing."""
    said = " ".join(args.lower().split())
    words: dict[str, str] = {goods_name(g).lower(): g for g in GOODS}
    words.update({character_name(k).lower(): k for k in CHARACTER_NAMES})
    words.update({token_name(e).lower(): token_word(e) for e in TOKEN_WORDS})
    words[pgettext("card", "amulet").lower()] = "amulet"
    if said in words:
        return words[said]
    head, _sp, number = said.rpartition(" ")
    if number.isdigit() and head in words:
        return f"{words[head]} {number}"
    if number.isdigit() and head == _("player {n}").format(n="").strip().lower():
        return f"player {number}"
    return None
