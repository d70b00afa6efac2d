"""The deducing mummy (mummy:17): her belief always holds the truth, and shrinks."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mummy_helpers import GAME

from obelisk.core import PlayerView
from obelisk.games.mummy.belief import Belief
from obelisk.games.mummy.board import load_board
from obelisk.games.mummy.bot import MummyBelief

B = load_board()


@pytest.mark.rules("mummy:17")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=10**6),
    explorer_level=st.sampled_from(["random", "heuristic"]),
)
def test_belief_contains_the_truth_and_shrinks(n, seed, explorer_level):
    """Over random games the belief mummy's set for every explorer contains its true field
    after every event, and after the first announced move it is smaller than anywhere."""
    from obelisk.games.mummy.arena import LEVELS

    state = GAME.new_state(n, seed, {"max_rounds": 15})
    rng = random.Random(seed)
    bot = MummyBelief()
    explorers = [LEVELS[explorer_level]() for _ in range(n)]
    moved = set()
    while not state.is_terminal():
        view = PlayerView(state, 0)
        belief = bot.update(view)
        assert belief.cells == state.belief.cells  # the bot deduces what the rules know
        for f, p in enumerate(state.pos):
            if p >= 0:
                assert belief.contains(f, p), (f, B.rc(p))
                if f in moved:
                    assert belief.cells[f].bit_count() < B.size
        p = state.current_player
        agent = bot if p == 0 else explorers[p]
        action = agent.act(PlayerView(state, p), rng)
        if action.kind in ("move", "arrow"):
            moved.add(state.fig)
        state.apply(action)


@pytest.mark.rules("mummy:17")
def test_number_update_matches_the_closed_form():
    """R_k(c) = {x: dist(c,x) <= k, same parity} - {S, V} (graph without the mummy)."""
    mummy = B.cell(5, 5)
    from collections import deque

    for c in range(0, B.size, 7):
        if c == mummy:
            continue
        dist = {c: 0}
        q = deque([c])
        while q:
            x = q.popleft()
            for y in B.adj[x]:
                if y not in dist and y != mummy:
                    dist[y] = dist[x] + 1
                    q.append(y)
        has_exit = any(y != mummy for y in B.adj[c])
        for k in (1, 2, 3, 4):
            b = Belief(B, 1, cells=[1 << c])
            b.number(0, k, mummy)
            want = {x for x, d in dist.items() if d <= k and d % 2 == k % 2} - {B.start, B.dungeon}
            assert set(B.cells_of(b.cells[0])) == (want if has_exit else set())


@pytest.mark.rules("mummy:17")
def test_arrow_update_allows_early_stops_before_possible_explorers():
    b = Belief(B, 2, cells=[1 << B.cell(5, 5), 1 << B.cell(5, 8)])
    b.arrow(0, B.cell(0, 0))
    got = {B.rc(c) for c in B.cells_of(b.cells[0])}
    assert {(4, 5), (5, 10), (8, 5), (5, 4)} <= got
    assert (5, 7) in got  # figure 1 may stand on (5,8)
    assert (5, 6) not in got


@pytest.mark.rules("mummy:17")
def test_cannot_move_card_step_and_capture_updates():
    b = Belief(B, 2, cells=[B.full & ~B.sv_mask, 1 << B.start])
    b.cannot_move(0, B.cell(3, 5))
    assert {B.rc(c) for c in B.cells_of(b.cells[0])} == {(2, 5)}
    b.step(B.cell(2, 5))
    assert b.cells[0] == 0
    b.exact(0, B.cell(8, 4))
    assert b.cells[0] == 1 << B.cell(8, 4)
    b.capture(1)
    assert b.cells[1] == 1 << B.dungeon
    b.eliminate(1)
    assert b.cells[1] == 0 and b.copy().cells == b.cells
