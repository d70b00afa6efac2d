"""What the companions' pages share on the server: sessions kept in memory by an unguessable
id, JSON bodies read with a size limit, and errors in one shape (``{"error": …}``).

Nothing a client sends reaches the disk: a session lives in memory only, and the oldest or
longest idle one goes first.
"""

from __future__ import annotations

import json
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from fastapi import Request
from fastapi.responses import JSONResponse

T = TypeVar("T")

#: Sessions one server keeps, and how long an untouched one lives.
MAX_SESSIONS = 64
IDLE_SECONDS = 6 * 3600


class SessionStore(Generic[T]):
    """Sessions in memory by an unguessable id; ``missing(message)`` makes the error for an
    unknown id.

    Each session keeps the time it was last seen (added, or read with :meth:`get`): one
    untouched for ``idle_seconds`` is dropped when a new one comes, and with
    ``max_sessions`` held the least recently seen goes first. ``clock`` gives the time in
    seconds (``time.monotonic``; a test passes its own).
    """

    def __init__(
        self,
        missing: Callable[[str], Exception],
        max_sessions: int = MAX_SESSIONS,
        idle_seconds: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.held: OrderedDict[str, tuple[T, float]] = OrderedDict()
        self.missing = missing
        self.max_sessions = max_sessions
        self.idle_seconds = idle_seconds
        self.clock = clock

    def __len__(self) -> int:
        return len(self.held)

    def __contains__(self, sid: object) -> bool:
        return sid in self.held

    def add(self, session: T) -> str:
        """Keep ``session``; its new id (idle sessions and then the oldest make room)."""
        now = self.clock()
        for sid in [k for k, (_, t) in self.held.items() if now - t > self.idle_seconds]:
            del self.held[sid]
        while len(self.held) >= self.max_sessions:
            self.held.popitem(last=False)
        sid = secrets.token_urlsafe(12)
        self.held[sid] = (session, now)
        return sid

    def get(self, sid: str) -> T:
        """The session ``sid`` (seen now, so the most recently used), or the ``missing``
        error."""
        held = self.held.get(sid)
        if held is None:
            raise self.missing("no such game here (the server may have restarted)")
        self.held[sid] = (held[0], self.clock())
        self.held.move_to_end(sid)
        return held[0]

    def last_seen(self, sid: str) -> float:
        """When ``sid`` was last added or read (the ``clock``'s seconds), or the ``missing``
        error."""
        held = self.held.get(sid)
        if held is None:
            raise self.missing("no such game here (the server may have restarted)")
        return held[1]


def error_response(message: str, status: int = 400, **extra: Any) -> JSONResponse:
    """An error in the companions' one shape."""
    return JSONResponse({"error": message, **extra}, status_code=status)


async def json_body(
    request: Request, max_body: int, error: Callable[[str], Exception]
) -> dict[str, Any]:
    """The request's JSON object (``{}`` when empty); ``error(message)`` for a body too
    large, not JSON, or not an object."""
    raw = await request.body()
    if len(raw) > max_body:
        raise error(f"the request is larger than {max_body // 1024} KB")
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise error("the request is not JSON") from None
    if not isinstance(data, dict):
        raise error("the request must be a JSON object")
    return data
