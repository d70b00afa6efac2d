"""PettingZoo and OpenSpiel adapters pass those libraries' own test suites on every game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from obelisk.core import all_games

pettingzoo_test = pytest.importorskip("pettingzoo.test")
pyspiel = pytest.importorskip("pyspiel")

from obelisk.adapters.openspiel import load_game  # noqa: E402
from obelisk.adapters.pettingzoo import env  # noqa: E402

# Every game at its smallest player count in the default run; the other counts are slow
# (long random games, large observations): `python -m pytest -m slow tests/adapters`.
CASES = [
    pytest.param(
        g.name,
        n,
        id=f"{g.name}-{n}p",
        marks=() if n == min(g.player_counts()) else pytest.mark.slow,
    )
    for g in all_games()
    for n in g.player_counts()
]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_api_and_seed_tests(game, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pettingzoo_test.api_test(env(game, players=players), num_cycles=60)
        pettingzoo_test.seed_test(lambda: env(game, players=players), num_cycles=40)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_openspiel_random_sim_test(game, players):
    g = load_game(game, players=players)
    pyspiel.random_sim_test(g, num_sims=1, serialize=False, verbose=False)


def test_pettingzoo_observation_is_the_seats_own_view():
    """Two deals that differ only in seat 1's hand give seat 0 the same vector."""
    e1, e2 = env("tiny", players=2), env("tiny", players=2)
    e1.reset(seed=1)
    e2.reset(seed=1)
    e2.state_.hands[1] = [c for c in range(1, 13) if c not in e2.state_.hands[0]][:3]
    assert e1.state_.hands[1] != e2.state_.hands[1]
    assert np.array_equal(
        e1.observe("player_0")["observation"], e2.observe("player_0")["observation"]
    )
    assert not np.array_equal(
        e1.observe("player_1")["observation"], e2.observe("player_1")["observation"]
    )


def test_pettingzoo_rewards_at_the_end():
    e = env("tiny", players=2)
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    final = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            final[agent] = reward
            e.step(None)
            continue
        assert reward == 0.0
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(final.values()) in ([0.0, 1.0], [0.5, 0.5])


def test_bad_options_are_refused():
    from obelisk.core import InvalidOptions

    with pytest.raises(InvalidOptions, match="unknown option"):
        env("tiny", players=2, colour="red")
