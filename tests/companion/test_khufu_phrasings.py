"""Khufu says each order in several ways (issue 36): a repeated order is not the same
audio, and every way of saying an order gives exactly the same instruction."""

from __future__ import annotations

import itertools
import random
import re
import string
from collections import defaultdict

import pytest

from obelisk.companion import speech
from obelisk.companion.khufu import KhufuSession, Player
from obelisk.companion.khufu_orders import (
    ORDER_LINES,
    STOPS,
    Table,
    _tax_lines,
    order_words,
    phrasings,
)
from obelisk.games.khufu import components as K

NAMES = ["Ann", "Bob", "Cleo", "Dan"]


def _own_words(text: str) -> str:
    """An order's speech without its opening "Stop!" (one of :data:`STOPS`)."""
    stop = next(s for s in STOPS if text.startswith(s))
    return text[len(stop) :].strip()


def _game(seed: int) -> KhufuSession:
    s = KhufuSession([Player(n) for n in NAMES], seed)
    s.start()
    s.tick(45 * 60)
    return s


@pytest.mark.rules("khufu:14.7")
def test_a_repeated_order_is_never_said_the_same_way_twice_in_a_row():
    kinds = set()
    for seed in range(4):
        by_order: dict[str, list[str]] = defaultdict(list)
        for m in _game(seed).moments:
            if m.kind == "order":
                by_order[str(m.event)].append(_own_words(m.speech))
        for eid, said in by_order.items():
            kinds |= {eid} if len(said) > 1 else set()
            for a, b in itertools.pairwise(said):
                assert a != b, eid
    assert len(kinds) >= 8  # repeated order kinds seen in these four games


@pytest.mark.rules("khufu:14.7")
def test_the_same_seed_says_the_same_words():
    assert [m.speech for m in _game(7).moments] == [m.speech for m in _game(7).moments]


@pytest.mark.rules("khufu:14.7")
@pytest.mark.parametrize("eid", list(K.EVENT_INDEX))
def test_every_phrasing_of_an_order_gives_the_same_order(eid):
    """Same draws, same table, same structured order; the same names and numbers."""
    assert phrasings(eid) >= 3
    for seed in range(6):
        made = []
        for p in range(phrasings(eid)):
            table = Table(list(NAMES), ["FALCON", "CAT", "KING", None], 1)
            rng = random.Random(seed)
            o = order_words(eid, table, rng, p)
            made.append(
                (o.event, o.number, o.title, o.detail, table.lucky, table.sarcophagus, rng.random())
            )
        assert all(m == made[0] for m in made), eid
    if eid in ORDER_LINES:
        lines = ORDER_LINES[eid]
    elif eid == "PHARAOHS_TAX":
        lines = _tax_lines(5)
    else:
        return  # the taunts say nothing to do
    fields = [{f for _, f, _, _ in string.Formatter().parse(line) if f} for line in lines]
    assert all(f == fields[0] for f in fields), eid
    numbers = [sorted(re.findall(r"\d+|two|three", line)) for line in lines]
    assert all(n == numbers[0] for n in numbers), eid
    assert len(set(lines)) == len(lines)


@pytest.mark.skipif(speech.espeak() is None, reason="espeak-ng is not installed")
def test_a_repeated_order_is_other_audio():
    said = [m for m in _game(2).moments if m.kind == "order"]
    first = next(m for m in said if sum(o.event == m.event for o in said) > 1)
    again = next(m for m in said if m.event == first.event and m.index > first.index)
    assert speech.render(first.speech) != speech.render(again.speech)
