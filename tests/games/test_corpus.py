"""Byte-identical behaviour (issue 39): a corpus of seeded games of every game, reduced to
a digest, equals the committed one (``corpus_check.py`` explains what it takes in)."""

from __future__ import annotations

import pytest
from corpus_check import GAMES, QUICK_SEEDS, SEEDS, digest, expected


@pytest.mark.parametrize("name", GAMES)
def test_the_quick_corpus_plays_as_before(name):
    assert list(digest(name, QUICK_SEEDS, quick=True)) == expected()["quick"][name]


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_the_whole_corpus_plays_as_before(name):
    assert list(digest(name, SEEDS)) == expected()["full"][name]
