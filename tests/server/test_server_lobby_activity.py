"""The lobby tells how alive a room is (issue 40, item 4), on the server's injected clock (no
sleeps): each room's summary says when a player last did something (``active_at``), and a
room nobody came back to is listed as abandoned, never as being played."""

from __future__ import annotations

import asyncio
from pathlib import Path

from obelisk.core import register
from obelisk.server.config import ServerConfig
from obelisk.server.lobby import Lobby
from obelisk.server.room import ABANDONED, PLAYING
from obelisk.server.timing import FakeClock

TWO = [{"kind": "human"}, {"kind": "human"}]


def test_the_listing_says_when_a_room_was_last_played_and_ends_abandoned_rooms(
    tmp_path: Path,
) -> None:
    import tinycards

    register(tinycards.GAME)

    async def go() -> None:
        clock = FakeClock()
        config = ServerConfig(db=str(tmp_path / "rooms.sqlite3"), abandon_after=600.0)
        lobby = Lobby(config, clock)
        await lobby.start()
        try:
            room = await lobby.create("tiny", 2, TWO)
            await room.join(0, "Ann")
            clock.advance(30)
            await room.join(1, "Bob")
            assert room.status == PLAYING
            joined = clock.time()
            assert room.summary()["active_at"] == joined
            clock.advance(200)
            mover = room._state.current_player
            action = room._state.legal_actions()[0].to_json()
            await room.act(mover, {"action": action})
            moved = clock.time()
            listed = {r["id"]: r for r in await lobby.listing()}
            assert listed[room.id]["active_at"] == moved and listed[room.id]["status"] == PLAYING
            clock.advance(601)  # nobody came back
            await lobby.sweep()
            listed = {r["id"]: r for r in await lobby.listing()}
            assert listed[room.id]["status"] == ABANDONED
        finally:
            await lobby.stop()

    asyncio.run(go())
