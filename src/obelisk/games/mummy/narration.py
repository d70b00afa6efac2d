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
from obelisk.core.i18n import N_, Words
from obelisk.core.narration import capitalize, join_words

from .components import DIE_FACES, NUMBER_FACES, SYMBOLS, label

W = Words(__package__)
_, ngettext, pgettext = W.gettext, W.ngettext, W.pgettext

JSON = Any

#: The mummy player's seat (mummy:5).
MUMMY = 0

GLOSSARY: dict[str, str] = {
    N_("task cards"): N_(
        "each explorer holds task cards, one symbol each; ending a move on the symbol of a "
        "card you hold plays it, and the player whose cards are all played wins"
    ),
    N_("set-aside dice"): N_(
        "every die that shows the mummy is put aside until an explorer resolves: at the end "
        "of each round the mummy walks her die plus one step per die aside"
    ),
    N_("announcing"): N_(
        "the explorer says only the face he moves by (a number or the arrow), never where "
        "he goes: the mummy must work out the rest"
    ),
    N_("the arrow"): N_(
        "the figure slides straight in one direction as far as it can: it stops before a "
        "wall, the mummy, another explorer, the stairs or the dungeon"
    ),
    N_("resolving"): N_(
        "before the first roll of a turn an explorer may take back the set-aside dice: the "
        "mummy at once walks that many steps (an intermediate move), then all five dice "
        "are free"
    ),
    N_("intermediate move"): N_(
        "a mummy move in the middle of a round, as long as the dice that were set aside"
    ),
    N_("five mummies"): N_(
        "when all five dice show the mummy the turn is lost; before the next turn the "
        "mummy walks 5 steps at once and the dice are free again"
    ),
    N_("the mummy's move"): N_(
        "at the end of each round the mummy rolls her die and walks exactly that many "
        "steps plus one per set-aside die; she may walk back and forth"
    ),
    N_("the dungeon"): N_(
        "a caught explorer is put in the dungeon (V) and gives the mummy an ankh; he leaves "
        "it through either breach on his next turn"
    ),
    N_("ankhs"): N_(
        "each explorer has 3 ankhs (life tokens); with 2, 3, 4 or 5 players the mummy wins "
        "when she has taken 3, 4, 6 or 7 of them"
    ),
    N_("cannot move"): N_("an explorer with no legal move for any face says so, and his turn ends"),
    N_("a failed announcement"): N_(
        "an announced number must be walked completely (an arrow must move at least one "
        "field); when it cannot be, everybody hears so and the explorer rolls the free dice "
        "again"
    ),
}


# -- small words ---------------------------------------------------------------------------
def where(rc: Sequence[int] | None) -> str:
    """A field as a person finds it on the drawing: ``E10``."""
    if not rc:
        return _("an unknown field")
    return label(int(rc[0]), int(rc[1]))


def colour_word(colour: str) -> str:
    """A card or figure colour as an adjective of the reader's language: ``yellow``, ``gelb``."""
    return {
        "yellow": pgettext("colour", "yellow"),
        "green": pgettext("colour", "green"),
        "white": pgettext("colour", "white"),
        "red": pgettext("colour", "red"),
        "blue": pgettext("colour", "blue"),
    }.get(colour, colour)


def figure_name(colour: str) -> str:
    """A figure's colour as its name: ``Red``, ``Rot``."""
    return {
        "red": pgettext("figure", "Red"),
        "green": pgettext("figure", "Green"),
        "blue": pgettext("figure", "Blue"),
        "yellow": pgettext("figure", "Yellow"),
    }.get(colour, colour.capitalize())


def symbol_name(name: str) -> str:
    """A symbol's (cosmetic) name in the reader's language: ``crook``, ``Krummstab``."""
    return _(name) if name else name


def _your_explorer(colour: str, case: str) -> str:
    """``your red explorer`` in the grammatical ``case`` the sentence needs (German
    declines it: *dein roter*, *deinen roten*, *deinem roten Schatzsucher*)."""
    if case == "acc":
        forms = {
            "red": pgettext("accusative", "your red explorer"),
            "green": pgettext("accusative", "your green explorer"),
            "blue": pgettext("accusative", "your blue explorer"),
            "yellow": pgettext("accusative", "your yellow explorer"),
        }
    elif case == "dat":
        forms = {
            "red": pgettext("dative", "your red explorer"),
            "green": pgettext("dative", "your green explorer"),
            "blue": pgettext("dative", "your blue explorer"),
            "yellow": pgettext("dative", "your yellow explorer"),
        }
    else:
        forms = {
            "red": pgettext("nominative", "your red explorer"),
            "green": pgettext("nominative", "your green explorer"),
            "blue": pgettext("nominative", "your blue explorer"),
            "yellow": pgettext("nominative", "your yellow explorer"),
        }
    return forms.get(colour) or _("your {colour} explorer").format(colour=colour)


def explorer(event: Mapping[str, JSON], voice: Voice, start: bool = True, case: str = "nom") -> str:
    """The figure of an event: ``Red (Ann)``, or ``your red explorer`` for its player
    (``case``: ``nom``, ``acc`` or ``dat``, the case of the sentence's German)."""
    colour = str(event.get("explorer") or "")
    seat = event.get("seat")
    if isinstance(seat, int) and voice.you(seat):
        text = (
            _your_explorer(colour, case)
            if colour
            else _("your {colour} explorer").format(colour=_("an explorer"))
        )
        return capitalize(text) if start else text
    if not colour:
        return _("An explorer ({name})").format(name=voice.name(seat))
    return _("{colour} ({name})").format(colour=figure_name(colour), name=voice.name(seat))


def the_mummy(voice: Voice, start: bool = True) -> str:
    """The mummy player in the third person: ``The mummy (Bob)``."""
    name = voice.name(MUMMY)
    if "mummy" in name.lower() or "mumie" in name.lower():  # a face named the seat so
        return name
    text = _("the mummy ({name})").format(name=name)
    return capitalize(text) if start else text


def direction_word(direction: str) -> str:
    """A direction as a person reads it: ``north``."""
    return {
        "N": pgettext("direction", "north"),
        "E": pgettext("direction", "east"),
        "S": pgettext("direction", "south"),
        "W": pgettext("direction", "west"),
    }.get(direction, pgettext("direction", "on"))


def face_word(face: str) -> str:
    """An announced face: ``3`` or ``the arrow``."""
    return pgettext("announced face", "the arrow") if face == "arrow" else str(face)


def die_face(face: str) -> str:
    """A rolled face as the dice list shows it: ``3``, ``arrow``, ``mummy``."""
    if face == "arrow":
        return pgettext("die face", "arrow")
    if face == "mummy":
        return pgettext("die face", "mummy")
    return face


def dice_aside(n: int) -> str:
    """``2 mummy dice``: dice set aside showing the mummy."""
    return ngettext("{n} mummy die", "{n} mummy dice", n).format(n=n)


def steps(n: int) -> str:
    """``3 steps``."""
    return ngettext("{n} step", "{n} steps", n).format(n=n)


def card_name(symbol: str) -> str:
    """``the crook (yellow)``."""
    colour, name = SYMBOLS.get(symbol, ("", symbol))
    if not colour:
        return _("the {name}").format(name=symbol_name(name))
    return _("the {name} ({colour})").format(name=symbol_name(name), colour=colour_word(colour))


def glossary_term(term: str) -> tuple[str, str]:
    """A glossary term and its explanation in the reader's language."""
    return _(term), _(GLOSSARY[term])


class MummyNarrator(Narrator):
    """The events of Fluch der Mumie as sentences (see the module docstring)."""

    # -- set-up ------------------------------------------------------------------------------
    def on_setup(self, event: Mapping[str, JSON], voice: Voice) -> str:
        figures = [
            explorer({"explorer": f.get("colour"), "seat": f.get("seat")}, voice, start=False)
            for f in event.get("figures", [])
        ]
        fields = {
            "name": voice.name(MUMMY),
            "mummy": where(event.get("mummy")),
            "figures": join_words(figures),
            "start": where(event.get("start")),
        }
        if voice.you(MUMMY):
            first = _(
                "You are the mummy, in your sarcophagus on {mummy}; "
                "{figures} start on the stairs on {start}."
            )
        else:
            first = _(
                "{name} is the mummy, in her sarcophagus on {mummy}; "
                "{figures} start on the stairs on {start}."
            )
        n = int(event.get("threshold", 0))
        wins = ngettext("The mummy wins with {n} ankh.", "The mummy wins with {n} ankhs.", n)
        return f"{first.format(**fields)} {wins.format(n=n)}"

    def on_hand(self, event: Mapping[str, JSON], voice: Voice) -> str:
        cards = [
            _("{name} ({colour}, {field})").format(
                name=symbol_name(str(c.get("name"))),
                colour=colour_word(str(c.get("colour"))),
                field=where(c.get("cell")),
            )
            for c in event.get("cards", [])
        ]
        listed = join_words(cards) or pgettext("cards", "none")
        seat = event.get("seat")
        if voice.you(seat):
            return _("Your task cards: {cards}.").format(cards=listed)
        return _("{possessive} task cards: {cards}.").format(
            possessive=voice.possessive(seat), name=voice.name(seat), cards=listed
        )

    # -- an explorer's turn (mummy:7) ---------------------------------------------------------
    def on_turn(self, event: Mapping[str, JSON], voice: Voice) -> str:
        if event.get("first"):
            return _("Round {round} begins with {who}.").format(
                round=event.get("round"), who=explorer(event, voice, False, "dat")
            )
        return _("{who} takes a turn.").format(who=explorer(event, voice))

    def on_rolled(self, event: Mapping[str, JSON], voice: Voice) -> str:
        faces = sorted(
            (str(x) for x in event.get("faces", [])),
            key=lambda x: DIE_FACES.index(x) if x in DIE_FACES else 9,
        )
        before = int(event.get("before", 0))
        aside = int(event.get("aside", 0))
        already = ""
        if before:
            already = ngettext(
                " ({n} mummy die already aside)", " ({n} mummy dice already aside)", before
            ).format(n=before)
        fields = {
            "who": explorer(event, voice),
            "faces": ", ".join(die_face(f) for f in faces),
            "already": already,
        }
        if event.get("reroll"):
            text = _("{who} rerolled: {faces}{already}.").format(**fields)
        else:
            text = _("{who} rolled: {faces}{already}.").format(**fields)
        if aside >= 5:
            text += " " + _("All five dice show the mummy.")
        elif aside > before:
            text += " " + ngettext(
                "{n} mummy die now set aside.", "{n} mummy dice now set aside.", aside
            ).format(n=aside)
        return text

    def on_cannot_move(self, event: Mapping[str, JSON], voice: Voice) -> str:
        return _("{who} cannot move at all: the turn ends.").format(who=explorer(event, voice))

    def on_announce_failed(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        n = int(event.get("aside", 0))
        extra = ""
        if n:
            extra = ngettext(" ({n} mummy die set aside)", " ({n} mummy dice set aside)", n)
        fields = {
            "who": explorer(event, voice),
            "face": face_word(str(event.get("face"))),
            "extra": extra.format(n=n),
        }
        if isinstance(seat, int) and voice.you(seat):
            text = _("{who} announces {face} but cannot walk it all{extra}: you roll again.")
        else:
            text = _("{who} announces {face} but cannot walk it all{extra}: rolls again.")
        return text.format(**fields)

    def on_forced(self, event: Mapping[str, JSON], voice: Voice) -> str:
        return _(
            "All five dice were set aside: before the turn of {who} they are resolved by force."
        ).format(who=explorer(event, voice, False))

    def on_resolve(self, event: Mapping[str, JSON], voice: Voice) -> str:
        n = int(event.get("aside", 0))
        return ngettext(
            "{who} resolves the {n} mummy die set aside.",
            "{who} resolves the {n} mummy dice set aside.",
            n,
        ).format(who=explorer(event, voice), n=n)

    def on_moved(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        card = event.get("card")
        if not card:
            if voice.viewer not in (None, MUMMY):
                return None  # an explorer saw the move itself
            return _("{who} moves, out of sight, and plays no card.").format(
                who=explorer(event, voice)
            )
        left = int(event.get("cards_left", 0))
        if left == 0:
            rest = _("the last one")
        else:
            rest = ngettext("{n} card left", "{n} cards left", left).format(n=left)
        return _("{who} ends on {field}, {card}, and plays that card ({rest}).").format(
            who=explorer(event, voice),
            field=where(event.get("cell")),
            card=card_name(str(card)),
            rest=rest,
        )

    # -- actions --------------------------------------------------------------------------------
    def on_action(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        action = event.get("action") or {}
        kind = action.get("kind")
        if kind == "step":
            fields = {
                "direction": direction_word(str(action.get("direction"))),
                "field": where(event.get("cell")),
            }
            if voice.you(MUMMY):
                return _("You step {direction} to {field}.").format(**fields)
            return _("The mummy steps {direction} to {field}.").format(**fields)
        if kind == "stop":
            if voice.you(MUMMY):
                return _("You end the move early.")
            return _("{mummy} ends the move early.").format(mummy=the_mummy(voice))
        who = explorer(event, voice)
        if kind == "choose":
            if event.get("failed"):
                return None  # the announce_failed event says it
            n = int(event.get("aside", 0))
            face = face_word(str(action.get("face")))
            if n:
                return ngettext(
                    "{who} announces {face}, with {n} mummy die set aside.",
                    "{who} announces {face}, with {n} mummy dice set aside.",
                    n,
                ).format(who=who, face=face, n=n)
            return _("{who} announces {face}.").format(who=who, face=face)
        if kind == "lost":
            return _("{who} announces five mummies: the turn is lost.").format(who=who)
        if kind == "resolve":
            if action.get("yes"):
                return None  # the resolve event says it, with the number of dice
            n = int(event.get("aside", 0))
            return ngettext(
                "{who} keeps the {n} mummy die aside and rolls.",
                "{who} keeps the {n} mummy dice aside and rolls.",
                n,
            ).format(who=who, n=n)
        if kind == "reroll":
            return None  # the next roll says "rerolled"
        if kind == "move":
            k = NUMBER_FACES.get(str(event.get("face")), 0)
            return ngettext(
                "{who} walks {n} step from {start} to {end}.",
                "{who} walks {n} steps from {start} to {end}.",
                k,
            ).format(who=who, n=k, start=where(event.get("from")), end=where(event.get("cell")))
        if kind == "arrow":
            return _("{who} slides {direction} from {start} to {end}.").format(
                who=who,
                direction=direction_word(str(action.get("direction"))),
                start=where(event.get("from")),
                end=where(event.get("cell")),
            )
        if kind == "play":
            if action.get("yes") or not event.get("card"):
                return None  # the moved event says whether a card was played
            return _("{who} keeps the card of {card} for now.").format(
                who=who, card=card_name(str(event.get("card")))
            )
        return super().on_action(event, voice)

    def on_chance(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        # the deal is told by "hand", a roll by "rolled", the mummy die by "mummy_move"
        return None

    # -- the mummy (mummy:9, mummy:10) -----------------------------------------------------------
    def on_mummy_move(self, event: Mapping[str, JSON], voice: Voice) -> str:
        n = int(event.get("steps", 0))
        kind = event.get("move")
        you = voice.you(MUMMY)
        fields = {"mummy": the_mummy(voice), "steps": steps(n), "n": n}
        if kind == "normal":
            die = int(event.get("die") or 0)
            aside = n - die
            if aside:
                total = ngettext(
                    "{die} + {aside} set aside = {n} step",
                    "{die} + {aside} set aside = {n} steps",
                    n,
                ).format(die=die, aside=aside, n=n)
            else:
                total = steps(n)
            fields.update(die=die, total=total)
            if you:
                return _("You roll {die} on the mummy die: {total}.").format(**fields)
            return _("{mummy} rolls {die} on the mummy die: {total}.").format(**fields)
        if kind in ("intermediate", "forced"):
            if you:
                return _("You walk {steps} at once (an intermediate move).").format(**fields)
            return _("{mummy} walks {steps} at once (an intermediate move).").format(**fields)
        if kind == "second":
            if you:
                return _("You walk {steps} more, for the five set-aside dice.").format(**fields)
            return _("{mummy} walks {steps} more, for the five set-aside dice.").format(**fields)
        if you:
            return _("You walk {steps}.").format(**fields)
        return _("{mummy} walks {steps}.").format(**fields)

    def on_capture(self, event: Mapping[str, JSON], voice: Voice) -> str:
        seat = event.get("seat")
        left = int(event.get("ankhs_left", 0))
        name = voice.name(seat)
        if event.get("eliminated"):
            if voice.you(seat):
                fate = _("You have no ankh left and are out of the game")
            else:
                fate = _("{name} has no ankh left and is out of the game").format(name=name)
        elif voice.you(seat):
            fate = ngettext(
                "it goes to the dungeon; you have {n} ankh left",
                "it goes to the dungeon; you have {n} ankhs left",
                left,
            ).format(n=left)
        else:
            fate = ngettext(
                "it goes to the dungeon; {name} has {n} ankh left",
                "it goes to the dungeon; {name} has {n} ankhs left",
                left,
            ).format(name=name, n=left)
        fields = {
            "mummy": the_mummy(voice),
            "caught": explorer(event, voice, False, "acc"),
            "field": where(event.get("cell")),
            "got": _("{a} of {b}").format(a=event.get("mummy_ankhs"), b=event.get("threshold")),
            "fate": fate,
        }
        if voice.you(MUMMY):
            return _("You catch {caught} on {field} and take an ankh ({got}): {fate}.").format(
                **fields
            )
        return _("{mummy} catches {caught} on {field} and takes an ankh ({got}): {fate}.").format(
            **fields
        )

    def on_game_over(self, event: Mapping[str, JSON], voice: Voice) -> str:
        winners = [w for w in event.get("winners", []) if isinstance(w, int)]
        reason = event.get("reason")
        if reason == "mummy":
            n = int(event.get("mummy_ankhs", 0))
            if voice.you(MUMMY):
                return ngettext(
                    "You have {n} ankh and win.", "You have {n} ankhs and win.", n
                ).format(n=n)
            return ngettext(
                "{mummy} has {n} ankh and wins.", "{mummy} has {n} ankhs and wins.", n
            ).format(mummy=the_mummy(voice), n=n)
        if reason == "explorer" and winners:
            w = winners[0]
            if voice.you(w):
                return _("You have played all your task cards and win.")
            return _("{name} has played all his task cards and wins.").format(name=voice.name(w))
        if reason == "max_rounds":
            return _("The game stops after round {round}, its last: nobody wins.").format(
                round=event.get("round")
            )
        if reason == "step_limit":
            return _("The game stops at its length limit: nobody wins.")
        return _("No explorer is left: nobody wins.")

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
        return [glossary_term(t) for t in terms]

    def glossary(self) -> dict[str, str]:
        return dict(glossary_term(t) for t in GLOSSARY)
