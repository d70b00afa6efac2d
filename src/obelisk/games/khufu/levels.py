"""The levels people choose from in Khufu: two, because nothing measured beats the heuristic.

Khufu is decided mostly by the dice and by who first places four Scarabs, and a game's
score says nothing until someone wins, so a search values every unfinished game alike and
plays the heuristic's moves. A rule-based player that plans its hand was tried too:
``planner`` (:mod:`.planner`) keeps the cards that win the Ultimate Challenge and robs
the leader, and won 30% [25–35] of 300 games alone against two heuristic players (a
heuristic alone against two others wins about 32%); even a Challenge won every time
would give only about 42%, because the race to the Scarabs decides most games
(docs/levels.md, "What the numbers say", has the measurements). The heuristic is
therefore the strongest player, offered as ``normal``; ``easy`` is the same player with
slips. ``planner`` stays a research player.
"""

from __future__ import annotations

from obelisk.core import PlayerLevel
from obelisk.core.i18n import N_

PLAYER_LADDER = {
    "easy": PlayerLevel(
        "careless:p=0.4",
        N_("Knows the chambers but often wagers or moves without thinking."),
    ),
    "normal": PlayerLevel(
        "heuristic",
        N_(
            "Enters the chambers it still needs, wagers its least useful cards and challenges "
            "Khufu once it qualifies."
        ),
    ),
}
