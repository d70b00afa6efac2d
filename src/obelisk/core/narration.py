"""Narration: an event as a sentence for one reader, with no I/O.

Every face (the terminal, lessons, the server's messages, the web app) shows
events as the sentences a game's :class:`Narrator` writes. A narrator sees
only the event's JSON form as the reader got it (``State.events_for(seat)``)
and a :class:`Voice` (the seats' names and who reads), so a sentence can
never hold more than the reader's own events: that is the narration's
hidden-information guarantee, by construction.

The shape follows Board Game Arena's notifications: one method per event kind
(``on_<kind>``) that returns a sentence, or None for an event a person does not
need to read. Seats are named (``"You"`` for the reader's own seat) and, where
a number is unavoidable, counted from 1.

Memory games (``Capabilities.memory``) narrate for the log: a sentence stays on
screen, so it never names what the table shows only for a moment (a token
that will be covered again, a route card on the way out).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .i18n import Words

#: The core's own words (a list's "and").
_words = Words(__package__)

JSON = Any


@dataclass(frozen=True)
class Voice:
    """Who is who for one reader: the seats' names and the reading seat (None: a spectator).

    >>> v = Voice(("Ann", "Bot 1 (normal)"), viewer=0)
    >>> v.subject(0, "draw", "draws"), v.subject(1, "draw", "draws")
    ('You draw', 'Bot 1 (normal) draws')
    >>> v.possessive(1), v.possessive(0)
    ("Bot 1 (normal)'s", 'your')
    """

    names: tuple[str, ...]
    viewer: int | None = None

    @classmethod
    def for_seats(
        cls, num_players: int, names: Sequence[str] | None = None, viewer: int | None = None
    ) -> Voice:
        """A voice for ``num_players`` seats; missing names become ``Player 1``, ``Player 2``…"""
        given = list(names or [])
        full = [
            given[i]
            if i < len(given) and given[i]
            else _words.gettext("Player {n}").format(n=i + 1)
            for i in range(num_players)
        ]
        return cls(tuple(full), viewer)

    def you(self, seat: int | None) -> bool:
        """Whether ``seat`` is the reader's own seat."""
        return seat is not None and seat == self.viewer

    def name(self, seat: int | None) -> str:
        """The seat's name as the subject of a sentence: ``"You"`` for the reader."""
        if self.you(seat):
            return _words.gettext("You")
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        if seat is None:
            return _words.gettext("Someone")
        return _words.gettext("Seat {n}").format(n=int(seat) + 1)

    def object(self, seat: int | None) -> str:
        """The seat's name as an object (``"you"`` for the reader): *Khufu hits you*."""
        return _words.gettext("you") if self.you(seat) else self.name(seat)

    def possessive(self, seat: int | None) -> str:
        """``"your"`` for the reader, else ``"Ann's"``."""
        if self.you(seat):
            # Translators: only for sentences a game has not written whole (German
            # games write "deine Karte" / "dein Zug" in their own sentences)
            return _words.gettext("your")
        name = self.name(seat)
        return f"{name}'" if name.endswith("s") and not name.endswith(")") else f"{name}'s"

    def subject(self, seat: int | None, you_verb: str, verb: str) -> str:
        """``"You draw"`` / ``"Ann draws"``: the subject with its verb agreeing."""
        return f"{self.name(seat)} {you_verb if self.you(seat) else verb}"

    def seat_number(self, seat: int) -> str:
        """A seat counted from 1, for the rare sentence that needs the number."""
        return _words.gettext("seat {n}").format(n=seat + 1)

    def names_of(self, seats: Iterable[int]) -> str:
        """Several seats in words: ``"You and Bot 2"``, ``"Ann, Bob and you"``."""
        return join_words([self.name(s) if i == 0 else self.object(s) for i, s in enumerate(seats)])


def join_words(words: Sequence[str], last: str | None = None) -> str:
    """``["a", "b", "c"]`` as ``"a, b and c"`` (``"a, b und c"`` to a German reader)."""
    items = [w for w in words if w]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if last is None:
        last = _words.gettext("and")
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``plural(1, "card")`` is ``"1 card"``, ``plural(2, "card")`` ``"2 cards"``."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def capitalize(text: str) -> str:
    """The sentence with its first letter upper-case (the rest untouched)."""
    return text[:1].upper() + text[1:]


class Narrator:
    """A game's narration: ``on_<kind>(event, voice)`` per event kind (spaces and dashes
    in a kind become underscores: ``on_round_end`` for ``"round end"``).

    A game subclasses it, lists in :attr:`silent` the kinds a person does not need
    to read (bookkeeping for agents), and sets ``Game.narrator``. The default for
    ``action`` events is the action's own text after the actor's name; for any
    other kind without a method, :meth:`fallback` (which tests treat as a gap).
    """

    #: Event kinds that are deliberately not narrated.
    silent: frozenset[str] = frozenset()

    def narrate(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        """One sentence for ``event`` (its JSON form, as the reader got it), or None."""
        kind = str(event.get("kind", ""))
        if kind in self.silent:
            return None
        handler = getattr(self, handler_name("on", kind), None)
        if handler is None:
            return self.fallback(event, voice)
        out = handler(event, voice)
        return None if out is None else str(out)

    def knows(self, kind: str) -> bool:
        """Whether ``kind`` has a sentence or a deliberate silence (tests ask it)."""
        return kind in self.silent or callable(getattr(self, handler_name("on", kind), None))

    def on_action(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        """An action event: the actor's name and the action's text."""
        text = str(event.get("text") or "acts")
        seat = event.get("seat")
        return f"{voice.name(seat)}: {text}" if isinstance(seat, int) else capitalize(text)

    def on_chance(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        """A raw chance outcome: by default its label and value (a game's narrator
        silences it and says what the reader learned in its own events)."""
        value = event.get("value")
        if isinstance(value, list):
            value = ", ".join(map(str, value))
        return f"  ({event.get('label')}: {value})"

    def fallback(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        """An event kind this narrator has no sentence for: its ``text`` if it has one,
        else its kind and fields (a gap: the narration tests fail on it)."""
        seat = event.get("seat")
        who = f"{voice.name(seat)}: " if isinstance(seat, int) else ""
        text = event.get("text")
        if isinstance(text, str) and text:
            return f"{who}{text}"
        rest = {k: v for k, v in event.items() if k not in ("kind", "seat")}
        body = ", ".join(f"{k}={v}" for k, v in rest.items())
        return f"{who}{event.get('kind')}" + (f" ({body})" if body else "")

    def flash(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        """A sentence for this moment only (``flash_<kind>``), or None (hook).

        Memory games say here what the table shows for a moment ("You uncover the
        cat."): a face shows it beside the table and drops it at the next redraw,
        never in a log or scrollback. The lasting sentence (:meth:`narrate`) of the
        same event must not repeat it.
        """
        handler = getattr(self, handler_name("flash", str(event.get("kind", ""))), None)
        if handler is None:
            return None
        out = handler(event, voice)
        return None if out is None else str(out)

    #: The fields, by event kind, that the table shows only for a moment (what the flash
    #: tells): :meth:`lasting` blanks them. A dotted name reaches into a nested object
    #: (``action.token``); the kind ``action/slide`` names the action events of one kind
    #: of action.
    momentary: Mapping[str, tuple[str, ...]] = {}

    def lasting(self, event: Mapping[str, JSON]) -> dict[str, JSON]:
        """The event as it lasts: its momentary fields (:attr:`momentary`, or a game's own
        rule in an override) blanked, so a catch-up, a later reader or a reconnecting face
        never gets again what the table showed only for a moment. A blanked value is null;
        a blanked list keeps its length (how many chambers a route had lasts; which they
        were does not). The lasting sentence (:meth:`narrate`) must read the same from it.
        """
        kind = str(event.get("kind", ""))
        fields = list(self.momentary.get(kind, ()))
        action = event.get("action")
        if kind == "action" and isinstance(action, Mapping):
            fields += self.momentary.get(f"action/{action.get('kind')}", ())
        out = dict(event)
        for name in fields:
            blank_field(out, name.split("."))
        return out

    def explanations(self, event: Mapping[str, JSON]) -> list[tuple[str, str]]:
        """Terms ``event`` brings to the table the first time, with what they do (hook).

        A face shows each term's explanation once (a Sobek token, a Ramses event
        card, an Abu Simbel chamber card) and ``rules`` lists them all (see
        :meth:`glossary`).
        """
        return []

    def glossary(self) -> dict[str, str]:
        """Every term the game explains, with its explanation (for ``rules`` in play)."""
        return {}

    def components(self) -> dict[str, JSON]:
        """The words of the game's components as a face draws them (hook), JSON-ready:
        e.g. ``{"tokens": {"GOSSIP": {"name": "gossip", "purpose": "draw 2 cards"}}}``,
        keyed as the observation names them. Served to the web tables, so that they
        never copy them (``/api/games/{game}/words``). Default: none.
        """
        return {}


def blank_field(obj: dict[str, JSON], path: list[str]) -> None:
    """Blank ``obj[path]`` in place (nested objects along the path are copied first): a list
    becomes as many nulls, anything else null; a missing field stays missing."""
    key = path[0]
    if key not in obj:
        return
    if len(path) > 1:
        inner = obj[key]
        if isinstance(inner, Mapping):
            obj[key] = copy = dict(inner)
            blank_field(copy, path[1:])
        return
    value = obj[key]
    obj[key] = [None] * len(value) if isinstance(value, list) else None


@lru_cache(maxsize=1024)  # a game has a few dozen kinds; the server narrates every event
def handler_name(prefix: str, kind: str) -> str:
    """The method for an event kind: ``on_round_end`` for ``"round end"`` or ``"round-end"``."""
    return f"{prefix}_" + re.sub(r"[^0-9a-zA-Z_]", "_", kind)


#: What a person must never read: ``key=value``, a Python dict, a raw ``(label: number)``.
RAW_PATTERNS: tuple[re.Pattern[str], ...] = (
    re.compile(r"\b[a-z_]+=\S"),
    re.compile(r"\{'"),
    re.compile(r"\([a-z_ ]+: -?\d+\)"),
)


def raw_fragment(text: str) -> str | None:
    """The first debug-looking fragment in ``text`` (for tests and checks), or None."""
    for pattern in RAW_PATTERNS:
        m = pattern.search(text)
        if m:
            return m.group(0)
    return None
