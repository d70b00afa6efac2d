"""``--max-rooms`` counts the unfinished rooms a server holds: a room past it is refused with
a clear reason, and a finished room still in memory does not count."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from obelisk.core import register
from obelisk.server.config import ServerConfig, ServerError
from obelisk.server.lobby import Lobby
from obelisk.server.room import FINISHED
from obelisk.server.timing import FakeClock

TWO = [{"kind": "human"}, {"kind": "human"}]


def test_the_room_limit_counts_unfinished_rooms_only(tmp_path: Path) -> None:
    import tinycards

    register(tinycards.GAME)

    async def go() -> None:
        config = ServerConfig(db=str(tmp_path / "rooms.sqlite3"), max_rooms=2)
        lobby = Lobby(config, FakeClock())
        await lobby.start()
        try:
            first = await lobby.create("tiny", 2, TWO, options={"deck_size": 6, "hand_size": 1})
            await lobby.create("tiny", 2, TWO)
            with pytest.raises(ServerError, match="holds 2 unfinished rooms, its limit") as e:
                await lobby.create("tiny", 2, TWO)
            assert e.value.status == 503 and len(lobby.rooms) == 2
            # the first room is played to its end: it stays in memory but no longer counts
            await first.join(0, "Ann")
            await first.join(1, "Bob")
            while first.status != FINISHED:
                state = first._state
                action = state.legal_actions()[0].to_json()
                await first.act(state.current_player, {"action": action})
            assert first.id in lobby.rooms
            await lobby.create("tiny", 2, TWO)
            assert len(lobby.rooms) == 3
        finally:
            await lobby.stop()

    asyncio.run(go())
