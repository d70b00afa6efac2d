"""The statistics of a balance report, small enough to check by hand.

Win shares count a shared win fractionally (a two-way tie gives each winner
one half), exactly as ``State.returns()`` does. Intervals are 95 %: Wilson
score intervals for shares, normal intervals for means. Tests are two-sided.
Games of one run are treated as independent, which is conservative for the
paired design (the same deals in every seat order and every setting).

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
