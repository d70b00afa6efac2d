"""The statistics of a balance report, small enough to check by hand.

Win shares count a shared win fractionally (a two-way tie gives each winner
one half), exactly as ``State.returns()`` does. Intervals are 95 %: Wilson
score intervals for shares, normal intervals for means. Tests are two-sided.

A run plays the same deals in every seat order and every setting, so comparisons
between settings are *paired*: the report pairs games by (deal, seat order) and uses
the exact sign test (McNemar's test when outcomes are win/lose) for shares and the
paired t-test for means (:func:`sign_test`, :func:`paired_t`). Levels are compared on
each deal's mean over its seat orders (:func:`one_sample_t`). A family of tests is
corrected for many comparisons with Holm's step-down method (:func:`holm`).

>>> lo, hi = wilson(50, 100)
>>> round(lo, 4), round(hi, 4)
(0.4038, 0.5962)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

#: The two-sided 95 % normal quantile.
Z95 = 1.959963984540054


def normal_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2.0))


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share ``successes / n`` (``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Share:
    """A share with its 95 % interval: ``value = successes / n``."""

    successes: float
    n: float
    value: float
    lo: float
    hi: float

    @classmethod
    def of(cls, successes: float, n: float) -> Share:
        """The share of ``successes`` in ``n`` trials."""
        lo, hi = wilson(successes, n)
        return cls(successes, n, successes / n if n else 0.0, lo, hi)


def one_prop_test(successes: float, n: float, p0: float) -> tuple[float, float]:
    """z and two-sided p of ``successes / n`` against the fair share ``p0``."""
    if n <= 0 or p0 <= 0 or p0 >= 1:
        return 0.0, 1.0
    z = (successes / n - p0) / math.sqrt(p0 * (1 - p0) / n)
    return z, normal_p(z)


def two_prop_test(s1: float, n1: float, s2: float, n2: float) -> tuple[float, float, float]:
    """Difference ``p2 - p1``, pooled z and two-sided p of two shares."""
    if n1 <= 0 or n2 <= 0:
        return 0.0, 0.0, 1.0
    p1, p2 = s1 / n1, s2 / n2
    pool = (s1 + s2) / (n1 + n2)
    se = math.sqrt(pool * (1 - pool) * (1 / n1 + 1 / n2))
    if se == 0:
        return p2 - p1, 0.0, 1.0
    z = (p2 - p1) / se
    return p2 - p1, z, normal_p(z)


def welch_test(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """Difference of means ``mean(b) - mean(a)``, Welch's t and its two-sided p."""
    if len(a) < 2 or len(b) < 2:
        return (statistics.fmean(b) - statistics.fmean(a)) if a and b else 0.0, 0.0, 1.0
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    va, vb = statistics.variance(a), statistics.variance(b)
    se2 = va / len(a) + vb / len(b)
    if se2 == 0:
        return mb - ma, 0.0, 1.0 if ma == mb else 0.0
    t = (mb - ma) / math.sqrt(se2)
    df = se2**2 / ((va / len(a)) ** 2 / (len(a) - 1) + (vb / len(b)) ** 2 / (len(b) - 1))
    from scipy.special import betainc  # scipy.stats takes seconds to import; this does not

    # two-sided tail of Student's t: the regularised incomplete beta I_x(df/2, 1/2)
    return mb - ma, t, float(betainc(df / 2, 0.5, df / (df + t * t)))


def chi2_equal(counts: Sequence[float]) -> tuple[float, float]:
    """Chi-square statistic and p that ``counts`` (wins per seat) are equal in expectation."""
    total = sum(counts)
    k = len(counts)
    if k < 2 or total <= 0:
        return 0.0, 1.0
    e = total / k
    x2 = sum((c - e) ** 2 / e for c in counts)
    from scipy.special import gammaincc

    # upper tail of chi-square with k - 1 degrees of freedom: Q((k - 1) / 2, x² / 2)
    return x2, float(gammaincc((k - 1) / 2, x2 / 2))


@dataclass(frozen=True)
class Summary:
    """Location and spread of a sample, with a 95 % interval of the mean."""

    n: int
    mean: float
    sd: float
    lo: float
    hi: float
    min: float
    p5: float
    median: float
    p95: float
    max: float


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile by linear interpolation between closest ranks (numpy's default)."""
    if not sorted_values:
        return math.nan
    pos = q * (len(sorted_values) - 1)
    i = math.floor(pos)
    j = min(i + 1, len(sorted_values) - 1)
    return sorted_values[i] + (sorted_values[j] - sorted_values[i]) * (pos - i)


def summarize(values: Sequence[float]) -> Summary:
    """n, mean (with 95 % interval), sd, min, 5th percentile, median, 95th percentile, max."""
    v = sorted(float(x) for x in values)
    n = len(v)
    if n == 0:
        nan = math.nan
        return Summary(0, nan, nan, nan, nan, nan, nan, nan, nan, nan)
    mean = statistics.fmean(v)
    sd = statistics.stdev(v) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return Summary(
        n,
        mean,
        sd,
        mean - half,
        mean + half,
        v[0],
        quantile(v, 0.05),
        quantile(v, 0.5),
        quantile(v, 0.95),
        v[-1],
    )


def _t_p(t: float, df: float) -> float:
    """Two-sided p of Student's t with ``df`` degrees of freedom."""
    from scipy.special import betainc

    return float(betainc(df / 2, 0.5, df / (df + t * t)))


def binom_two_sided(k: int, n: int) -> float:
    """Exact two-sided p of ``k`` successes in ``n`` fair coin flips (doubling the
    smaller tail, capped at 1)."""
    if n <= 0:
        return 1.0
    k = min(k, n - k)
    log_half = n * math.log(0.5)
    tail = sum(
        math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + log_half)
        for i in range(k + 1)
    )
    return min(1.0, 2.0 * tail)


def sign_test(diffs: Sequence[float]) -> tuple[int, int, float]:
    """The exact sign test of paired differences: (positive, negative, two-sided p).

    Zero differences drop out; on win/lose outcomes this is McNemar's exact test on the
    discordant pairs.
    """
    pos = sum(1 for d in diffs if d > 0)
    neg = sum(1 for d in diffs if d < 0)
    return pos, neg, binom_two_sided(pos, pos + neg)


def paired_t(diffs: Sequence[float]) -> tuple[float, float, float]:
    """Mean difference, t and two-sided p of the paired t-test on ``diffs``."""
    return one_sample_t(diffs, 0.0)


def one_sample_t(values: Sequence[float], mu: float) -> tuple[float, float, float]:
    """Mean minus ``mu``, t and two-sided p of the one-sample t-test."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 1.0
    m = statistics.fmean(values)
    if n < 2:
        return m - mu, 0.0, 1.0
    sd = statistics.stdev(values)
    if sd == 0:
        return m - mu, 0.0, 1.0 if m == mu else 0.0
    t = (m - mu) / (sd / math.sqrt(n))
    return m - mu, t, _t_p(t, n - 1)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (same order as given), controlling the
    family-wise error rate.

    >>> [round(p, 3) for p in holm([0.01, 0.04, 0.03])]
    [0.03, 0.06, 0.06]
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = running
    return out
