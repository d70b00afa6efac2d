"""The Khufu companion's names for the game's things, in the reader's language.

Khufu speaks whole sentences, and a German sentence declines the nouns in it ("Mein
Symbolwürfel zeigt *den Falken*", "der Zehnte *vom Falken*", "wer *einen Falken* hat"), so
each name comes in the forms the companion's sentences need, each its own catalog entry
(a ``pgettext`` context says which form). In English every form reads as the game's own
words (``obelisk.games.khufu.narration``: ``Falcon``, ``the Falcon``, ``a Falcon``); a
test keeps the two in step.
"""

from __future__ import annotations

from obelisk.core.i18n import Words

W = Words("obelisk.companion")
pgettext = W.pgettext


def symbol_name(sym: str) -> str:
    """A symbol's name alone (a card's caption, a list): ``Falcon``."""
    return {
        "CAT": pgettext("symbol", "Cat"),
        "FALCON": pgettext("symbol", "Falcon"),
        "JACKAL": pgettext("symbol", "Jackal"),
        "ANKH": pgettext("symbol", "Ankh"),
        "EYE_OF_HORUS": pgettext("symbol", "Eye of Horus"),
        "KING": pgettext("symbol", "King"),
    }.get(sym, sym)


def the_symbol(sym: str) -> str:
    """``the Falcon`` as the object of a sentence (German: accusative, ``den Falken``)."""
    return {
        "CAT": pgettext("symbol, with 'the', as an object", "the Cat"),
        "FALCON": pgettext("symbol, with 'the', as an object", "the Falcon"),
        "JACKAL": pgettext("symbol, with 'the', as an object", "the Jackal"),
        "ANKH": pgettext("symbol, with 'the', as an object", "the Ankh"),
        "EYE_OF_HORUS": pgettext("symbol, with 'the', as an object", "the Eye of Horus"),
        "KING": pgettext("symbol, with 'the', as an object", "the King"),
    }.get(sym, sym)


def of_the_symbol(sym: str) -> str:
    """``the Falcon`` after "a tithe of" (German: ``vom Falken``, the preposition included)."""
    return {
        "CAT": pgettext("symbol, after 'a tithe of'", "the Cat"),
        "FALCON": pgettext("symbol, after 'a tithe of'", "the Falcon"),
        "JACKAL": pgettext("symbol, after 'a tithe of'", "the Jackal"),
        "ANKH": pgettext("symbol, after 'a tithe of'", "the Ankh"),
        "EYE_OF_HORUS": pgettext("symbol, after 'a tithe of'", "the Eye of Horus"),
        "KING": pgettext("symbol, after 'a tithe of'", "the King"),
    }.get(sym, sym)


def a_symbol(sym: str) -> str:
    """``a Falcon`` (a card of that symbol) as an object (German: ``einen Falken``)."""
    return {
        "CAT": pgettext("symbol card, with 'a', as an object", "a Cat"),
        "FALCON": pgettext("symbol card, with 'a', as an object", "a Falcon"),
        "JACKAL": pgettext("symbol card, with 'a', as an object", "a Jackal"),
        "ANKH": pgettext("symbol card, with 'a', as an object", "an Ankh"),
        "EYE_OF_HORUS": pgettext("symbol card, with 'a', as an object", "an Eye of Horus"),
        "KING": pgettext("symbol card, with 'a', as an object", "a King"),
    }.get(sym, sym)


def the_suit(suit: str) -> str:
    """``the Animals (Cat, Falcon, Jackal)`` as an object."""
    return {
        "ANIMALS": pgettext("suit, with 'the', as an object", "the Animals (Cat, Falcon, Jackal)"),
        "ROYALS": pgettext(
            "suit, with 'the', as an object", "the Royals (Ankh, Eye of Horus, King)"
        ),
    }.get(suit, suit)


def the_chamber(chamber: str) -> str:
    """``the Queen's Chamber`` as the object of a sentence (turn it, move to it)."""
    return {
        "SERVANT": pgettext("chamber, as an object", "the Servant's Chamber"),
        "HIGH_PRIEST": pgettext("chamber, as an object", "the High-Priest's Chamber"),
        "QUEEN": pgettext("chamber, as an object", "the Queen's Chamber"),
        "KING": pgettext("chamber, as an object", "the King's Chamber"),
    }.get(chamber, pgettext("chamber, as an object", "a chamber"))


def in_the_chamber(chamber: str) -> str:
    """``the Queen's Chamber`` after "in" (where something is; German: dative)."""
    return {
        "SERVANT": pgettext("chamber, after 'in'", "the Servant's Chamber"),
        "HIGH_PRIEST": pgettext("chamber, after 'in'", "the High-Priest's Chamber"),
        "QUEEN": pgettext("chamber, after 'in'", "the Queen's Chamber"),
        "KING": pgettext("chamber, after 'in'", "the King's Chamber"),
    }.get(chamber, pgettext("chamber, after 'in'", "a chamber"))


def piece_name(piece: str) -> str:
    """A playing piece's name: ``Witch``."""
    return {
        "Witch": pgettext("playing piece", "Witch"),
        "Zombie": pgettext("playing piece", "Zombie"),
        "Vampire": pgettext("playing piece", "Vampire"),
        "Werewolf": pgettext("playing piece", "Werewolf"),
        "Poltergeist": pgettext("playing piece", "Poltergeist"),
        "Gorgon": pgettext("playing piece", "Gorgon"),
    }.get(piece, piece)


def hand_words(category: str) -> str:
    """An Ultimate Challenge hand (khufu:10.5) as the object of "has": ``a full house``."""
    return {
        "NO_PAIR": pgettext("challenge hand, as an object", "no pair"),
        "ONE_PAIR": pgettext("challenge hand, as an object", "one pair"),
        "TWO_PAIR": pgettext("challenge hand, as an object", "two pair"),
        "THREE_OF_A_KIND": pgettext("challenge hand, as an object", "three of a kind"),
        "FULL_HOUSE": pgettext("challenge hand, as an object", "a full house"),
        "FOUR_OF_A_KIND": pgettext("challenge hand, as an object", "four of a kind"),
        "FIVE_OF_A_KIND": pgettext("challenge hand, as an object", "five of a kind"),
    }.get(category, category)


def order_title(eid: str) -> str:
    """The title of Khufu's order ``eid`` (khufu:14.7) on the screen."""
    return {
        "MUMMY_CALL": pgettext("order", "Who is the mummy?"),
        "TAUNT": pgettext("order", "Khufu's taunt"),
        "ROTATE_CHAMBER": pgettext("order", "Rotate a chamber"),
        "RESTORE_CHAMBERS": pgettext("order", "Chambers restored"),
        "MOVE_SARCOPHAGUS": pgettext("order", "The Sarcophagus moves"),
        "NEW_LUCKY": pgettext("order", "A new Lucky"),
        "FAVOURED_SUIT": pgettext("order", "Favoured suit"),
        "LUCKY_SYMBOL_ROLL": pgettext("order", "Lucky symbol roll"),
        "PHARAOHS_TAX": pgettext("order", "Pharaoh's tax"),
        "SYMBOL_TITHE": pgettext("order", "Symbol tithe"),
        "LUCKY_PICKPOCKET": pgettext("order", "Lucky's pickpocket"),
        "PASS_TO_THE_LEFT": pgettext("order", "Pass to the left"),
        "SANDSTORM": pgettext("order", "Sandstorm"),
        "TAILWIND": pgettext("order", "Tailwind"),
        "CURSE_THE_RICHEST": pgettext("order", "Curse the richest"),
        "UNDERDOG": pgettext("order", "Underdog"),
        "MISS_NEXT_TURN": pgettext("order", "Miss a turn"),
        "LUCKY_EXTRA_TURN": pgettext("order", "Lucky's extra turn"),
        "SANDS_RUN_FAST": pgettext("order", "The sands run fast"),
        "KHUFUS_COIN": pgettext("order", "Khufu's coin"),
    }[eid]


__all__ = [
    "a_symbol",
    "hand_words",
    "in_the_chamber",
    "of_the_symbol",
    "order_title",
    "piece_name",
    "symbol_name",
    "the_chamber",
    "the_suit",
    "the_symbol",
]
