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

from collections.abc import Mapping, Sequence
from typing import Any

from obelisk.core import Narrator, Voice
from obelisk.core.i18n import N_, Words, number
from obelisk.core.narration import capitalize, join_words

from .components import TREASURE_NAMES
from .treasures import EVENT_NAMES, a_treasure, event_name, treasure_fields, treasure_name

W = Words(__package__)
_, ngettext = W.gettext, W.ngettext

JSON = Any

__all__ = ["EVENT_NAMES", "GLOSSARY", "NARRATOR", "RamsesNarrator", "card_words", "treasure"]

#: What each term does, in our own words (shown once, and by ``rules`` in play).
GLOSSARY: dict[str, str] = {
    "Sandstorm": N_(
        "an event card: the box turns half round, then the same player turns over the next card."
    ),
    "Gift": N_(
        "an event card: its player names any treasure and searches for it; if found, "
        "every other player holding a card of that treasure gives them one."
    ),
    "Risk": N_(
        "an event card: its player names two hidden treasures and must find both, in "
        "that order; success takes a card unseen from the left-hand neighbour, failure gives "
        "one of their own cards to a player of their choice."
    ),
    "Mirage": N_(
        "an event card: its player takes a card unseen from the right-hand "
        "neighbour, shows it and must find its treasure; if not, they give the neighbour "
        "one card of their choice."
    ),
    "Poker in the Desert": N_(
        "an event card: its player names a treasure and an opponent who "
        "must find it; if the opponent finds it, they take a card unseen from the player, "
        "otherwise the player takes one from them."
    ),
    "end card": N_("the card with the sphinx in stack 3: when it turns up, the game ends at once."),
    "lucky find": N_(
        "when a search begins with its treasure already showing at the empty "
        "place, the searcher keeps the card without sliding."
    ),
    "quarter turn": N_(
        "after a find from stack 2 or 3 the whole box turns a quarter: the "
        "treasures stay under their pyramids, but your view of them turns."
    ),
    "stack 2": N_("search cards worth 2 or 3 points, shuffled with the event cards."),
    "stack 3": N_(
        "the finale: search cards worth 4 points and the end card; a wrong "
        "treasure puts the searcher out of the game."
    ),
    "out of the game": N_(
        "a player out of the game takes no more turns and can no longer be "
        "chosen for an event, but keeps their cards and scores them at the end."
    ),
    "buried card": N_(
        "a search card nobody finds after the number of tries in a row this game's "
        "options set (a limit the rulebook does not have, off unless chosen) is set aside face "
        "up; it scores for nobody and the next player turns over a new card."
    ),
}

#: The glossary's terms that are not event cards' names (those are :data:`EVENT_NAMES`).
_TERMS = {
    "lucky find": N_("lucky find"),
    "quarter turn": N_("quarter turn"),
    "stack 2": N_("stack 2"),
    "stack 3": N_("stack 3"),
    "out of the game": N_("out of the game"),
    "buried card": N_("buried card"),
}

_END_REASONS = {
    "end_card": N_("the end card turned up"),
    "all_eliminated": N_("every player is out"),
    "stacks_exhausted": N_("no card is left to turn over"),
    "step_limit": N_("the engine's length limit was reached"),
}


def _term(term: str) -> str:
    """A glossary term to read."""
    return _(term) if term in _TERMS or term in EVENT_NAMES.values() else term


def _tnum(text: object) -> int:
    """``"T03"`` -> 3; anything else -> 0."""
    if isinstance(text, str) and len(text) == 3 and text[0] == "T" and text[1:].isdigit():
        return int(text[1:])
    return 0


def _name(event: Mapping[str, JSON], key: str = "treasure", name_key: str = "name") -> str:
    """The name of the treasure an event names (its default name when the event has none)."""
    name = event.get(name_key)
    if not isinstance(name, str) or not name:
        t = _tnum(event.get(key))
        name = TREASURE_NAMES[t - 1] if 1 <= t <= len(TREASURE_NAMES) else "treasure"
    return name


def treasure(event: Mapping[str, JSON], key: str = "treasure", name_key: str = "name") -> str:
    """The treasure an event names, as ``the Parrot``."""
    return treasure_fields(_name(event, key, name_key))["treasure"]


def _fields(
    event: Mapping[str, JSON], key: str = "treasure", name_key: str = "name"
) -> dict[str, str]:
    """The treasure an event names as a sentence's fields (see ``treasures.treasure_fields``)."""
    return treasure_fields(_name(event, key, name_key))


def _points(value: object) -> str:
    """A card's value: ``2 points`` (``no points`` without one)."""
    if isinstance(value, (int, float)):
        return ngettext("{n} point", "{n} points", int(value)).format(n=int(value))
    return _("no points")


def card_words(event: Mapping[str, JSON]) -> str:
    """A face-up search card, as ``the Parrot card (stack 2, 2 points)``."""
    return _("the {name} card (stack {stack}, {points})").format(
        name=treasure_name(_name(event)),
        stack=event.get("stack"),
        points=_points(event.get("value")),
    )


def said(v: Voice, seat: object, you: str, other: str, **fields: object) -> str:
    """``you`` (already translated) when ``seat`` is the reader's, else ``other`` with
    ``{name}`` the seat's name; both filled with ``fields``."""
    s = seat if isinstance(seat, int) else None
    text = you if v.you(s) else other
    return text.format(name=v.name(s), **fields)


def _seat(seat: object) -> int | None:
    return seat if isinstance(seat, int) else None


def _number(value: object) -> str:
    return number(float(value)) if isinstance(value, (int, float)) else "0"


class RamsesNarrator(Narrator):
    """Ramses II's sentences (see the module docstring)."""

    silent = frozenset({"turn_ended", "chance"})
    #: ramses:11.3: the token a slide uncovers is seen while the place is open, and a
    #: treasure hidden at the set-up only while it is hidden.
    momentary = {"placed": ("treasure", "place"), "action/slide": ("token", "name", "text")}

    # -- the set-up ----------------------------------------------------------------
    def on_setup(self, e: Mapping[str, JSON], v: Voice) -> str:
        begins = said(v, e.get("first"), _("You begin."), _("{name} begins."))
        if e.get("spun"):
            return _("The pyramids cover the treasures. The box has been spun. {begins}").format(
                begins=begins
            )
        return _("The pyramids cover the treasures. {begins}").format(begins=begins)

    def on_placed(self, e: Mapping[str, JSON], v: Voice) -> str:
        return said(v, e.get("seat"), _("You hide a treasure."), _("{name} hides a treasure."))

    def flash_placed(self, e: Mapping[str, JSON], v: Voice) -> str:
        return said(
            v, e.get("seat"), _("You hide {treasure}."), _("{name} hides {treasure}."), **_fields(e)
        )

    # -- cards -----------------------------------------------------------------------
    def on_stack_started(self, e: Mapping[str, JSON], v: Voice) -> str:
        stack = e.get("stack")
        turns, out = bool(e.get("rotates")), bool(e.get("eliminates"))
        if turns and out:
            text = _(
                "Stack {stack} begins: every find turns the box a quarter and a wrong "
                "treasure puts the searcher out of the game."
            )
        elif turns:
            text = _("Stack {stack} begins: every find turns the box a quarter.")
        elif out:
            text = _("Stack {stack} begins: a wrong treasure puts the searcher out of the game.")
        else:
            text = _("Stack {stack} begins.")
        return text.format(stack=stack)

    def on_card_drawn(self, e: Mapping[str, JSON], v: Voice) -> str:
        seat = e.get("seat")
        kind = e.get("type")
        if kind == "search":
            return said(
                v,
                seat,
                _("You turn over {card}."),
                _("{name} turns over {card}."),
                card=card_words(e),
            )
        if kind == "end":
            return said(
                v, seat, _("You turn over the end card."), _("{name} turns over the end card.")
            )
        return said(
            v,
            seat,
            _("You turn over an event card: {event}."),
            _("{name} turns over an event card: {event}."),
            event=event_name(str(kind)),
        )

    def on_declared(self, e: Mapping[str, JSON], v: Voice) -> str:
        seat = e.get("seat")
        named = [treasure_fields(str(n)) for n in e.get("names") or []] or [a_treasure()]
        first = named[0]
        kind = e.get("event")
        if kind == "gift":
            return said(
                v,
                seat,
                _("You name {treasure} for the Gift."),
                _("{name} names {treasure} for the Gift."),
                **first,
            )
        if kind == "risk":
            if len(named) == 2:
                second = {f"second{k[len('treasure') :]}": x for k, x in named[1].items()}
                return said(
                    v,
                    seat,
                    _("You risk {treasure} and then {second}."),
                    _("{name} risks {treasure} and then {second}."),
                    **first,
                    **second,
                )
            return said(v, seat, _("You risk {treasure}."), _("{name} risks {treasure}."), **first)
        if kind == "poker":
            opp = _seat(e.get("opponent"))
            if v.you(opp):
                return _("{name} bets that you cannot find {treasure}.").format(
                    name=v.name(_seat(seat)), **first
                )
            return said(
                v,
                seat,
                _("You bet that {opponent} cannot find {treasure}."),
                _("{name} bets that {opponent} cannot find {treasure}."),
                opponent=v.name(opp),
                **first,
            )
        return said(
            v,
            seat,
            _("You name {treasures}."),
            _("{name} names {treasures}."),
            treasures=join_words([f["treasure"] for f in named]),
            treasures_acc=join_words([f["treasure_acc"] for f in named]),
        )

    # -- searching --------------------------------------------------------------------
    def on_search_started(self, e: Mapping[str, JSON], v: Voice) -> str | None:
        seat = e.get("searcher")
        what = _fields(e, "target", "target_name")
        ctx = e.get("context")
        if ctx == "card":
            if not e.get("misses"):
                return None  # the card just turned over says it
            return said(
                v,
                seat,
                _("You search for {treasure} next."),
                _("{name} searches for {treasure} next."),
                **what,
            )
        if ctx == "risk_2":
            return said(
                v, seat, _("You go on to {treasure}."), _("{name} goes on to {treasure}."), **what
            )
        if ctx == "risk_1":
            return said(
                v,
                seat,
                _("You search for {treasure} first."),
                _("{name} searches for {treasure} first."),
                **what,
            )
        if ctx == "mirage":
            return said(
                v,
                seat,
                _("You search for {treasure}, the Mirage card's treasure."),
                _("{name} searches for {treasure}, the Mirage card's treasure."),
                **what,
            )
        if ctx == "poker":
            return said(
                v,
                seat,
                _("You search for {treasure}, as the bet demands."),
                _("{name} searches for {treasure}, as the bet demands."),
                **what,
            )
        return said(
            v, seat, _("You search for {treasure}."), _("{name} searches for {treasure}."), **what
        )

    def on_lucky(self, e: Mapping[str, JSON], v: Voice) -> str:
        return said(
            v,
            e.get("seat"),
            _(
                "You are lucky: the treasure at the empty place is {treasure} already, so no "
                "slide is needed."
            ),
            _(
                "{name} is lucky: the treasure at the empty place is {treasure} already, so no "
                "slide is needed."
            ),
            **_fields(e),
        )

    def on_action(self, e: Mapping[str, JSON], v: Voice) -> str | None:
        """A slide, never with its token (ramses:11.3); other actions are told by the
        events they cause (the card turned over, the declaration, the transfer)."""
        action = e.get("action")
        if not (isinstance(action, Mapping) and action.get("kind") == "slide"):
            return None
        seat = e.get("seat")
        if e.get("context") not in (None, "card"):
            target = _fields(e, "target", "target_name")
            if e.get("result") == "found":
                return said(
                    v,
                    seat,
                    _("You slide a pyramid and find {treasure}."),
                    _("{name} slides a pyramid and finds {treasure}."),
                    **target,
                )
            if e.get("result") == "wrong":
                return said(
                    v,
                    seat,
                    _("You slide a pyramid and uncover another treasure, not {treasure}."),
                    _("{name} slides a pyramid and uncovers another treasure, not {treasure}."),
                    **target,
                )
        # with a card's search, the find or the miss that follows says the rest
        return said(v, seat, _("You slide a pyramid."), _("{name} slides a pyramid."))

    def flash_action(self, e: Mapping[str, JSON], v: Voice) -> str | None:
        action = e.get("action")
        if not (isinstance(action, Mapping) and action.get("kind") == "slide"):
            return None
        seat = e.get("seat")
        if e.get("token") == "blank":
            return said(v, seat, _("You uncover a blank."), _("{name} uncovers a blank."))
        return said(
            v,
            seat,
            _("You uncover {treasure}."),
            _("{name} uncovers {treasure}."),
            **_fields(e, "token"),
        )

    def on_find(self, e: Mapping[str, JSON], v: Voice) -> str:
        return said(
            v,
            e.get("seat"),
            _("You find {treasure} and keep the card (stack {stack}, {points})."),
            _("{name} finds {treasure} and keeps the card (stack {stack}, {points})."),
            stack=e.get("stack"),
            points=_points(e.get("value")),
            **_fields(e),
        )

    def on_miss(self, e: Mapping[str, JSON], v: Voice) -> str:
        seat = e.get("seat")
        target = _fields(e, "target", "target_name")
        if e.get("stalled"):
            return said(
                v,
                seat,
                _("You give up the search for {treasure} after too many slides: a miss."),
                _("{name} gives up the search for {treasure} after too many slides: a miss."),
                **target,
            )
        return said(
            v,
            seat,
            _("You uncover another treasure, not {treasure}: a miss."),
            _("{name} uncovers another treasure, not {treasure}: a miss."),
            **target,
        )

    def on_eliminated(self, e: Mapping[str, JSON], v: Voice) -> str:
        return said(
            v,
            e.get("seat"),
            _("You are out of the game; you keep your cards."),
            _("{name} is out of the game and keeps their cards."),
        )

    def on_card_buried(self, e: Mapping[str, JSON], v: Voice) -> str:
        tries = e.get("misses")
        what = _fields(e)
        if isinstance(tries, int):
            return ngettext(
                "Nobody finds {treasure} after {n} try: the card is set aside and scores for nobody.",
                "Nobody finds {treasure} after {n} tries: the card is set aside and scores for nobody.",
                tries,
            ).format(n=tries, **what)
        return _("Nobody finds {treasure}: the card is set aside and scores for nobody.").format(
            **what
        )

    def on_rotated(self, e: Mapping[str, JSON], v: Voice) -> str:
        q = e.get("quarter")
        if q in (2, -2):
            return _("The box turns half round.")
        if isinstance(q, int) and q > 0:
            return _("The box turns a quarter clockwise.")
        return _("The box turns a quarter counter-clockwise.")

    # -- events and cards changing hands ------------------------------------------------------
    def on_card_transferred(self, e: Mapping[str, JSON], v: Voice) -> str | None:
        frm, to, how = _seat(e.get("from")), _seat(e.get("to")), e.get("how")
        shown = "type" in e  # the card itself: public, or this reader is giver or receiver
        if not shown and v.viewer in (frm, to):
            return None  # the reader got the card's own event (the private one) as well
        # {owner} is the giver's possessive ("Ann's"), {giver} the giver's name
        who = {"owner": v.possessive(frm), "giver": v.name(frm), "receiver": v.name(to)}
        if how == "mirage":
            card = card_words(e)
            if v.you(frm):
                return _(
                    "{name} takes {card} from your hand without looking, and shows it."
                ).format(name=v.name(to), card=card)
            return said(
                v,
                to,
                _("You take {card} from {owner} hand without looking, and show it."),
                _("{name} takes {card} from {owner} hand without looking, and shows it."),
                card=card,
                **who,
            )
        if how == "mirage_back":
            card = capitalize(card_words(e))
            if v.you(to):
                return _("{card} goes back to you.").format(card=card)
            return _("{card} goes back to {receiver}.").format(card=card, **who)
        if how == "blind":
            what = card_words(e) if shown else _("a card")
            if v.you(frm):
                return _("{name} draws {card} from your hand without looking.").format(
                    name=v.name(to), card=what
                )
            return said(
                v,
                to,
                _("You draw {card} from {owner} hand without looking."),
                _("{name} draws {card} from {owner} hand without looking."),
                card=what,
                **who,
            )
        if shown:
            what = card_words(e)
        elif e.get("name") or e.get("treasure"):
            what = _("a {name} card").format(name=treasure_name(_name(e)))
        else:
            what = _("a card")
        why = {
            "risk_penalty": " " + _("(the Risk's penalty)"),
            "mirage_penalty": " " + _("(the Mirage's penalty)"),
        }.get(str(how), "")
        if v.you(to):
            return _("{name} gives you {card}{why}.").format(name=v.name(frm), card=what, why=why)
        return said(
            v,
            frm,
            _("You give {receiver} {card}{why}."),
            _("{name} gives {receiver} {card}{why}."),
            card=what,
            why=why,
            **who,
        )

    def on_event_resolved(self, e: Mapping[str, JSON], v: Voice) -> str | None:
        seat = _seat(e.get("seat"))
        kind = str(e.get("event"))
        ok = bool(e.get("success"))
        why = e.get("why")
        if kind == "sandstorm":
            return None  # the half turn and the next card say it
        if why == "alone":
            return _("Nobody is left to play the {event} against: it does nothing.").format(
                event=event_name(kind)
            )
        if kind == "mirage" and why == "no_cards":
            return said(
                v,
                e.get("neighbour"),
                _("The Mirage does nothing: You hold no cards."),
                _("The Mirage does nothing: {name} holds no cards."),
            )
        if kind == "poker":
            winner = e.get("opponent") if ok else seat
            return said(
                v,
                winner,
                _("You win the Poker in the Desert."),
                _("{name} wins the Poker in the Desert."),
            )
        if kind == "mirage":
            if ok:
                return said(
                    v,
                    seat,
                    _("The Mirage card stays with you."),
                    _("The Mirage card stays with {name}."),
                )
            return said(
                v,
                seat,
                _("Your Mirage fails."),
                _("{owner} Mirage fails."),
                owner=capitalize(v.possessive(seat)),
            )
        fields = {"event": event_name(kind), "owner": capitalize(v.possessive(seat))}
        if ok:
            return said(
                v, seat, _("Your {event} succeeds."), _("{owner} {event} succeeds."), **fields
            )
        return said(v, seat, _("Your {event} fails."), _("{owner} {event} fails."), **fields)

    def on_game_over(self, e: Mapping[str, JSON], v: Voice) -> str:
        reason = e.get("reason")
        why = _(_END_REASONS[reason]) if reason in _END_REASONS else _("the game has ended")
        scores = e.get("scores") or []
        parts = [
            _("you {points}").format(points=_number(s)) if v.you(i) else f"{v.name(i)} {_number(s)}"
            for i, s in enumerate(scores)
        ]
        winners = [w for w in e.get("winners") or [] if isinstance(w, int)]
        if len(winners) == 1:
            win = said(v, winners[0], _("You win."), _("{name} wins."))
        elif winners:
            win = _("{names} share the win.").format(names=self._names(v, winners))
        else:
            win = _("Nobody wins.")
        return _("Game over: {reason}. Points: {points}. {win}").format(
            reason=why, points=join_words(parts), win=win
        )

    @staticmethod
    def _names(v: Voice, seats: Sequence[int]) -> str:
        """Several seats in words: ``You and Bot 2``, ``Ann, Bob and you``."""
        words = []
        for i, s in enumerate(seats):
            if v.you(s):
                words.append(_("You") if i == 0 else _("you"))
            else:
                words.append(v.name(s))
        return join_words(words)

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
        return [(_term(term), _(GLOSSARY[term]))] if term in GLOSSARY else []

    def glossary(self) -> dict[str, str]:
        return {_term(term): _(text) for term, text in GLOSSARY.items()}

    def components(self) -> dict[str, JSON]:
        """The event cards: each type's name (its glossary term), for the web table."""
        return {"events": {kind: _(name) for kind, name in EVENT_NAMES.items()}}


NARRATOR = RamsesNarrator()
