"""Sobek's sampler (sobek:14): a copy of a position in which every card one seat does not
know is re-dealt among the slots of its public class (``Game.redraw_hidden``)."""

from __future__ import annotations

import random
from bisect import bisect_left

from .rules import SobekState


def redraw_hidden(state: SobekState, seat: int, rng: random.Random) -> None:
    """Re-deal every card ``seat`` does not know among the slots of its public class,
    and the token pool if ``seat`` has not looked at it this round; the shifts the other
    seats were shown and ``seat`` was not are forgotten (``SobekState.recall``)."""
    bit = 1 << seat
    known, pub = state.known, state.pub
    zones: list[list[int]] = [
        state.deck_goods + state.deck_chars,
        state.aside,
        *[h if q != seat else [] for q, h in enumerate(state.hands)],
        *state.corr,
        state.discard_down,
    ]
    slots: list[tuple[int, int, int, int]] = []  # (zone, position, pub, known)
    groups: dict[int, list[int]] = {}
    kept: list[list[int]] = []
    for z, cards in enumerate(zones):
        keep = []
        for c in cards:
            if known[c] & bit:
                keep.append(c)
            else:
                slots.append((z, 0, pub[c], known[c]))
                groups.setdefault(pub[c], []).append(c)
        kept.append(keep)
    market_zone = len(zones)
    for i, c in enumerate(state.market):
        if not known[c] & bit:
            slots.append((market_zone, i, pub[c], known[c]))
            groups.setdefault(pub[c], []).append(c)
    for key in sorted(groups):
        cards = sorted(groups[key])
        rng.shuffle(cards)
        groups[key] = cards
    slots.sort()
    market = list(state.market)
    for z, i, pb, kn in slots:
        c = groups[pb].pop()
        known[c] = kn
        pub[c] = pb
        if z == market_zone:
            market[i] = c
        else:
            kept[z].append(c)
    deck = sorted(kept[0])
    split = bisect_left(deck, state.t.first_character)  # the characters are the highest ids
    state.deck_goods = deck[:split]
    state.deck_chars = deck[split:]
    state.aside = sorted(kept[1])
    n = state.num_players
    for q in range(n):
        if q != seat:
            state.hands[q] = sorted(kept[2 + q])
        state.corr[q] = sorted(kept[2 + n + q])
    state.discard_down = sorted(kept[2 + 2 * n])
    state.market = market
    if state.pool and not state.pool_seen & bit:
        unseen = list(state.t.tokens)
        for e in state.used:
            unseen.remove(e)
        state.pool = sorted(rng.sample(unseen, len(state.pool)))
    state.forget_unseen_shifts(seat)  # the copy's events are the ones ``seat`` saw
