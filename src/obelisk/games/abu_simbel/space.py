"""Abu Simbel's fixed action space for the research adapters (``Game.action_space``).

Every action a seat may take with one set of options: a move token per chamber in
self-entry judging, or a verdict per route slot in referee mode; a treasure deck; and
the Ultimate Adventure's covers. The host's ``timeout`` is a system action that no seat
takes, so it is not in the space.
"""

from __future__ import annotations

from obelisk.core import Action

from .actions import (
    ChooseTreasureDeck,
    ConfirmTurnedAway,
    EnterMove,
    PassCover,
    PlaceCover,
    Verdict,
)
from .components import TOKENS, chamber_cards
from .options import AbuSimbelOptions


def action_space(num_players: int, options: AbuSimbelOptions) -> list[Action]:
    """Every action of a ``num_players`` game with ``options``, in a fixed order.

    The set does not depend on the number of players.
    """
    o = options
    route = len(chamber_cards(tuple(o.chamber_deck)))  # a route never outgrows the deck
    acts: list[Action] = []
    if o.judging_mode == "referee":  # abu_simbel:10.2
        if o.table_mode == "hotseat":
            acts.append(ConfirmTurnedAway())
        acts += [Verdict(i, ok) for i in range(route) for ok in (True, False)]
    else:  # abu_simbel:10.1 self-entry
        acts += [EnterMove(t) for t in TOKENS]
    acts += [ChooseTreasureDeck(k) for k in range(o.treasure_decks)]  # abu_simbel:5.2, 7
    if o.ultimate:  # abu_simbel:9.2
        acts.append(PassCover())
        acts += [PlaceCover(i) for i in range(route)]
    return list(dict.fromkeys(acts))
