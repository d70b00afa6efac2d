"""Statistics for the ladder: win-share confidence intervals and Elo-style ratings.

>>> lo, hi = wilson(60, 100)
>>> round(lo, 3), round(hi, 3)
(0.502, 0.691)
>>> r = elo_ratings([(("a", "b"), (0.75, 0.25))], prior=0.0, anchor="b")
>>> round(r["a"], 1)
190.8
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a share of ``successes`` in ``n`` trials.

    Shared wins (ties) may make ``successes`` fractional; games are treated as
    independent trials, which is conservative for paired seeds. ``n = 0``
    gives the whole interval [0, 1].
    """
    if n <= 0:
        return 0.0, 1.0
    p = min(max(successes / n, 0.0), 1.0)
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


#: One game for the rating fit: the level of each seat, and each seat's return.
Outcome = tuple[Sequence[str], Sequence[float]]


def elo_ratings(
    outcomes: Iterable[Outcome],
    prior: float = 1.0,
    anchor: str | None = None,
    iterations: int = 10_000,
    tolerance: float = 1e-12,
) -> dict[str, float]:
    """Elo-style ratings fitted to game outcomes by maximum likelihood.

    The model (Bradley-Terry, extended to one winner among many seats as in
    Hunter 2004): each level has a strength γ, and a seat wins a game with
    probability γ(its level) / Σ γ(every seat's level). Shared wins count as
    fractions. It is fitted with Hunter's MM iteration. A rating is
    ``400·log10(γ)``, so 400 points mean odds of 10:1 in a two-player game,
    and is shifted so that ``anchor`` (default: the first level seen) is 0.

    ``prior`` adds, for every level, that many virtual two-player games against
    a fixed opponent of strength 1 with half a win each, which keeps a level
    that never won (or never lost) finite; ``prior=0`` is the plain fit.
    """
    wins: dict[str, float] = {}
    tables: dict[tuple[tuple[str, int], ...], int] = {}  # seat composition -> games
    for seats, returns in outcomes:
        total = float(sum(returns))
        count: dict[str, int] = {}
        for lv in seats:
            count[lv] = count.get(lv, 0) + 1
            wins.setdefault(lv, 0.0)
        if total <= 0:
            continue  # nobody won (a lost cooperative game): nothing on who is stronger
        for lv, r in zip(seats, returns, strict=True):
            wins[lv] += float(r) / total  # one win per game, shared as the returns say
        key = tuple(sorted(count.items()))
        tables[key] = tables.get(key, 0) + 1
    names = list(wins)
    if not names:
        return {}
    gamma = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        denom = {lv: prior / (gamma[lv] + 1.0) for lv in names}
        for key, n_games in tables.items():
            strength = sum(n * gamma[k] for k, n in key)
            for k, n in key:
                denom[k] += n_games * n / strength
        new = {
            lv: (wins[lv] + 0.5 * prior) / denom[lv] if denom[lv] > 0 else gamma[lv] for lv in names
        }
        if prior == 0:  # without the fixed opponent the scale is free: fix the geometric mean
            pos = [v for v in new.values() if v > 0]
            g = math.exp(sum(math.log(v) for v in pos) / len(pos)) if pos else 1.0
            new = {k: v / g for k, v in new.items()}
        change = max(
            abs(math.log(max(new[k], 1e-300)) - math.log(max(gamma[k], 1e-300))) for k in names
        )
        gamma = new
        if change < tolerance:
            break
    base = anchor if anchor in gamma else names[0]
    ref = math.log10(max(gamma[base], 1e-300))
    return {k: 400.0 * (math.log10(v) - ref) if v > 0 else -math.inf for k, v in gamma.items()}


def expected_share(ratings: dict[str, float], seats: Sequence[str], seat: int) -> float:
    """The win probability of ``seat`` that the ratings predict for a table of ``seats``."""
    gam = [10 ** (ratings[lv] / 400.0) for lv in seats]
    return gam[seat] / sum(gam)
