"""Ladder statistics against values computed by hand."""

from __future__ import annotations

import math

import pytest

from obelisk.agents.stats import elo_ratings, expected_share, wilson


def test_wilson_sixty_of_a_hundred():
    # p = 0.6, z = 1.96: centre (0.6 + 0.019208) / 1.038416 = 0.59629,
    # half-width 1.96 * sqrt(0.0024 + 0.00009604) / 1.038416 = 0.09431
    lo, hi = wilson(60, 100)
    assert lo == pytest.approx(0.50198, abs=1e-4)
    assert hi == pytest.approx(0.69060, abs=1e-4)


def test_wilson_none_of_ten():
    # p = 0: the interval is [0, z^2 / (n + z^2)] = [0, 3.8415 / 13.8415]
    lo, hi = wilson(0, 10)
    assert lo == 0.0
    assert hi == pytest.approx(3.841459 / 13.841459, abs=1e-6)


def test_wilson_shared_wins_and_no_games():
    lo, hi = wilson(5.5, 11)
    assert lo < 0.5 < hi and 0.5 - lo == pytest.approx(hi - 0.5)
    assert wilson(0, 0) == (0.0, 1.0)


def test_elo_of_three_to_one_is_400_log10_3():
    games = [(("a", "b"), (1.0, 0.0))] * 75 + [(("b", "a"), (1.0, 0.0))] * 25
    r = elo_ratings(games, prior=0.0, anchor="b")
    assert r["b"] == 0.0
    assert r["a"] == pytest.approx(400 * math.log10(3), abs=1e-6)  # 190.85


def test_elo_one_against_the_field():
    # A alone against two B seats wins half the games: gA / (gA + 2 gB) = 1/2, gA = 2 gB
    games = [(("a", "b", "b"), (1.0, 0.0, 0.0)), (("b", "a", "b"), (0.0, 0.0, 1.0))]
    r = elo_ratings(games, prior=0.0, anchor="b")
    assert r["a"] == pytest.approx(400 * math.log10(2), abs=1e-6)
    assert expected_share(r, ["a", "b", "b"], 0) == pytest.approx(0.5)


def test_elo_is_transitive_and_shared_wins_count_half():
    games = [(("a", "b"), (0.5, 0.5))] * 2 + [(("a", "b"), (1.0, 0.0))] * 2
    r = elo_ratings(games, prior=0.0, anchor="b")
    assert r["a"] == pytest.approx(400 * math.log10(3), abs=1e-6)  # 3 wins to 1
    chain = (
        [(("a", "b"), (1.0, 0.0))] * 3
        + [(("b", "a"), (1.0, 0.0))]
        + [(("b", "c"), (1.0, 0.0))] * 3
        + [(("c", "b"), (1.0, 0.0))]
    )
    r = elo_ratings(chain, prior=0.0, anchor="c")
    assert r["b"] == pytest.approx(190.849, abs=0.01)
    assert r["a"] == pytest.approx(381.697, abs=0.01)


def test_the_prior_keeps_an_unbeaten_level_finite():
    games = [(("a", "b"), (1.0, 0.0))] * 10
    r = elo_ratings(games, anchor="b")
    assert math.isfinite(r["a"]) and r["a"] > 300
    assert elo_ratings([]) == {}
