"""Shared set-up for the Ramses II tests: exact positions without chance."""

from __future__ import annotations

from typing import Any

import rulebook
from obelisk.core import get_game
from obelisk.core.conformance import fingerprint
from obelisk.games.ramses.actions import Draw, Slide
from obelisk.games.ramses.components import BLOCK_PLACES, PLACES, place_of
from obelisk.games.ramses.rules import RamsesState

GAME = get_game("ramses")

#: The test layout: treasure b+1 on the top-left place of block b.
TREASURE_AT = {b + 1: BLOCK_PLACES[b][0] for b in range(12)}


def make(
    n: int = 3,
    empty: int = place_of(0, 1),
    seed: int = 1,
    layout: dict[int, int] | None = None,
    **options: Any,
) -> RamsesState:
    """A fresh game at DRAW for seat 0, treasure t on ``layout[t]`` (default TREASURE_AT),
    the empty place at ``empty`` (which must hold a blank), pyramid ids in place order."""
    opts = {"first_player": 0, **options}
    st = rulebook.new(GAME, n, seed, **opts)
    assert isinstance(st, RamsesState)
    layout = layout or TREASURE_AT
    toks = [0] * PLACES
    for t, p in layout.items():
        toks[p] = t
    assert toks[empty] == 0
    st.tokens = tuple(toks)
    st.pyr = [-1] * PLACES
    pid = 0
    for p in range(PLACES):
        if p != empty:
            st.pyr[p] = pid
            pid += 1
    st.empty = empty
    st.seen = 1 << empty
    return st


def draw(st: RamsesState, cid: int) -> None:
    """The active seat turns over card ``cid`` (scripted)."""
    st.chance.force(cid)
    st.apply(Draw())


def slide(st: RamsesState, place: int) -> None:
    """The searcher slides the pyramid on ``place``."""
    for a in st.legal_actions():
        if isinstance(a, Slide) and a.place == place:
            st.apply(a)
            return
    raise AssertionError(f"no legal slide from {place}: {st.legal_actions()}")


def card_of(st: RamsesState, stack: int, treasure: int = 0, kind: str = "search") -> int:
    """The id of a card of the deck table."""
    for c in st.deck:
        if c.stack == stack and c.kind == kind and (kind != "search" or c.treasure == treasure):
            return c.cid
    raise AssertionError("no such card")


def give_hand(st: RamsesState, seat: int, *cids: int) -> None:
    """Put cards (taken out of their stacks) into a seat's hand, publicly known."""
    for c in cids:
        for pool in st.pools:
            if c in pool:
                pool.remove(c)
        st.hands[seat].append(c)
        st.masks[seat].append(st.all_known)


def empty_stack(st: RamsesState, stack: int) -> None:
    """Remove a stack's remaining cards into the discard (as if played)."""
    st.discard.extend(st.pools[stack - 1])
    st.pools[stack - 1] = []


def kinds(st: RamsesState, start: int = 0) -> list[str]:
    """The kinds of the public events after index ``start`` (without chance/action)."""
    return [e.kind for e in st.events[start:] if e.to is None and e.kind not in ("chance",)]


__all__ = [
    "GAME",
    "TREASURE_AT",
    "card_of",
    "draw",
    "empty_stack",
    "fingerprint",
    "give_hand",
    "kinds",
    "make",
    "slide",
]
