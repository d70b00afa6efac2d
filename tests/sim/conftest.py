"""The simulator's test games, registered for these tests (and for subprocesses via plug-ins)."""

from __future__ import annotations

import sys
from pathlib import Path

from obelisk.core import register

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from simgames import GAME, RACE  # noqa: E402

register(RACE)
register(GAME)
