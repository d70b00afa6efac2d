"""Khufu's events as sentences for one reader (see ``obelisk.core.narration``).

Every sentence is made from the event's JSON form and the reader's :class:`Voice`
only. Card ids never appear: a card is its symbol ("a Falcon", "a Falcon with a
cobra"). Khufu's orders say whom they hit; the words are the project's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from obelisk.core import Narrator, Voice
from obelisk.core.narration import capitalize, join_words, plural

from .components import CHAMBER_TITLES, CHAMBERS, CURSE_IDS, SYMBOLS

JSON = Any

#: The six symbols in words (khufu:2.1).
SYMBOL_WORDS: dict[str, str] = {
    "CAT": "Cat",
    "FALCON": "Falcon",
    "JACKAL": "Jackal",
    "ANKH": "Ankh",
    "EYE_OF_HORUS": "Eye of Horus",
    "KING": "King",
}
SUIT_WORDS: dict[str, str] = {
    "ANIMALS": "Animals (Cat, Falcon, Jackal)",
    "ROYALS": "Royals (Ankh, Eye of Horus, King)",
}
#: Ultimate Challenge hand categories (khufu:10.5).
HAND_WORDS: dict[str, str] = {
    "NO_PAIR": "no pair",
    "ONE_PAIR": "one pair",
    "TWO_PAIR": "two pair",
    "THREE_OF_A_KIND": "three of a kind",
    "FULL_HOUSE": "a full house",
    "FOUR_OF_A_KIND": "four of a kind",
    "FIVE_OF_A_KIND": "five of a kind",
}
SPACE_WORDS: dict[str, str] = {
    "treasure": "a Treasure space",
    "curse": "a Curse space",
    "steal": "a Steal space",
    "door": "a chamber door",
}

#: Curse cards (khufu:15): name and what it does, in words.
CURSE_WORDS: dict[str, tuple[str, str]] = {
    "SNAKE_BITE": ("Snake Bite", "one random Treasure card goes back to the bottom of the deck"),
    "SAND_TRAP": ("Sand Trap", "the player misses their next turn"),
    "QUICKSAND": (
        "Quicksand",
        "the piece sinks 3 spaces back (only a Curse space there has an effect)",
    ),
    "TOMB_TOLL": (
        "Tomb Toll",
        "the player gives a Treasure card of their choice to the next player",
    ),
    "KHUFUS_CUT": ("Khufu's Cut", "two random Treasure cards go back to the bottom of the deck"),
    "LUCKYS_ERRAND": (
        "Lucky's Errand",
        "a random Treasure card goes to Lucky (Lucky's own goes back to the deck)",
    ),
    "MUMMYS_GRIP": ("Mummy's Grip", "no chamber may be entered during the player's next turn"),
    "LUCKY_ESCAPE": ("Lucky Escape", "the player draws a Treasure card"),
    "PLAGUE": (
        "Plague",
        "everybody, starting with the player, returns a random Treasure card to the deck",
    ),
    "SYMBOL_GAMBLE": (
        "Symbol Gamble",
        "a symbol die is rolled: the player's lucky symbol draws 2 cards, anything else costs one",
    ),
}

#: Khufu's orders (khufu:14.7): a name and what it does, for the glossary.
ORDER_WORDS: dict[str, tuple[str, str]] = {
    "MUMMY_CALL": (
        "Who is the mummy?",
        "every player must shout at once; whoever stays silent returns a random card",
    ),
    "TAUNT": ("Khufu's taunt", "Khufu mocks the players; nothing else happens"),
    "ROTATE_CHAMBER": (
        "Rotate a chamber",
        "Lucky turns a random chamber: an open one is blocked for two rounds (at most two at "
        "once), a blocked one opens",
    ),
    "RESTORE_CHAMBERS": ("Chambers restored", "every blocked chamber opens"),
    "MOVE_SARCOPHAGUS": (
        "The Sarcophagus moves",
        "the Sarcophagus goes to another chamber, where the Ultimate Challenge is now played",
    ),
    "NEW_LUCKY": ("A new Lucky", "Khufu names another player Lucky"),
    "FAVOURED_SUIT": (
        "Favoured suit",
        "a random suit is chosen; each player whose lucky symbol is in it draws a card",
    ),
    "LUCKY_SYMBOL_ROLL": (
        "Lucky symbol roll",
        "a symbol die is rolled; the player with that lucky symbol draws 2 cards",
    ),
    "PHARAOHS_TAX": (
        "Pharaoh's tax",
        "every player holding 5 or more cards returns a random one",
    ),
    "SYMBOL_TITHE": (
        "Symbol tithe",
        "a symbol die is rolled; every player holding that symbol returns one such card, shown",
    ),
    "LUCKY_PICKPOCKET": ("Lucky's pickpocket", "Lucky must steal a card from another player"),
    "PASS_TO_THE_LEFT": (
        "Pass to the left",
        "everybody passes a random card to the next player, all at once",
    ),
    "SANDSTORM": ("Sandstorm", "every piece on the track moves 3 spaces back"),
    "TAILWIND": ("Tailwind", "every piece on the track moves 2 spaces on"),
    "CURSE_THE_RICHEST": (
        "Curse the richest",
        "the players holding the most cards go to the next Curse space and draw a Curse there",
    ),
    "UNDERDOG": ("Underdog", "the players with the fewest Scarabs draw a card"),
    "MISS_NEXT_TURN": ("Miss a turn", "the next player misses a turn"),
    "LUCKY_EXTRA_TURN": ("Lucky's extra turn", "Lucky plays an extra turn next"),
    "SANDS_RUN_FAST": ("The sands run fast", "a minute of the countdown is lost"),
    "KHUFUS_COIN": (
        "Khufu's coin",
        "each player with cards tosses the coin: tails draws a card, heads returns one",
    ),
}

#: What a pending decision is, in words (timeouts and interruptions; khufu:5.7).
DECISION_WORDS: dict[str, str] = {
    "ROLL": "the roll",
    "CHAMBER_TURN_OPTION": "the choice to stay or leave",
    "DOOR_ENTER_OR_PASS": "the choice to enter or pass",
    "TAKE_TREASURE": "the Treasure card",
    "STEAL_TARGET_OR_DECLINE": "the steal",
    "COBRA_GIVE_CARD": "the card owed for the cobra",
    "WAGER_CARDS": "the wager",
    "CHALLENGE_SELECT_3": "the choice of three cards",
    "CURSE_TOLL_CARD": "the card owed for the toll",
    "PICKPOCKET_TARGET": "the pickpocket's victim",
    "MUMMY_CALL_ANSWER": "the answer to Khufu",
    "CHOOSE_PIECE": "the choice of a playing piece",
}
#: What the clock decides on a timeout (khufu:5.8).
DEFAULT_WORDS: dict[str, str] = {
    "ROLL": "the die is rolled",
    "CHAMBER_TURN_OPTION": "the chamber is left",
    "DOOR_ENTER_OR_PASS": "the door is passed",
    "TAKE_TREASURE": "the card is taken",
    "STEAL_TARGET_OR_DECLINE": "no steal",
    "COBRA_GIVE_CARD": "a random card is given",
    "WAGER_CARDS": "the smallest wager is placed, with the first cards in hand",
    "CHALLENGE_SELECT_3": "the first three dealt cards are played",
    "CURSE_TOLL_CARD": "a random card is given",
    "PICKPOCKET_TARGET": "the richest player is robbed",
    "MUMMY_CALL_ANSWER": "silence, and its penalty",
}

TERMS: dict[str, str] = {
    "Lucky": "the player Khufu picks; Lucky plays first and some of Khufu's orders name Lucky",
    "Scarab": "won at a chamber's table the first time; four Scarabs and 3 Treasure cards "
    "qualify a player for the Ultimate Challenge",
    "Cobra": "a Treasure card with a cobra bites a thief: it stays with its owner and the "
    "thief gives the owner a card instead",
    "Ultimate Challenge": "three of your dealt cards and two symbol dice against Khufu's three "
    "cards and the same dice; the better poker-like hand wins the game (the clock stops)",
    "Sarcophagus": "the chamber holding it is where a qualified player takes on Khufu",
}


def symbol(name: str | None) -> str:
    """A symbol id in words (``EYE_OF_HORUS`` is ``Eye of Horus``)."""
    return SYMBOL_WORDS.get(str(name), str(name).replace("_", " ").title())


def chamber(name: str | None) -> str:
    """A chamber id as its title (``HIGH_PRIEST`` is ``the High-Priest's Chamber``)."""
    if name in CHAMBERS:
        return f"the {CHAMBER_TITLES[CHAMBERS.index(str(name))]} Chamber"
    return "a chamber"


def table(name: str | None) -> str:
    """``the High-Priest's table``."""
    if name in CHAMBERS:
        return f"the {CHAMBER_TITLES[CHAMBERS.index(str(name))]} table"
    return "the table"


def card_word(sym: str | None, cobra: bool = False, article: bool = True) -> str:
    """``a Falcon``, ``an Ankh``, ``a Cat with a cobra``."""
    word = symbol(sym)
    if article:
        word = ("an " if word[0] in "AEIOU" else "a ") + word
    return word + (" with a cobra" if cobra else "")


def cards_words(event: Mapping[str, JSON], key: str = "symbols") -> str:
    """The cards of an event as ``a Falcon, a Cat with a cobra and an Ankh``."""
    syms = list(event.get(key) or [])
    cobras = list(event.get("cobras") or [False] * len(syms))
    return join_words([card_word(s, bool(c)) for s, c in zip(syms, cobras, strict=False)])


def symbols_words(syms: Sequence[str]) -> str:
    """``Falcon, Falcon and Jackal``."""
    return join_words([symbol(s) for s in syms])


def space(event: Mapping[str, JSON]) -> str:
    """``space 7 (Treasure)``, ``the High-Priest's door (space 9)``."""
    to = event.get("to")
    number = f"space {to}"
    if event.get("space") == "door":
        door = event.get("door")
        title = CHAMBER_TITLES[CHAMBERS.index(door)] if door in CHAMBERS else "a chamber's"
        return f"the {title} door ({number})"
    kind = str(event.get("space", ""))
    return f"{number}, {SPACE_WORDS.get(kind, 'a space')}" if kind else number


def some(n: int, word: str) -> str:
    """``a card``, ``2 cards``."""
    return f"a {word}" if n == 1 else plural(n, word)


def objects(voice: Voice, seats: Sequence[int]) -> str:
    """Several seats as the object of a sentence: ``you and Bot 2``."""
    return join_words([voice.object(s) for s in seats])


def many(voice: Voice, seats: Sequence[int], you_verb: str, verb: str) -> str:
    """Several seats as a subject inside a sentence, the verb agreeing: ``you and Bot 3 draw``."""
    agree = you_verb if len(seats) > 1 or (seats and voice.you(seats[0])) else verb
    return f"{objects(voice, seats)} {agree}"


def mid(voice: Voice, seat: Any, you_verb: str, verb: str) -> str:
    """A subject inside a sentence (after a colon): ``you owe``, ``Ann owes``."""
    return f"{voice.object(seat)} {you_verb if voice.you(seat) else verb}"


def curse_name(cid: str) -> str:
    return CURSE_WORDS.get(cid, (cid.replace("_", " ").title(), ""))[0]


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
        if kind == "stay":
            return f"{voice.subject(seat, 'stay', 'stays')} in {chamber(event.get('chamber'))} to wager again."
        if kind == "enter":
            return f"{voice.subject(seat, 'enter', 'enters')} {chamber(event.get('chamber'))}."
        if kind == "challenge":
            return (
                f"{voice.subject(seat, 'take', 'takes')} on Khufu's Ultimate Challenge "
                f"in {chamber(event.get('chamber'))}."
            )
        if kind == "decline":
            if event.get("decision") == "STEAL_TARGET_OR_DECLINE":
                return f"{voice.subject(seat, 'steal', 'steals')} nothing."
            return f"{voice.subject(seat, 'leave', 'leaves')} the Treasure card."
        if kind == "bet":
            return (
                f"{voice.subject(seat, 'add', 'adds')} {cards_words(event)} to "
                f"{voice.possessive(seat)} wager."
            )
        if kind == "answer":
            return f"{voice.subject(seat, 'shout', 'shouts')}: \u201cYou are the mummy!\u201d"
        if kind == "silent":
            return f"{voice.subject(seat, 'stay', 'stays')} silent."
        if kind == "piece" and isinstance(act, Mapping):  # khufu:4.1 at set-up
            return f"{voice.subject(seat, 'play', 'plays')} the {act.get('name')}."
        return f"{voice.name(seat)}: {event.get('text', kind)}."

    # -- the track -------------------------------------------------------------
    def on_move(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        die = event.get("die") or 0
        left = event.get("from")
        if die:
            head = voice.subject(seat, "roll", "rolls") + f" a {die}"
            if left:
                head = (
                    f"{voice.subject(seat, 'leave', 'leaves')} {chamber(left)} and rolls a {die}"
                    if not voice.you(seat)
                    else f"You leave {chamber(left)} and roll a {die}"
                )
        else:
            if event.get("start") == event.get("to"):
                return f"{voice.subject(seat, 'stay', 'stays')} on {space(event)} without entering."
            head = voice.subject(seat, "walk", "walks") + " past the door"
        if "pips_left" in event:
            left_pips = int(event.get("pips_left") or 0)
            more = f" with {plural(left_pips, 'step')} to go" if left_pips else ""
            return f"{head}: stops at {space(event)}{more}."
        return f"{head}: to {space(event)}."

    def on_relocate(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        why = event.get("why")
        where = space(event)
        if why == "quicksand":
            return f"{voice.subject(seat, 'sink', 'sinks')} back to {where}."
        if why == "sandstorm":
            return f"The sandstorm blows {voice.object(seat)} back to {where}."
        if why == "tailwind":
            return f"The tailwind carries {voice.object(seat)} on to {where}."
        if why == "challenge":
            return (
                f"{voice.subject(seat, 'go', 'goes')} to the furthest Curse space "
                f"(space {event.get('to')})."
            )
        if why == "richest":
            return (
                f"{voice.subject(seat, 'go', 'goes')} to the next Curse space "
                f"(space {event.get('to')})."
            )
        return f"{voice.subject(seat, 'go', 'goes')} to {where}."

    def on_missed_turn(self, event: Mapping[str, JSON], voice: Voice) -> str:
        return f"{voice.subject(event.get('seat'), 'miss', 'misses')} this turn."

    # -- cards -----------------------------------------------------------------
    def on_draw(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = event.get("seat")
        if "cards" in event:  # the drawer's own event
            return f"{voice.subject(seat, 'draw', 'draws')} {cards_words(event)}."
        if voice.you(seat):
            return None  # the reader's own event named the cards
        n = int(event.get("count") or 0)
        return f"{voice.subject(seat, 'draw', 'draws')} {some(n, 'Treasure card')}."

    def on_returned(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = event.get("seat")
        if event.get("revealed"):
            return (
                f"{voice.subject(seat, 'show', 'shows')} {cards_words(event)} and "
                f"{'return' if voice.you(seat) else 'returns'} it to the bottom of the deck."
            )
        if "cards" in event:  # the owner's own event
            return (
                f"{voice.subject(seat, 'lose', 'loses')} {cards_words(event)}: it goes "
                "to the bottom of the deck."
            )
        if voice.you(seat):
            return None
        n = int(event.get("count") or 0)
        return (
            f"{voice.subject(seat, 'return', 'returns')} {some(n, 'random card')} to the "
            "bottom of the deck."
        )

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
            what = "a card"
        if why == "pass":
            return f"{voice.subject(giver, 'pass', 'passes')} {what} to {voice.object(receiver)}."
        if why == "errand":
            return (
                f"{voice.subject(giver, 'send', 'sends')} {what} to Lucky "
                f"({voice.object(receiver)})."
            )
        return f"{voice.subject(giver, 'give', 'gives')} {voice.object(receiver)} {what}."

    def on_steal(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        thief, victim = event.get("seat"), event.get("victim")
        if "card" in event:  # the two players' own event
            if event.get("cobra"):
                return None  # the public cobra event says it
            what = card_word(event.get("symbol"))
            if voice.you(victim):
                return f"{voice.name(thief)} steals your {what[2:].lstrip()}."
            return f"{voice.subject(thief, 'steal', 'steals')} {what} from {voice.object(victim)}."
        if voice.you(thief) or voice.you(victim):
            return None
        return f"{voice.subject(thief, 'steal', 'steals')} a card from {voice.object(victim)}."

    def on_cobra(self, event: Mapping[str, JSON], voice: Voice) -> str:
        thief, victim = event.get("seat"), event.get("victim")
        what = card_word(event.get("symbol"))
        tail = (
            f"; {mid(voice, thief, 'owe', 'owes')} {voice.object(victim)} a card"
            if event.get("must_give")
            else f"; {mid(voice, thief, 'have', 'has')} no card to give"
        )
        return (
            f"Cobra! {voice.subject(thief, 'pull', 'pulls')} {what} with a cobra from "
            f"{voice.possessive(victim)} cards: it stays with {voice.object(victim)}{tail}."
        )

    # -- chambers --------------------------------------------------------------
    def on_wager(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        ch = event.get("chamber")
        n = int(event.get("count") or 0)
        head = f"{voice.subject(seat, 'wager', 'wagers')} {plural(n, 'card')} at {table(ch)}"
        if event.get("table_symbols"):
            head += f" with {symbols_words(event['table_symbols'])} face up"
        result = event.get("result")
        if result is None:
            return head + ", but the time is up."
        roll = event.get("roll")
        if ch == "QUEEN":
            how = f"Khufu's coin shows {str(roll).lower()}"
        elif ch == "KING":
            how = f"the symbol die shows {symbol(roll)}"
        else:
            how = f"the die shows {roll}"
        how = f"{how} \u2014"
        if result == "SCARAB":
            verdict = (
                f"won! {voice.subject(seat, 'place', 'places')} a Scarab in {chamber(ch)} "
                f"and {'keep' if voice.you(seat) else 'keeps'} the cards"
            )
        elif result == "DOUBLE":
            verdict = (
                f"won again: {mid(voice, seat, 'keep', 'keeps')} the cards and "
                f"{'draw' if voice.you(seat) else 'draws'} as many more"
            )
        else:
            verdict = f"lost, the {plural(n, 'card')} go to the bottom of the deck"
            if n == 1:
                verdict = "lost, the card goes to the bottom of the deck"
        return f"{head}; {how} {verdict}."

    def on_blocked(self, event: Mapping[str, JSON], voice: Voice) -> str:
        ch = event.get("chamber")
        change = event.get("change")
        if change == "blocked":
            turns = (event.get("chambers") or {}).get(ch)
            more = f" for {plural(int(turns), 'turn')}" if turns else ""
            return f"{capitalize(chamber(ch))} is blocked{more}: nobody may enter it."
        if change == "opened":
            return f"{capitalize(chamber(ch))} opens again."
        if change == "none":
            count = len(event.get("chambers") or {})
            return (
                f"{capitalize(chamber(ch))} stays open: {count} chambers are blocked already, "
                "the most allowed."
            )
        shut = event.get("chambers") or {}
        if not shut:
            return "Every chamber is open."
        return "Blocked: " + join_words([chamber(c) for c in shut]) + "."

    def on_sarcophagus(self, event: Mapping[str, JSON], voice: Voice) -> str:
        return (
            f"The Sarcophagus is now in {chamber(event.get('chamber'))}: "
            "the Ultimate Challenge is played there."
        )

    def on_lucky(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        return f"{voice.subject(seat, 'are', 'is')} Lucky now."

    # -- the Ultimate Challenge -----------------------------------------------
    def on_challenge(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        dealt = list(event.get("dealt_symbols") or [])
        tail = (
            " (all of them play)"
            if event.get("forced")
            else f"; {mid(voice, seat, 'choose', 'chooses')} three"
        )
        return (
            f"The clock stops. Khufu shows {symbols_words(event.get('khufu_symbols') or [])}; "
            f"{mid(voice, seat, 'are', 'is')} dealt {symbols_words(dealt)}{tail}."
        )

    def on_challenge_result(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        dice = symbols_words(event.get("dice") or [])
        mine = HAND_WORDS.get(str(event.get("player_hand")), "a hand")
        his = HAND_WORDS.get(str(event.get("khufu_hand")), "a hand")
        sel = symbols_words(event.get("selected_symbols") or [])
        head = (
            f"The symbol dice show {dice}: {voice.possessive(seat)} {sel} make {mine} "
            f"against Khufu's {his}"
        )
        result = event.get("result")
        if result == "WIN":
            return f"{head}. {voice.subject(seat, 'beat', 'beats')} Khufu and {'win' if voice.you(seat) else 'wins'} the game!"
        if result == "LOSE":
            return (
                f"{head}. Khufu wins the Challenge: the three cards go to the bottom of the deck."
            )
        return f"{head}. A draw: {mid(voice, seat, 'keep', 'keeps')} the cards."

    # -- curse cards -----------------------------------------------------------
    def on_curse(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        cid = str(event.get("card"))
        name = curse_name(cid)
        you = voice.you(seat)
        their = "your" if you else "their"
        empty = bool(event.get("empty_hand"))
        who = voice.object(seat)
        if cid == "SNAKE_BITE":
            what = "nothing to lose" if empty else "a random card goes back to the deck"
        elif cid == "SAND_TRAP":
            what = f"{mid(voice, seat, 'miss', 'misses')} {their} next turn"
        elif cid == "QUICKSAND":
            what = f"{mid(voice, seat, 'sink', 'sinks')} 3 spaces back"
        elif cid == "TOMB_TOLL":
            to = event.get("to")
            what = (
                "no card to give"
                if empty
                else f"{mid(voice, seat, 'owe', 'owes')} {voice.object(to)} a card of "
                f"{their} choice"
            )
        elif cid == "KHUFUS_CUT":
            what = "nothing to lose" if empty else "two random cards go back to the deck"
        elif cid == "LUCKYS_ERRAND":
            lucky = event.get("lucky")
            if empty:
                what = "no card to send"
            elif lucky == seat:
                what = f"{mid(voice, seat, 'are', 'is')} Lucky, a random card goes back to the deck"
            else:
                what = f"a random card goes to Lucky ({voice.object(lucky)})"
        elif cid == "MUMMYS_GRIP":
            what = f"{who} may not enter a chamber during {their} next turn"
        elif cid == "LUCKY_ESCAPE":
            what = "a free Treasure card"
        elif cid == "PLAGUE":
            what = "everybody returns a random card to the deck"
        elif cid == "SYMBOL_GAMBLE":
            what = f"the symbol die decides: {their} lucky symbol wins 2 cards, else one is lost"
        else:
            what = CURSE_WORDS.get(cid, ("", "a curse"))[1]
        return f"{voice.subject(seat, 'draw', 'draws')} the Curse card {name}: {what}."

    # -- Khufu -----------------------------------------------------------------
    def on_khufu(self, event: Mapping[str, JSON], voice: Voice) -> str:
        eid = str(event.get("event"))
        seats = [s for s in event.get("seats") or [] if isinstance(s, int)]
        lucky = event.get("lucky")
        if eid == "INTRO":
            syms = event.get("symbols") or []
            each = join_words([f"{symbol(s)} for {voice.object(i)}" for i, s in enumerate(syms)])
            return f"Khufu names {voice.object(lucky)} Lucky, to play first. Lucky symbols: {each}."
        if eid == "FIVE_MINUTES_LEFT":
            return "Khufu: five minutes left! The hourglass turns into a ticking timer."
        if eid == "TIME_UP":
            return (
                "Time is up: Khufu wins; nobody reached the Sarcophagus and beat "
                "the Ultimate Challenge in time."
            )
        if eid == "MUMMY_CALL":
            return "Khufu: \u201cWho is the mummy?\u201d Everyone who stays silent returns a random card."
        if eid == "TAUNT":
            return "Khufu laughs at the players; nothing else happens."
        if eid == "ROTATE_CHAMBER":
            return f"Khufu: Lucky ({voice.object(lucky)}) turns a chamber."
        if eid == "RESTORE_CHAMBERS":
            return "Khufu: every chamber opens."
        if eid == "MOVE_SARCOPHAGUS":
            return "Khufu moves his Sarcophagus to another chamber."
        if eid == "NEW_LUCKY":
            return "Khufu: a new Lucky is chosen."
        if eid == "FAVOURED_SUIT":
            return "Khufu favours a suit: each player whose lucky symbol is in it draws a card."
        if eid == "LUCKY_SYMBOL_ROLL":
            return "Khufu rolls the symbol die: the owner of that lucky symbol draws 2 cards."
        if eid == "PHARAOHS_TAX":
            amount = event.get("amount", 5)
            hit = f": {many(voice, seats, 'pay', 'pays')}" if seats else ": nobody holds that many"
            return (
                f"Khufu's tax on everyone holding {amount} or more cards, one random card "
                f"each{hit}."
            )
        if eid == "SYMBOL_TITHE":
            return "Khufu's tithe: everyone returns one card of the symbol rolled, for all to see."
        if eid == "LUCKY_PICKPOCKET":
            if event.get("can") is False:
                return (
                    f"Khufu: Lucky ({voice.object(lucky)}) must steal a card, but there is "
                    "nothing to steal."
                )
            return f"Khufu: Lucky ({voice.object(lucky)}) must steal a card from another player."
        if eid == "PASS_TO_THE_LEFT":
            return "Khufu: everybody passes a random card to the next player."
        if eid == "SANDSTORM":
            return "Khufu: a sandstorm blows every piece on the track 3 spaces back."
        if eid == "TAILWIND":
            return "Khufu: a tailwind carries every piece on the track 2 spaces on."
        if eid == "CURSE_THE_RICHEST":
            if not seats:
                return "Khufu curses the richest, but nobody holds a card."
            return (
                f"Khufu curses the richest: {many(voice, seats, 'go', 'goes')} to the next "
                "Curse space."
            )
        if eid == "UNDERDOG":
            if not seats:
                return "Khufu helps the underdogs."
            return (
                "Khufu helps the underdogs (fewest Scarabs): "
                f"{many(voice, seats, 'draw', 'draws')} a card."
            )
        if eid == "MISS_NEXT_TURN":
            nxt = seats[0] if seats else None
            if voice.you(nxt):
                return "Khufu: you, the next player, miss a turn."
            return f"Khufu: the next player, {voice.object(nxt)}, misses a turn."
        if eid == "LUCKY_EXTRA_TURN":
            return f"Khufu: Lucky ({voice.object(lucky)}) takes an extra turn next."
        if eid == "SANDS_RUN_FAST":
            secs = int(event.get("seconds") or 60)
            lost = "a minute" if secs == 60 else plural(secs, "second")
            return f"Khufu: the sands run fast, {lost} of the countdown is lost."
        if eid == "KHUFUS_COIN":
            return "Khufu's coin: everyone with cards tosses it; tails draws a card, heads returns one."
        name = ORDER_WORDS.get(eid, (eid.replace("_", " ").lower(), ""))[0]
        return f"Khufu: {name}."

    def on_symbol(self, event: Mapping[str, JSON], voice: Voice) -> str:
        sym = symbol(event.get("symbol"))
        seats = [s for s in event.get("seats") or [] if isinstance(s, int)]
        why = event.get("why")
        if why == "SYMBOL_GAMBLE":
            seat = event.get("seat")
            if seats:
                return f"The symbol die shows {sym}, {voice.possessive(seat)} lucky symbol."
            return f"The symbol die shows {sym}, not {voice.possessive(seat)} lucky symbol."
        if why == "SYMBOL_TITHE":
            if not seats:
                return f"The symbol die shows {sym}: nobody holds one."
            return f"The symbol die shows {sym}."
        if seats:
            return f"The symbol die shows {sym}, {voice.possessive(seats[0])} lucky symbol."
        return f"The symbol die shows {sym}: nobody has that lucky symbol."

    def on_suit(self, event: Mapping[str, JSON], voice: Voice) -> str:
        suit = SUIT_WORDS.get(str(event.get("suit")), str(event.get("suit")).title())
        seats = [s for s in event.get("seats") or [] if isinstance(s, int)]
        if not seats:
            return f"The favoured suit is {suit}: nobody's lucky symbol is in it."
        return f"The favoured suit is {suit}: good for {objects(voice, seats)}."

    def on_coin(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        face = str(event.get("face", "")).lower()
        gain = "a card more" if face == "tails" else "a card less"
        return f"{voice.subject(seat, 'toss', 'tosses')} {face}: {gain}."

    def on_interrupt(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        kind = str(event.get("decision"))
        turn = f"Khufu interrupts: {voice.possessive(seat)} turn ends"
        if kind in ("COBRA_GIVE_CARD", "CURSE_TOLL_CARD"):
            return f"{turn} (the card owed was given at random)."
        return f"{turn} before {DECISION_WORDS.get(kind, 'the decision')}."

    def on_timeout(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        kind = str(event.get("decision"))
        d = DECISION_WORDS.get(kind, "the decision")
        default = DEFAULT_WORDS.get(kind, "the default is played")
        return f"{capitalize(voice.possessive(seat))} time for {d} ran out: {default}."

    # -- explanations ------------------------------------------------------------
    def explanations(self, event: Mapping[str, JSON]) -> list[tuple[str, str]]:
        kind = event.get("kind")
        if kind == "curse":
            cid = str(event.get("card"))
            if cid in CURSE_WORDS:
                name, what = CURSE_WORDS[cid]
                return [(f"{name} (Curse card)", capitalize(what) + ".")]
        if kind == "khufu":
            eid = str(event.get("event"))
            if eid == "INTRO":
                return [("Lucky", capitalize(TERMS["Lucky"]) + ".")]
            if eid in ORDER_WORDS:
                name, what = ORDER_WORDS[eid]
                return [(f"{name} (Khufu's order)", capitalize(what) + ".")]
        if kind == "cobra":
            return [("Cobra", capitalize(TERMS["Cobra"]) + ".")]
        if kind == "challenge":
            return [("Ultimate Challenge", capitalize(TERMS["Ultimate Challenge"]) + ".")]
        if kind == "wager" and event.get("result") == "SCARAB":
            return [("Scarab", capitalize(TERMS["Scarab"]) + ".")]
        if kind == "sarcophagus":
            return [("Sarcophagus", capitalize(TERMS["Sarcophagus"]) + ".")]
        return []

    def glossary(self) -> dict[str, str]:
        out = {term: capitalize(text) + "." for term, text in TERMS.items()}
        for name, what in CURSE_WORDS.values():
            out[f"{name} (Curse card)"] = capitalize(what) + "."
        for name, what in ORDER_WORDS.values():
            out[f"{name} (Khufu's order)"] = capitalize(what) + "."
        return out


assert set(CURSE_WORDS) == set(CURSE_IDS)
assert set(SYMBOL_WORDS) == set(SYMBOLS)
