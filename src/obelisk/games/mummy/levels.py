"""The levels people choose from in Fluch der Mumie (mummy:17).

``normal`` is the deducing mummy (``bot.MummyBelief``): she keeps, for every explorer, the
fields it could be on given what was announced and played, and hunts where they are
likely. As an explorer it plays the game's heuristic explorer. ``easy`` is the heuristic
with slips. Two rungs: the search that samples the hidden explorers from the same belief
(``search-hard``) won only 29% [22–36] of 156 games against ``normal`` (docs/levels.md), so
nothing stronger than ``normal`` is offered; ``search-hard`` stays a research name.
"""

from __future__ import annotations

from obelisk.core import PlayerLevel
from obelisk.core.i18n import N_

PLAYER_LADDER = {
    "easy": PlayerLevel(
        "careless:p=0.3",
        N_("Plays sensibly but makes a careless move about one time in three."),
    ),
    "normal": PlayerLevel(
        "belief",
        N_(
            "As the mummy, works out where each explorer can be from what was said and hunts "
            "there; as an explorer, heads for its symbols and keeps away from the mummy."
        ),
    ),
}
