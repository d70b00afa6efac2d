"""The Director's public schedule is the engine's own stream (khufu:14.2, 14.7, 14.10)."""

from __future__ import annotations

import random
from itertools import islice, pairwise
from typing import Any

import pytest
from khufu_helpers import realtime_orders

from obelisk.games.khufu import GAME
from obelisk.games.khufu import components as K
from obelisk.games.khufu.director import Director
from obelisk.games.khufu.options import KhufuOptions


@pytest.mark.rules("khufu:14.10", "khufu:14.2")
@pytest.mark.parametrize("seed", [0, 3, 8])
def test_the_schedule_is_what_a_realtime_engine_game_meets(seed: int) -> None:
    fired = realtime_orders(seed, 4)
    planned = [(a.at, a.event) for a in islice(Director.schedule(seed), len(fired))]
    assert fired and planned == fired


@pytest.mark.rules("khufu:14.10")
def test_the_engine_draws_its_first_due_time_from_the_same_stream() -> None:
    for seed in range(10):
        st: Any = GAME.new_state(3, seed, {"pieces": "seat_order"})
        assert st.next_due == Director(seed).first_due == next(Director.schedule(seed)).at


@pytest.mark.rules("khufu:14.10", "khufu:14.7")
def test_a_simulated_game_gives_the_same_orders_in_the_same_order() -> None:
    """The simulated clock charges seconds for every step, so the times differ; the
    orders do not: the stream depends on the seed only."""
    for seed in range(4):
        st: Any = GAME.new_state(4, seed, {"pieces": "seat_order"})
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
        ids = [
            e.data["event"]
            for e in st.events
            if e.kind == "khufu" and e.data.get("event") in K.EVENT_IDS
        ]
        assert ids and [a.event for a in islice(Director.schedule(seed), len(ids))] == ids


@pytest.mark.rules("khufu:14.2", "khufu:14.7")
def test_gaps_stay_in_bounds_and_sands_move_the_clock() -> None:
    o = KhufuOptions()
    lo, hi = o.first_gap_seconds
    sands = 0
    for seed in range(40):
        apps = list(islice(Director.schedule(seed, o), 30))
        assert lo <= apps[0].at <= hi
        for a, b in pairwise(apps):
            assert o.gap_seconds[0] <= a.gap <= o.gap_seconds[1]
            lost = o.sands_seconds if a.event == "SANDS_RUN_FAST" else 0
            assert b.at == a.at + lost + a.gap
            sands += bool(lost)
            assert K.EVENT_IDS[a.index] == a.event
    assert sands


@pytest.mark.rules("khufu:14.2")
def test_the_turns_schedule_counts_turns() -> None:
    o = KhufuOptions(schedule="turns")
    first = next(Director.schedule(5, o))
    assert o.first_gap_turns[0] <= first.at <= o.first_gap_turns[1]
    st: Any = GAME.new_state(4, 5, {"pieces": "seat_order", "schedule": "turns"})
    assert st.next_due == first.at
