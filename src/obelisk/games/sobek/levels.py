"""The levels people choose from in Sobek: the heuristic with slips, then search.

The search rungs look ahead with the game's heuristic player (``bot.py``) and overrule it
only with clear evidence (``obelisk.agents.levels``).
"""

from __future__ import annotations

from obelisk.core import PlayerLevel

PLAYER_LADDER = {
    "easy": PlayerLevel(
        "careless:p=0.3",
        "Knows what the goods are worth but often takes without thinking about corruption.",
    ),
    "normal": PlayerLevel(
        "search-normal",
        "Weighs a card's value against its corruption and plays a few turns ahead in its head.",
    ),
    "hard": PlayerLevel(
        "search-hard",
        "Plays many turns ahead in its head before every choice.",
    ),
    "expert": PlayerLevel(
        "search-expert",
        "Thinks every choice through at length; takes up to a few seconds.",
    ),
}
