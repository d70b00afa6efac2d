"""The levels people choose from in Sobek: the heuristic with slips, then search.

The search rungs look ahead with the game's heuristic player (``bot.py``) and overrule it
only with clear evidence (``obelisk.agents.levels``). Four rungs, each stronger than the one
below it in 200 paired games (docs/levels.md): ``normal`` over ``easy`` 94%, ``hard`` over
``normal`` 61% [54–68], ``expert`` (four times ``hard``'s budget) over ``hard`` 61% [54–67]."""

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
    "expert": PlayerLevel(
        "search-expert",
        N_("Thinks every choice through at length; takes up to a few seconds a move."),
    ),
}
