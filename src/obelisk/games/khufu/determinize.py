"""Khufu's sampler (khufu:17): every card whose place one seat does not know re-dealt,
and the Director's future re-drawn (``Game.redraw_hidden``)."""

from __future__ import annotations

import random

from .rules import WAGER_D, KhufuState


def redraw_hidden(state: KhufuState, seat: int, rng: random.Random) -> None:
    """Re-deal every card whose place ``seat`` does not know; re-draw the Director's future."""
    bit = 1 << seat
    known = state.known
    unknown = sorted(
        c
        for q in range(state.num_players)
        if q != seat
        for c in state.hands[q]
        if not known[c] & bit
    )
    unknown += [c for c in state.returned if not known[c] & bit]
    unknown += state.pool
    unknown.sort()
    rng.shuffle(unknown)
    it = iter(unknown)
    # Another seat's wager in progress names cards of its hand by position.
    wager_pos: list[int] = []
    d = state.dec
    bettor = d[1] if d is not None and d[0] == WAGER_D and d[1] != seat else -1
    if bettor >= 0:
        wager_pos = [state.hands[bettor].index(c) for c in state.wager]
    for q in range(state.num_players):
        if q == seat:
            continue
        h = state.hands[q]
        for i, c in enumerate(h):
            if not known[c] & bit:
                h[i] = next(it)
    r = state.returned
    for i, c in enumerate(r):
        if not known[c] & bit:
            r[i] = next(it)
    state.pool = sorted(it)
    if bettor >= 0:
        state.wager = [state.hands[bettor][i] for i in wager_pos]
    # khufu:17.2a the Director's future and next due time are hidden.
    state.dir_state = rng.getrandbits(64)
    if state.options.director and not state.in_event:
        o = state.options
        if state.last_event == "":
            bounds = o.first_gap_turns if o.schedule == "turns" else o.first_gap_seconds
        else:
            bounds = o.gap_turns if o.schedule == "turns" else o.gap_seconds
        lo = max(state.dir_base + bounds[0], state.dir_checked + 1)
        hi = max(lo, state.dir_base + bounds[1])
        state.next_due = rng.randint(lo, hi)
    gaps = (
        state.options.gap_turns if state.options.schedule == "turns" else state.options.gap_seconds
    )
    for i, task in enumerate(state.stack):
        if task[0] == "event_done":  # the gap drawn with a firing event is hidden too
            state.stack[i] = ("event_done", rng.randint(gaps[0], gaps[1]))
