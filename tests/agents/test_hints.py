"""Hints (issue 23): the seat's best honest player, and one line saying why."""

from __future__ import annotations

import random

import pytest

from obelisk.agents.hints import hint, hint_level
from obelisk.core import get_game, raw_fragment


def _first_decision(name: str, seed: int):
    game = get_game(name)
    state = game.new_state(2 if name != "khufu" else 3, seed, None)
    rng = random.Random(seed)
    while state.current_player < 0 or len(state.legal_actions()) < 2:
        state.apply(rng.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize("name", ["sobek", "mummy", "khufu", "ramses", "abu_simbel"])
def test_a_hint_says_why_in_one_line(name):
    game, state = _first_decision(name, 3)
    h = hint(game, state, state.current_player, random.Random(1))
    if h.action is None:  # a memory phase: declined, saying why
        assert h.reason and "\n" not in h.reason
        return
    assert h.action in state.legal_actions()
    line = h.line()
    assert "Why: " in line and h.reason and "\n" not in line
    assert raw_fragment(line) is None


def test_sobek_gives_its_own_reason_for_a_take():
    game = get_game("sobek")
    for seed in range(20):
        _, state = _first_decision("sobek", seed)
        h = hint(game, state, state.current_player, random.Random(seed))
        if h.action is not None and h.action.kind == "take":
            assert any(w in h.reason for w in ("corruption", "free passage"))
            return
    pytest.fail("no take hinted in 20 seeds")


def test_hints_come_from_the_hard_rung_or_the_table_never_an_oracle():
    assert hint_level(get_game("sobek")) == "hard"
    assert hint_level(get_game("khufu")) == "normal"  # Khufu's ladder stops at normal
    for name in ("ramses", "abu_simbel"):  # memory games: the table as it is now
        game, state = _first_decision(name, 2)
        assert hint(game, state, state.current_player).source in (
            "the table as it is now",
            "the rules",
        )
