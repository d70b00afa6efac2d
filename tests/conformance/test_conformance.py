"""The conformance suite: every registered game, player count and variant, several seeds.

Set OBELISK_SEEDS to run more seeds (the default run keeps to a few).
"""

from __future__ import annotations

import os

import pytest

from obelisk.core import all_games
from obelisk.core.conformance import ALL_CHECKS

SEEDS = range(int(os.environ.get("OBELISK_SEEDS", "3")))


def _cases() -> list[object]:
    cases = []
    for game in all_games():
        variants = [None, *sorted(game.variants)]
        for n in game.player_counts():
            for v in variants:
                for check in ALL_CHECKS:
                    cases.append(
                        pytest.param(
                            game, n, v, check, id=f"{game.name}-{n}p-{v or 'default'}-{check}"
                        )
                    )
    return cases


@pytest.mark.parametrize(("game", "players", "variant", "check"), _cases())
def test_conformance(game, players, variant, check):
    """Rules: the core protocol (docs/architecture.md) holds for this game."""
    options = game.variant_options(variant)
    for seed in SEEDS:
        ALL_CHECKS[check](game, players, options, seed)
