"""Khufu's search levels follow the heuristic (no standing of its own: see KhufuState.scores)."""

from __future__ import annotations

import random

from khufu_helpers import new

from obelisk.agents import make_agent
from obelisk.core import PlayerView


def test_search_sees_nothing_before_the_end_and_plays_the_heuristics_moves():
    """khufu:11.1 win or nothing: an unfinished playout is even for every seat."""
    state = new(3, seed=4)
    assert state.standing() == state.scores() == [0.0, 0.0, 0.0]
    search = make_agent(state.game, "ismcts:iterations=60,prior=0.3")
    heuristic = make_agent(state.game, "heuristic")
    rng = random.Random(4)
    checked = 0
    while not state.is_terminal() and checked < 8:
        view = PlayerView(state, state.current_player)
        if len(view.legal_actions()) > 1:
            assert search.act(view, random.Random(checked)) == heuristic.act(
                view, random.Random(checked)
            )
            checked += 1
        state.apply(heuristic.act(view, rng))
    assert checked == 8
