"""The core protocol on short games under every DESIGN option (the conformance checks
with a round limit, so that every option combination runs in seconds)."""

from __future__ import annotations

import pytest
from mummy_helpers import GAME

from obelisk.core.conformance import ALL_CHECKS

OPTION_SETS = {
    "default": {},
    "pengqueen": {"mummy_may_stop_early": True},
    "strict": {
        "card_play_mandatory": False,
        "allow_cross_start_dungeon": False,
        "allow_return_to_origin": False,
        "forced_resolve_first": False,
        "mummy_die_faces": (2, 3, 4),
        "only_usable_faces": True,
    },
}


@pytest.mark.rules("mummy:6", "mummy:14")
@pytest.mark.parametrize("check", sorted(ALL_CHECKS))
@pytest.mark.parametrize(
    ("n", "options"),
    [
        (2, "default"),
        (3, "default"),
        (4, "default"),
        (5, "default"),
        (3, "pengqueen"),
        (2, "strict"),
        (4, "strict"),
    ],
)
def test_protocol_on_short_games(n, options, check):
    opts = GAME.make_options({**OPTION_SETS[options], "max_rounds": 3})
    ALL_CHECKS[check](GAME, n, opts, n)
