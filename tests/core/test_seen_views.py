"""The per-seat event views of determinized copies: cached once per position, always exact."""

from __future__ import annotations

import random

from obelisk.core import PlayerView
from obelisk.core.events import redact, visible_to
from tinycards import TINY


def _played(steps: int):
    state = TINY.new_state(3, 5)
    rng = random.Random(5)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def _expected(copy, seat):
    return redact([e for e in copy.events if visible_to(e, seat)], seat)


def test_every_seat_of_a_copy_sees_exactly_its_share_of_the_copy_events():
    state = _played(4)
    for observer in range(3):
        for k in range(3):  # the second and third copies use the cached views
            copy = state.determinize(observer, random.Random(k))
            for seat in range(3):
                assert copy.seen_events_for(seat) == _expected(copy, seat)


def test_copies_stay_exact_after_they_move_on():
    state = _played(3)
    first = state.determinize(0, random.Random(1))
    second = state.determinize(0, random.Random(2))
    rng = random.Random(3)
    for copy in (first, second):
        for _ in range(3):
            if copy.is_terminal():
                break
            copy.apply(rng.choice(copy.legal_actions()))
        for seat in range(3):
            assert PlayerView(copy, seat).events() == _expected(copy, seat)


def test_the_cache_follows_the_real_game():
    state = _played(2)
    before = state.determinize(1, random.Random(0))
    state.apply(random.Random(9).choice(state.legal_actions()))
    after = state.determinize(1, random.Random(0))
    assert len(after.events) >= len(before.events)
    for seat in range(3):
        assert after.seen_events_for(seat) == _expected(after, seat)


def test_json_forms_are_shared_between_reads_and_copies():
    """A seat re-reading its past gets the same dicts, in the game and in its copies, so an
    agent comparing what it read before (Ramses' memory bots) compares by identity."""
    state = _played(4)
    for seat in range(3):
        first = state.seen_events_for(seat)
        again = state.seen_events_for(seat)
        assert first == _expected(state, seat)
        assert all(a is b for a, b in zip(first, again, strict=True))
    copy = state.determinize(1, random.Random(7))
    for seat in range(3):
        mine = copy.seen_events_for(seat)
        assert mine == _expected(copy, seat)
    theirs = state.seen_events_for(1)
    assert all(a is b for a, b in zip(copy.seen_events_for(1), theirs, strict=True))
    assert state.seen_events_for(1, 2) == state.seen_events_for(1)[2:]
