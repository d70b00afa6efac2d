"""The levels people choose from in Fluch der Mumie (mummy:17).

``normal`` is the deducing mummy (``bot.MummyBelief``): she keeps, for every explorer, the
fields it could be on given what was announced and played, and hunts where they are
likely. As an explorer every rung but ``hard`` plays the game's heuristic explorer.
``easy`` is the heuristic with slips; ``hard`` searches ahead, sampling the hidden
explorers from the same belief.
"""

from __future__ import annotations

from obelisk.core import PlayerLevel

PLAYER_LADDER = {
    "easy": PlayerLevel(
        "careless:p=0.3",
        "Plays sensibly but makes a careless move about one time in three.",
    ),
    "normal": PlayerLevel(
        "belief",
        "As the mummy, works out where each explorer can be from what was said and hunts "
        "there; as an explorer, heads for its symbols and keeps away from the mummy.",
    ),
    "hard": PlayerLevel(
        "search-hard",
        "Tries out the next rounds in its head before every move; as the mummy it imagines "
        "the explorers where they can be.",
    ),
}
