"""A two-player Khufu game (khufu:2.3, behind its option) replays from its record."""

from __future__ import annotations

import json

import pytest

from obelisk.core import InvalidOptions, Record, get_game, replay
from obelisk.core.conformance import views


@pytest.mark.rules("khufu:2.3")
def test_two_player_record_replays():
    g = get_game("khufu")
    opts = g.make_options({"allow_two_players": True})
    state = g.new_state(2, 3, opts)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[0])
    again = replay(Record.from_json(json.loads(Record.from_state(state).dumps())))
    assert views(again) == views(state)


def test_two_players_need_the_option():
    with pytest.raises(InvalidOptions, match="allow_two_players"):
        get_game("khufu").new_state(2, 0)
