"""The simulator's test games, registered for these tests (and for subprocesses via plug-ins)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from obelisk.core import register

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from simgames import GAME, RACE  # noqa: E402

register(RACE)
register(GAME)


def plugin_env() -> dict[str, str]:
    """The environment of an ``obelisk`` subprocess that knows the test games."""
    env = dict(os.environ)
    path = [str(HERE), str(HERE.parent), env.get("PYTHONPATH", "")]
    env["PYTHONPATH"] = os.pathsep.join(p for p in path if p)
    env["OBELISK_PLUGINS"] = "simgames,tinycards"
    return env
