"""Computer players: the heuristic explorer beats random ones; the belief mummy hunts."""

from __future__ import annotations

import random

import pytest
from mummy_helpers import GAME

from obelisk.core import PlayerView
from obelisk.games.mummy.arena import LEVELS, RandomPlayer, play
from obelisk.games.mummy.bot import MummyBelief, MummyHeuristic


@pytest.mark.rules("mummy:17")
def test_levels():
    levels = GAME.agent_levels()
    assert set(levels) == {"heuristic", "belief"}
    assert isinstance(GAME.heuristic_agent(), MummyHeuristic)
    assert isinstance(levels["belief"](), MummyBelief)


def test_heuristic_explorer_beats_a_random_explorer():
    """One heuristic and one random explorer against the heuristic mummy (30 games)."""
    wins = {1: 0, 2: 0}
    for seed in range(30):
        s = GAME.new_state(3, seed, {"max_rounds": 40})
        rng = random.Random(seed)
        agents = [MummyHeuristic(), MummyHeuristic(), RandomPlayer()]
        if seed % 2:
            agents[1], agents[2] = agents[2], agents[1]
        while not s.is_terminal():
            p = s.current_player
            s.apply(agents[p].act(PlayerView(s, p), rng))
        for w in s.winners():
            if w:
                heuristic_seat = 1 if seed % 2 == 0 else 2
                wins[w] += 1 if w == heuristic_seat else 0
    assert sum(wins.values()) >= 15


@pytest.mark.rules("mummy:17")
def test_belief_mummy_beats_the_heuristic_mummy():
    belief = sum(play(3, seed, "belief", "heuristic")["winners"] == [0] for seed in range(12))
    plain = sum(play(3, seed, "heuristic", "heuristic")["winners"] == [0] for seed in range(12))
    assert belief > plain


def test_random_level_plays_legal_actions():
    assert play(2, 1, "random", "random", {"max_rounds": 5})["rounds"] <= 5
    assert "random" in LEVELS


def test_heuristic_mummy_after_a_jump_back_starts_over_from_the_table():
    """A search restarts from earlier positions: the heuristic mummy then counts every card
    on the table as just seen, as a fresh player reading the whole history does."""
    rng = random.Random(2)
    s = GAME.new_state(4, 3)
    agents = [MummyHeuristic() for _ in range(4)]
    earlier = None
    while not s.is_terminal():  # the mummy follows the whole game
        played = sum(len(h) for h in s.played)
        if earlier is None and played >= 2 and s.current_player == 0 and len(s.legal_actions()) > 1:
            earlier = s.clone()
        p = s.current_player
        s.apply(agents[p].act(PlayerView(s, p), rng))
    assert earlier is not None
    jumped, fresh = agents[0], MummyHeuristic()
    jumped.act(PlayerView(earlier, 0), random.Random(1))
    fresh.act(PlayerView(earlier, 0), random.Random(1))
    cells = {earlier.board.symbol_cell[x] for h in earlier.played for x in h}
    assert jumped._recent == fresh._recent == dict.fromkeys(cells, 3.0)


def test_standing_puts_both_sides_on_one_scale():
    """mummy:12 / mummy:13: the mummy's ankhs over her threshold, the explorer's share of cards
    played, with no figure on the board (so no card in reach)."""
    state = GAME.new_state(2, 3)
    assert state.threshold == 3
    state.pos = [-1, -1]
    assert state.standing() == [0.0, 0.0]
    state.ankhs[0] = 1
    held = state.hands[1]
    state.played[1] = tuple(held[:5])
    state.hands[1] = tuple(held[5:])
    assert state.standing() == [10.0 / 3, 5.0]


def test_standing_counts_half_a_card_for_a_figure_on_its_symbol():
    """mummy:13: a figure on the symbol of a card still held is worth half a card to a search."""
    state = GAME.new_state(2, 3)
    total = len(state.hands[1])
    state.pos = [state.board.symbol_cell[state.hands[1][0]], -1]
    assert state.standing() == [0.0, 10.0 * 0.5 / total]


def test_standing_grows_as_a_figure_nears_a_symbol():
    """mummy:13: with one card left, each step toward its symbol raises the standing by a
    twelfth of half a card, from 12 steps away."""
    state = GAME.new_state(2, 3)
    board = state.board
    *done, last = state.hands[1]
    state.played[1], state.hands[1] = tuple(done), (last,)
    total = len(done) + 1
    row = board.dist[board.symbol_cell[last]]
    for steps in (0, 1, 5, 12, 13):
        state.pos = [row.index(steps), -1]
        part = 0.5 * max(0, 12 - steps) / 12
        assert state.standing()[1] == pytest.approx(10.0 * (len(done) + part) / total)
