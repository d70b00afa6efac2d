"""The suite must fail on games that leak: each deliberately leaking game is caught."""

from __future__ import annotations

import pytest

from obelisk.core.conformance import ALL_CHECKS, ConformanceError
from tinycards import LEAKY_GAMES, LeakyEvents, LeakyObservation, LeakySampler

EXPECTED = {
    LeakyObservation: {"determinize", "hidden_outcomes"},
    LeakyEvents: {"hidden_outcomes"},
    LeakySampler: {"determinize"},
}


@pytest.mark.parametrize("game", LEAKY_GAMES, ids=lambda g: g.name)
def test_suite_catches_the_leak(game):
    caught = set()
    for name, check in ALL_CHECKS.items():
        try:
            for seed in range(3):
                check(game, 3, None, seed)
        except ConformanceError:
            caught.add(name)
    assert caught == EXPECTED[type(game)]
