"""Ramses II's fixed action space for the research adapters (``Game.action_space``).

Every action a seat may take with one set of options, derived from the board, the
deck table and the seats, never from a sample of games. A slide names its board place
and the direction it moves on the searcher's screen, which depends on how the box is
turned (ramses:3.3), so the space holds each place with every direction a neighbour
can give it under any of the four turns.
"""

from __future__ import annotations

from obelisk.core import Action

from .actions import Draw, GiftDeclare, GiveCard, PlaceTreasure, PokerDeclare, RiskDeclare, Slide
from .components import (
    DIRECTION_ORDER,
    NEIGHBOURS,
    NEIGHBOURS_DIAG,
    NUM_TREASURES,
    PLACES,
    load_deck,
    slide_direction,
)
from .options import RamsesOptions


def action_space(num_players: int, options: RamsesOptions) -> list[Action]:
    """Every action of a ``num_players`` game with ``options``, in a fixed order."""
    neighbours = NEIGHBOURS_DIAG if options.allow_diagonal_slides else NEIGHBOURS
    slides: set[tuple[int, str]] = set()
    for empty in range(PLACES):
        for place in neighbours[empty]:
            for turns in range(4):  # ramses:3.3 the box may face any side
                slides.add((place, slide_direction(place, empty, turns)))
    treasures = range(1, NUM_TREASURES + 1)
    stacks = (1,) if options.small_children else (1, 2, 3)  # ramses:10.1 stack 1 only
    in_play = [c for c in load_deck(options.deck) if c.stack in stacks]
    events = {c.kind for c in in_play}  # the event cards that can come up
    cards = [c.cid for c in in_play]
    seats = range(num_players)
    acts: list[Action] = [Draw()]
    acts += [
        Slide(p, d) for p, d in sorted(slides, key=lambda s: (s[0], DIRECTION_ORDER.index(s[1])))
    ]
    if "gift" in events:  # ramses:7.2
        acts += [GiftDeclare(t) for t in treasures]
    if "risk" in events:  # ramses:7.3
        acts += [RiskDeclare(a, b) for a in treasures for b in treasures if a != b]
    if "poker" in events:  # ramses:7.5
        acts += [PokerDeclare(t, q) for t in treasures for q in seats]
    if events & {"gift", "mirage"}:  # ramses:7.2, 7.4 the rules name the recipient
        acts += [GiveCard(c) for c in cards]
    if "risk" in events:  # ramses:7.3 the Risk penalty: the loser names the recipient
        acts += [GiveCard(c, q) for c in cards for q in seats]
    if options.setup_mode == "players_place":  # ramses:4.2
        acts += [PlaceTreasure(t, p) for t in treasures for p in range(PLACES)]
    return list(dict.fromkeys(acts))
