"""The levels people choose from in Khufu: two, because search does not beat the heuristic.

Khufu is decided mostly by the dice and the clock, and a game's score says nothing until
someone wins, so a search values every unfinished game alike and plays the heuristic's
moves (docs/levels.md has the measurements). The heuristic is therefore the strongest
player, offered as ``normal``; ``easy`` is the same player with slips.
"""

from __future__ import annotations

from obelisk.core import PlayerLevel

PLAYER_LADDER = {
    "easy": PlayerLevel(
        "careless:p=0.4",
        "Knows the chambers but often wagers or moves without thinking.",
    ),
    "normal": PlayerLevel(
        "heuristic",
        "Enters the chambers it still needs, wagers its least useful cards and challenges "
        "Khufu once it qualifies.",
    ),
}
