"""A clock tick that moves only the clock sends a ``clock`` message alone (issue 40, item 1).

A whole ``state`` every second made the browser redraw its table under a person's press;
the server now compares what every reader could be sent, clock entries left out, before and
after each tick (``protocol.position_key``) and sends a state only when that changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from typing import Any

from server_helpers import Client, ServerProc

from obelisk.core import get_game
from obelisk.server import protocol
from obelisk.server.clock import Ticker, realtime_options


def _timeless(state: dict[str, Any]) -> str:
    """A state message's position without its clock (what a redraw would change)."""
    obs = protocol._timeless(state["observation"])
    return json.dumps([obs, state["legal"], state["your_turn"], state["ctx"]["to_move"]])


def test_a_tick_that_moves_only_the_clock_sends_no_state(server: ServerProc) -> None:
    room = server.create(
        "khufu",
        [
            {"kind": "human"},
            {"kind": "bot", "level": "heuristic"},
            {"kind": "bot", "level": "heuristic"},
        ],
        seed=3,
        # Khufu stays away: his appearances are events, which do send a state
        options={"first_gap_seconds": [3600, 3600]},
    )["id"]
    token = server.join(room, 0)

    async def go() -> Client:
        c = await Client(server.ws(room), token).connect()
        # the pieces are chosen (the clock stands still until then)
        while not any(m["type"] == "clock" and m["running"] for m in c.received):
            m = await c.recv()
            if m["type"] == "state" and m["your_turn"]:
                await c.send({"type": "action", "action": m["legal"][0]["action"]})
        # the person thinks while the clock runs (a tick every 0.05 s)
        c.received.clear()
        end = time.monotonic() + 1.0
        while time.monotonic() < end:
            with contextlib.suppress(TimeoutError):
                await c.recv(0.2)
        await c.close()
        return c

    c = asyncio.run(go())
    clocks = [m for m in c.received if m["type"] == "clock"]
    states = [m for m in c.received if m["type"] == "state"]
    assert len(clocks) >= 5, f"the clock ran: {len(clocks)} clock messages in a second"
    moved = [m["clock"]["remaining"] for m in clocks]
    assert moved == sorted(moved, reverse=True) and moved[0] > moved[-1]
    # every state after the first brought something besides the clock
    for before, after in itertools.pairwise(states):
        assert after["events"] or _timeless(after) != _timeless(before), (
            "a state message that moved only the clock"
        )


def test_the_position_key_leaves_the_clock_out_and_sees_the_rest() -> None:
    game = get_game("khufu")
    state = game.new_state(3, 1, realtime_options(game, {"first_gap_seconds": [3600, 3600]}))
    tick = Ticker(game).make(5.0)
    assert tick is not None
    while state.observation(None)["decision"]["kind"] == "CHOOSE_PIECE":
        state.apply(state.legal_actions()[0])  # the pieces: the clock runs from now on
    key = protocol.position_key(state)
    state.apply_system(tick)
    assert protocol.clock_info(state)["clock"]["remaining"] < 2700
    assert protocol.position_key(state) == key, "five seconds of clock changed the key"
    state.apply(state.legal_actions()[0])
    assert protocol.position_key(state) != key, "a move left the key as it was"
