"""The turn context from the core: whose decision, the public counter, the clock, the outcome."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest

from obelisk.agents import make_agent
from obelisk.core import (
    SYSTEM,
    TERMINAL,
    ClockTick,
    GameClock,
    Outcome,
    PlayerView,
    Record,
    TurnContext,
    all_games,
    get_game,
)
from obelisk.core import turn as turn_module


class _Step(NamedTuple):
    seat: int


def _finished(name: str, seed: int = 3) -> Any:
    game = get_game(name)
    state = game.new_state(game.min_players, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return state


def test_the_module_constants_agree_with_the_game_module() -> None:
    assert (turn_module._SYSTEM, turn_module._TERMINAL) == (SYSTEM, TERMINAL)


def test_a_new_game_is_the_first_seats_with_nothing_passed() -> None:
    ctx = TurnContext.of(get_game("sobek").new_state(2, seed=1))
    assert (ctx.to_move, ctx.chance, ctx.turn, ctx.outcome, ctx.over) == (0, False, 0, None, False)


def test_turn_counts_changes_of_the_seat_not_a_seats_steps() -> None:
    """Three decisions of seat 1 in a row count once: the number of hidden steps never shows."""
    history = [_Step(0), _Step(0), _Step(0), _Step(1), _Step(SYSTEM), _Step(1), _Step(0)]
    assert turn_module.turns_passed(history, 0) == 2
    assert turn_module.turns_passed(history, 1) == 3
    assert turn_module.turns_passed(history, TERMINAL) == 2
    assert turn_module.turns_passed([], 0) == 0


def test_the_outcome_is_the_records_result_byte_for_byte() -> None:
    for game in all_games():
        state = _finished(game.name)
        want = {"scores": state.scores(), "returns": state.returns(), "winners": state.winners()}
        outcome = Outcome.of(state)
        assert outcome.to_json() == want
        assert Record.from_state(state).result == want
        assert Outcome.from_json(want) == outcome
        ctx = TurnContext.of(state)
        assert ctx.to_move is None and ctx.over and ctx.outcome == outcome


def test_a_game_being_played_has_no_outcome() -> None:
    with pytest.raises(ValueError, match="not over"):
        Outcome.of(get_game("sobek").new_state(2))


def test_outcome_in_words() -> None:
    assert str(Outcome((3, 1), (1.0, 0.0), (0,))) == "seat 1 wins"
    assert str(Outcome((2, 2), (0.5, 0.5), (0, 1))) == "seat 1, seat 2 share the win"
    assert str(Outcome((0, 0), (0.0, 0.0), ())) == "nobody wins"


def test_a_game_without_a_clock_has_none() -> None:
    assert TurnContext.of(get_game("ramses").new_state(3)).clock is None


def test_khufus_countdown_waits_for_luckys_first_turn() -> None:
    """khufu:4.9 the countdown starts with Lucky's first turn (the pieces are chosen first)."""
    state = get_game("khufu").new_state(3, seed=1)
    clock = TurnContext.of(state).clock
    assert clock == GameClock(
        "Khufu's countdown",
        2700,
        running=False,
        paused_by="the pieces are being chosen",
        total=2700,
    )


def test_khufus_countdown_stands_still_in_the_ultimate_challenge() -> None:
    """khufu:10.1 the countdown is paused during the Ultimate Challenge (seed 2 reaches one)."""
    game = get_game("khufu")
    tick = game.capabilities.tick
    assert tick is not None
    state = game.new_state(3, 2, {"clock": "realtime"})
    agents = [make_agent(game, "heuristic") for _ in range(3)]
    rng = random.Random(2)
    while True:
        state.apply_system(tick.make(7))
        clock = TurnContext.of(state).clock
        assert clock is not None
        if not clock.running and clock.paused_by == "the Ultimate Challenge":
            break
        p = state.current_player
        state.apply(agents[p].act(PlayerView(state, p), rng))
    state.apply_system(tick.make(7))
    assert TurnContext.of(state).clock == clock, "the countdown moved in the Challenge"
    assert clock.words().endswith("left (paused: the Ultimate Challenge)")


def test_the_server_stops_a_clock_for_its_own_reason() -> None:
    state = get_game("khufu").new_state(3, seed=1)
    while TurnContext.of(state).clock.paused_by:  # type: ignore[union-attr]
        state.apply(state.legal_actions()[0])
    ctx = TurnContext.of(state, paused_by="no player connected")
    assert ctx.clock is not None and not ctx.clock.running
    assert ctx.clock.paused_by == "no player connected"
    assert ctx.to_json()["clock"]["paused_by"] == "no player connected"


def test_khufu_declares_its_tick_as_data() -> None:
    from obelisk.games.khufu.actions import Tick

    tick = get_game("khufu").capabilities.tick
    assert tick == ClockTick(Tick, "seconds")
    assert tick.whole_seconds() and tick.make(3) == Tick(3) and tick.seconds_of(Tick(3)) == 3.0


def test_a_position_waiting_for_chance_is_nobodys_decision() -> None:
    """A state whose ``current_player`` is ``CHANCE`` (a die read off a physical box): chance's."""
    from types import SimpleNamespace

    from obelisk.core import CHANCE

    game = get_game("sobek")
    stub = SimpleNamespace(
        game=game,
        num_players=2,
        current_player=CHANCE,
        history=[_Step(0), _Step(1)],
        is_terminal=lambda: False,
    )
    ctx = TurnContext.of(stub)  # type: ignore[arg-type]
    assert (ctx.to_move, ctx.chance, ctx.turn) == (None, True, 2)
    assert ctx.to_json()["chance"] is True
