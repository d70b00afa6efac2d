"""The server's web hygiene: security headers on every reply, no tokens in addresses or
logs, WebSocket origins checked, and a body limit per endpoint.

- Every HTTP reply carries a Content Security Policy (scripts and styles from the server
  only: no inline script, no third-party origin; connections to the server itself),
  ``frame-ancestors 'none'`` (and ``X-Frame-Options: DENY``), ``X-Content-Type-Options:
  nosniff`` and ``Referrer-Policy: no-referrer``.
- A seat token travels in a header (``Authorization: Bearer``) or a WebSocket message,
  never in an address: a request with ``token`` in its query is refused (and the access
  log never shows a token: :func:`redact_access_log`).
- A browser may open a WebSocket only from the server's own origin (or one listed with
  ``--allowed-origin`` for a deployment behind a proxy); clients that send no Origin
  (programs, not browsers) are not affected.
- Each endpoint reads at most the body it needs (:func:`body_limit`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping
from urllib.parse import parse_qsl

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The Content Security Policy of every reply.
CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        # the tables set some styles from script (positions, colours): attributes, not code
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "media-src 'self' data: blob:",
        "connect-src 'self' ws: wss:",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

#: The headers every HTTP reply carries.
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)

#: Query parameters that would put a secret in an address.
SECRET_PARAMS = frozenset({"token", "access_token", "key", "session", "session_key"})


class SecurityHeaders:
    """ASGI middleware: the security headers on every HTTP reply, and a request that puts
    a secret in its address refused (400 ``token_in_url``) before any route sees it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in HEADERS if k not in have]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        query = scope.get("query_string", b"").decode("latin-1")
        if query and any(k.lower() in SECRET_PARAMS for k, _ in parse_qsl(query, True)):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 4400})
                return
            refusal = JSONResponse(
                {
                    "error": "token_in_url",
                    "message": "a token must not travel in the address (it would be logged); "
                    "send it as 'Authorization: Bearer TOKEN' or in the WebSocket hello",
                },
                status_code=400,
            )
            await refusal(scope, receive, with_headers)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        await self.app(scope, receive, with_headers)


def origin_allowed(headers: Mapping[str, str], allowed: Iterable[str] = ()) -> bool:
    """Whether a WebSocket handshake's Origin may connect: none (a program, not a
    browser page), the server's own (same host, http or https), or one of ``allowed``."""
    origin = headers.get("origin")
    if origin is None:
        return True
    host = headers.get("host", "")
    own = {f"http://{host}", f"https://{host}"}
    return origin in own or origin in set(allowed)


#: Body limits (bytes) by method and path pattern; the first that matches applies.
BODY_LIMITS: list[tuple[str, re.Pattern[str], int]] = [
    ("POST", re.compile(r"^/api/rooms$"), 16_384),
    ("POST", re.compile(r"^/api/rooms/[^/]+/join$"), 1_024),
    ("POST", re.compile(r"^/api/rooms/[^/]+/seats/\d+/bot$"), 1_024),
    ("POST", re.compile(r"^/api/rooms/[^/]+/rematch$"), 1_024),
    # a whole game's record (the longest games are about a megabyte)
    ("POST", re.compile(r"^/replay/frames$"), 4 << 20),
]


def add_body_limits(limits: Mapping[str, int], method: str = "POST") -> None:
    """Register body limits for paths under each prefix (a companion's endpoints), the
    longest prefix first; registering the same prefix again changes nothing."""
    have = {pattern.pattern for _, pattern, _ in BODY_LIMITS}
    for prefix in sorted(limits, key=len, reverse=True):
        pattern = "^" + re.escape(prefix)
        if pattern not in have:
            BODY_LIMITS.append((method, re.compile(pattern), int(limits[prefix])))


def body_limit(method: str, path: str, default: int) -> int:
    """The most bytes a request to ``path`` may send (``default`` where none is set)."""
    for m, pattern, size in BODY_LIMITS:
        if m == method and pattern.match(path):
            return size
    return default


#: A token in a logged request line (``token=…``, ``key=…``).
_SECRET_IN_LINE = re.compile(r"((?:token|access_token|key|session|session_key)=)[^&\s\"]+", re.I)


class RedactSecrets(logging.Filter):
    """A logging filter that blanks tokens in a record's message and arguments."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                _SECRET_IN_LINE.sub(r"\1[redacted]", a) if isinstance(a, str) else a
                for a in record.args
            )
        if isinstance(record.msg, str):
            record.msg = _SECRET_IN_LINE.sub(r"\1[redacted]", record.msg)
        return True


def redact_access_log() -> None:
    """Keep tokens out of the server's logs (Uvicorn's access log and ours)."""
    for name in ("uvicorn.access", "uvicorn.error", "obelisk.server"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())
