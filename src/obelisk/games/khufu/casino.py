"""Exact odds for Khufu's Casino School (``obelisk learn khufu``).

Everything here is computed from the game's own data and functions
(:mod:`.components`: the symbols, the deck, :func:`~.components.category`,
:func:`~.components.compare`), as exact fractions:

* the chance of winning each chamber table (khufu:8.1),
* a challenger's win / draw / loss odds for a chosen challenge hand against
  Khufu's three cards over the 36 rolls of the two symbol dice (khufu:10.2, 10.5-10.6),
* the best choice of 3 of the dealt cards (most wins, then most draws: khufu:10.8),
* the spec's reference figures: how often 3 deck cards + 2 dice make each category
  (khufu:10.5) and the win / draw / loss odds of a best-choosing challenger dealt
  3, 4 or 5 cards (khufu:10.8).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement, product
from math import comb

from .components import CATEGORIES, CHAMBERS, KING, SYMBOLS, category, compare

#: The 36 equally likely rolls of the two symbol dice (khufu:10.2 step 4).
DICE: tuple[tuple[int, ...], ...] = tuple(product(range(len(SYMBOLS)), repeat=2))

#: Treasure cards per symbol in the standard deck (khufu:2.2).
PER_SYMBOL = 10

#: Odds as exact fractions: (win, draw, lose).
Odds = tuple[Fraction, Fraction, Fraction]


def table_odds(chamber: int, table_symbols: Sequence[int] = ()) -> Fraction:
    """The chance of winning a chamber's table (khufu:8.1).

    Servant's: an odd number die; High-Priest's: an even one; Queen's: TAILS of
    Khufu's coin; King's: the symbol die shows the symbol of one of the two table cards
    (``table_symbols``, symbol indices).
    """
    if chamber in (0, 1):  # Servant's odd, High-Priest's even
        faces = range(1, 7)
        return Fraction(sum(1 for f in faces if f % 2 == (1 if chamber == 0 else 0)), 6)
    if chamber == 2:
        return Fraction(1, 2)  # one of HEADS / TAILS
    if chamber == KING:
        if len(table_symbols) != 2:
            raise ValueError("the King's table needs exactly two table cards")
        return Fraction(len(set(table_symbols)), len(SYMBOLS))
    raise ValueError(f"no chamber {chamber} (chambers: {', '.join(CHAMBERS)})")


@cache
def _sorted_odds(khufu: tuple[int, ...], mine: tuple[int, ...]) -> tuple[int, int, int]:
    win = draw = 0
    for d in DICE:
        result = compare(category(mine + d), category(khufu + d))
        if result == "WIN":
            win += 1
        elif result == "DRAW":
            draw += 1
    return win, draw, len(DICE) - win - draw


def challenge_counts(khufu: Iterable[int], mine: Iterable[int]) -> tuple[int, int, int]:
    """Out of the 36 dice rolls: how many win, draw and lose for the challenger whose
    three symbols are ``mine`` against Khufu's three symbols (khufu:10.5-10.6)."""
    return _sorted_odds(tuple(sorted(khufu)), tuple(sorted(mine)))


def challenge_odds(khufu: Iterable[int], mine: Iterable[int]) -> Odds:
    """The challenger's (win, draw, lose) chances as fractions of the 36 rolls."""
    w, d, lose = challenge_counts(khufu, mine)
    n = len(DICE)
    return Fraction(w, n), Fraction(d, n), Fraction(lose, n)


def best_choices(
    khufu: Sequence[int], dealt: Sequence[int]
) -> list[tuple[tuple[int, ...], tuple[int, int, int]]]:
    """Every choice of 3 of the ``dealt`` symbols with its (win, draw, lose) counts,
    best first: most wins, then most draws (the spec's best challenger, khufu:10.8).
    Choices are positions in ``dealt``."""
    rows: list[tuple[tuple[int, ...], tuple[int, int, int]]] = [
        (sel, challenge_counts(khufu, [dealt[i] for i in sel]))
        for sel in combinations(range(len(dealt)), 3)
    ]
    rows.sort(key=lambda r: (-r[1][0], -r[1][1], r[0]))
    return rows


def _multisets(k: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every multiset of ``k`` symbols drawn without replacement from the deck, with its
    probability."""
    total = comb(PER_SYMBOL * len(SYMBOLS), k)
    out = []
    for ms in combinations_with_replacement(range(len(SYMBOLS)), k):
        ways = 1
        for s in set(ms):
            ways *= comb(PER_SYMBOL, ms.count(s))
        out.append((ms, Fraction(ways, total)))
    return out


def category_odds() -> dict[str, Fraction]:
    """How often 3 random deck cards + 2 symbol dice make each category (khufu:10.5)."""
    out = dict.fromkeys(CATEGORIES, Fraction(0))
    for ms, p in _multisets(3):
        for d in DICE:
            out[CATEGORIES[category(ms + d)]] += p / len(DICE)
    return out


@cache
def reference_odds(k: int) -> Odds:
    """The (win, draw, lose) odds of a challenger dealt ``k`` (3-5) cards who always
    picks the best 3 (khufu:10.8): Khufu's cards and the dealt cards are independent
    samples of two full decks."""
    if not 3 <= k <= 5:
        raise ValueError("a challenge deals 3, 4 or 5 cards")
    n = len(DICE)
    khufus = _multisets(3)
    win = draw = Fraction(0)
    for dealt, pd in _multisets(k):
        subsets = set(combinations(dealt, 3))  # already sorted multisets
        for kh, pk in khufus:
            w, d, _ = max(_sorted_odds(kh, s) for s in subsets)
            win += pd * pk * Fraction(w, n)
            draw += pd * pk * Fraction(d, n)
    return win, draw, 1 - win - draw


def percent(x: Fraction, places: int = 1) -> str:
    """A fraction as a percentage with ``places`` decimals, e.g. '33.9 %'."""
    return f"{float(x) * 100:.{places}f} %"
