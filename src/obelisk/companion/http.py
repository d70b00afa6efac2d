"""What the companions' pages share on the server: sessions that belong to whoever created
them, limits that keep a stranger from crowding a family out, JSON bodies read with a size
limit, and errors in the server's one shape (``{"error": code, "message": sentence}``).

A session is kept in memory by an unguessable id and opened by an unguessable key: both are
returned once, when the session is created; the page keeps the key (``sessionStorage``,
never in a URL) and sends it as the ``X-Session-Key`` header with every later request. A
request without the right key is refused (403), whatever it asks for.

A live session is never evicted. A session is live while requests keep coming; one that has
had none for ``idle_seconds`` (two hours by default) has expired and is dropped. New
sessions are limited per client address (so many a minute, so many live at once) and in
all; past a limit a new one is refused with the reason (429 or 503), never made by pushing
an older one out.

A store given a :class:`Backing` (the server's database, :mod:`obelisk.companion.persist`)
also writes each session's record when it is made and after every input (``changed``),
and loads the live ones back when the server starts (``restore``), so a restart loses no
game (issue 36). Without one (tests, a store made alone) sessions live in memory only; a
game is also saved by downloading it (see :mod:`obelisk.companion.saves`).

Refusals are sentences in the language of the page that asked (its ``Accept-Language``
header, see :func:`speaking_to`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from fastapi import Request
from fastapi.responses import JSONResponse

from obelisk.core.i18n import Words, negotiate, speaking

W = Words("obelisk.companion")
_, ngettext = W.gettext, W.ngettext

T = TypeVar("T")


@dataclass(frozen=True)
class Backing(Generic[T]):
    """Where a store keeps its sessions beyond memory: the ``table`` of the server's
    database, the ``companion``'s name, and how a session becomes a record and back."""

    table: Any  # obelisk.companion.persist.SessionTable
    companion: str
    to_record: Callable[[T], Any]
    from_record: Callable[[Any], T]


#: The header that carries a session's key.
KEY_HEADER = "X-Session-Key"

#: The largest request body (bytes) each companion's API reads, by path prefix; the
#: server's body guard applies the longest matching prefix (its global limit elsewhere).
#: Each is the resume body of the longest game made in tests/companion/test_body_limits.py
#: (a sealed mid-game save), about four times over; the other requests are small and
#: limited further by the endpoint itself (:data:`SMALL_BODY`).
BODY_LIMITS: dict[str, int] = {
    "/api/companion/abu_simbel/": 384 * 1024,  # a longer longest game since issue 36
    "/api/companion/khufu/": 128 * 1024,
    "/api/companion/mummy/": 256 * 1024,
}
#: The largest body of a request that is not a new or resumed session (one input).
SMALL_BODY = 4 * 1024


def body_limit(path: str) -> int | None:
    """The companion body limit for a request ``path`` (the longest matching prefix of
    :data:`BODY_LIMITS`), or None outside the companions' API."""
    best = None
    for prefix in sorted(BODY_LIMITS, key=len):
        if path.startswith(prefix):
            best = BODY_LIMITS[prefix]
    return best


@dataclass(frozen=True)
class SessionLimits:
    """How many sessions a companion keeps, and for how long.

    ``max_sessions`` live at once in all (a new one past it is refused: 503),
    ``per_address`` live at once from one client address and ``per_minute`` created a
    minute from one address (in a burst of as many; 429 past either), and
    ``idle_seconds`` without a request before a session expires.
    """

    max_sessions: int = 256
    per_address: int = 8
    per_minute: float = 12.0
    idle_seconds: float = 2 * 3600.0

    def __post_init__(self) -> None:
        if self.max_sessions < 1 or self.per_address < 1:
            raise ValueError("a companion must allow at least one session")
        if self.per_minute <= 0 or self.idle_seconds <= 0:
            raise ValueError("the rate and the idle time must be above 0")


class SessionRefused(Exception):
    """A request refused by the session store: an HTTP ``status``, the error ``code`` and a
    sentence that says why (``retry_after`` seconds, where waiting helps)."""

    def __init__(
        self, status: int, code: str, message: str, retry_after: float | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after

    def response(self) -> JSONResponse:
        """The refusal in the server's one error shape."""
        headers = {}
        if self.retry_after is not None:
            headers["Retry-After"] = str(max(1, round(self.retry_after)))
        return error_response(self.code, self.message, self.status, headers=headers)


def _hash(key: str) -> bytes:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).digest()


class _Held(Generic[T]):
    """One session with its key's hash, its owner's address and when it was last seen."""

    __slots__ = ("address", "key_hash", "seen", "session")

    def __init__(self, session: T, key_hash: bytes, address: str, seen: float) -> None:
        self.session = session
        self.key_hash = key_hash
        self.address = address
        self.seen = seen


def request_language(request: Request) -> str:
    """The language a request's page reads (its ``Accept-Language``; English if none fits).

    A companion page sends the language it shows in that header with every request."""
    return negotiate(request.headers.get("accept-language"))


@contextmanager
def speaking_to(request: Request) -> Iterator[str]:
    """Run the code inside in the language of ``request``'s page (see :func:`speaking`)."""
    with speaking(request_language(request)) as lang:
        yield lang


def _minutes(seconds: float) -> str:
    if seconds >= 3600 and seconds % 3600 == 0:
        hours = int(seconds // 3600)
        return ngettext("{n} hour", "{n} hours", hours).format(n=hours)
    minutes = max(1, round(seconds / 60))
    return ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes)


class SessionStore(Generic[T]):
    """Sessions in memory, each opened by its id and its key (see the module docstring).

    ``clock`` gives the time in seconds (``time.monotonic``; a test passes its own).
    """

    def __init__(
        self,
        limits: SessionLimits | None = None,
        clock: Callable[[], float] = time.monotonic,
        backing: Backing[T] | None = None,
    ) -> None:
        self.limits = limits or SessionLimits()
        self.clock = clock
        self.backing = backing
        #: the sessions, the least recently seen first
        self.held: OrderedDict[str, _Held[T]] = OrderedDict()
        #: per address: (tokens left, when counted) of the creation rate's bucket
        self.buckets: dict[str, tuple[float, float]] = {}

    def __len__(self) -> int:
        self.expire()
        return len(self.held)

    def __contains__(self, sid: object) -> bool:
        self.expire()
        return sid in self.held

    # -- life and death ---------------------------------------------------------------
    def expire(self) -> list[str]:
        """Drop every session idle for longer than the limit; their ids."""
        now = self.clock()
        gone = []
        while self.held:
            sid, held = next(iter(self.held.items()))
            if now - held.seen <= self.limits.idle_seconds:
                break
            del self.held[sid]
            gone.append(sid)
        if gone and self.backing is not None:
            self.backing.table.drop(gone)
        return gone

    # -- the database (a store with a backing) ---------------------------------------------
    def changed(self, sid: str) -> None:
        """Write session ``sid``'s record to the database (after each input)."""
        held = self.held.get(sid)
        b = self.backing
        if held is None or b is None:
            return
        b.table.save(b.companion, sid, held.key_hash, held.address, b.to_record(held.session))

    def restore(self) -> int:
        """Load the live sessions of this companion from the database (server start); a
        row that no longer replays is dropped. How many were loaded."""
        b = self.backing
        if b is None:
            return 0
        bad = []
        for row in b.table.load(b.companion, self.limits.idle_seconds):
            try:
                session = b.from_record(row.record)
            except Exception:  # a record of an older engine, damaged: not loaded
                bad.append(row.sid)
                continue
            self.held[row.sid] = _Held(session, row.key_hash, row.address, self.clock())
        b.table.drop(bad)
        return len(self.held)

    def _tokens(self, address: str, now: float) -> float:
        rate = self.limits.per_minute / 60.0
        tokens, then = self.buckets.get(address, (self.limits.per_minute, now))
        return min(self.limits.per_minute, tokens + (now - then) * rate)

    def _live_from(self, address: str) -> int:
        return sum(1 for h in self.held.values() if h.address == address)

    def admit(self, address: str) -> None:
        """Count a request to create a session from ``address`` against its rate, or
        :class:`SessionRefused` (429, 503) when a limit is reached. Called before the work
        of making the session, so a refused request costs nothing."""
        self.expire()
        now = self.clock()
        lim = self.limits
        self._check_room(address)
        tokens = self._tokens(address, now)
        if tokens < 1.0:
            wait = (1.0 - tokens) * 60.0 / lim.per_minute
            raise SessionRefused(
                429,
                "rate_limited",
                _(
                    "too many games started from this address (at most {n} a minute): "
                    "try again in {wait}"
                ).format(n=f"{lim.per_minute:g}", wait=_minutes(wait)),
                retry_after=wait,
            )
        self.buckets[address] = (tokens - 1.0, now)
        if len(self.buckets) > 4 * lim.max_sessions:  # forget addresses back at a full bucket
            for a in [a for a in self.buckets if self._tokens(a, now) >= lim.per_minute]:
                del self.buckets[a]

    def _check_room(self, address: str) -> None:
        lim = self.limits
        if self._live_from(address) >= lim.per_address:
            raise SessionRefused(
                429,
                "rate_limited",
                ngettext(
                    "this address already has {n} game open: finish it, or wait until it "
                    "has had no request for {wait}",
                    "this address already has {n} games open: finish one, or wait until one "
                    "has had no request for {wait}",
                    lim.per_address,
                ).format(n=lim.per_address, wait=_minutes(lim.idle_seconds)),
                retry_after=lim.idle_seconds,
            )
        if len(self.held) >= lim.max_sessions:
            oldest = next(iter(self.held.values())).seen if self.held else self.clock()
            wait = max(60.0, oldest + lim.idle_seconds - self.clock())
            raise SessionRefused(
                503,
                "busy",
                _(
                    "the server holds as many companion games as it can ({n}): no game is "
                    "ever pushed out, so try again in {wait}"
                ).format(n=lim.max_sessions, wait=_minutes(wait)),
                retry_after=wait,
            )

    def add(self, session: T, address: str) -> tuple[str, str]:
        """Keep ``session`` for ``address``: its new id and its key (given out once), or
        :class:`SessionRefused` when the address or the server holds as many as it may."""
        self.expire()
        self._check_room(address)
        sid = secrets.token_urlsafe(16)  # 128 bits
        key = secrets.token_urlsafe(32)  # 256 bits
        self.held[sid] = _Held(session, _hash(key), address, self.clock())
        self.changed(sid)
        return sid, key

    # -- opening one --------------------------------------------------------------------
    def get(self, sid: str, key: str | None) -> T:
        """The session ``sid`` opened with ``key`` (seen now), or :class:`SessionRefused`:
        404 for no such session (or an expired one), 403 for a missing or wrong key."""
        self.expire()
        held = self.held.get(sid)
        if held is None:
            raise SessionRefused(
                404,
                "not_found",
                _(
                    "no such game here: it ended after {wait} without a request, or the "
                    "server restarted; resume it from a saved game"
                ).format(wait=_minutes(self.limits.idle_seconds)),
            )
        if not key or not hmac.compare_digest(held.key_hash, _hash(key)):
            if key:
                refusal = _(
                    "this game belongs to the page that started it: the request has a wrong "
                    "session key (the {header} header)"
                )
            else:
                refusal = _(
                    "this game belongs to the page that started it: the request has no "
                    "session key (the {header} header)"
                )
            raise SessionRefused(403, "forbidden", refusal.format(header=KEY_HEADER))
        held.seen = self.clock()
        self.held.move_to_end(sid)
        return held.session

    def open(self, sid: str, request: Request) -> T:
        """The session ``sid`` opened with the request's ``X-Session-Key`` header (a
        refusal in the language of the request's page)."""
        with speaking_to(request):
            return self.get(sid, request.headers.get(KEY_HEADER))

    def last_seen(self, sid: str) -> float:
        """When ``sid`` was last created or opened (the ``clock``'s seconds); KeyError for
        no such session."""
        return self.held[sid].seen


def client_address(request: Request) -> str:
    """The address a request came from (one string per client, for the limits)."""
    return request.client.host if request.client else "unknown"


def private(data: Any, status: int = 200, filename: str | None = None) -> JSONResponse:
    """A reply for the session's owner alone: never kept in a cache (a shared phone's browser
    cache would keep the route), a download named ``filename`` if given."""
    headers = {"Cache-Control": "no-store"}
    if filename is not None:
        headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return JSONResponse(data, status_code=status, headers=headers)


def error_response(
    code: str, message: str, status: int = 400, headers: dict[str, str] | None = None, **extra: Any
) -> JSONResponse:
    """An error in the server's one shape: ``{"error": code, "message": sentence, ...}``
    (the sentence starts with a capital), never cached."""
    sentence = message[:1].upper() + message[1:]
    return JSONResponse(
        {"error": code, "message": sentence, **extra},
        status_code=status,
        headers={"Cache-Control": "no-store", **(headers or {})},
    )


async def json_body(request: Request, max_body: int) -> dict[str, Any]:
    """The request's JSON object (``{}`` when empty), or :class:`SessionRefused`: 413 for a
    body over ``max_body`` bytes, 400 for one that is not JSON or not an object."""
    raw = await request.body()
    with speaking_to(request):
        if len(raw) > max_body:
            raise SessionRefused(
                413,
                "too_large",
                _("the request is larger than this page takes ({n} KB)").format(n=max_body // 1024),
            )
        if not raw.strip():
            return {}
        try:
            data = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
            raise SessionRefused(400, "bad_request", _("the request is not JSON")) from None
        if not isinstance(data, dict):
            raise SessionRefused(400, "bad_request", _("the request must be a JSON object"))
    return data


def companion_store(
    sessions: SessionStore[T] | None,
    db: str | None,
    companion: str,
    to_record: Callable[[T], Any],
    from_record: Callable[[Any], T],
) -> SessionStore[T]:
    """The session store a companion's routes use: ``sessions`` when given (a test's own),
    else a new one, kept in the server's database ``db`` when there is one (issue 36: its
    live sessions are loaded back at once, see :meth:`SessionStore.restore`)."""
    if sessions is not None:
        return sessions
    store: SessionStore[T] = SessionStore()
    if db:
        from .persist import table_for

        store.backing = Backing(table_for(db), companion, to_record, from_record)
        store.restore()
    return store
