"""Real-time games run on the server's clock: ticks from wall time, events pushed live.

Found through the registry (``capabilities.realtime_clock``); skipped, saying
so, while no such game is registered. The shared test server runs the clock
600 times faster than the wall, so a 45-minute countdown lasts seconds.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from server_helpers import Client, ServerProc, play_humans, served_games
from server_leakcheck import _positions, check_messages

from obelisk.agents import levels, make_agent
from obelisk.core import PlayerView, Record, all_games
from obelisk.server import protocol
from obelisk.server.clock import Ticker, has_clock, realtime_options

REALTIME = [g.name for g in all_games() if has_clock(g) and g.name in served_games()]
needs_clock = pytest.mark.skipif(not REALTIME, reason="no real-time game is registered yet")


@needs_clock
@pytest.mark.parametrize("name", REALTIME)
def test_ticks_from_wall_time_and_live_events(server: ServerProc, name: str) -> None:
    game = next(g for g in all_games() if g.name == name)
    n = max(game.min_players, 2)
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (n - 1)
    summary = server.create(name, seats, seed=4)
    room = summary["id"]
    # the room was switched to wall-clock play without the creator asking
    assert summary["realtime"]
    assert summary["options"] == game.options_to_json(game.make_options(realtime_options(game, {})))
    token = server.join(room, 0)

    async def go() -> Client:
        c = await Client(server.ws(room), token).connect()
        await play_humans([c], random.Random(1), timeout=90)
        await c.drain(0.3)
        await c.close()
        return c

    c = asyncio.run(go())
    full = server.full_record(room)
    assert full["result"] is not None
    system = set(game.capabilities.system_actions)
    ticks = [i for i, s in enumerate(full["steps"]) if s["seat"] is None]
    assert ticks and all(full["steps"][i]["action"]["kind"] in system for i in ticks)
    clocks = [m for m in c.received if m["type"] == "clock"]
    assert len(clocks) >= len(ticks) // 2, "clock messages follow the ticks"
    assert [m["wall_seconds"] for m in clocks] == sorted(m["wall_seconds"] for m in clocks)
    check_messages(full, {0: [c.received]})
    # events a tick caused (the director) reach the seat at that tick, not with a later move
    states = _positions(game, Record.from_json(full))
    visible = [0]
    for e in states[-1].events:
        visible.append(visible[-1] + (e.to is None or 0 in e.to))
    frames = [m for m in c.received if m["type"] == "state"]
    first = frames[0]["seen"]
    delivered = {m["seen"] for m in frames if m["events"]}
    pushed = 0
    for i in ticks:
        n_before = visible[len(states[i].events)]
        n_after = visible[len(states[i + 1].events)]
        if n_before >= first and n_after > n_before:  # the seat may see what this tick did
            assert n_after in delivered, f"events of tick step {i} were not pushed at once"
            pushed += 1
    assert pushed, "no tick caused anything the seat could see in a whole game"


#: A seed per real-time game whose heuristic game reaches a pause.
PAUSE_SEED = {"khufu": 2}


@needs_clock
@pytest.mark.parametrize("name", REALTIME)
def test_clock_pauses_and_clock_frames_say_so(name: str) -> None:
    """Ticks during a pause (Khufu's Ultimate Challenge) leave the countdown alone, and
    the clock message the server builds says the clock is not running."""
    game = next(g for g in all_games() if g.name == name)
    level = "heuristic" if "heuristic" in levels(game) else levels(game)[-1]
    n = max(game.min_players, 2)
    # a seeded game whose heuristic players reach a pause (Khufu's Ultimate Challenge
    # after 487 steps): the same every run, so the test never skips
    for seed in (PAUSE_SEED[name],):
        state = game.new_state(n, seed, realtime_options(game, {}))
        ticker = Ticker(game)
        agents = [make_agent(game, level) for _ in range(n)]
        rng = random.Random(seed)
        while not state.is_terminal() and len(state.history) < 3000:
            before = protocol.clock_info(state)
            tick = ticker.make(7.0)
            assert tick is not None
            state.apply_system(tick)
            after = protocol.clock_info(state)
            paused = any(
                isinstance(v, dict) and v.get("paused") for v in before.values()
            ) or before.get("paused")
            if paused:
                assert after == before, "the countdown moved while paused"
                frame = protocol.clock_frame(state, "r", 7.0, after != before)
                assert frame["running"] is False
                return
            if state.is_terminal():
                break
            p = state.current_player
            state.apply(agents[p].act(PlayerView(state, p), rng))
    raise AssertionError(f"the seeded game of {name} (seed {PAUSE_SEED[name]}) brought no pause")
