"""Quiet states (issue 37): a simulation copy that keeps no events plays the same game.

For every registered game, a quiet state and a loud one, given the same moves from the
same seed, have the same legal actions, player to move and end at every step, and the
same history, chance outcomes, scores and returns at the end; the quiet one's events stay
empty. What needs events is refused on a quiet state, and the ISMCTS search, which quiets
its copies when its rollouts read no events, chooses as it did with loud copies.
"""

from __future__ import annotations

import random

import pytest

from obelisk.agents.ismcts import ISMCTSAgent
from obelisk.agents.random_agent import RandomAgent
from obelisk.core import (
    PlayerView,
    QuietStateError,
    Record,
    all_games,
    get_game,
    reads_events,
)
from obelisk.core.conformance import mover
from obelisk.core.log import NullLog
from obelisk.sim.bench import bench_game, quiet_playouts

GAMES = sorted(g.name for g in all_games())


def _players(name: str) -> int:
    game = get_game(name)
    return min(game.max_players, game.min_players + 1)


def _twin_playout(name: str, seed: int, policy: str, max_steps: int = 5000) -> tuple:
    """Play one game on a loud and a quiet state side by side, the moves chosen on the loud
    one (its playout player may read events), checking them step by step."""
    game = get_game(name)
    n = _players(name)
    choose = mover(game, n, seed, policy)
    loud = game.new_state(n, seed)
    quiet = game.new_state(n, seed).quiet()
    for _ in range(max_steps):
        assert quiet.is_terminal() == loud.is_terminal()
        if loud.is_terminal():
            break
        assert quiet.current_player == loud.current_player
        assert quiet.legal_actions() == loud.legal_actions()
        for seat in range(n):  # what a player recalls is kept without the events
            assert quiet.recall(seat) == loud.recall(seat)
        action = choose(loud)
        loud.apply_unchecked(action)
        quiet.apply_unchecked(action)
        if loud.history and len(loud.history) % 25 == 0:
            quiet = quiet.clone()  # a clone of a quiet state plays on quietly
    return loud, quiet


@pytest.mark.parametrize("policy", ["random", "playout"])
@pytest.mark.parametrize("name", GAMES)
def test_a_quiet_playout_is_the_loud_one_without_events(name, policy):
    for seed in (1, 2):
        loud, quiet = _twin_playout(name, seed, policy)
        assert [(s.seat, s.action) for s in quiet.history] == [
            (s.seat, s.action) for s in loud.history
        ]
        assert list(quiet.chance.log) == list(loud.chance.log)
        assert quiet.is_terminal() and loud.is_terminal()
        assert quiet.scores() == loud.scores()
        assert quiet.returns() == loud.returns()
        assert len(loud.events) > 0
        assert len(quiet.events) == 0 and isinstance(quiet.events, NullLog)
        assert quiet.chance.sink is None and not quiet.loud


@pytest.mark.parametrize("name", GAMES)
def test_a_quiet_state_refuses_what_needs_its_events(name):
    game = get_game(name)
    state = game.new_state(_players(name), 3)
    state.apply_unchecked(state.legal_actions()[0])
    state.quiet()
    seat = state.current_player if state.current_player >= 0 else 0
    with pytest.raises(QuietStateError, match="quiet"):
        state.events_for(seat)
    with pytest.raises(QuietStateError, match="quiet"):
        PlayerView(state, seat).events()
    with pytest.raises(QuietStateError, match="quiet"):
        state.determinize(seat, random.Random(0))
    with pytest.raises(QuietStateError, match="record"):
        Record.from_state(state)
    assert state.undoable(seat) == 0
    # the observation reads no events: a quiet state still shows the table
    assert state.observation(seat) is not None


def test_quiet_is_in_place_and_idempotent():
    state = get_game("sobek").new_state(3, 1)
    assert state.quiet() is state
    events = state.events
    assert state.quiet() is state and state.events is events


def test_who_may_play_a_quiet_state():
    assert not reads_events(None)  # uniform random play
    assert not reads_events(RandomAgent())
    assert not reads_events(get_game("khufu").heuristic_agent())  # reads the table only
    assert not reads_events(get_game("sobek").heuristic_agent())  # the table and its recall
    for name in ("abu_simbel", "mummy", "ramses"):  # they remember what they saw
        assert reads_events(get_game(name).heuristic_agent())
    assert quiet_playouts(get_game("ramses"), "random")
    assert not quiet_playouts(get_game("ramses"), "playout")
    assert quiet_playouts(get_game("sobek"), "playout")


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_with_quiet_copies_chooses_as_with_loud_ones(name):
    """Random rollouts on quiet copies: the same draws, so the same tree and choice."""
    _quiet_and_loud_choose_alike(name, "random")


@pytest.mark.parametrize("name", ["khufu", "sobek"])
def test_heuristic_rollouts_on_quiet_copies_choose_as_on_loud_ones(name):
    """A heuristic that reads no events plays its rollouts on quiet copies: the same tree
    and choice as on loud ones."""
    _quiet_and_loud_choose_alike(name, "heuristic")


def _quiet_and_loud_choose_alike(name: str, rollout: str) -> None:
    game = get_game(name)
    n = _players(name)
    state = game.new_state(n, 5)
    choose = mover(game, n, 5, "playout")
    for _ in range(12):  # a little way into the game, to a real decision
        state.apply_unchecked(choose(state))
    while len(state.legal_actions()) < 2:
        state.apply_unchecked(choose(state))
    seat = state.current_player
    results = []
    for quiet in (True, False):
        agent = ISMCTSAgent(game, iterations=40, rollout=rollout, reuse=False)
        assert agent.quiet_copies
        agent.quiet_copies = quiet
        action = agent.act(PlayerView(state, seat), random.Random(11))
        results.append((action, agent.last["ranking"]))
    assert results[0] == results[1]


def test_ismcts_keeps_loud_copies_for_a_rollout_player_that_reads_events():
    assert not ISMCTSAgent(get_game("ramses"), iterations=1).quiet_copies
    assert ISMCTSAgent(get_game("khufu"), iterations=1).quiet_copies
    assert ISMCTSAgent(get_game("sobek"), iterations=1).quiet_copies


def test_bench_reports_the_quiet_step_beside_the_loud_one():
    row = bench_game(get_game("ramses"), 3, runs=1, seconds=0.05)
    assert row["quiet_us_per_step"] > 0 and row["us_per_step"] > 0
    assert row["quiet_us_per_clone"] > 0
    row = bench_game(get_game("mummy"), 2, runs=1, seconds=0.05, policy="playout")
    assert row["quiet_us_per_step"] is None  # its playout player reads events
