"""The server's clock, injected: the real one in service, a fake one in tests.

Every reading of time in the server (rate limits, grace periods, expiry, the
abandoned-room rule, rematch holds) goes through one :class:`Clock`, so a test
moves time forward by hand instead of sleeping. The ticks of a real-time game
are driven by the event loop's own timer (they are what the players see).
"""

from __future__ import annotations

import time


class Clock:
    """Wall time (``time()``, seconds since the epoch) and a monotonic reading."""

    def monotonic(self) -> float:
        """Seconds on a clock that never goes back (for intervals)."""
        return time.monotonic()

    def time(self) -> float:
        """Seconds since the epoch (for what is stored and shown)."""
        return time.time()


class FakeClock(Clock):
    """A clock that moves only when told (:meth:`advance`): for tests."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self._mono = 1000.0
        self._wall = start

    def monotonic(self) -> float:
        """The fake monotonic reading."""
        return self._mono

    def time(self) -> float:
        """The fake wall time."""
        return self._wall

    def advance(self, seconds: float) -> None:
        """Move both readings forward."""
        self._mono += seconds
        self._wall += seconds
