"""Fluch der Mumie in words: every event as a sentence for one reader, and every choice.

The narrator sees only an event's JSON form as the reader got it (``events_for(seat)``):
the mummy and a spectator are behind the screen (mummy:14) and never get an explorer's
field, roll or path, so no sentence of theirs can hold one. Fields are named by the
labels of the maze drawing (columns ``A``.. from the left, rows ``1``.. from the top:
``E10``). An explorer is named by colour and player (``Red (Ann)``, ``your red explorer``);
the mummy player (always the first seat) as ``the mummy (Bob)``, or ``you``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from obelisk.core import Narrator, Voice
from obelisk.core.narration import capitalize, join_words, plural

from .components import DIE_FACES, DIRECTION_WORDS, NUMBER_FACES, SYMBOLS, label

JSON = Any

#: The mummy player's seat (mummy:5).
MUMMY = 0

GLOSSARY: dict[str, str] = {
    "task cards": (
        "each explorer holds task cards, one symbol each; ending a move on the symbol of a "
        "card you hold plays it, and the player whose cards are all played wins"
    ),
    "set-aside dice": (
        "every die that shows the mummy is put aside until an explorer resolves: at the end "
        "of each round the mummy walks her die plus one step per die aside"
    ),
    "announcing": (
        "the explorer says only the face he moves by (a number or the arrow), never where "
        "he goes: the mummy must work out the rest"
    ),
    "the arrow": (
        "the figure slides straight in one direction as far as it can: it stops before a "
        "wall, the mummy, another explorer, the stairs or the dungeon"
    ),
    "resolving": (
        "before the first roll of a turn an explorer may take back the set-aside dice: the "
        "mummy at once walks that many steps (an intermediate move), then all five dice "
        "are free"
    ),
    "intermediate move": (
        "a mummy move in the middle of a round, as long as the dice that were set aside"
    ),
    "five mummies": (
        "when all five dice show the mummy the turn is lost; before the next turn the "
        "mummy walks 5 steps at once and the dice are free again"
    ),
    "the mummy's move": (
        "at the end of each round the mummy rolls her die and walks exactly that many "
        "steps plus one per set-aside die; she may walk back and forth"
    ),
    "the dungeon": (
        "a caught explorer is put in the dungeon (V) and gives the mummy an ankh; he leaves "
        "it through either breach on his next turn"
    ),
    "ankhs": (
        "each explorer has 3 ankhs (life tokens); with 2, 3, 4 or 5 players the mummy wins "
        "when she has taken 3, 4, 6 or 7 of them"
    ),
    "cannot move": "an explorer with no legal move for any face says so, and his turn ends",
    "a failed announcement": (
        "an announced number must be walked completely (an arrow must move at least one "
        "field); when it cannot be, everybody hears so and the explorer rolls the free dice "
        "again"
    ),
}

MOVE_WORDS = {
    "intermediate": "at once (an intermediate move)",
    "forced": "at once (an intermediate move)",
    "second": "more, for the five set-aside dice",
}


# -- small words ---------------------------------------------------------------------------
def where(rc: Sequence[int] | None) -> str:
    """A field as a person finds it on the drawing: ``E10``."""
    if not rc:
        return "an unknown field"
    return label(int(rc[0]), int(rc[1]))


def explorer(event: Mapping[str, JSON], voice: Voice, start: bool = True) -> str:
    """The figure of an event: ``Red (Ann)``, or ``your red explorer`` for its player."""
    colour = str(event.get("explorer") or "an explorer")
    seat = event.get("seat")
    if isinstance(seat, int) and voice.you(seat):
        text = f"your {colour} explorer"
        return capitalize(text) if start else text
    return f"{colour.capitalize()} ({voice.name(seat)})"


def mummy(voice: Voice, you_verb: str, verb: str, start: bool = True) -> str:
    """The mummy player with a verb: ``You walk`` or ``The mummy (Bob) walks``."""
    if voice.you(MUMMY):
        return f"{'You' if start else 'you'} {you_verb}"
    name = voice.name(MUMMY)
    if "mummy" in name.lower():  # a face may name the seat "Bot 1 (the mummy)" already
        return f"{name} {verb}"
    text = f"the mummy ({name}) {verb}"
    return capitalize(text) if start else text


def face_word(face: str) -> str:
    """An announced face: ``3`` or ``the arrow``."""
    return "the arrow" if face == "arrow" else str(face)


def dice_aside(n: int) -> str:
    return plural(n, "mummy die", "mummy dice")


def steps(n: int) -> str:
    return plural(n, "step")


def card_name(symbol: str) -> str:
    """``the crook (yellow)``."""
    colour, name = SYMBOLS.get(symbol, ("", symbol))
    return f"the {name} ({colour})" if colour else f"the {name}"


class MummyNarrator(Narrator):
    """The events of Fluch der Mumie as sentences (see the module docstring)."""

    # -- set-up ------------------------------------------------------------------------------
    def on_setup(self, event: Mapping[str, JSON], voice: Voice) -> str:
        figures = [
            explorer({"explorer": f.get("colour"), "seat": f.get("seat")}, voice, start=False)
            for f in event.get("figures", [])
        ]
        start = where(event.get("start"))
        if voice.you(MUMMY):
            who, her = "You are", "your"
        else:
            who, her = f"{voice.name(MUMMY)} is", "her"
        return (
            f"{who} the mummy, in {her} sarcophagus on {where(event.get('mummy'))}; "
            f"{join_words(figures)} start on the stairs on {start}. "
            f"The mummy wins with {plural(int(event.get('threshold', 0)), 'ankh')}."
        )

    def on_hand(self, event: Mapping[str, JSON], voice: Voice) -> str:
        cards = [
            f"{c.get('name')} ({c.get('colour')}, {where(c.get('cell'))})"
            for c in event.get("cards", [])
        ]
        whose = capitalize(voice.possessive(event.get("seat")))
        return f"{whose} task cards: {join_words(cards) or 'none'}."

    # -- an explorer's turn (mummy:7) ---------------------------------------------------------
    def on_turn(self, event: Mapping[str, JSON], voice: Voice) -> str:
        if event.get("first"):
            return f"Round {event.get('round')} begins with {explorer(event, voice, False)}."
        return f"{explorer(event, voice)} takes a turn."

    def on_rolled(self, event: Mapping[str, JSON], voice: Voice) -> str:
        faces = sorted(
            (str(x) for x in event.get("faces", [])),
            key=lambda x: DIE_FACES.index(x) if x in DIE_FACES else 9,
        )
        verb = "rerolled" if event.get("reroll") else "rolled"
        before = int(event.get("before", 0))
        aside = int(event.get("aside", 0))
        text = f"{explorer(event, voice)} {verb}: {', '.join(faces)}"
        if before:
            text += f" ({dice_aside(before)} already aside)"
        text += "."
        if aside >= 5:
            text += " All five dice show the mummy."
        elif aside > before:
            text += f" {capitalize(dice_aside(aside))} now set aside."
        return text

    def on_cannot_move(self, event: Mapping[str, JSON], voice: Voice) -> str:
        return f"{explorer(event, voice)} cannot move at all: the turn ends."

    def on_announce_failed(self, event: Mapping[str, JSON], voice: Voice) -> str:
        face = face_word(str(event.get("face")))
        seat = event.get("seat")
        again = "you roll again" if isinstance(seat, int) and voice.you(seat) else "rolls again"
        n = int(event.get("aside", 0))
        extra = f" ({dice_aside(n)} set aside)" if n else ""
        return f"{explorer(event, voice)} announces {face} but cannot walk it all{extra}: {again}."

    def on_forced(self, event: Mapping[str, JSON], voice: Voice) -> str:
        return (
            "All five dice were set aside: before the turn of "
            f"{explorer(event, voice, False)} they are resolved by force."
        )

    def on_resolve(self, event: Mapping[str, JSON], voice: Voice) -> str:
        n = int(event.get("aside", 0))
        return f"{explorer(event, voice)} resolves the {dice_aside(n)} set aside."

    def on_moved(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        card = event.get("card")
        if not card:
            if voice.viewer not in (None, MUMMY):
                return None  # an explorer saw the move itself
            return f"{explorer(event, voice)} moves, out of sight, and plays no card."
        left = int(event.get("cards_left", 0))
        rest = "the last one" if left == 0 else f"{plural(left, 'card')} left"
        return (
            f"{explorer(event, voice)} ends on {where(event.get('cell'))}, "
            f"{card_name(str(card))}, and plays that card ({rest})."
        )

    # -- actions --------------------------------------------------------------------------------
    def on_action(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        action = event.get("action") or {}
        kind = action.get("kind")
        if kind == "step":
            d = DIRECTION_WORDS.get(str(action.get("direction")), "on")
            who = "You step" if voice.you(MUMMY) else "The mummy steps"
            return f"{who} {d} to {where(event.get('cell'))}."
        if kind == "stop":
            return f"{mummy(voice, 'end', 'ends')} the move early."
        who = explorer(event, voice)
        if kind == "choose":
            if event.get("failed"):
                return None  # the announce_failed event says it
            face = str(action.get("face"))
            n = int(event.get("aside", 0))
            extra = f", with {dice_aside(n)} set aside" if n else ""
            return f"{who} announces {face_word(face)}{extra}."
        if kind == "lost":
            return f"{who} announces five mummies: the turn is lost."
        if kind == "resolve":
            if action.get("yes"):
                return None  # the resolve event says it, with the number of dice
            n = int(event.get("aside", 0))
            return f"{who} keeps the {dice_aside(n)} aside and rolls."
        if kind == "reroll":
            return None  # the next roll says "rerolled"
        if kind == "move":
            k = NUMBER_FACES.get(str(event.get("face")), 0)
            return (
                f"{who} walks {steps(k)} from {where(event.get('from'))} to "
                f"{where(event.get('cell'))}."
            )
        if kind == "arrow":
            d = DIRECTION_WORDS.get(str(action.get("direction")), "on")
            return (
                f"{who} slides {d} from {where(event.get('from'))} to {where(event.get('cell'))}."
            )
        if kind == "play":
            if action.get("yes") or not event.get("card"):
                return None  # the moved event says whether a card was played
            return f"{who} keeps the card of {card_name(str(event.get('card')))} for now."
        return super().on_action(event, voice)

    def on_chance(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        # the deal is told by "hand", a roll by "rolled", the mummy die by "mummy_move"
        return None

    # -- the mummy (mummy:9, mummy:10) -----------------------------------------------------------
    def on_mummy_move(self, event: Mapping[str, JSON], voice: Voice) -> str:
        n = int(event.get("steps", 0))
        kind = event.get("move")
        if kind == "normal":
            die = int(event.get("die") or 0)
            aside = n - die
            total = steps(n) if not aside else f"{die} + {aside} set aside = {steps(n)}"
            return f"{mummy(voice, 'roll', 'rolls')} {die} on the mummy die: {total}."
        what = MOVE_WORDS.get(str(kind), "")
        return f"{mummy(voice, 'walk', 'walks')} {steps(n)} {what}".rstrip() + "."

    def on_capture(self, event: Mapping[str, JSON], voice: Voice) -> str:
        caught = explorer(event, voice, False)
        cell = where(event.get("cell"))
        got = f"{event.get('mummy_ankhs')} of {event.get('threshold')}"
        seat = event.get("seat")
        left = int(event.get("ankhs_left", 0))
        if event.get("eliminated"):
            out = "are" if voice.you(seat) else "is"
            fate = f"{voice.subject(seat, 'have', 'has')} no ankh left and {out} out of the game"
        else:
            owner = "you have" if voice.you(seat) else f"{voice.name(seat)} has"
            fate = f"it goes to the dungeon; {owner} {plural(left, 'ankh')} left"
        took = mummy(voice, "catch", "catches")
        take = "take" if voice.you(MUMMY) else "takes"
        return f"{took} {caught} on {cell} and {take} an ankh ({got}): {fate}."

    def on_game_over(self, event: Mapping[str, JSON], voice: Voice) -> str:
        winners = [w for w in event.get("winners", []) if isinstance(w, int)]
        reason = event.get("reason")
        if reason == "mummy":
            n = plural(int(event.get("mummy_ankhs", 0)), "ankh")
            return f"{mummy(voice, 'have', 'has')} {n} and {'win' if voice.you(MUMMY) else 'wins'}."
        if reason == "explorer" and winners:
            w = winners[0]
            his = "your" if voice.you(w) else "his"
            return (
                f"{voice.subject(w, 'have', 'has')} played all {his} task cards and "
                f"{'win' if voice.you(w) else 'wins'}."
            )
        if reason == "max_rounds":
            return f"The game stops after round {event.get('round')}, its last: nobody wins."
        if reason == "step_limit":
            return "The game stops at its length limit: nobody wins."
        return "No explorer is left: nobody wins."

    # -- terms --------------------------------------------------------------------------------
    def explanations(self, event: Mapping[str, JSON]) -> list[tuple[str, str]]:
        kind = event.get("kind")
        terms: list[str] = []
        if kind == "setup":
            terms = ["ankhs"]
        elif kind == "hand":
            terms = ["task cards"]
        elif kind == "rolled":
            if int(event.get("aside", 0)) > int(event.get("before", 0)):
                terms = ["set-aside dice"]
            if int(event.get("aside", 0)) >= 5:
                terms.append("five mummies")
        elif kind == "action":
            action = event.get("action") or {}
            if action.get("kind") == "choose":
                terms = ["announcing"]
                if int(event.get("aside", 0)):
                    terms.append("set-aside dice")
                if action.get("face") == "arrow":
                    terms.append("the arrow")
            elif action.get("kind") == "resolve" and not action.get("yes"):
                terms = ["resolving"]
            elif action.get("kind") == "lost":
                terms = ["five mummies"]
        elif kind == "resolve":
            terms = ["resolving"]
        elif kind == "forced":
            terms = ["five mummies"]
        elif kind == "mummy_move":
            terms = ["the mummy's move" if event.get("move") == "normal" else "intermediate move"]
            if int(event.get("aside", 0)):
                terms.append("set-aside dice")
        elif kind == "capture":
            terms = ["the dungeon", "ankhs"]
        elif kind == "cannot_move":
            terms = ["cannot move"]
        elif kind == "announce_failed":
            terms = ["a failed announcement"]
        elif kind == "moved" and event.get("card"):
            terms = ["task cards"]
        return [(t, GLOSSARY[t]) for t in terms]

    def glossary(self) -> dict[str, str]:
        return dict(GLOSSARY)
