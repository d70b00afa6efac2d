"""Abu Simbel's sampler (abu_simbel:11): the treasures a seat has not seen and, on the
active player's own way out, the route as the seat recalls it (``Game.redraw_hidden``)."""

from __future__ import annotations

import random

from .memory import LEVELS, route_as_shown
from .recollection import recall_route, unseen_cards
from .rules import GAME_OVER, WAY_OUT, AbuSimbelState


def redraw_hidden(state: AbuSimbelState, seat: int, rng: random.Random) -> None:
    """Re-draw what ``seat`` can't know (abu_simbel:11): the other players' kept
    treasures and a treasure another player is carrying, from the cards ``seat`` hasn't
    seen; and, on the active player's own way out, the route itself as the seat recalls
    it (the memory rule: the faces are hidden from that player, who must recall them;
    recollection.py, with the ``search_memory`` preset)."""
    if state.phase == GAME_OVER:
        return  # every kept treasure is revealed; the undrawn pool is never seen
    others = [q for q in range(state.num_players) if q != seat]
    unseen = list(state.pool)
    for q in others:
        unseen.extend(state.tableaux[q])
    hidden_pending = state.pending is not None and state.active != seat
    if hidden_pending:
        assert state.pending is not None
        unseen.append(state.pending)
    unseen.sort()
    rng.shuffle(unseen)
    for q in others:
        k = len(state.tableaux[q])
        state.tableaux[q] = sorted(unseen[:k])
        del unseen[:k]
    if hidden_pending:
        state.pending = unseen.pop()
    state.pool = sorted(unseen)
    if state.phase == WAY_OUT and seat == state.active:
        recall_route_of(state, seat)


def recall_route_of(state: AbuSimbelState, seat: int) -> None:
    """Lay the route as ``seat`` recalls it on its own way out (recollection.py). Reads
    only the seat's events (the determinized copy holds just those) and the chamber
    cards of the deck and route together, whose contents the seat knows."""
    shown = route_as_shown(state.events)
    assert len(shown.cards) == len(state.route), "the events show another route"
    unseen = unseen_cards(state.main_deck, state.route, shown.cards)
    level = LEVELS[state.options.search_memory]
    got = recall_route(
        level, seat, state.events, shown, unseen, seat in state.forward, state.progress
    )
    state.route = got.route
    state.covers = got.covers
    state.main_deck = got.main_deck
