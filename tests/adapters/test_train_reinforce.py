"""``examples/train_reinforce.py``: its factored head (Khufu's) is a distribution over
exactly the legal actions, its update is the gradient of the log-probability, and one
Khufu training game runs and saves."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from obelisk.core import PlayerView

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_reinforce.py"


@pytest.fixture(scope="module")
def tr():
    spec = importlib.util.spec_from_file_location("train_reinforce", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_reinforce"] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules["train_reinforce"]


@pytest.fixture(scope="module")
def selection(tr):
    """A Khufu environment at a challenge's selection of 3 cards (reached by the game's
    heuristic), and a factored head with random weights."""
    e = tr.make_env("khufu", players=3)
    e.reset(seed=1)
    bot, rng = e.game.heuristic_agent(), random.Random(1)
    while not any(
        e.actions[i].kind == "select" for i in e.action_mask(e.agent_selection).nonzero()[0]
    ):
        e.step(e.index[bot.act(PlayerView(e.state_, e.state_.current_player), rng)])
    head = tr.make_head(e)
    head.W = np.random.default_rng(0).normal(0.0, 0.05, head.W.shape)
    return e, head


def test_khufu_gets_the_factored_head_and_sobek_the_flat_one(tr) -> None:
    assert tr.make_head(tr.make_env("sobek", players=2)).name == "flat"
    head = tr.make_head(tr.make_env("khufu", players=3))
    assert head.name == "factored" and head.W.nbytes < 16 * 2**20


def test_the_factored_distribution_covers_exactly_the_legal_actions(selection) -> None:
    e, head = selection
    obs = e.observe(e.agent_selection)
    legal = np.flatnonzero(obs["action_mask"])
    assert len(legal) > 1
    full = np.zeros(len(e.actions))
    full[legal] = head.probs(obs["observation"], legal)
    assert full.sum() == pytest.approx(1.0)
    assert (np.flatnonzero(full) == legal).all()
    # An action's logit is the sum of its parts' logits (kind + 3 cards).
    part_logits = head.W @ obs["observation"]
    logits = np.array([part_logits[e.action_parts().of(a)].sum() for a in legal])
    expected = np.exp(logits - logits.max())
    assert full[legal] == pytest.approx(expected / expected.sum())


def test_the_factored_update_is_the_gradient_of_the_log_probability(selection) -> None:
    e, head = selection
    obs = e.observe(e.agent_selection)
    x, legal = obs["observation"].astype(float), np.flatnonzero(obs["action_mask"])
    W = head.W.copy()
    head.step(x, legal, head.probs(x, legal), 2, 1.0)
    grad, head.W = head.W - W, W  # a step of size 1 is the gradient itself
    for k, d in ((e.action_parts().of(legal[2])[1], int(np.argmax(np.abs(x)))), (0, 0)):
        up, down = W.copy(), W.copy()
        up[k, d] += 1e-6
        down[k, d] -= 1e-6
        head.W = up
        hi = np.log(head.probs(x, legal)[2])
        head.W = down
        lo = np.log(head.probs(x, legal)[2])
        head.W = W
        assert grad[k, d] == pytest.approx((hi - lo) / 2e-6, abs=1e-6)


def test_one_khufu_training_game_runs_and_saves(tr, tmp_path, capsys) -> None:
    out = tmp_path / "khufu.npz"
    tr.train("khufu", 3, episodes=1, evals=0, lr=0.05, seed=0, save=str(out))
    assert "factored head of" in capsys.readouterr().out
    saved = np.load(out)
    assert str(saved["head"]) == "factored" and saved["W"].shape[0] == len(saved["parts"])
    assert saved["after"].shape == (3, 5)  # per seat: share, interval, games, progress
