"""The interpreter's garbage collector, set for a long-running server process.

A server keeps what it loads at start (FastAPI, SQLAlchemy, Babel's catalogs, every game's
modules, tables and words) for its whole life, and Python's cyclic collector walks every
object it tracks at each full collection: some hundred thousand objects that can never be
garbage, walked again and again while rooms play (a few hundredths of a millisecond a step
on average, paid in pauses of tens of milliseconds). :func:`settle` moves them out of the
collector's way once, after start-up (``gc.freeze``: the permanent generation, which the
collector skips). The rooms' positions, made later, are collected less often than Python
would (:data:`THRESHOLDS`), and :data:`COLLECTOR` times the collections for
``/api/health``.
"""

from __future__ import annotations

import gc
import time
from typing import Any

from obelisk.core import all_games


class Collections:
    """The time the cyclic collector has spent in this process, by generation (a
    ``gc.callbacks`` hook: :func:`watch`); ``/api/health`` reports it."""

    def __init__(self) -> None:
        self.count = [0, 0, 0]
        self.seconds = [0.0, 0.0, 0.0]
        self.collected = [0, 0, 0]
        self._began = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
            return
        generation = info["generation"]
        self.count[generation] += 1
        self.collected[generation] += info["collected"]
        self.seconds[generation] += time.perf_counter() - self._began

    def to_json(self) -> dict[str, Any]:
        """Collections so far by generation, the milliseconds they took and the objects
        they freed."""
        return {
            "count": list(self.count),
            "ms": [round(s * 1000, 3) for s in self.seconds],
            "collected": list(self.collected),
        }


#: The process's collector timings (see :class:`Collections`).
COLLECTOR = Collections()


def watch() -> None:
    """Time the collector from now on (once per process)."""
    if COLLECTOR not in gc.callbacks:
        gc.callbacks.append(COLLECTOR)


#: The collector's thresholds for a server (Python's own: 700, 10, 10). A room keeps what
#: its steps made (events, steps, records) for its whole game, so nearly everything young
#: survives a collection of the youngest generation, and at Python's 700 objects those came
#: so often, and reached the full collections so soon, that at 1,000 brisk rooms the
#: collector took a third of the server's CPU (0.37 of 0.74 ms a step) in pauses of up to
#: 2 s. With 100,000 it took 0.03 ms a step, the server 0.44 ms, and the p99 round trip
#: fell from 2.7 s to 0.4 s (``benchmarks/server_load.py``, docs/performance.md). The
#: cyclic garbage is still collected, later: some 40,000 objects at each collection of the
#: middle generation there.
THRESHOLDS = (100_000, 10, 10)


def settle() -> int:
    """Load every game, collect once, freeze what is left (see the module), set the
    collector's :data:`THRESHOLDS` and time it from now on; returns how many objects
    were frozen. Call it once, when the server has started up."""
    all_games()  # the games are loaded on first use: load them now, to be frozen with the rest
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
    watch()
    return gc.get_freeze_count()
