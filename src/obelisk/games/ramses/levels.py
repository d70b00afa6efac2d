"""The levels people choose from in Ramses II: memory players of four strengths (ramses:12).

Each rung is one of the game's memory players (``bot.MemoryBot`` with a preset of
``memory.LEVELS``): how many treasure places it keeps, how fast they fade, and how often it
mixes up places once the box has turned. ``perfect`` remembers every public reveal forever:
no person does, so it is an oracle, for analysis only.
"""

from __future__ import annotations

from obelisk.core import PlayerLevel
from obelisk.core.i18n import N_

PLAYER_LADDER = {
    "easy": PlayerLevel(
        "ramses-easy",
        N_("Keeps only a few treasure places in mind and forgets most of them after a few turns."),
    ),
    "normal": PlayerLevel(
        "medium",
        N_("Remembers about seven treasure places for a while; mixes some up when the box turns."),
    ),
    "hard": PlayerLevel(
        "ramses-hard",
        N_("Remembers ten treasure places well and rarely mixes them up."),
    ),
    "expert": PlayerLevel(
        "ramses-expert",
        N_("Remembers every treasure it has seen for a long time and almost never mixes them up."),
    ),
}

#: Perfect recall of every reveal: for analysis, never offered to people.
ORACLES = ("perfect",)
