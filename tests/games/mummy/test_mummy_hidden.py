"""Hidden information (mummy:14): what the mummy may know, and nothing else."""

from __future__ import annotations

import json
import random

import pytest
from mummy_helpers import GAME, new, place, roll, start_turn

from obelisk.core import PlayerView
from obelisk.games.mummy.actions import Choose, Move, Reroll, Resolve

S = (10, 4)
ALL = ["1", "2", "3", "4", "arrow"]
SECRET_ACTIONS = {"move", "arrow", "reroll"}


def random_states(n, seed, steps=400, **opts):
    """The states of a random game (the same object, mutated)."""
    rng = random.Random(seed)
    s = GAME.new_state(n, seed, opts or {"max_rounds": 12})
    yield s
    for _ in range(steps):
        if s.is_terminal():
            return
        s.apply(rng.choice(s.legal_actions()))
        yield s


def mummy_view(s):
    return json.dumps([s.observation(0), s.events_for(0), s.to_text(0)], sort_keys=True)


@pytest.mark.rules("mummy:14")
@pytest.mark.parametrize("n", [2, 3, 5])
def test_leak_no_mummy_observation_depends_on_explorer_positions(n):
    """The leak test: moving every explorer elsewhere (and re-dealing the hands, re-rolling
    the dice) changes nothing the mummy is shown: observation, events, text view."""
    moved = 0
    for s in random_states(n, seed=n):
        view = mummy_view(s)
        for k in range(2):
            d = s.determinize(0, random.Random(k))
            assert mummy_view(d) == view
            moved += d.pos != s.pos
            # and by hand: any other fields at all
            c = s.clone()
            free = [x for x in range(c.board.size) if x != c.mummy]
            random.Random(k).shuffle(free)
            c.pos = [free[i] if p >= 0 else -1 for i, p in enumerate(c.pos)]
            assert json.dumps([c.observation(0), c.to_text(0)], sort_keys=True) == json.dumps(
                [s.observation(0), s.to_text(0)], sort_keys=True
            )
    assert moved > 0


@pytest.mark.rules("mummy:14")
def test_mummy_stream_holds_no_secret():
    """Behaviour 19: no positions, destinations, arrow directions, rolls, reroll counts or
    declined resolutions reach the mummy; announcements, aside, cards, captures do."""
    for s in random_states(3, seed=11, steps=1500, max_rounds=30):  # noqa: B007
        pass
    ev = s.events_for(0)
    text = json.dumps(ev)
    assert '"positions"' not in text
    for e in ev:
        if e["kind"] == "action":
            assert e["action"]["kind"] not in SECRET_ACTIONS
            assert e["action"] != {"kind": "resolve", "yes": False}
        if e["kind"] == "chance":
            assert e["label"] == "mummy die"
    kinds = {e["kind"] for e in ev}
    assert {"setup", "turn", "moved", "mummy_move", "action"} <= kinds
    assert any(e.get("action", {}).get("kind") == "choose" and "aside" in e for e in ev)
    # the explorers see it all
    ex = s.events_for(1)
    assert any(e["kind"] == "action" and e["action"]["kind"] in ("move", "arrow") for e in ex)
    assert any(e["kind"] == "chance" and e["label"] == "roll" for e in ex)


@pytest.mark.rules("mummy:14", "mummy:7.5")
def test_stream_order_and_aside_only_with_announcements():
    """Behaviour 25: turn, resolution + intermediate move, announcement with aside, card or
    no card; rerolls reveal nothing, not even the growing aside."""
    s = new(3)
    place(s, {0: (9, 3), 1: S}, (0, 0))
    mark = len(s.events)
    start_turn(s, 0, aside=2)
    s.apply(Resolve(True))
    roll(s, ["mummy", "1", "1", "1", "1"])
    for _ in range(2):
        s.apply(s.legal_actions()[0])
    assert s.observation(0)["aside"] == 0 and s.aside == 1
    roll(s, ["mummy", "mummy", "1", "2"])
    before = mummy_view(s)
    s.apply(Reroll())
    assert mummy_view(s) == before  # a reroll shows the mummy nothing
    assert s.observation(0)["aside"] == 0 and s.observation(1)["aside"] == 3
    s.apply(Choose("2"))
    assert s.observation(0)["aside"] == 3
    s.apply(s.legal_actions()[0])
    seen = [
        e["kind"] if e["kind"] != "action" else e["action"]["kind"] for e in s.events_for(0, mark)
    ]
    assert seen[:7] == ["turn", "resolve", "resolve", "mummy_move", "step", "step", "choose"]
    assert seen[7:9] == ["moved", "turn"]


@pytest.mark.rules("mummy:14")
def test_explorers_see_positions_and_only_their_own_hand():
    s = new(4, seed=5)
    o1, o2 = s.observation(1), s.observation(2)
    assert o1["positions"] == [[10, 4]] * 3 and o1["hand"] == list(s.hands[1])
    assert o2["hand"] == list(s.hands[2]) and o1["hand"] != o2["hand"]
    assert o1["hand_colours"][2] == {"yellow": 1, "green": 1, "white": 1, "red": 1, "blue": 1}
    assert "positions" not in s.observation(0) and "positions" not in s.observation(None)
    assert "hand" not in s.observation(None) and "dice" not in s.observation(0)
    text = s.to_text(1)
    assert "Your cards:" in text and "Your cards" not in s.to_text(0)
    assert "|3S |" in text and "|3S |" not in s.to_text(0) and "| S |" in s.to_text(0)


@pytest.mark.rules("mummy:14")
def test_determinize_for_an_explorer_redeals_only_other_hands():
    s = new(4, seed=5)
    d = s.determinize(1, random.Random(3))
    assert d.hands[1] == s.hands[1] and d.pos == s.pos
    assert [d._colours(x) for x in range(4)] == [s._colours(x) for x in range(4)]
    differs = any(s.determinize(1, random.Random(k)).hands[2] != s.hands[2] for k in range(10))
    assert differs


@pytest.mark.rules("mummy:14", "mummy:17")
def test_determinize_for_the_mummy_keeps_an_announced_move_possible():
    s = new(3)
    place(s, {0: (9, 3), 1: S}, (0, 0))
    start_turn(s, 0, roll=ALL)
    s.apply(Choose("4"))
    for k in range(10):
        d = s.determinize(0, random.Random(k))
        assert d.legal_actions() and all(a.kind == "move" for a in d.legal_actions())
        d.check_invariants()


@pytest.mark.rules("mummy:14")
def test_same_seed_same_actions_same_log():
    """Behaviour 20: determinism."""
    a = [e.to_json() for e in next_states(7)]
    b = [e.to_json() for e in next_states(7)]
    assert a == b


def next_states(seed):
    for s in random_states(3, seed, steps=300):  # noqa: B007
        pass
    return s.events


@pytest.mark.rules("mummy:14")
def test_player_view_of_the_mummy():
    s = new(3)
    v = PlayerView(s, 0)
    assert v.legal_actions() == []
    assert v.observation()["role"] == "mummy"
    assert Move(9, 4).text() == "move E10"


@pytest.mark.rules("mummy:14")
def test_nothing_can_be_taken_back():
    """Every decision is announced or draws chance: undo is off for this game."""
    s = new(3)
    s.apply(s.legal_actions()[0])
    assert s.undoable(s.current_player) == 0 and not GAME.capabilities.undo
