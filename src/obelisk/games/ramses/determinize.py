"""Ramses II's sampler (ramses:11): the tokens never uncovered and the cards one seat
cannot place, re-drawn (``Game.redraw_hidden``)."""

from __future__ import annotations

import random

from .components import BLANK, BLOCK, BLOCK_PLACES, NUM_TREASURES
from .rules import GIFT, GIVE, PLACE, TPUB, RamsesState


def redraw_hidden(state: RamsesState, seat: int, rng: random.Random) -> None:
    """Re-draw the tokens never uncovered and the cards ``seat`` cannot place.

    Tokens: treasures not yet seen are dealt again among the blocks whose
    treasure has not been seen, each on a place of its block never uncovered
    (ramses:11.1). Cards: every hand slot that ``seat`` cannot know is refilled
    from the pool of such cards, keeping publicly known treasures (a Gift give)
    and the fact that a seat choosing a Gift card holds at least two of them.
    """
    if state.phase == PLACE:
        return  # placements are public and nobody holds a card yet (ramses:4.2)
    redraw_tokens(state, rng)
    redraw_cards(state, seat, rng)


def redraw_tokens(state: RamsesState, rng: random.Random) -> None:
    """ramses:11.1: deal the unseen treasures again over the blocks whose treasure
    nobody has seen, each on a never-uncovered place of its block."""
    seen = state.seen
    toks = list(state.tokens)
    found: set[int] = set()
    located = [False] * 12  # a treasure of the block has been seen
    for p, t in enumerate(toks):
        if t and seen >> p & 1:
            found.add(t)
            located[BLOCK[p]] = True
    open_blocks = [b for b in range(12) if not located[b]]
    missing = [t for t in range(1, NUM_TREASURES + 1) if t not in found]
    rng.shuffle(missing)
    for b, t in zip(open_blocks, missing, strict=True):
        spots = [p for p in BLOCK_PLACES[b] if not seen >> p & 1]
        for p in spots:
            toks[p] = BLANK
        toks[rng.choice(spots)] = t
    state.tokens = tuple(toks)


def redraw_cards(state: RamsesState, seat: int, rng: random.Random) -> None:
    """ramses:11.2: refill every hand slot ``seat`` cannot know from the pool of
    such cards (see :meth:`_redraw_hidden`)."""
    bit = 1 << seat
    slots = []  # (seat, slot) of every card ``seat`` cannot know
    public = []  # those whose treasure everybody knows
    for q, masks in enumerate(state.masks):
        for i, m in enumerate(masks):
            if not m & bit:
                slots.append((q, i))
                if m & TPUB:
                    public.append((q, i))
    if not slots:
        return
    pool = sorted([state.hands[q][i] for q, i in slots])
    rng.shuffle(pool)
    fill: dict[tuple[int, int], int] = {}

    def take(treasure: int) -> int:
        for k, c in enumerate(pool):
            if state.deck[c].treasure == treasure:
                return pool.pop(k)
        raise AssertionError("no card left for a known treasure")

    for q, i in public:
        fill[(q, i)] = take(state.deck[state.hands[q][i]].treasure)
    if state.phase == GIVE and state.search and state.search[2] == GIFT and state.to_move != seat:
        # everybody knows the giver holds at least two cards of the named treasure
        q, t = state.to_move, state.decl[0]
        have = sum(
            1
            for i, c in enumerate(state.hands[q])
            if state.deck[c].treasure == t and ((q, i) not in fill and state.masks[q][i] & bit)
        ) + sum(1 for (qq, i), c in fill.items() if qq == q and state.deck[c].treasure == t)
        free = [i for (qq, i) in slots if qq == q and (qq, i) not in fill]
        for i in free[: max(0, 2 - have)]:
            fill[(q, i)] = take(t)
    for key in slots:
        if key not in fill:
            fill[key] = pool.pop()
    for (q, i), c in fill.items():
        state.hands[q][i] = c
