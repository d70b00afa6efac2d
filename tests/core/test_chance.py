"""Chance: seeded, logged, scriptable, copyable as one integer, the same on every machine."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from obelisk.core import Chance, ChanceError, Record, seats
from obelisk.core.conformance import play_random
from tinycards import TINY


def test_same_seed_same_draws():
    a, b = Chance(42), Chance(42)
    assert [a.randint(1, 6, "die") for _ in range(50)] == [
        b.randint(1, 6, "die") for _ in range(50)
    ]


def test_different_seeds_differ():
    a, b = Chance(1), Chance(2)
    assert [a.randint(1, 100, "d") for _ in range(20)] != [
        b.randint(1, 100, "d") for _ in range(20)
    ]


def test_generator_state_is_one_integer_and_copies_independently():
    c = Chance(5)
    c.randint(1, 6, "die")
    assert isinstance(c.state, int)
    d = c.copy(None)
    assert [c.randint(1, 6, "die") for _ in range(10)] == [
        d.randint(1, 6, "die") for _ in range(10)
    ]
    d.randint(1, 6, "die")
    assert len(d.log) == len(c.log) + 1


def test_draws_are_roughly_uniform():
    c = Chance(9)
    counts = Counter(c.randint(1, 6, "die") for _ in range(6000))
    assert set(counts) == set(range(1, 7))
    assert all(850 < n < 1150 for n in counts.values())


def test_force_randint_choice_sample_shuffle():
    c = Chance(0)
    c.force(6, "b", ["c", "a"], ["c", "b", "a"])
    assert c.randint(1, 6, "die") == 6
    assert c.choice(["a", "b", "c"], "card") == "b"
    assert c.sample(["a", "b", "c"], 2, "deal") == ["c", "a"]
    items = ["a", "b", "c"]
    c.shuffle(items, "shuffle")
    assert items == ["c", "b", "a"]
    assert c.log == [("die", 6), ("card", 1), ("deal", [2, 0]), ("shuffle", [2, 1, 0])]
    assert c.pending == 0


def test_forced_value_outside_the_domain_is_an_error():
    c = Chance(0)
    c.force(7)
    with pytest.raises(ChanceError, match=r"1\.\.6"):
        c.randint(1, 6, "die")
    c.clear_forced()
    c.force("z")
    with pytest.raises(ChanceError, match="not among"):
        c.choice(["a", "b"], "card")


def test_forced_label_must_match():
    c = Chance(0)
    c.force(3, label="die")
    with pytest.raises(ChanceError, match="'die'"):
        c.choice([1, 2, 3], "card")
    assert c.randint(1, 6, "die") == 3


def test_raw_outcomes_are_checked():
    c = Chance(0)
    c.force_raw("deal", [0, 0])
    with pytest.raises(ChanceError, match="distinct"):
        c.sample([1, 2, 3], 2, "deal")


def test_draws_are_events_with_visibility():
    sink: list = []
    c = Chance(3, sink)
    c.force(4)
    c.randint(1, 6, "die", to=seats(1))
    assert sink[0].kind == "chance"
    assert sink[0].data == {"label": "die", "value": 4}
    assert sink[0].to == frozenset({1})
    assert c.shown_to == [frozenset({1})]


def test_scripted_chance_sets_up_a_position():
    """A test deals exact hands by forcing the deal."""
    state = TINY.new_state(2, 0, forced=[[3, 1, 2], [10, 11, 12]])
    assert state.hands == [[1, 2, 3], [10, 11, 12]]
    assert state.deck == [4, 5, 6, 7, 8, 9]
    state.chance.force(9)
    state.apply(state.parse_action("play 2"))
    assert state.hands[0] == [1, 3, 9]
    assert state.points == [2, 0]


def _fingerprint_in_subprocess(hashseed: str) -> str:
    code = (
        "import sys, hashlib; sys.path.insert(0, 'tests');"
        "from tinycards import TINY; from obelisk.core import Record;"
        "from obelisk.core.conformance import play_random;"
        "s = play_random(TINY, 3, None, 1234);"
        "print(hashlib.sha256(Record.from_state(s).dumps().encode()).hexdigest())"
    )
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=root, check=True
    )
    return out.stdout.strip()


def test_same_seed_same_game_across_processes():
    here = hashlib.sha256(Record.from_state(play_random(TINY, 3, None, 1234)).dumps().encode())
    assert _fingerprint_in_subprocess("1") == _fingerprint_in_subprocess("999") == here.hexdigest()


def test_records_are_json():
    rec = Record.from_state(play_random(TINY, 2, None, 3))
    assert json.loads(rec.dumps())["seed"] == 3
