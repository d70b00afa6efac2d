"""The levels people choose from in Sobek: the heuristic with slips, then search.

The search rungs look ahead with the game's heuristic player (``bot.py``) and overrule it
only with clear evidence (``obelisk.agents.levels``). Three rungs: ``hard`` won 61% [54–68]
of 200 games against ``normal``; four times its budget needs a ladder of several hundred
games to be told apart from it (under a CPU-minute a game now, docs/levels.md), so no
``expert`` is offered until one is measured; ``search-expert`` stays a research name.
"""

from __future__ import annotations

from obelisk.core import PlayerLevel
from obelisk.core.i18n import N_

PLAYER_LADDER = {
    "easy": PlayerLevel(
        "careless:p=0.3",
        N_("Knows what the goods are worth but often takes without thinking about corruption."),
    ),
    "normal": PlayerLevel(
        "search-normal",
        N_("Weighs a card's value against its corruption and plays a few turns ahead in its head."),
    ),
    "hard": PlayerLevel(
        "search-hard",
        N_("Plays many turns ahead in its head before every choice."),
    ),
}
