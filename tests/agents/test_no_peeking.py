"""Every level of every registered game decides only on what its seat may know.

For positions along a random game, each level is asked twice with the same
rng: once on the real state, once on a state re-drawn for its seat (same
observation and events, different hidden cards). The choices must agree.
"""

from __future__ import annotations

import random

import pytest

from obelisk.agents import SEARCH_LEVELS, levels, make_agent
from obelisk.core import Game, PlayerView, State, all_games

SEARCH = "ismcts:iterations=6,depth=8"


def _games() -> list[object]:
    return [pytest.param(g, id=g.name) for g in all_games() if not g.name.startswith("tiny_leaky")]


def _positions(game: Game, seed: int, at: tuple[int, ...]) -> list[State]:
    state = game.new_state(max(2, game.min_players), seed)
    rng = random.Random(seed)
    out = []
    while not state.is_terminal() and len(state.history) <= max(at):
        if len(state.history) in at:
            out.append(state.clone())
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("game", _games())
def test_same_choice_on_states_the_seat_cannot_tell_apart(game):
    names = [lv for lv in levels(game) if lv not in SEARCH_LEVELS] + [SEARCH]
    for i, state in enumerate(_positions(game, 7, (3, 12, 40))):
        p = state.current_player
        if p < 0:
            continue
        other = state.determinize(p, random.Random(1000 + i))
        for level in names:
            real = make_agent(game, level).act(PlayerView(state, p), random.Random(i))
            fake = make_agent(game, level).act(PlayerView(other, p), random.Random(i))
            assert real == fake, f"'{level}' at step {len(state.history)} decides on hidden state"
