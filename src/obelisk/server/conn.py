"""A room's WebSocket clients (:class:`Conn`) and the event loop's stall meter (:class:`LoopLag`)."""

from __future__ import annotations

import asyncio
from typing import Any

from .config import ServerConfig
from .timing import Clock

JSON = Any
#: The close code for a client that does not read its messages (its outbox is full).
SLOW_READER = 1008


class LoopLag:
    """How late the event loop woke a sleeping task: the worst delay, how often it passed
    50 ms, and how much of it the loop spent working (its thread's CPU time in that
    interval) rather than waiting for a core the machine gave to another process."""

    def __init__(self) -> None:
        self.samples = 0
        self.worst = 0.0
        self.over_50ms = 0
        self.worst_busy = 0.0
        self.busy_over_50ms = 0

    def add(self, late: float, busy: float) -> None:
        """Note one wake-up ``late`` seconds after it was due, with ``busy`` seconds of
        the loop thread's CPU time since the task went to sleep."""
        self.samples += 1
        self.worst = max(self.worst, late)
        if late > 0.05:
            self.over_50ms += 1
            # the loop's own work in the interval, past the sleep it had to do anyway
            work = min(late, busy)
            self.worst_busy = max(self.worst_busy, work)
            if work > 0.05:
                self.busy_over_50ms += 1

    def to_json(self) -> dict[str, JSON]:
        """The figures for ``/api/health``."""
        return {
            "samples": self.samples,
            "worst_ms": round(self.worst * 1000, 1),
            "over_50ms": self.over_50ms,
            "worst_busy_ms": round(self.worst_busy * 1000, 1),
            "busy_over_50ms": self.busy_over_50ms,
        }


class Conn:
    """One WebSocket client of a room: a seat (or None for a spectator) and its outbox."""

    OUTBOX = 512

    def __init__(
        self,
        seat: int | None,
        config: ServerConfig,
        text: bool = False,
        clock: Clock | None = None,
        lang: str = "en",
    ) -> None:
        self.seat = seat
        self.text = text
        #: The language this reader reads (sentences, choices, refusals), from its hello.
        self.lang = lang
        #: Messages to send: a dict, or the text of one already encoded (a message many
        #: readers get is encoded once); None closes the connection.
        self.outbox: asyncio.Queue[dict[str, JSON] | str | None] = asyncio.Queue(self.OUTBOX)
        self.cursor = 0  # index in state.events up to which this client is served
        self.seen = 0  # how many events it was sent (its resume point)
        self.last: tuple[Any, ...] | None = None
        self.over_sent = False
        self.closed = False
        #: The WebSocket close code and reason the writer sends when it closes.
        self.close_code = 1000
        self.close_reason = ""
        self.clock = clock or Clock()
        self._rate = config.rate
        self._burst = float(config.burst)
        self._tokens = float(config.burst)
        self._stamp = self.clock.monotonic()
        self._warned = 0.0

    def send(self, msg: dict[str, JSON] | str) -> None:
        """Queue a message (or its encoded text); a client too slow to read its outbox is
        dropped."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(msg)
        except asyncio.QueueFull:
            self.close(SLOW_READER, "too slow to read its messages")

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Ask the writer to close the connection (with a close frame of ``code``).

        A full outbox (a client that does not read) is emptied first, so the
        close request always gets through and the client gets a close frame
        instead of a dropped connection.
        """
        if self.closed:
            return
        self.closed = True
        self.close_code, self.close_reason = code, reason
        if self.outbox.full():
            while not self.outbox.empty():
                self.outbox.get_nowait()
        self.outbox.put_nowait(None)

    def should_warn(self) -> bool:
        """At most one rate-limit notice a second, so a flood cannot flood back."""
        now = self.clock.monotonic()
        if now - self._warned < 1.0:
            return False
        self._warned = now
        return True

    def allow(self) -> bool:
        """The rate limit (a token bucket): False when the client sends too fast."""
        now = self.clock.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._stamp) * self._rate)
        self._stamp = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True
