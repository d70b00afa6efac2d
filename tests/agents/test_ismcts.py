"""ISMCTS: determinism, no reading of hidden state, budgets, tree reuse, strength."""

from __future__ import annotations

import os
import random
import statistics
import time
from typing import Any

import pytest

from obelisk.agents import ISMCTSAgent, make_agent
from obelisk.agents.ismcts import evaluate
from obelisk.agents.match import play_match, seat_rng
from obelisk.core import Event, InvalidOptions, PlayerView, State
from tinycards import TINY, TinyState, TinyTricks


def _positions(players: int, seed: int, count: int) -> list[State]:
    """Positions along a random game of TINY."""
    state = TINY.new_state(players, seed)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal() and len(out) < count:
        out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return out


def test_same_seed_same_game():
    seats = ["ismcts:iterations=40", "ismcts:iterations=40,rollout=random", "random"]
    a = play_match(TINY, seats, seed=11)
    b = play_match(TINY, seats, seed=11)
    assert [s.action for s in a.history] == [s.action for s in b.history]
    assert a.returns() == b.returns()


def test_same_rng_same_decision():
    state = _positions(3, 4, 3)[-1]
    p = state.current_player
    choices = {
        ISMCTSAgent(TINY, iterations=60).act(PlayerView(state, p), random.Random(8))
        for _ in range(3)
    }
    assert len(choices) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_decisions_ignore_what_the_seat_cannot_see(players):
    """The real state and a re-drawn state the seat cannot tell apart give the same choice."""
    for i, state in enumerate(_positions(players, 100 + players, 8)):
        p = state.current_player
        other = state.determinize(p, random.Random(500 + i))
        assert other.observation(p) == state.observation(p)
        real = ISMCTSAgent(TINY, iterations=30).act(PlayerView(state, p), random.Random(i))
        fake = ISMCTSAgent(TINY, iterations=30).act(PlayerView(other, p), random.Random(i))
        assert real == fake


def test_a_whole_game_against_redrawn_states_with_tree_reuse():
    """An agent kept over a whole game (reusing its tree) decides the same on re-drawn states."""
    state = TINY.new_state(2, 9)
    real, fake = ISMCTSAgent(TINY, iterations=25), ISMCTSAgent(TINY, iterations=25)
    r1, r2 = seat_rng(9, 0), seat_rng(9, 0)
    opp = random.Random(3)
    k = 0
    while not state.is_terminal():
        p = state.current_player
        if p == 0:
            k += 1
            other = state.determinize(0, random.Random(k))
            a = real.act(PlayerView(state, 0), r1)
            assert fake.act(PlayerView(other, 0), r2) == a
        else:
            a = opp.choice(state.legal_actions())
        state.apply(a)
    assert k >= 3


def test_iteration_budget_is_exact():
    state = _positions(2, 1, 1)[0]
    agent = ISMCTSAgent(TINY, iterations=77, reuse=False)
    agent.act(PlayerView(state, state.current_player), random.Random(0))
    assert agent.last["iterations"] == 77
    assert not agent.last["capped"]


def test_time_budget_overrun_at_most_ten_percent():
    state = _positions(2, 2, 1)[0]
    p = state.current_player
    budget = 0.6
    walls = []
    for k in range(3):
        agent = ISMCTSAgent(TINY, iterations=None, seconds=budget, reuse=False)
        t = time.perf_counter()
        agent.act(PlayerView(state, p), random.Random(k))
        walls.append(time.perf_counter() - t)
        assert agent.last["iterations"] > 10
    # On an overloaded machine (more runnable processes than twice the cores) the
    # scheduler may stall any run after the agent stopped; the fastest run still shows
    # that the agent itself stops in time.
    busy = os.getloadavg()[0] > 2 * (os.cpu_count() or 1)
    assert (min(walls) if busy else statistics.median(walls)) <= 1.10 * budget


def test_tree_is_kept_between_moves():
    state = TINY.new_state(2, 5)
    agent = ISMCTSAgent(TINY, iterations=200)
    rng = random.Random(1)
    reused = []
    while not state.is_terminal():
        p = state.current_player
        if p == 0:
            a = agent.act(PlayerView(state, 0), rng)
            reused.append(agent.last["reused"])
        else:
            a = rng.choice(state.legal_actions())
        state.apply(a)
    assert reused[0] == 0
    assert any(r > 0 for r in reused[1:])


def test_a_new_game_starts_a_new_tree():
    agent = ISMCTSAgent(TINY, iterations=50)
    s1 = TINY.new_state(2, 1)
    agent.act(PlayerView(s1, 0), random.Random(0))
    s2 = TINY.new_state(2, 2)
    agent.act(PlayerView(s2, 0), random.Random(0))
    assert agent.last["reused"] == 0


def test_search_beats_random():
    """Tiny Tricks: 60 iterations win clearly more than half of paired games against random."""
    wins = 0.0
    n = 15
    for seed in range(n):
        wins += play_match(TINY, ["ismcts:iterations=60", "random"], seed).returns()[0]
        wins += play_match(TINY, ["random", "ismcts:iterations=60"], seed).returns()[1]
    assert wins / (2 * n) >= 0.6


def test_evaluate_standing_and_end():
    state = TINY.new_state(3, 0)
    assert evaluate(state) == [0.5, 0.5, 0.5]
    state.points = [10, 0, 0]
    r = evaluate(state)
    assert r[0] > 0.9 and r[1] == r[2] < 0.5
    end = play_match(TINY, ["random", "random", "random"], 3)
    assert evaluate(end) == end.returns()


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": None, "seconds": None},
        {"iterations": 0},
        {"seconds": -1.0},
        {"rollout": "magic"},
        {"epsilon": 2.0},
    ],
)
def test_bad_budgets_are_refused(kwargs):
    with pytest.raises(InvalidOptions):
        ISMCTSAgent(TINY, **kwargs)


def test_refuses_to_act_out_of_turn():
    state = TINY.new_state(2, 0)
    with pytest.raises(InvalidOptions, match="no decision"):
        make_agent(TINY, "easy").act(PlayerView(state, 1), random.Random(0))


class _SecretState(TinyState):
    """Tiny Tricks where the other seats only see that a move was made."""

    def action_event(self, seat: int, action: Any) -> list[Event]:
        others = frozenset(range(self.num_players)) - {seat}
        return [
            Event("action", {"seat": seat, "action": action.to_json()}, frozenset({seat})),
            Event("action", {"seat": seat, "text": "moved"}, others),
        ]


class _Secret(TinyTricks):
    name = "tiny_secret"

    def _make_state(self, num_players: int, seed: int, options: Any) -> State:
        return _SecretState(self, num_players, seed, options)


def test_no_tree_reuse_across_a_move_the_seat_did_not_see():
    game = _Secret()
    state = game.new_state(2, 5)
    agent = ISMCTSAgent(game, iterations=100)
    rng = random.Random(1)
    decisions = 0
    while not state.is_terminal():
        if state.current_player == 0:
            agent.act(PlayerView(state, 0), rng)
            assert agent.last["reused"] == 0 or agent.last["iterations"] == 0
            decisions += 1
        state.apply(rng.choice(state.legal_actions()))
    assert decisions >= 3
