"""The simulator's test games, registered only while these tests run.

(Registering them at import time would let suites parametrised over the
registry, such as the conformance suite, pick them up when collected later.)
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from obelisk.core import register, unregister

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from simgames import GAME, RACE  # noqa: E402


@pytest.fixture(autouse=True, scope="module")
def _sim_test_games() -> Iterator[None]:
    register(RACE)
    register(GAME)
    yield
    unregister(RACE.name)
    unregister(GAME.name)
