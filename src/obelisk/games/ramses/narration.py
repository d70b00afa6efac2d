"""Ramses II in words: each event as a sentence for one reader (``obelisk.core.narration``).

Ramses II is a memory game, so the lasting sentence of an event (``on_<kind>``,
kept in a log) never names a token that is, or will again be, covered: a slide
says only that a pyramid moved, a miss only that *another* treasure came up. What
the table shows for the moment is said by a flash sentence (``flash_<kind>``),
which a face shows beside the table and drops at the next redraw. Lasting
sentences name only what is public for good: the card turned over and sought,
declared treasures, found cards, cards shown in a transfer (ramses:11.3).

The narrator reads nothing but the event and the voice. Treasure names come from
the events' ``name`` fields (the rules code adds them, since names are an
option), falling back to the default names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from obelisk.core import Narrator, Voice
from obelisk.core.narration import capitalize, join_words, plural

from .components import TREASURE_NAMES

JSON = Any

#: Each event card's name in sentences.
EVENT_NAMES = {
    "sandstorm": "Sandstorm",
    "gift": "Gift",
    "risk": "Risk",
    "mirage": "Mirage",
    "poker": "Poker in the Desert",
    "end": "end card",
}

#: What each term does, in our own words (shown once, and by ``rules`` in play).
GLOSSARY: dict[str, str] = {
    "Sandstorm": "an event card: the box turns half round, then the same player turns "
    "over the next card.",
    "Gift": "an event card: its player names any treasure and searches for it; if found, "
    "every other player holding a card of that treasure gives them one.",
    "Risk": "an event card: its player names two hidden treasures and must find both, in "
    "that order; success takes a card unseen from the left-hand neighbour, failure gives "
    "one of their own cards to a player of their choice.",
    "Mirage": "an event card: its player takes a card unseen from the right-hand "
    "neighbour, shows it and must find its treasure; if not, they give the neighbour "
    "one card of their choice.",
    "Poker in the Desert": "an event card: its player names a treasure and an opponent who "
    "must find it; if the opponent finds it, they take a card unseen from the player, "
    "otherwise the player takes one from them.",
    "end card": "the card with the sphinx in stack 3: when it turns up, the game ends at once.",
    "lucky find": "when a search begins with its treasure already showing at the empty "
    "place, the searcher keeps the card without sliding.",
    "quarter turn": "after a find from stack 2 or 3 the whole box turns a quarter: the "
    "treasures stay under their pyramids, but your view of them turns.",
    "stack 2": "search cards worth 2 or 3 points, shuffled with the event cards.",
    "stack 3": "the finale: search cards worth 4 points and the end card; a wrong "
    "treasure puts the searcher out of the game.",
    "out of the game": "a player out of the game takes no more turns and can no longer be "
    "chosen for an event, but keeps their cards and scores them at the end.",
    "buried card": "a search card nobody finds after the number of tries in a row this game's "
    "options set (a limit the rulebook does not have, off unless chosen) is set aside face "
    "up; it scores for nobody and the next player turns over a new card.",
}

_END_REASONS = {
    "end_card": "the end card turned up",
    "all_eliminated": "every player is out",
    "stacks_exhausted": "no card is left to turn over",
    "step_limit": "the engine's length limit was reached",
}


def _tnum(text: object) -> int:
    """``"T03"`` -> 3; anything else -> 0."""
    if isinstance(text, str) and len(text) == 3 and text[0] == "T" and text[1:].isdigit():
        return int(text[1:])
    return 0


def treasure(event: Mapping[str, JSON], key: str = "treasure", name_key: str = "name") -> str:
    """The treasure an event names, as ``the Parrot``."""
    name = event.get(name_key)
    if not isinstance(name, str) or not name:
        t = _tnum(event.get(key))
        name = TREASURE_NAMES[t - 1] if 1 <= t <= len(TREASURE_NAMES) else "treasure"
    return f"the {name}"


def card_words(event: Mapping[str, JSON]) -> str:
    """A face-up search card, as ``the Parrot card (stack 2, 2 points)``."""
    value = event.get("value")
    pts = plural(int(value), "point") if isinstance(value, (int, float)) else "no points"
    return f"{treasure(event)} card (stack {event.get('stack')}, {pts})"


def _number(value: object) -> str:
    return f"{float(value):g}" if isinstance(value, (int, float)) else "0"


class RamsesNarrator(Narrator):
    """Ramses II's sentences (see the module docstring)."""

    silent = frozenset({"turn_ended", "chance"})
    #: ramses:11.3: the token a slide uncovers is seen while the place is open, and a
    #: treasure hidden at the set-up only while it is hidden.
    momentary = {"placed": ("treasure", "place"), "action/slide": ("token", "name", "text")}

    # -- the set-up ----------------------------------------------------------------
    def on_setup(self, e: Mapping[str, JSON], v: Voice) -> str:
        spun = " The box has been spun." if e.get("spun") else ""
        return f"The pyramids cover the treasures.{spun} {v.subject(e.get('first'), 'begin', 'begins')}."

    def on_placed(self, e: Mapping[str, JSON], v: Voice) -> str:
        return f"{v.subject(e.get('seat'), 'hide', 'hides')} a treasure."

    def flash_placed(self, e: Mapping[str, JSON], v: Voice) -> str:
        return f"{v.subject(e.get('seat'), 'hide', 'hides')} {treasure(e)}."

    # -- cards -----------------------------------------------------------------------
    def on_stack_started(self, e: Mapping[str, JSON], v: Voice) -> str:
        rules = []
        if e.get("rotates"):
            rules.append("every find turns the box a quarter")
        if e.get("eliminates"):
            rules.append("a wrong treasure puts the searcher out of the game")
        more = f": {join_words(rules)}" if rules else ""
        return f"Stack {e.get('stack')} begins{more}."

    def on_card_drawn(self, e: Mapping[str, JSON], v: Voice) -> str:
        who = v.subject(e.get("seat"), "turn", "turns")
        kind = e.get("type")
        if kind == "search":
            return f"{who} over {card_words(e)}."
        if kind == "end":
            return f"{who} over the end card."
        return f"{who} over an event card: {EVENT_NAMES.get(str(kind), str(kind))}."

    def on_declared(self, e: Mapping[str, JSON], v: Voice) -> str:
        seat = e.get("seat")
        names = [f"the {n}" for n in e.get("names") or []] or ["a treasure"]
        kind = e.get("event")
        if kind == "gift":
            return f"{v.subject(seat, 'name', 'names')} {names[0]} for the Gift."
        if kind == "risk":
            return f"{v.subject(seat, 'risk', 'risks')} {' and then '.join(names)}."
        if kind == "poker":
            return (
                f"{v.subject(seat, 'bet', 'bets')} that {v.object(e.get('opponent'))} "
                f"cannot find {names[0]}."
            )
        return f"{v.subject(seat, 'name', 'names')} {join_words(names)}."

    # -- searching --------------------------------------------------------------------
    def on_search_started(self, e: Mapping[str, JSON], v: Voice) -> str | None:
        who = v.subject(e.get("searcher"), "search", "searches")
        what = treasure(e, "target", "target_name")
        ctx = e.get("context")
        if ctx == "card":
            if not e.get("misses"):
                return None  # the card just turned over says it
            return f"{who} for {what} next."
        if ctx == "risk_2":
            return f"{v.subject(e.get('searcher'), 'go', 'goes')} on to {what}."
        if ctx == "risk_1":
            return f"{who} for {what} first."
        if ctx == "mirage":
            return f"{who} for {what}, the Mirage card's treasure."
        if ctx == "poker":
            return f"{who} for {what}, as the bet demands."
        return f"{who} for {what}."

    def on_lucky(self, e: Mapping[str, JSON], v: Voice) -> str:
        return (
            f"{v.subject(e.get('seat'), 'are', 'is')} lucky: the treasure at the empty place "
            f"is {treasure(e)} already, so no slide is needed."
        )

    def on_action(self, e: Mapping[str, JSON], v: Voice) -> str | None:
        """A slide, never with its token (ramses:11.3); other actions are told by the
        events they cause (the card turned over, the declaration, the transfer)."""
        action = e.get("action")
        if not (isinstance(action, Mapping) and action.get("kind") == "slide"):
            return None
        slides = f"{v.subject(e.get('seat'), 'slide', 'slides')} a pyramid"
        if e.get("context") in (None, "card"):
            return f"{slides}."  # the find or the miss that follows says the rest
        target = treasure(e, "target", "target_name")
        if e.get("result") == "found":
            return f"{slides} and {'find' if v.you(e.get('seat')) else 'finds'} {target}."
        if e.get("result") == "wrong":
            uncover = "uncover" if v.you(e.get("seat")) else "uncovers"
            return f"{slides} and {uncover} another treasure, not {target}."
        return f"{slides}."

    def flash_action(self, e: Mapping[str, JSON], v: Voice) -> str | None:
        action = e.get("action")
        if not (isinstance(action, Mapping) and action.get("kind") == "slide"):
            return None
        who = v.subject(e.get("seat"), "uncover", "uncovers")
        if e.get("token") == "blank":
            return f"{who} a blank."
        return f"{who} {treasure(e, 'token')}."

    def on_find(self, e: Mapping[str, JSON], v: Voice) -> str:
        seat = e.get("seat")
        keep = "keep" if v.you(seat) else "keeps"
        value = e.get("value")
        pts = plural(int(value), "point") if isinstance(value, (int, float)) else "no points"
        return (
            f"{v.subject(seat, 'find', 'finds')} {treasure(e)} and {keep} the card "
            f"(stack {e.get('stack')}, {pts})."
        )

    def on_miss(self, e: Mapping[str, JSON], v: Voice) -> str:
        seat = e.get("seat")
        target = treasure(e, "target", "target_name")
        if e.get("stalled"):
            return (
                f"{v.subject(seat, 'give', 'gives')} up the search for {target} after too "
                "many slides: a miss."
            )
        return f"{v.subject(seat, 'uncover', 'uncovers')} another treasure, not {target}: a miss."

    def on_eliminated(self, e: Mapping[str, JSON], v: Voice) -> str:
        seat = e.get("seat")
        if v.you(seat):
            return "You are out of the game; you keep your cards."
        return f"{v.name(seat)} is out of the game and keeps their cards."

    def on_card_buried(self, e: Mapping[str, JSON], v: Voice) -> str:
        tries = e.get("misses")
        n = f" after {plural(int(tries), 'try', 'tries')}" if isinstance(tries, int) else ""
        return f"Nobody finds {treasure(e)}{n}: the card is set aside and scores for nobody."

    def on_rotated(self, e: Mapping[str, JSON], v: Voice) -> str:
        q = e.get("quarter")
        if q in (2, -2):
            return "The box turns half round."
        way = "clockwise" if isinstance(q, int) and q > 0 else "counter-clockwise"
        return f"The box turns a quarter {way}."

    # -- events and cards changing hands ------------------------------------------------------
    def on_card_transferred(self, e: Mapping[str, JSON], v: Voice) -> str | None:
        frm, to, how = e.get("from"), e.get("to"), e.get("how")
        shown = "type" in e  # the card itself: public, or this reader is giver or receiver
        if not shown and v.viewer in (frm, to):
            return None  # the reader got the card's own event (the private one) as well
        if how == "mirage":
            return (
                f"{v.subject(to, 'take', 'takes')} {card_words(e)} from "
                f"{v.possessive(frm)} hand without looking, and "
                f"{'show' if v.you(to) else 'shows'} it."
            )
        if how == "mirage_back":
            return f"{capitalize(card_words(e))} goes back to {v.object(to)}."
        if how == "blind":
            what = card_words(e) if shown else "a card"
            return (
                f"{v.subject(to, 'draw', 'draws')} {what} from {v.possessive(frm)} hand "
                "without looking."
            )
        if shown:
            what = card_words(e)
        elif e.get("name") or e.get("treasure"):
            what = f"a {treasure(e)[4:]} card"
        else:
            what = "a card"
        why = {"risk_penalty": " (the Risk's penalty)", "mirage_penalty": " (the Mirage's penalty)"}
        return f"{v.subject(frm, 'give', 'gives')} {v.object(to)} {what}{why.get(str(how), '')}."

    def on_event_resolved(self, e: Mapping[str, JSON], v: Voice) -> str | None:
        seat = e.get("seat")
        kind = str(e.get("event"))
        ok = bool(e.get("success"))
        why = e.get("why")
        if kind == "sandstorm":
            return None  # the half turn and the next card say it
        if why == "alone":
            return f"Nobody is left to play the {EVENT_NAMES.get(kind, kind)} against: it does nothing."
        if kind == "mirage" and why == "no_cards":
            return (
                f"The Mirage does nothing: {v.name(e.get('neighbour'))} "
                f"{'hold' if v.you(e.get('neighbour')) else 'holds'} no cards."
            )
        if kind == "poker":
            opp = e.get("opponent")
            if ok:
                return f"{v.subject(opp, 'win', 'wins')} the Poker in the Desert."
            return f"{v.subject(seat, 'win', 'wins')} the Poker in the Desert."
        if kind == "mirage":
            if ok:
                return f"The Mirage card stays with {v.object(seat)}."
            return f"{capitalize(v.possessive(seat))} Mirage fails."
        name = EVENT_NAMES.get(kind, kind)
        return f"{capitalize(v.possessive(seat))} {name} {'succeeds' if ok else 'fails'}."

    def on_game_over(self, e: Mapping[str, JSON], v: Voice) -> str:
        reason = _END_REASONS.get(str(e.get("reason")), "the game has ended")
        scores = e.get("scores") or []
        parts = [f"{v.object(i)} {_number(s)}" for i, s in enumerate(scores)]
        winners = [w for w in e.get("winners") or [] if isinstance(w, int)]
        if len(winners) == 1:
            win = f"{v.subject(winners[0], 'win', 'wins')}."
        elif winners:
            win = f"{v.names_of(winners)} share the win."
        else:
            win = "Nobody wins."
        return f"Game over: {reason}. Points: {join_words(parts)}. {win}"

    # -- explanations ----------------------------------------------------------------
    def explanations(self, event: Mapping[str, JSON]) -> list[tuple[str, str]]:
        kind = event.get("kind")
        term = ""
        if kind == "card_drawn" and event.get("type") != "search":
            term = EVENT_NAMES.get(str(event.get("type")), "")
        elif kind == "lucky":
            term = "lucky find"
        elif kind == "rotated" and event.get("quarter") in (1, -1):
            term = "quarter turn"
        elif kind == "stack_started" and event.get("stack") in (2, 3):
            term = f"stack {event.get('stack')}"
        elif kind == "eliminated":
            term = "out of the game"
        elif kind == "card_buried":
            term = "buried card"
        return [(term, GLOSSARY[term])] if term in GLOSSARY else []

    def glossary(self) -> dict[str, str]:
        return dict(GLOSSARY)

    def components(self) -> dict[str, JSON]:
        """The event cards: each type's name (its glossary term), for the web table."""
        return {"events": dict(EVENT_NAMES)}


NARRATOR = RamsesNarrator()
