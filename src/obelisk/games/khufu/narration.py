"""Khufu's events as sentences for one reader (see ``obelisk.core.narration``).

Every sentence is made from the event's JSON form and the reader's :class:`Voice`
only. Card ids never appear: a card is its symbol ("a Falcon", "a Falcon with a
cobra"). Khufu's orders say whom they hit; the words are the project's own.

Every sentence is whole and comes from the game's catalog (``locale/<lang>.po``):
the reader's own seat has its own sentence (``You draw …`` / ``{name} draws …``),
so that a language can put the verb and the cases where it needs them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from obelisk.core import Narrator, Voice
from obelisk.core.i18n import N_, Words
from obelisk.core.narration import capitalize, join_words

from .components import CHAMBERS, CURSE_IDS, SYMBOLS

W = Words(__package__)
_, ngettext, pgettext = W.gettext, W.ngettext, W.pgettext

JSON = Any

#: The six symbols in words (khufu:2.1).
SYMBOL_WORDS: dict[str, str] = {
    "CAT": N_("Cat"),
    "FALCON": N_("Falcon"),
    "JACKAL": N_("Jackal"),
    "ANKH": N_("Ankh"),
    "EYE_OF_HORUS": N_("Eye of Horus"),
    "KING": N_("King"),
}
#: A card of each symbol with its article, as the object of a sentence (German
#: declines it: *einen Falken*).
_CARD_WORDS: dict[str, str] = {
    "CAT": N_("a Cat"),
    "FALCON": N_("a Falcon"),
    "JACKAL": N_("a Jackal"),
    "ANKH": N_("an Ankh"),
    "EYE_OF_HORUS": N_("an Eye of Horus"),
    "KING": N_("a King"),
}
SUIT_WORDS: dict[str, str] = {
    "ANIMALS": N_("Animals (Cat, Falcon, Jackal)"),
    "ROYALS": N_("Royals (Ankh, Eye of Horus, King)"),
}
#: Ultimate Challenge hand categories (khufu:10.5).
HAND_WORDS: dict[str, str] = {
    "NO_PAIR": N_("no pair"),
    "ONE_PAIR": N_("one pair"),
    "TWO_PAIR": N_("two pair"),
    "THREE_OF_A_KIND": N_("three of a kind"),
    "FULL_HOUSE": N_("a full house"),
    "FOUR_OF_A_KIND": N_("four of a kind"),
    "FIVE_OF_A_KIND": N_("five of a kind"),
}
SPACE_WORDS: dict[str, str] = {
    "treasure": N_("a Treasure space"),
    "curse": N_("a Curse space"),
    "steal": N_("a Steal space"),
    "door": N_("a chamber door"),
}
#: The chambers by name, with the article (Translators: the German catalog gives the bare
#: noun, "Königskammer"; every sentence that names a chamber puts the article in its case).
_CHAMBER_NOUNS: dict[str, str] = {
    "SERVANT": N_("the Servant's Chamber"),
    "HIGH_PRIEST": N_("the High-Priest's Chamber"),
    "QUEEN": N_("the Queen's Chamber"),
    "KING": N_("the King's Chamber"),
}
_TABLE_NOUNS: dict[str, str] = {
    "SERVANT": N_("the Servant's table"),
    "HIGH_PRIEST": N_("the High-Priest's table"),
    "QUEEN": N_("the Queen's table"),
    "KING": N_("the King's table"),
}
_DOOR_NOUNS: dict[str, str] = {
    "SERVANT": N_("the Servant's door"),
    "HIGH_PRIEST": N_("the High-Priest's door"),
    "QUEEN": N_("the Queen's door"),
    "KING": N_("the King's door"),
}

#: Curse cards (khufu:15): name and what it does, in words.
CURSE_WORDS: dict[str, tuple[str, str]] = {
    "SNAKE_BITE": (
        N_("Snake Bite"),
        N_("one random Treasure card goes back to the bottom of the deck"),
    ),
    "SAND_TRAP": (N_("Sand Trap"), N_("the player misses their next turn")),
    "QUICKSAND": (
        N_("Quicksand"),
        N_("the piece sinks 3 spaces back (only a Curse space there has an effect)"),
    ),
    "TOMB_TOLL": (
        N_("Tomb Toll"),
        N_("the player gives a Treasure card of their choice to the next player"),
    ),
    "KHUFUS_CUT": (
        N_("Khufu's Cut"),
        N_("two random Treasure cards go back to the bottom of the deck"),
    ),
    "LUCKYS_ERRAND": (
        N_("Lucky's Errand"),
        N_("a random Treasure card goes to Lucky (Lucky's own goes back to the deck)"),
    ),
    "MUMMYS_GRIP": (
        N_("Mummy's Grip"),
        N_("no chamber may be entered during the player's next turn"),
    ),
    "LUCKY_ESCAPE": (N_("Lucky Escape"), N_("the player draws a Treasure card")),
    "PLAGUE": (
        N_("Plague"),
        N_("everybody, starting with the player, returns a random Treasure card to the deck"),
    ),
    "SYMBOL_GAMBLE": (
        N_("Symbol Gamble"),
        N_(
            "a symbol die is rolled: the player's lucky symbol draws 2 cards, "
            "anything else costs one"
        ),
    ),
}

#: Khufu's orders (khufu:14.7): a name and what it does, for the glossary.
ORDER_WORDS: dict[str, tuple[str, str]] = {
    "MUMMY_CALL": (
        N_("Who is the mummy?"),
        N_("every player must shout at once; whoever stays silent returns a random card"),
    ),
    "TAUNT": (N_("Khufu's taunt"), N_("Khufu mocks the players; nothing else happens")),
    "ROTATE_CHAMBER": (
        N_("Rotate a chamber"),
        N_(
            "Lucky turns a random chamber: an open one is blocked for two rounds (at most two "
            "at once), a blocked one opens"
        ),
    ),
    "RESTORE_CHAMBERS": (N_("Chambers restored"), N_("every blocked chamber opens")),
    "MOVE_SARCOPHAGUS": (
        N_("The Sarcophagus moves"),
        N_("the Sarcophagus goes to another chamber, where the Ultimate Challenge is now played"),
    ),
    "NEW_LUCKY": (N_("A new Lucky"), N_("Khufu names another player Lucky")),
    "FAVOURED_SUIT": (
        N_("Favoured suit"),
        N_("a random suit is chosen; each player whose lucky symbol is in it draws a card"),
    ),
    "LUCKY_SYMBOL_ROLL": (
        N_("Lucky symbol roll"),
        N_("a symbol die is rolled; the player with that lucky symbol draws 2 cards"),
    ),
    "PHARAOHS_TAX": (
        N_("Pharaoh's tax"),
        N_("every player holding 5 or more cards returns a random one"),
    ),
    "SYMBOL_TITHE": (
        N_("Symbol tithe"),
        N_("a symbol die is rolled; every player holding that symbol returns one such card, shown"),
    ),
    "LUCKY_PICKPOCKET": (
        N_("Lucky's pickpocket"),
        N_("Lucky must steal a card from another player"),
    ),
    "PASS_TO_THE_LEFT": (
        N_("Pass to the left"),
        N_("everybody passes a random card to the next player, all at once"),
    ),
    "SANDSTORM": (N_("Sandstorm"), N_("every piece on the track moves 3 spaces back")),
    "TAILWIND": (N_("Tailwind"), N_("every piece on the track moves 2 spaces on")),
    "CURSE_THE_RICHEST": (
        N_("Curse the richest"),
        N_("the players holding the most cards go to the next Curse space and draw a Curse there"),
    ),
    "UNDERDOG": (N_("Underdog"), N_("the players with the fewest Scarabs draw a card")),
    "MISS_NEXT_TURN": (N_("Miss a turn"), N_("the next player misses a turn")),
    "LUCKY_EXTRA_TURN": (N_("Lucky's extra turn"), N_("Lucky plays an extra turn next")),
    "SANDS_RUN_FAST": (N_("The sands run fast"), N_("a minute of the countdown is lost")),
    "KHUFUS_COIN": (
        N_("Khufu's coin"),
        N_("each player with cards tosses the coin: tails draws a card, heads returns one"),
    ),
}

#: What a pending decision is, in words (timeouts and interruptions; khufu:5.7).
DECISION_WORDS: dict[str, str] = {
    "ROLL": N_("the roll"),
    "CHAMBER_TURN_OPTION": N_("the choice to stay or leave"),
    "DOOR_ENTER_OR_PASS": N_("the choice to enter or pass"),
    "TAKE_TREASURE": N_("the Treasure card"),
    "STEAL_TARGET_OR_DECLINE": N_("the steal"),
    "COBRA_GIVE_CARD": N_("the card owed for the cobra"),
    "WAGER_CARDS": N_("the wager"),
    "CHALLENGE_SELECT_3": N_("the choice of three cards"),
    "CURSE_TOLL_CARD": N_("the card owed for the toll"),
    "PICKPOCKET_TARGET": N_("the pickpocket's victim"),
    "MUMMY_CALL_ANSWER": N_("the answer to Khufu"),
    "CHOOSE_PIECE": N_("the choice of a playing piece"),
}
#: What the clock decides on a timeout (khufu:5.8).
DEFAULT_WORDS: dict[str, str] = {
    "ROLL": N_("the die is rolled"),
    "CHAMBER_TURN_OPTION": N_("the chamber is left"),
    "DOOR_ENTER_OR_PASS": N_("the door is passed"),
    "TAKE_TREASURE": N_("the card is taken"),
    "STEAL_TARGET_OR_DECLINE": N_("no steal"),
    "COBRA_GIVE_CARD": N_("a random card is given"),
    "WAGER_CARDS": N_("the smallest wager is placed, with the first cards in hand"),
    "CHALLENGE_SELECT_3": N_("the first three dealt cards are played"),
    "CURSE_TOLL_CARD": N_("a random card is given"),
    "PICKPOCKET_TARGET": N_("the richest player is robbed"),
    "MUMMY_CALL_ANSWER": N_("silence, and its penalty"),
}

#: The playing pieces (khufu:4.1) in words: ``components.CHARACTERS`` are their names.
PIECE_WORDS: dict[str, str] = {
    "Witch": N_("Witch"),
    "Zombie": N_("Zombie"),
    "Vampire": N_("Vampire"),
    "Werewolf": N_("Werewolf"),
    "Poltergeist": N_("Poltergeist"),
    "Gorgon": N_("Gorgon"),
}

TERMS: dict[str, str] = {
    "Lucky": N_("the player Khufu picks; Lucky plays first and some of Khufu's orders name Lucky"),
    "Scarab": N_(
        "won at a chamber's table the first time; four Scarabs and 3 Treasure cards "
        "qualify a player for the Ultimate Challenge"
    ),
    "Cobra": N_(
        "a Treasure card with a cobra bites a thief: it stays with its owner and the "
        "thief gives the owner a card instead"
    ),
    "Ultimate Challenge": N_(
        "three of your dealt cards and two symbol dice against Khufu's three "
        "cards and the same dice; the better poker-like hand wins the game (the clock stops)"
    ),
    "Sarcophagus": N_("the chamber holding it is where a qualified player takes on Khufu"),
}
#: The glossary's terms in words (the keys of :data:`TERMS`).
_TERM_WORDS: dict[str, str] = {
    "Lucky": N_("Lucky"),
    "Scarab": N_("Scarab"),
    "Cobra": N_("Cobra"),
    "Ultimate Challenge": N_("Ultimate Challenge"),
    "Sarcophagus": N_("Sarcophagus"),
}


def symbol(name: str | None) -> str:
    """A symbol id in words (``EYE_OF_HORUS`` is ``Eye of Horus``)."""
    word = SYMBOL_WORDS.get(str(name))
    return _(word) if word else str(name).replace("_", " ").title()


def piece(name: str | None) -> str:
    """A playing piece's name in the reader's language (``Witch``; German ``Hexe``)."""
    word = PIECE_WORDS.get(str(name))
    return _(word) if word else str(name)


def chamber_noun(name: str | None) -> str:
    """A chamber in a sentence of this module: ``the High-Priest's Chamber`` in English; in
    German the bare noun (``Hohepriesterkammer``), the sentence giving the article."""
    if name in _CHAMBER_NOUNS:
        return _(_CHAMBER_NOUNS[str(name)])
    return _("a chamber")


def chamber(name: str | None) -> str:
    """A chamber id as its title (``HIGH_PRIEST`` is ``the High-Priest's Chamber``), as the
    subject of a sentence in the reader's language (German: ``die Hohepriesterkammer``)."""
    if name in _CHAMBER_NOUNS:
        # Translators: a chamber as the subject of a sentence: "die {chamber}"
        return pgettext("chamber as a subject", "{chamber}").format(chamber=chamber_noun(name))
    return _("a chamber")


def table(name: str | None) -> str:
    """``the High-Priest's table`` (German, for the sentences here: ``Tisch der
    Hohepriesterkammer``)."""
    if name in _TABLE_NOUNS:
        return _(_TABLE_NOUNS[str(name)])
    return _("the table")


def door(name: str | None) -> str:
    """``the High-Priest's door`` (German, for the sentences here: ``Tür der
    Hohepriesterkammer``)."""
    if name in _DOOR_NOUNS:
        return _(_DOOR_NOUNS[str(name)])
    return _("a chamber door")


def card_word(sym: str | None, cobra: bool = False, article: bool = True) -> str:
    """``a Falcon``, ``an Ankh``, ``a Cat with a cobra`` (the object of a sentence: German
    declines it, ``einen Falken``)."""
    if article:
        found = _CARD_WORDS.get(str(sym))
        if found:
            word = _(found)
        else:
            word = symbol(sym)
            word = ("an " if word[0] in "AEIOU" else "a ") + word
    else:
        word = symbol(sym)
    return _("{card} with a cobra").format(card=word) if cobra else word


def cards_words(event: Mapping[str, JSON], key: str = "symbols") -> str:
    """The cards of an event as ``a Falcon, a Cat with a cobra and an Ankh``."""
    syms = list(event.get(key) or [])
    cobras = list(event.get("cobras") or [False] * len(syms))
    return join_words([card_word(s, bool(c)) for s, c in zip(syms, cobras, strict=False)])


def symbols_words(syms: Sequence[str]) -> str:
    """``Falcon, Falcon and Jackal``."""
    return join_words([symbol(s) for s in syms])


def space(event: Mapping[str, JSON]) -> str:
    """``space 7, a Treasure space``, ``the High-Priest's door (space 9)``."""
    to = event.get("to")
    number = _("space {number}").format(number=to)
    if event.get("space") == "door":
        door = event.get("door")
        where = _(_DOOR_NOUNS[str(door)]) if door in _DOOR_NOUNS else _("a chamber door")
        return _("{door} ({space})").format(door=where, space=number)
    kind = str(event.get("space", ""))
    if not kind:
        return number
    what = SPACE_WORDS.get(kind)
    return _("{space}, {kind}").format(space=number, kind=_(what) if what else _("a space"))


def _you(voice: Voice, seat: Any, mine: str, theirs: str, /, **fields: Any) -> str:
    """``mine`` (the reader's own sentence) or ``theirs`` (with the seat's ``{name}``),
    both already translated, filled in with ``fields``."""
    text = mine if voice.you(seat) else theirs
    return text.format(name=voice.name(seat), **fields)


def aside(voice: Voice, seat: Any) -> str:
    """A seat named in parentheses: ``Lucky (you)``, ``Lucky (Ann)``."""
    # Translators: the reader's own seat, named in parentheses: "Lucky (you)"
    return pgettext("in parentheses", "you") if voice.you(seat) else voice.name(seat)


def objects(voice: Voice, seats: Sequence[int]) -> str:
    """Several seats as the object of a sentence: ``you and Bot 2`` (German accusative)."""
    # Translators: the reader's own seat as the object of a sentence (accusative): "dich"
    me = pgettext("accusative", "you")
    return join_words([me if voice.you(s) else voice.name(s) for s in seats])


def subjects(voice: Voice, seats: Sequence[int]) -> str:
    """Several seats as the subject of a sentence: ``you and Bot 2``."""
    # Translators: the reader's own seat as the subject in a list: "du"
    me = pgettext("subject", "you")
    return join_words([me if voice.you(s) else voice.name(s) for s in seats])


def group(
    voice: Voice,
    seats: Sequence[int],
    you: str,
    one: str,
    many: str,
    many_you: str,
    **fields: Any,
) -> str:
    """The sentence for several seats: the reader alone (``you``), another alone
    (``one``, with ``{name}``), several (``many``) or several with the reader
    (``many_you``), both with ``{names}``; all already translated."""
    if len(seats) == 1:
        return _you(voice, seats[0], you, one, **fields)
    text = many_you if any(voice.you(s) for s in seats) else many
    return text.format(names=subjects(voice, seats), **fields)


def curse_name(cid: str) -> str:
    """A Curse card's name in words."""
    found = CURSE_WORDS.get(cid)
    return _(found[0]) if found else cid.replace("_", " ").title()


def curse_effect(cid: str) -> str:
    """What a Curse card does, in words."""
    found = CURSE_WORDS.get(cid)
    return _(found[1]) if found else _("a curse")


def order_name(eid: str) -> str:
    """One of Khufu's orders by its name."""
    found = ORDER_WORDS.get(eid)
    return _(found[0]) if found else eid.replace("_", " ").lower()


def hand_words(category: str) -> str:
    """A hand category of the Ultimate Challenge in words (``a full house``)."""
    found = HAND_WORDS.get(category)
    return _(found) if found else _("a hand")


def coin_face(face: Any) -> str:
    """``heads`` / ``tails`` in words."""
    low = str(face).lower()
    if low == "heads":
        return pgettext("coin", "heads")
    if low == "tails":
        return pgettext("coin", "tails")
    return low


class KhufuNarrator(Narrator):
    """Khufu's narration: one method per event kind (khufu:17 says who sees what)."""

    silent = frozenset({"chance"})

    # -- actions -------------------------------------------------------------
    def on_action(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = event.get("seat")
        act = event.get("action")
        kind = act.get("kind") if isinstance(act, Mapping) else None
        if kind is None:  # the public shadow of a private give: card_moved says it
            return None
        if kind in ("roll", "leave", "pass", "take", "place", "select", "give", "steal"):
            return None  # the move, draw, wager, challenge or card event says what happened
        ch = chamber_noun(event.get("chamber"))
        if kind == "stay":
            return _you(
                voice,
                seat,
                _("You stay in {chamber} to wager again."),
                _("{name} stays in {chamber} to wager again."),
                chamber=ch,
            )
        if kind == "enter":
            return _you(
                voice, seat, _("You enter {chamber}."), _("{name} enters {chamber}."), chamber=ch
            )
        if kind == "challenge":
            return _you(
                voice,
                seat,
                _("You take on Khufu's Ultimate Challenge in {chamber}."),
                _("{name} takes on Khufu's Ultimate Challenge in {chamber}."),
                chamber=ch,
            )
        if kind == "decline":
            if event.get("decision") == "STEAL_TARGET_OR_DECLINE":
                return _you(voice, seat, _("You steal nothing."), _("{name} steals nothing."))
            return _you(
                voice,
                seat,
                _("You leave the Treasure card."),
                _("{name} leaves the Treasure card."),
            )
        if kind == "bet":
            return _you(
                voice,
                seat,
                _("You add {cards} to your wager."),
                _("{name} adds {cards} to {possessive} wager."),
                cards=cards_words(event),
                possessive=voice.possessive(seat),
            )
        if kind == "answer":
            return _you(
                voice,
                seat,
                _("You shout: \u201cYou are the mummy!\u201d"),
                _("{name} shouts: \u201cYou are the mummy!\u201d"),
            )
        if kind == "silent":
            return _you(voice, seat, _("You stay silent."), _("{name} stays silent."))
        if kind == "piece" and isinstance(act, Mapping):  # khufu:4.1 at set-up
            return _you(
                voice,
                seat,
                _("You play the {piece}."),
                _("{name} plays the {piece}."),
                piece=piece(act.get("name")),
            )
        return f"{voice.name(seat)}: {event.get('text', kind)}."

    # -- the track -------------------------------------------------------------
    def on_move(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        die = event.get("die") or 0
        left = event.get("from")
        if die:
            if left:
                head = _you(
                    voice,
                    seat,
                    _("You leave {chamber} and roll a {die}"),
                    _("{name} leaves {chamber} and rolls a {die}"),
                    chamber=chamber_noun(left),
                    die=die,
                )
            else:
                head = _you(voice, seat, _("You roll a {die}"), _("{name} rolls a {die}"), die=die)
        else:
            if event.get("start") == event.get("to"):
                return _you(
                    voice,
                    seat,
                    _("You stay on {space} without entering."),
                    _("{name} stays on {space} without entering."),
                    space=space(event),
                )
            head = _you(voice, seat, _("You walk past the door"), _("{name} walks past the door"))
        if "pips_left" in event:
            left_pips = int(event.get("pips_left") or 0)
            if left_pips:
                return ngettext(
                    "{head}: stops at {space} with {n} step to go.",
                    "{head}: stops at {space} with {n} steps to go.",
                    left_pips,
                ).format(head=head, space=space(event), n=left_pips)
            return _("{head}: stops at {space}.").format(head=head, space=space(event))
        return _("{head}: to {space}.").format(head=head, space=space(event))

    def on_relocate(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        why = event.get("why")
        where = space(event)
        if why == "quicksand":
            return _you(
                voice,
                seat,
                _("You sink back to {space}."),
                _("{name} sinks back to {space}."),
                space=where,
            )
        if why == "sandstorm":
            return _you(
                voice,
                seat,
                _("The sandstorm blows you back to {space}."),
                _("The sandstorm blows {name} back to {space}."),
                space=where,
            )
        if why == "tailwind":
            return _you(
                voice,
                seat,
                _("The tailwind carries you on to {space}."),
                _("The tailwind carries {name} on to {space}."),
                space=where,
            )
        if why == "challenge":
            return _you(
                voice,
                seat,
                _("You go to the furthest Curse space (space {number})."),
                _("{name} goes to the furthest Curse space (space {number})."),
                number=event.get("to"),
            )
        if why == "richest":
            return _you(
                voice,
                seat,
                _("You go to the next Curse space (space {number})."),
                _("{name} goes to the next Curse space (space {number})."),
                number=event.get("to"),
            )
        return _you(voice, seat, _("You go to {space}."), _("{name} goes to {space}."), space=where)

    def on_missed_turn(self, event: Mapping[str, JSON], voice: Voice) -> str:
        return _you(
            voice, event.get("seat"), _("You miss this turn."), _("{name} misses this turn.")
        )

    # -- cards -----------------------------------------------------------------
    def on_draw(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = event.get("seat")
        if "cards" in event:  # the drawer's own event
            return _you(
                voice,
                seat,
                _("You draw {cards}."),
                _("{name} draws {cards}."),
                cards=cards_words(event),
            )
        if voice.you(seat):
            return None  # the reader's own event named the cards
        n = int(event.get("count") or 0)
        return ngettext(
            "{name} draws a Treasure card.", "{name} draws {n} Treasure cards.", n
        ).format(name=voice.name(seat), n=n)

    def on_returned(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = event.get("seat")
        if event.get("revealed"):
            return _you(
                voice,
                seat,
                _("You show {cards} and return it to the bottom of the deck."),
                _("{name} shows {cards} and returns it to the bottom of the deck."),
                cards=cards_words(event),
            )
        if "cards" in event:  # the owner's own event
            return _you(
                voice,
                seat,
                _("You lose {cards}: it goes to the bottom of the deck."),
                _("{name} loses {cards}: it goes to the bottom of the deck."),
                cards=cards_words(event),
            )
        if voice.you(seat):
            return None
        n = int(event.get("count") or 0)
        return ngettext(
            "{name} returns a random card to the bottom of the deck.",
            "{name} returns {n} random cards to the bottom of the deck.",
            n,
        ).format(name=voice.name(seat), n=n)

    def on_card_moved(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        giver, receiver = event.get("from"), event.get("to")
        why = event.get("why")
        if why == "steal":
            return None  # the steal event says it
        if "card" in event:
            what = card_word(event.get("symbol"), bool(event.get("cobra")))
        else:
            if voice.you(giver) or voice.you(receiver):
                return None  # the reader's own event named the card
            what = _("a card")
        fields = {"card": what, "name": voice.name(giver), "other": voice.name(receiver)}
        if why == "pass":
            if voice.you(giver):
                text = _("You pass {card} to {other}.")
            elif voice.you(receiver):
                text = _("{name} passes {card} to you.")
            else:
                text = _("{name} passes {card} to {other}.")
        elif why == "errand":
            if voice.you(giver):
                text = _("You send {card} to Lucky ({other}).")
            elif voice.you(receiver):
                text = _("{name} sends {card} to Lucky (you).")
            else:
                text = _("{name} sends {card} to Lucky ({other}).")
        elif voice.you(giver):
            text = _("You give {other} {card}.")
        elif voice.you(receiver):
            text = _("{name} gives you {card}.")
        else:
            text = _("{name} gives {other} {card}.")
        return text.format(**fields)

    def on_steal(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        thief, victim = event.get("seat"), event.get("victim")
        fields = {"name": voice.name(thief), "other": voice.name(victim)}
        if "card" in event:  # the two players' own event
            if event.get("cobra"):
                return None  # the public cobra event says it
            sym = event.get("symbol")
            fields["card"] = card_word(sym)
            if voice.you(victim):
                # Translators: {symbol} is the bare symbol ("Falcon"), {card} the card with
                # its article as an object ("a Falcon"): use whichever the sentence needs.
                return _("{name} steals your {symbol}.").format(symbol=symbol(sym), **fields)
            if voice.you(thief):
                return _("You steal {card} from {other}.").format(**fields)
            return _("{name} steals {card} from {other}.").format(**fields)
        if voice.you(thief) or voice.you(victim):
            return None
        return _("{name} steals a card from {other}.").format(**fields)

    def on_cobra(self, event: Mapping[str, JSON], voice: Voice) -> str:
        thief, victim = event.get("seat"), event.get("victim")
        fields = {
            "card": card_word(event.get("symbol")),
            "name": voice.name(thief),
            "other": voice.name(victim),
            "possessive": voice.possessive(victim),
        }
        give = bool(event.get("must_give"))
        if voice.you(thief):
            text = (
                _(
                    "Cobra! You pull {card} with a cobra from {possessive} cards: it stays "
                    "with {other}; you owe {other} a card."
                )
                if give
                else _(
                    "Cobra! You pull {card} with a cobra from {possessive} cards: it stays "
                    "with {other}; you have no card to give."
                )
            )
        elif voice.you(victim):
            text = (
                _(
                    "Cobra! {name} pulls {card} with a cobra from your cards: it stays with "
                    "you; {name} owes you a card."
                )
                if give
                else _(
                    "Cobra! {name} pulls {card} with a cobra from your cards: it stays with "
                    "you; {name} has no card to give."
                )
            )
        else:
            text = (
                _(
                    "Cobra! {name} pulls {card} with a cobra from {possessive} cards: it stays "
                    "with {other}; {name} owes {other} a card."
                )
                if give
                else _(
                    "Cobra! {name} pulls {card} with a cobra from {possessive} cards: it stays "
                    "with {other}; {name} has no card to give."
                )
            )
        return text.format(**fields)

    # -- chambers --------------------------------------------------------------
    def on_wager(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        ch = event.get("chamber")
        n = int(event.get("count") or 0)
        fields = {"n": n, "table": table(ch), "name": voice.name(seat)}
        if voice.you(seat):
            head = ngettext(
                "You wager {n} card at {table}", "You wager {n} cards at {table}", n
            ).format(**fields)
        else:
            head = ngettext(
                "{name} wagers {n} card at {table}", "{name} wagers {n} cards at {table}", n
            ).format(**fields)
        if event.get("table_symbols"):
            head = _("{wager} with {symbols} face up").format(
                wager=head, symbols=symbols_words(event["table_symbols"])
            )
        result = event.get("result")
        if result is None:
            return _("{wager}, but the time is up.").format(wager=head)
        roll = event.get("roll")
        if ch == "QUEEN":
            how = _("Khufu's coin shows {face}").format(face=coin_face(roll))
        elif ch == "KING":
            how = _("the symbol die shows {symbol}").format(symbol=symbol(roll))
        else:
            how = _("the die shows {number}").format(number=roll)
        if result == "SCARAB":
            verdict = _you(
                voice,
                seat,
                _("won! You place a Scarab in {chamber} and keep the cards"),
                _("won! {name} places a Scarab in {chamber} and keeps the cards"),
                chamber=chamber_noun(ch),
            )
        elif result == "DOUBLE":
            verdict = _you(
                voice,
                seat,
                _("won again: you keep the cards and draw as many more"),
                _("won again: {name} keeps the cards and draws as many more"),
            )
        else:
            verdict = ngettext(
                "lost, the card goes to the bottom of the deck",
                "lost, the {n} cards go to the bottom of the deck",
                n,
            ).format(n=n)
        return _("{wager}; {how} \u2014 {verdict}.").format(wager=head, how=how, verdict=verdict)

    def on_blocked(self, event: Mapping[str, JSON], voice: Voice) -> str:
        ch = event.get("chamber")
        change = event.get("change")
        name = capitalize(chamber_noun(ch))
        if change == "blocked":
            turns = (event.get("chambers") or {}).get(ch)
            if turns:
                return ngettext(
                    "{chamber} is blocked for {n} turn: nobody may enter it.",
                    "{chamber} is blocked for {n} turns: nobody may enter it.",
                    int(turns),
                ).format(chamber=name, n=int(turns))
            return _("{chamber} is blocked: nobody may enter it.").format(chamber=name)
        if change == "opened":
            return _("{chamber} opens again.").format(chamber=name)
        if change == "none":
            count = len(event.get("chambers") or {})
            return ngettext(
                "{chamber} stays open: {n} chamber is blocked already, the most allowed.",
                "{chamber} stays open: {n} chambers are blocked already, the most allowed.",
                count,
            ).format(chamber=name, n=count)
        shut = event.get("chambers") or {}
        if not shut:
            return _("Every chamber is open.")
        return _("Blocked: {chambers}.").format(
            chambers=join_words([chamber_noun(c) for c in shut])
        )

    def on_sarcophagus(self, event: Mapping[str, JSON], voice: Voice) -> str:
        return _(
            "The Sarcophagus is now in {chamber}: the Ultimate Challenge is played there."
        ).format(chamber=chamber_noun(event.get("chamber")))

    def on_lucky(self, event: Mapping[str, JSON], voice: Voice) -> str:
        return _you(voice, event.get("seat"), _("You are Lucky now."), _("{name} is Lucky now."))

    # -- the Ultimate Challenge -----------------------------------------------
    def on_challenge(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        fields = {
            "khufu": symbols_words(event.get("khufu_symbols") or []),
            "dealt": symbols_words(list(event.get("dealt_symbols") or [])),
        }
        if event.get("forced"):
            return _you(
                voice,
                seat,
                _(
                    "The clock stops. Khufu shows {khufu}; you are dealt {dealt} (all of them play)."
                ),
                _(
                    "The clock stops. Khufu shows {khufu}; {name} is dealt {dealt} "
                    "(all of them play)."
                ),
                **fields,
            )
        return _you(
            voice,
            seat,
            _("The clock stops. Khufu shows {khufu}; you are dealt {dealt}; you choose three."),
            _(
                "The clock stops. Khufu shows {khufu}; {name} is dealt {dealt}; "
                "{name} chooses three."
            ),
            **fields,
        )

    def on_challenge_result(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        head = _you(
            voice,
            seat,
            _("The symbol dice show {dice}: your {selected} make {mine} against Khufu's {his}"),
            _(
                "The symbol dice show {dice}: {possessive} {selected} make {mine} against "
                "Khufu's {his}"
            ),
            dice=symbols_words(event.get("dice") or []),
            possessive=voice.possessive(seat),
            selected=symbols_words(event.get("selected_symbols") or []),
            mine=hand_words(str(event.get("player_hand"))),
            his=hand_words(str(event.get("khufu_hand"))),
        )
        result = event.get("result")
        if result == "WIN":
            verdict = _you(
                voice,
                seat,
                _("You beat Khufu and win the game!"),
                _("{name} beats Khufu and wins the game!"),
            )
        elif result == "LOSE":
            verdict = _("Khufu wins the Challenge: the three cards go to the bottom of the deck.")
        else:
            verdict = _you(
                voice, seat, _("A draw: you keep the cards."), _("A draw: {name} keeps the cards.")
            )
        return f"{head}. {verdict}"

    # -- curse cards -----------------------------------------------------------
    def on_curse(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        cid = str(event.get("card"))
        empty = bool(event.get("empty_hand"))
        me = voice.you(seat)
        name = voice.name(seat)
        if cid == "SNAKE_BITE":
            what = _("nothing to lose") if empty else _("a random card goes back to the deck")
        elif cid == "SAND_TRAP":
            what = _you(
                voice, seat, _("you miss your next turn"), _("{name} misses their next turn")
            )
        elif cid == "QUICKSAND":
            what = _you(voice, seat, _("you sink 3 spaces back"), _("{name} sinks 3 spaces back"))
        elif cid == "TOMB_TOLL":
            to = event.get("to")
            if empty:
                what = _("no card to give")
            elif me:
                what = _("you owe {other} a card of your choice")
            elif voice.you(to):
                what = _("{name} owes you a card of their choice")
            else:
                what = _("{name} owes {other} a card of their choice")
            what = what.format(name=name, other=voice.name(to))
        elif cid == "KHUFUS_CUT":
            what = _("nothing to lose") if empty else _("two random cards go back to the deck")
        elif cid == "LUCKYS_ERRAND":
            lucky = event.get("lucky")
            if empty:
                what = _("no card to send")
            elif lucky == seat:
                what = _you(
                    voice,
                    seat,
                    _("you are Lucky, a random card goes back to the deck"),
                    _("{name} is Lucky, a random card goes back to the deck"),
                )
            else:
                what = _("a random card goes to Lucky ({lucky})").format(lucky=aside(voice, lucky))
        elif cid == "MUMMYS_GRIP":
            what = _you(
                voice,
                seat,
                _("you may not enter a chamber during your next turn"),
                _("{name} may not enter a chamber during their next turn"),
            )
        elif cid == "LUCKY_ESCAPE":
            what = _("a free Treasure card")
        elif cid == "PLAGUE":
            what = _("everybody returns a random card to the deck")
        elif cid == "SYMBOL_GAMBLE":
            what = (
                _("the symbol die decides: your lucky symbol wins 2 cards, else one is lost")
                if me
                else _("the symbol die decides: their lucky symbol wins 2 cards, else one is lost")
            )
        else:
            what = curse_effect(cid)
        return _you(
            voice,
            seat,
            _("You draw the Curse card {curse}: {what}."),
            _("{name} draws the Curse card {curse}: {what}."),
            curse=curse_name(cid),
            what=what,
        )

    # -- Khufu -----------------------------------------------------------------
    def on_khufu(self, event: Mapping[str, JSON], voice: Voice) -> str:
        eid = str(event.get("event"))
        seats = [s for s in event.get("seats") or [] if isinstance(s, int)]
        lucky = event.get("lucky")
        fixed = _FIXED_ORDERS.get(eid)
        if fixed is not None:
            return _(fixed)
        if eid == "INTRO":
            syms = event.get("symbols") or []
            each = join_words(
                [
                    (_("{symbol} for you") if voice.you(i) else _("{symbol} for {name}")).format(
                        symbol=symbol(s), name=voice.name(i)
                    )
                    for i, s in enumerate(syms)
                ]
            )
            return _you(
                voice,
                lucky,
                _("Khufu names you Lucky, to play first. Lucky symbols: {each}."),
                _("Khufu names {name} Lucky, to play first. Lucky symbols: {each}."),
                each=each,
            )
        if eid == "ROTATE_CHAMBER":
            return _("Khufu: Lucky ({lucky}) turns a chamber.").format(lucky=aside(voice, lucky))
        if eid == "PHARAOHS_TAX":
            amount = event.get("amount", 5)
            if not seats:
                text = _(
                    "Khufu's tax on everyone holding {amount} or more cards, one random card "
                    "each: nobody holds that many."
                ).format(amount=amount)
            else:
                text = group(
                    voice,
                    seats,
                    _(
                        "Khufu's tax on everyone holding {amount} or more cards, one random card "
                        "each: you pay."
                    ),
                    _(
                        "Khufu's tax on everyone holding {amount} or more cards, one random card "
                        "each: {name} pays."
                    ),
                    _(
                        "Khufu's tax on everyone holding {amount} or more cards, one random card "
                        "each: {names} pay."
                    ),
                    pgettext(
                        "the reader among several seats",
                        "Khufu's tax on everyone holding {amount} or more cards, one random card "
                        "each: {names} pay.",
                    ),
                    amount=amount,
                )
            return text
        if eid == "LUCKY_PICKPOCKET":
            if event.get("can") is False:
                text = _("Khufu: Lucky ({lucky}) must steal a card, but there is nothing to steal.")
            else:
                text = _("Khufu: Lucky ({lucky}) must steal a card from another player.")
            return text.format(lucky=aside(voice, lucky))
        if eid == "CURSE_THE_RICHEST":
            if not seats:
                return _("Khufu curses the richest, but nobody holds a card.")
            return group(
                voice,
                seats,
                _("Khufu curses the richest: you go to the next Curse space."),
                _("Khufu curses the richest: {name} goes to the next Curse space."),
                _("Khufu curses the richest: {names} go to the next Curse space."),
                pgettext(
                    "the reader among several seats",
                    "Khufu curses the richest: {names} go to the next Curse space.",
                ),
            )
        if eid == "UNDERDOG":
            if not seats:
                return _("Khufu helps the underdogs.")
            return group(
                voice,
                seats,
                _("Khufu helps the underdogs (fewest Scarabs): you draw a card."),
                _("Khufu helps the underdogs (fewest Scarabs): {name} draws a card."),
                _("Khufu helps the underdogs (fewest Scarabs): {names} draw a card."),
                pgettext(
                    "the reader among several seats",
                    "Khufu helps the underdogs (fewest Scarabs): {names} draw a card.",
                ),
            )
        if eid == "MISS_NEXT_TURN":
            nxt = seats[0] if seats else None
            return _you(
                voice,
                nxt,
                _("Khufu: you, the next player, miss a turn."),
                _("Khufu: the next player, {name}, misses a turn."),
            )
        if eid == "LUCKY_EXTRA_TURN":
            return _("Khufu: Lucky ({lucky}) takes an extra turn next.").format(
                lucky=aside(voice, lucky)
            )
        if eid == "SANDS_RUN_FAST":
            secs = int(event.get("seconds") or 60)
            if secs == 60:
                return _("Khufu: the sands run fast, a minute of the countdown is lost.")
            return ngettext(
                "Khufu: the sands run fast, {n} second of the countdown is lost.",
                "Khufu: the sands run fast, {n} seconds of the countdown is lost.",
                secs,
            ).format(n=secs)
        return _("Khufu: {order}.").format(order=order_name(eid))

    def on_symbol(self, event: Mapping[str, JSON], voice: Voice) -> str:
        sym = symbol(event.get("symbol"))
        seats = [s for s in event.get("seats") or [] if isinstance(s, int)]
        why = event.get("why")
        if why == "SYMBOL_GAMBLE":
            seat = event.get("seat")
            if seats:
                return _you(
                    voice,
                    seat,
                    _("The symbol die shows {symbol}, your lucky symbol."),
                    _("The symbol die shows {symbol}, {possessive} lucky symbol."),
                    symbol=sym,
                    possessive=voice.possessive(seat),
                )
            return _you(
                voice,
                seat,
                _("The symbol die shows {symbol}, not your lucky symbol."),
                _("The symbol die shows {symbol}, not {possessive} lucky symbol."),
                symbol=sym,
                possessive=voice.possessive(seat),
            )
        if why == "SYMBOL_TITHE":
            if not seats:
                return _("The symbol die shows {symbol}: nobody holds one.").format(symbol=sym)
            return _("The symbol die shows {symbol}.").format(symbol=sym)
        if seats:
            return _you(
                voice,
                seats[0],
                _("The symbol die shows {symbol}, your lucky symbol."),
                _("The symbol die shows {symbol}, {possessive} lucky symbol."),
                symbol=sym,
                possessive=voice.possessive(seats[0]),
            )
        return _("The symbol die shows {symbol}: nobody has that lucky symbol.").format(symbol=sym)

    def on_suit(self, event: Mapping[str, JSON], voice: Voice) -> str:
        found = SUIT_WORDS.get(str(event.get("suit")))
        suit = _(found) if found else str(event.get("suit")).title()
        seats = [s for s in event.get("seats") or [] if isinstance(s, int)]
        if not seats:
            return _("The favoured suit is {suit}: nobody's lucky symbol is in it.").format(
                suit=suit
            )
        return _("The favoured suit is {suit}: good for {seats}.").format(
            suit=suit, seats=objects(voice, seats)
        )

    def on_coin(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        tails = str(event.get("face", "")).lower() == "tails"
        face = coin_face(event.get("face", ""))
        if tails:
            return _you(
                voice,
                seat,
                _("You toss {face}: a card more."),
                _("{name} tosses {face}: a card more."),
                face=face,
            )
        return _you(
            voice,
            seat,
            _("You toss {face}: a card less."),
            _("{name} tosses {face}: a card less."),
            face=face,
        )

    def on_interrupt(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        kind = str(event.get("decision"))
        fields = {"possessive": voice.possessive(seat)}
        if kind in ("COBRA_GIVE_CARD", "CURSE_TOLL_CARD"):
            return _you(
                voice,
                seat,
                _("Khufu interrupts: your turn ends (the card owed was given at random)."),
                _("Khufu interrupts: {possessive} turn ends (the card owed was given at random)."),
                **fields,
            )
        return _you(
            voice,
            seat,
            _("Khufu interrupts: your turn ends before {decision}."),
            _("Khufu interrupts: {possessive} turn ends before {decision}."),
            decision=_decision(kind),
            **fields,
        )

    def on_timeout(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        kind = str(event.get("decision"))
        default = DEFAULT_WORDS.get(kind)
        return _you(
            voice,
            seat,
            _("Your time for {decision} ran out: {default}."),
            _("{possessive} time for {decision} ran out: {default}."),
            possessive=capitalize(voice.possessive(seat)),
            decision=_decision(kind),
            default=_(default) if default else _("the default is played"),
        )

    # -- explanations ------------------------------------------------------------
    def explanations(self, event: Mapping[str, JSON]) -> list[tuple[str, str]]:
        kind = event.get("kind")
        if kind == "curse":
            cid = str(event.get("card"))
            if cid in CURSE_WORDS:
                return [_curse_entry(cid)]
        if kind == "khufu":
            eid = str(event.get("event"))
            if eid == "INTRO":
                return [_term_entry("Lucky")]
            if eid in ORDER_WORDS:
                return [_order_entry(eid)]
        if kind == "cobra":
            return [_term_entry("Cobra")]
        if kind == "challenge":
            return [_term_entry("Ultimate Challenge")]
        if kind == "wager" and event.get("result") == "SCARAB":
            return [_term_entry("Scarab")]
        if kind == "sarcophagus":
            return [_term_entry("Sarcophagus")]
        return []

    def glossary(self) -> dict[str, str]:
        out = dict(_term_entry(term) for term in TERMS)
        out.update(_curse_entry(cid) for cid in CURSE_WORDS)
        out.update(_order_entry(eid) for eid in ORDER_WORDS)
        return out


#: Khufu's orders whose sentence names nobody.
_FIXED_ORDERS: dict[str, str] = {
    "FIVE_MINUTES_LEFT": N_("Khufu: five minutes left! The hourglass turns into a ticking timer."),
    "TIME_UP": N_(
        "Time is up: Khufu wins; nobody reached the Sarcophagus and beat "
        "the Ultimate Challenge in time."
    ),
    "MUMMY_CALL": N_(
        "Khufu: \u201cWho is the mummy?\u201d Everyone who stays silent returns a random card."
    ),
    "TAUNT": N_("Khufu laughs at the players; nothing else happens."),
    "RESTORE_CHAMBERS": N_("Khufu: every chamber opens."),
    "MOVE_SARCOPHAGUS": N_("Khufu moves his Sarcophagus to another chamber."),
    "NEW_LUCKY": N_("Khufu: a new Lucky is chosen."),
    "FAVOURED_SUIT": N_(
        "Khufu favours a suit: each player whose lucky symbol is in it draws a card."
    ),
    "LUCKY_SYMBOL_ROLL": N_(
        "Khufu rolls the symbol die: the owner of that lucky symbol draws 2 cards."
    ),
    "SYMBOL_TITHE": N_(
        "Khufu's tithe: everyone returns one card of the symbol rolled, for all to see."
    ),
    "PASS_TO_THE_LEFT": N_("Khufu: everybody passes a random card to the next player."),
    "SANDSTORM": N_("Khufu: a sandstorm blows every piece on the track 3 spaces back."),
    "TAILWIND": N_("Khufu: a tailwind carries every piece on the track 2 spaces on."),
    "KHUFUS_COIN": N_(
        "Khufu's coin: everyone with cards tosses it; tails draws a card, heads returns one."
    ),
}


def _decision(kind: str) -> str:
    found = DECISION_WORDS.get(kind)
    return _(found) if found else _("the decision")


def _term_entry(term: str) -> tuple[str, str]:
    return _(_TERM_WORDS[term]), capitalize(_(TERMS[term])) + "."


def _curse_entry(cid: str) -> tuple[str, str]:
    return (
        _("{name} (Curse card)").format(name=curse_name(cid)),
        capitalize(curse_effect(cid)) + ".",
    )


def _order_entry(eid: str) -> tuple[str, str]:
    what = _(ORDER_WORDS[eid][1])
    return _("{name} (Khufu's order)").format(name=order_name(eid)), capitalize(what) + "."


assert set(CURSE_WORDS) == set(CURSE_IDS)
assert set(SYMBOL_WORDS) == set(SYMBOLS)
assert set(_CHAMBER_NOUNS) == set(CHAMBERS)
