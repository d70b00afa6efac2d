"""Helpers for the Sobek tests: build exact positions by setting state fields. ``play`` and
``refuses`` are the rulebook kit's (``tests/rulebook.py``)."""

from __future__ import annotations

from typing import Any

import rulebook
from obelisk.core import get_game
from obelisk.games.sobek import components as C
from obelisk.games.sobek.rules import SobekState
from rulebook import play, refuses

GAME = get_game("sobek")


def new(n: int = 3, seed: int = 1, **options: Any) -> SobekState:
    """A fresh game (``rulebook.new``)."""
    state = rulebook.new(GAME, n, seed, **options)
    assert isinstance(state, SobekState)
    return state


def ids(state: SobekState, names: list[str], free: list[int]) -> list[int]:
    """Card ids of the given kinds, taken from ``free`` (lowest id first)."""
    t = state.t
    out = []
    for name in names:
        kind = t.kind_index[name]
        c = next(c for c in free if t.card_kind[c] == kind)
        free.remove(c)
        out.append(c)
    return out


def arrange(
    state: SobekState,
    *,
    hands: dict[int, list[str]] | None = None,
    market: list[str] | None = None,
    corruption: dict[int, list[str]] | None = None,
    sets: dict[int, dict[str, list[str]]] | None = None,
    more_sets: dict[int, list[tuple[str, list[str]]]] | None = None,
    deck: list[str] | None = None,
    turn: int | None = None,
    pool: list[str] | None = None,
    sets_played: int | None = None,
) -> SobekState:
    """Lay out a position: the named cards where asked, the rest in the deck (or, when
    ``deck`` is given, only those in the deck and the rest set aside). ``more_sets`` are the
    second and later sets of a goods, in the order laid (``second_set = "choose"``)."""
    t = state.t
    n = state.num_players
    all_mask = (1 << n) - 1
    free = list(range(len(t.card_kind)))
    state.pend.clear()
    state.extra = 0
    state.in_extra = False
    state.hands = [sorted(ids(state, (hands or {}).get(p, []), free)) for p in range(n)]
    state.corr = [sorted(ids(state, (corruption or {}).get(p, []), free)) for p in range(n)]
    table: list[list[tuple[int, ...]]] = [[() for _ in C.GOODS] for _ in range(n)]
    for p, ps in (sets or {}).items():
        for g, cards in ps.items():
            table[p][C.GOODS_INDEX[g]] = tuple(ids(state, cards, free))
    state.sets = [tuple(ps) for ps in table]
    state.more = [
        tuple((C.GOODS_INDEX[g], tuple(ids(state, cards, free))) for g, cards in rows)
        for rows in ((more_sets or {}).get(p, []) for p in range(n))
    ]
    state.market = ids(state, market or [], free)
    state.discard_up = []
    state.discard_down = []
    if deck is not None:
        in_deck = ids(state, deck, free)
        state.aside = sorted(free)
    else:
        in_deck = [c for c in free if not t.card_green[c]]
        state.aside = sorted(c for c in free if t.card_green[c])
    state.deck_goods = sorted(c for c in in_deck if not t.card_char[c])
    state.deck_chars = sorted(c for c in in_deck if t.card_char[c])
    state.dealable = len(in_deck)
    state.known = [0] * len(t.card_kind)
    state.pub = [C.PUB_ANY] * len(t.card_kind)
    for p in range(n):
        for c in state.hands[p]:
            state.known[c] = 1 << p
        for c in state.corr[p]:
            state.known[c] = 1 << p
        for s in [*state.sets[p], *(cards for _g, cards in state.more[p])]:
            for c in s:
                state.known[c] = all_mask
    for c in state.market:
        if t.card_char[c]:
            state.pub[c] = C.PUB_CHAR
        else:
            state.known[c] = all_mask
    for c in in_deck:
        state.pub[c] = C.PUB_DECK
    if turn is not None:
        state.turn = turn
    if pool is not None:
        state.pool = sorted(pool)
        state.used = []
        state.pool_seen = 0
    if sets_played is not None:
        state.sets_played = sets_played
    state.check_invariants()
    return state


def names(state: SobekState, cards: list[int]) -> list[str]:
    """Kind names of card ids."""
    return [state.t.name(c) for c in cards]


def hand(state: SobekState, p: int) -> list[str]:
    return names(state, state.hands[p])


def corr(state: SobekState, p: int) -> list[str]:
    return names(state, state.corr[p])


def market(state: SobekState) -> list[str]:
    return names(state, state.market)


def kinds(state: SobekState) -> list[str]:
    """The text forms of the legal actions."""
    return [a.text() for a in state.legal_actions()]


__all__ = [
    "GAME",
    "arrange",
    "corr",
    "hand",
    "ids",
    "kinds",
    "market",
    "names",
    "new",
    "play",
    "refuses",
]
