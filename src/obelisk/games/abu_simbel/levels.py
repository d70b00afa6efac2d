"""The levels people choose from in Abu Simbel: memory players of four spans (abu_simbel:12.4).

Each rung is one of the game's memory players: it reads the route on the way in and must
recall it on the way out, and its recall falls as the route grows past its span. The
spec's Oracle (``perfect``) never forgets: it is for analysis, never offered to people.
"""

from __future__ import annotations

from obelisk.core import PlayerLevel
from obelisk.core.i18n import N_

PLAYER_LADDER = {
    "easy": PlayerLevel(
        "child",
        N_("Remembers a route of about three chambers; longer routes slip away."),
    ),
    "normal": PlayerLevel(
        "casual",
        N_("Remembers about five chambers in order; past that it starts to guess."),
    ),
    "hard": PlayerLevel(
        "abu_simbel-hard",
        N_("Remembers about seven chambers in order and seldom slips."),
    ),
    "expert": PlayerLevel(
        "abu_simbel-expert",
        N_("Remembers about nine chambers in order and almost never slips."),
    ),
}

#: The spec's Oracle memory: for analysis, never offered to people.
ORACLES = ("perfect",)
