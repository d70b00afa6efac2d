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

# Every game at every player count, in the default run.
CASES = [
    pytest.param(g.name, n, id=f"{g.name}-{n}p") for g in all_games() for n in g.player_counts()
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


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_encoder_fast_path_writes_what_the_layout_says(game):
    """The compiled writer and the reference walk of the layout give the same vectors."""
    import random

    from obelisk.adapters.encoding import spaces
    from obelisk.core import get_game

    g = get_game(game)
    n = min(g.player_counts())
    _, _, enc = spaces(g, n, g.make_options(None))
    rng = random.Random(7)
    state = g.new_state(n, 99, g.make_options(None))
    steps = 0
    while not state.is_terminal() and steps < 400:
        obs = state.observation(steps % n)
        if steps % 4 == 0:
            vec = enc.encode(obs)
            assert vec.dtype == np.float32 and vec.shape == (enc.size,)
            assert np.array_equal(vec, np.asarray(enc.encode_slow(obs), np.float32))
        state.apply_unchecked(rng.choice(state.legal_actions()))
        steps += 1


def test_openspiel_seeds_go_to_played_games_in_order():
    """States OpenSpiel throws away unplayed hand their seed back; clones deal nothing."""
    g = load_game("sobek", players=2, rng_seed=10)
    for _ in range(3):  # what OpenSpiel does to measure the observation tensor
        g.new_initial_state().observation_tensor(0)
    a = g.new_initial_state()
    a_start = str(a)
    a.apply_action(a.legal_actions()[0])
    c = a.clone()
    assert str(c) == str(a) and c.history() == a.history()
    b = g.new_initial_state()
    b.apply_action(b.legal_actions()[0])
    assert (a._inner.seed, c._inner.seed, b._inner.seed) == (10, 10, 11)
    fresh = load_game("sobek", players=2, rng_seed=10)
    first, second = fresh.new_initial_state(), fresh.new_initial_state()  # both alive
    assert str(first) == a_start != str(second)


def test_openspiel_observation_string_is_the_seats_observation_as_json():
    import json

    g = load_game("sobek", players=3)
    s = g.new_initial_state()
    s.apply_action(s.legal_actions()[0])
    for p in range(3):
        assert json.loads(s.observation_string(p)) == s._inner.state.observation(p)
