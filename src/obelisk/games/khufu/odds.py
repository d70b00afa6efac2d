"""The odds of Khufu's Ultimate Challenge, as a player can work them out at the table.

Only the symbols matter in the Challenge (khufu:10.4-10.6): the challenger's 3 chosen cards
and Khufu's 3 cards each make a five-symbol hand with the same two symbol dice, and the
higher category wins. Khufu's hand comes from a fresh virtual deck (khufu:10.3), so before
it is shown every symbol is alike and the value of a deal depends only on its pattern
(how many cards of each symbol, not which symbols).

* :func:`selection_odds`: P(win), P(draw) of 3 chosen symbols against Khufu's shown hand;
* :func:`deal_value`: a dealt set of cards before Khufu's hand is shown (the best choice
  of 3 is made after seeing it);
* :func:`hand_value`: a whole hand, before the deal: the Challenge deals
  ``min(deal, size)`` of its cards at random (khufu:10.2), so a hand larger than the deal
  is worth less than its best cards: a triple in a five-card hand wins about 89%, the same
  triple among nine cards far less often.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb

from .components import category

#: The number of symbols (khufu:2.1).
NUM_SYMBOLS = 6


@cache
def _category(five: tuple[int, ...]) -> int:
    return category(five)


@cache
def _dice() -> tuple[tuple[tuple[int, int], float], ...]:
    """The 21 unordered results of the two symbol dice, each with its probability."""
    out = []
    for a in range(NUM_SYMBOLS):
        for b in range(a, NUM_SYMBOLS):
            out.append(((a, b), (1 if a == b else 2) / 36))
    return tuple(out)


@cache
def khufu_hands(per_symbol: int = 10) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every multiset of symbols Khufu's 3 cards can show, with its probability
    (3 cards drawn from ``per_symbol`` cards of each symbol, khufu:10.3)."""
    total = comb(per_symbol * NUM_SYMBOLS, 3)
    out = []
    for ms in combinations_with_replacement(range(NUM_SYMBOLS), 3):
        w = 1
        for s in set(ms):
            w *= comb(per_symbol, ms.count(s))
        out.append((ms, w / total))
    return tuple(out)


@cache
def selection_odds(mine: tuple[int, ...], khufu: tuple[int, ...]) -> tuple[float, float]:
    """(P(win), P(draw)) of the 3 symbols ``mine`` against Khufu's 3 symbols, over the
    two shared dice (khufu:10.2 steps 4-6). Both tuples are sorted."""
    win = draw = 0.0
    for (a, b), p in _dice():
        m = _category(tuple(sorted((*mine, a, b))))
        k = _category(tuple(sorted((*khufu, a, b))))
        if m > k:
            win += p
        elif m == k:
            draw += p
    return win, draw


def _canonical(counts: Iterable[int]) -> tuple[int, ...]:
    """A pattern of counts, largest first, zeros dropped."""
    return tuple(sorted((c for c in counts if c), reverse=True))


@cache
def deal_value(pattern: tuple[int, ...], draw_weight: float, per_symbol: int = 10) -> float:
    """The expected P(win) + ``draw_weight`` × P(draw) of a deal of at least 3 cards whose
    symbol counts are ``pattern`` (largest first), choosing the best 3 once Khufu's hand
    is shown."""
    dealt = [s for s, n in enumerate(pattern) for _ in range(n)]
    subsets = {tuple(sorted(dealt[i] for i in pos)) for pos in combinations(range(len(dealt)), 3)}
    value = 0.0
    for khufu, p in khufu_hands(per_symbol):
        best = 0.0
        for sel in subsets:
            w, d = selection_odds(sel, khufu)
            best = max(best, w + draw_weight * d)
        value += p * best
    return value


def _splits(counts: tuple[int, ...], k: int) -> Iterable[tuple[tuple[int, ...], int]]:
    """Every way to deal ``k`` cards from a hand with these symbol counts, as (dealt
    counts, number of card subsets giving them)."""
    if not counts:
        if k == 0:
            yield (), 1
        return
    head, rest = counts[0], counts[1:]
    for take in range(min(head, k) + 1):
        ways = comb(head, take)
        for tail, n in _splits(rest, k - take):
            yield (take, *tail), ways * n


@lru_cache(maxsize=4096)
def hand_value(
    pattern: tuple[int, ...], draw_weight: float, deal: int = 5, per_symbol: int = 10
) -> float:
    """The expected P(win) + ``draw_weight`` × P(draw) of challenging with a hand whose
    symbol counts are ``pattern`` (largest first): ``min(deal, size)`` random cards are
    dealt (khufu:10.2), then the best 3 are chosen. A hand of fewer than 3 cards is 0."""
    size = sum(pattern)
    if size < 3:
        return 0.0
    k = min(deal, size)
    total = comb(size, k)
    value = 0.0
    for dealt, ways in _splits(pattern, k):
        value += ways / total * deal_value(_canonical(dealt), draw_weight, per_symbol)
    return value


def hand_pattern(symbols: Iterable[int]) -> tuple[int, ...]:
    """The pattern (symbol counts, largest first) of a hand's symbols."""
    counts = [0] * NUM_SYMBOLS
    for s in symbols:
        counts[s] += 1
    return _canonical(counts)
