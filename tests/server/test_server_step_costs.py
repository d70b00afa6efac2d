"""What the server's step no longer pays for (issue 37, the server step): a computer player
level proven quick in one room moves inline from its first move in the next; an action's
wire and text forms are computed once; the seats' names are read again only when the
seats change; ``obelisk serve`` freezes its start-up heap out of the collector's walks."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path
from types import SimpleNamespace

from obelisk.server import bots, heap, protocol
from obelisk.server.config import ServerConfig
from obelisk.server.lobby import Lobby
from tinycards import Play


def _room(lobby: SimpleNamespace) -> SimpleNamespace:
    return SimpleNamespace(
        game=SimpleNamespace(name="tiny"),
        row=SimpleNamespace(seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}]),
        lobby=lobby,
        _quick={},
    )


def test_a_level_proven_quick_in_one_room_moves_inline_in_the_next() -> None:
    lobby = SimpleNamespace(quick_levels={})
    first, second = _room(lobby), _room(lobby)
    assert not bots.quick(first, 1)  # nothing known yet: its first move goes to the pool
    bots._note_speed(first, 1, True)
    assert bots.quick(first, 1)
    assert bots.quick(second, 1)  # the same level of the same game, before its first move
    assert second._quick == {}


def test_a_slow_move_sends_the_level_back_to_the_pool_in_new_rooms_only() -> None:
    lobby = SimpleNamespace(quick_levels={})
    first, second = _room(lobby), _room(lobby)
    bots._note_speed(first, 1, True)
    bots._note_speed(second, 1, False)  # slow once, in the second room
    assert not bots.quick(second, 1)
    assert bots.quick(first, 1)  # the first room's own finding stands
    assert not bots.quick(_room(lobby), 1)  # a new room starts from the latest finding


def test_an_actions_forms_are_computed_once() -> None:
    wire, text = protocol.forms(Play(3))
    assert (wire, text) == (Play(3).to_json(), Play(3).text())
    assert protocol.forms(Play(3))[0] is wire  # an equal action shares them


def test_the_names_follow_the_seats(tmp_path: Path) -> None:
    async def go() -> tuple[tuple[str, ...], tuple[str, ...]]:
        lobby = Lobby(ServerConfig(db=str(tmp_path / "n.sqlite3")))
        try:
            room = await lobby.create(
                "sobek", 2, [{"kind": "human"}, {"kind": "human"}], trusted=True
            )
            before = room.names()
            await room.join(1, "Bob")
            after = room.names()
            await room.close()
            return before, after
        finally:
            await lobby.stop()

    before, after = asyncio.run(go())
    assert before == ("Seat 1", "Seat 2")
    assert after == ("Seat 1", "Bob")


def test_settling_freezes_the_start_up_heap_and_times_the_collector() -> None:
    thresholds = gc.get_threshold()
    try:
        assert heap.settle() == gc.get_freeze_count() > 0
        assert gc.get_threshold() == heap.THRESHOLDS
        before = heap.COLLECTOR.to_json()
        gc.collect(0)
        after = heap.COLLECTOR.to_json()
        assert after["count"][0] == before["count"][0] + 1
        assert after["ms"][0] >= before["ms"][0]
    finally:
        # the rest of the test run is collected as before
        gc.unfreeze()
        gc.set_threshold(*thresholds)
        gc.callbacks.remove(heap.COLLECTOR)
