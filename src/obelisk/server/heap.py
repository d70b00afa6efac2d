"""The interpreter's garbage collector, set for a long-running server process.

A server keeps what it loads at start (FastAPI, SQLAlchemy, Babel's catalogs, every game's
modules, tables and words) for its whole life, and Python's cyclic collector walks every
object it tracks at each full collection: some hundred thousand objects that can never be
garbage, walked again and again while rooms play (a few hundredths of a millisecond a step
on average, paid in pauses of tens of milliseconds). :func:`settle` moves them out of the
collector's way once, after start-up (``gc.freeze``: the permanent generation, which the
collector skips); the rooms' positions, made later, are collected as before.
"""

from __future__ import annotations

import gc

from obelisk.core import all_games


def settle() -> int:
    """Load every game, collect once, and freeze what is left (see the module); returns
    how many objects were frozen. Call it once, when the server has started up."""
    all_games()  # the games are loaded on first use: load them now, to be frozen with the rest
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
