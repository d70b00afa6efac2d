"""The rulebook test kit (``tests/rulebook.py``) on the test game: ``refuses`` passes only
for the rule named and an unchanged state."""

from __future__ import annotations

import pytest

from rulebook import new, play, refuses
from tinycards import TINY, Play


def test_new_and_play_by_action_or_by_text():
    s = new(TINY, 2, seed=3)
    card = s.legal_actions()[0]
    play(s, card, "1")
    assert len(s.history) == 2


def test_refuses_returns_the_refusal_in_words():
    s = new("tiny", 2, seed=3)
    assert "is not in your hand" in refuses(s, Play(99), "tiny:2")
    assert "is not in your hand" in refuses(s, "play 99", "tiny:2")


def test_refuses_fails_on_another_rule():
    s = new("tiny", 2, seed=3)
    with pytest.raises(AssertionError, match="refused by tiny:2, not tiny:3"):
        refuses(s, Play(99), "tiny:3")


def test_refuses_fails_on_a_legal_action():
    s = new("tiny", 2, seed=3)
    with pytest.raises(pytest.fail.Exception):
        refuses(s, s.legal_actions()[0], "tiny:2")
