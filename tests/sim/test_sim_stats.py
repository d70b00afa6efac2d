"""The report's statistics against values worked out by hand."""

from __future__ import annotations

import math

import pytest

from obelisk.sim.stats import (
    Share,
    chi2_equal,
    normal_p,
    one_prop_test,
    quantile,
    summarize,
    two_prop_test,
    welch_test,
    wilson,
)


def test_wilson_interval_of_half() -> None:
    # p = 0.5, n = 100, z = 1.96: centre 0.5, half = 1.96 * sqrt(0.0025 + 0.000096) / 1.038415
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.40383, abs=1e-5)
    assert hi == pytest.approx(0.59617, abs=1e-5)


def test_wilson_interval_of_zero_stays_inside_zero_one() -> None:
    # p = 0, n = 10: lo = 0, hi = (z²/n) / (1 + z²/n) = 0.384146 / 1.384146
    lo, hi = wilson(0, 10)
    assert lo == 0.0
    assert hi == pytest.approx(0.384146 / 1.384146, abs=1e-6)


def test_share_counts_fractional_wins() -> None:
    s = Share.of(2.5, 4)
    assert s.value == 0.625
    assert s.lo < 0.625 < s.hi


def test_one_sample_test_against_fair_share() -> None:
    # 60 of 100 against 0.5: z = 0.1 / sqrt(0.25 / 100) = 2, p = erfc(2 / sqrt 2) = 0.0455
    z, p = one_prop_test(60, 100, 0.5)
    assert z == pytest.approx(2.0)
    assert p == pytest.approx(0.045500, abs=1e-6)


def test_two_proportion_test() -> None:
    # 40/100 against 60/100: pooled 0.5, se = sqrt(0.25 * 0.02) = 0.0707107, z = 2.828427
    diff, z, p = two_prop_test(40, 100, 60, 100)
    assert diff == pytest.approx(0.2)
    assert z == pytest.approx(2.828427, abs=1e-6)
    assert p == pytest.approx(0.0046777, abs=1e-6)


def test_welch_test() -> None:
    # means 2.5 and 5; variances 5/3 and 20/3; se² = 5/12 + 20/12 = 25/12;
    # t = 2.5 / sqrt(25/12) = sqrt(3); df = (25/12)² / ((5/12)²/3 + (20/12)²/3) = 75/17
    diff, t, p = welch_test([1, 2, 3, 4], [2, 4, 6, 8])
    assert diff == pytest.approx(2.5)
    assert t == pytest.approx(math.sqrt(3))
    # two-sided p of t on df degrees of freedom = I_x(df/2, 1/2) with x = df / (df + t²),
    # evaluated independently with mpmath's regularised incomplete beta: 0.1515805
    assert p == pytest.approx(0.1515805, abs=1e-6)


def test_chi_square_of_seat_wins() -> None:
    # 30, 20, 10 wins: expected 20 each, chi² = (100 + 0 + 100) / 20 = 10; with 2 degrees of
    # freedom the tail is exp(-chi²/2) = exp(-5)
    x2, p = chi2_equal([30, 20, 10])
    assert x2 == pytest.approx(10.0)
    assert p == pytest.approx(math.exp(-5))


def test_normal_p() -> None:
    assert normal_p(0.0) == 1.0
    assert normal_p(1.959963984540054) == pytest.approx(0.05)


def test_summary_and_quantiles() -> None:
    s = summarize([5, 1, 4, 2, 3])
    assert (s.n, s.mean, s.min, s.median, s.max) == (5, 3.0, 1.0, 3.0, 5.0)
    assert s.sd == pytest.approx(math.sqrt(2.5))
    # linear interpolation between ranks: 1 + 0.05 * 4 = 1.2 and 1 + 0.95 * 4 = 4.8
    assert s.p5 == pytest.approx(1.2)
    assert s.p95 == pytest.approx(4.8)
    half = 1.959963984540054 * math.sqrt(2.5) / math.sqrt(5)
    assert (s.lo, s.hi) == (pytest.approx(3 - half), pytest.approx(3 + half))
    assert quantile([10.0], 0.5) == 10.0
    assert summarize([]).n == 0
