"""Events: what happened, each tagged with who may see it.

An event is public (``to is None``: every seat and every spectator sees it)
or private to a set of seats (``to`` a frozenset; the empty set means nobody
but the omniscient record, e.g. where a Ramses treasure was hidden).
Observations, logs, records exported for a seat and server messages all go
through :func:`visible_to`, the single redaction rule of the engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

JSON = Any

#: Visible to nobody but the full record.
HIDDEN: frozenset[int] = frozenset()


class Event(NamedTuple):
    """One thing that happened. ``data`` must be JSON-ready."""

    kind: str
    data: dict[str, JSON]
    to: frozenset[int] | None = None

    @property
    def public(self) -> bool:
        """True when every seat and spectator sees this event."""
        return self.to is None

    def to_json(self) -> dict[str, JSON]:
        """The event as a JSON object (its visibility included)."""
        out: dict[str, JSON] = {"kind": self.kind, **self.data}
        if self.to is not None:
            out["to"] = sorted(self.to)
        return out


def seats(*seat: int) -> frozenset[int]:
    """A visibility for the given seats: ``seats(2)`` is private to seat 2."""
    return frozenset(seat)


def visible_to(event: Event, seat: int | None) -> bool:
    """Whether ``seat`` (None: a spectator) may see ``event``."""
    if event.to is None:
        return True
    return seat is not None and seat in event.to


def json_form(event: Event) -> dict[str, JSON]:
    """What a seat that may see ``event`` gets of it: its kind and data, without tags."""
    return {"kind": event.kind, **event.data}


def redact(events: Iterable[Event], seat: int | None) -> list[dict[str, JSON]]:
    """The JSON form of the events ``seat`` may see, in order, without tags."""
    return [json_form(e) for e in events if visible_to(e, seat)]
