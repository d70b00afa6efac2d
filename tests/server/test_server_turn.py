"""The turn context in every state message: public, the same for every reader but ``your_turn``."""

from __future__ import annotations

import random

import pytest

from obelisk.core import TurnContext, all_games, get_game
from obelisk.server import protocol


def _frame(state, seat):  # type: ignore[no-untyped-def]
    return protocol.state_frame(
        state, seat, room="r", status="playing", events=[], seen=0, decision=1
    )


@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_every_reader_gets_the_same_context_but_your_turn(name: str) -> None:
    game = get_game(name)
    state = game.new_state(game.min_players, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        if state.is_terminal():
            break
        readers = [None, *range(state.num_players)]
        ctxs = [_frame(state, s)["ctx"] for s in readers]
        assert all({**c, "your_turn": None} == {**ctxs[0], "your_turn": None} for c in ctxs)
        assert [c["your_turn"] for c in ctxs] == [
            s is not None and s == state.current_player for s in readers
        ]
        assert ctxs[0]["to_move"] == state.current_player
        state.apply_unchecked(rng.choice(state.legal_actions()))


def test_the_context_of_a_finished_game_holds_its_outcome() -> None:
    game = get_game("sobek")
    state = game.new_state(2, seed=2)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_unchecked(rng.choice(state.legal_actions()))
    ctx = _frame(state, 0)["ctx"]
    assert ctx["to_move"] is None and ctx["your_turn"] is False
    over = protocol.game_over_frame(state, "r")
    assert ctx["outcome"] == {k: over[k] for k in ("scores", "returns", "winners")}


def test_the_clock_message_carries_the_contexts_clock_shape() -> None:
    state = get_game("khufu").new_state(3, seed=1, options={"clock": "realtime"})
    frame = protocol.clock_frame(state, "r", 1.0, False)
    assert frame["clock"] == _frame(state, None)["ctx"]["clock"]
    assert set(frame["clock"]) == {"name", "remaining", "total", "running", "paused_by"}


def test_the_server_says_why_it_holds_the_clock() -> None:
    state = get_game("khufu").new_state(3, seed=1)
    while TurnContext.of(state).clock.paused_by:  # type: ignore[union-attr]
        state.apply(state.legal_actions()[0])
    frame = protocol.state_frame(
        state,
        None,
        room="r",
        status="playing",
        events=[],
        seen=0,
        decision=0,
        paused_by="no player connected",
    )
    assert frame["ctx"]["clock"]["paused_by"] == "no player connected"
