"""What the server does as time passes, on its injected clock (no sleeps): an abandoned room
ends and keeps its record, a rematch keeps its seats for a while, a disconnected seat may
be handed over after the grace period (issue 33, issue 39's injected clock)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from obelisk.core import Record
from obelisk.core.record import check_commitment
from obelisk.server import disclosure
from obelisk.server.config import ServerConfig, ServerError
from obelisk.server.conn import Conn
from obelisk.server.lobby import Lobby
from obelisk.server.room import ABANDONED, PLAYING
from obelisk.server.timing import FakeClock

TWO = [{"kind": "human"}, {"kind": "human"}]


def _run(
    tmp_path: Path, body: Callable[[Lobby, FakeClock], Awaitable[None]], **cfg: object
) -> None:
    import tinycards
    from obelisk.core import register

    register(tinycards.GAME)

    async def go() -> None:
        clock = FakeClock()
        lobby = Lobby(ServerConfig(db=str(tmp_path / "rooms.sqlite3"), **cfg), clock)  # type: ignore[arg-type]
        await lobby.start()
        try:
            await body(lobby, clock)
        finally:
            await lobby.stop()

    asyncio.run(go())


def test_a_room_nobody_comes_back_to_is_ended_and_its_record_kept(tmp_path: Path) -> None:
    async def body(lobby: Lobby, clock: FakeClock) -> None:
        room = await lobby.create("tiny", 2, TWO)
        await room.join(0, "Ann")
        await room.join(1, "Bob")
        assert room.status == PLAYING
        conn = Conn(0, lobby.config, clock=clock)
        await room.attach(conn, 0)
        clock.advance(5_000)  # Ann is here: however long, the room plays on
        await lobby.sweep()
        assert room.status == PLAYING
        await room.detach(conn)
        clock.advance(599)
        await lobby.sweep()
        assert room.status == PLAYING
        clock.advance(2)
        await lobby.sweep()
        assert room.status == ABANDONED
        assert room.id not in lobby.rooms
        stored = lobby.store.load_room(room.id)
        assert stored is not None and stored.status == ABANDONED
        again = await lobby.get(room.id)
        with pytest.raises(ServerError) as e:
            await again.join(None, "Cleo")
        assert e.value.code == ABANDONED
        # over: the record is anybody's, its seed revealed and checkable
        record = Record.from_json(disclosure.full_record_after_end(again))
        assert check_commitment(record) is True
        # an unfinished room is not reloaded after a restart
        assert room.id not in {r.id for r in lobby.store.unfinished()}

    _run(tmp_path, body, abandon_after=600.0)


def test_a_room_joined_but_never_connected_is_abandoned_too(tmp_path: Path) -> None:
    async def body(lobby: Lobby, clock: FakeClock) -> None:
        room = await lobby.create("tiny", 2, TWO)
        await room.join(0, "Ann")
        await room.join(1, "Bob")
        clock.advance(601)
        await lobby.sweep()
        assert room.status == ABANDONED

    _run(tmp_path, body, abandon_after=600.0)


def test_a_rematch_keeps_its_seats_then_opens_them(tmp_path: Path) -> None:
    async def body(lobby: Lobby, clock: FakeClock) -> None:
        room = await lobby.create("tiny", 2, TWO, kept_for=300.0)
        with pytest.raises(ServerError) as e:
            await room.join(1, "Mallory")
        assert e.value.code == "seat_kept" and "kept for its player" in e.value.message
        with pytest.raises(ServerError):
            await room.join(None, "Mallory")
        clock.advance(301)
        seat, _ = await room.join(None, "Mallory")
        assert seat == 0

    _run(tmp_path, body)


def test_a_seat_may_be_handed_over_after_the_grace_period(tmp_path: Path) -> None:
    async def body(lobby: Lobby, clock: FakeClock) -> None:
        room = await lobby.create("tiny", 2, TWO)
        _, ann = await room.join(0, "Ann")
        await room.join(1, "Bob")
        clock.advance(59)
        with pytest.raises(ServerError) as e:
            await room.replace_with_bot(1, "random", ann)
        assert e.value.code == "forbidden" and "after 60 s" in e.value.message
        clock.advance(2)
        await room.replace_with_bot(1, "random", ann)
        assert room.row.seats[1]["kind"] == "bot"

    _run(tmp_path, body, grace=60.0)


def test_one_address_cannot_fill_the_server(tmp_path: Path) -> None:
    async def body(lobby: Lobby, clock: FakeClock) -> None:
        for _ in range(3):
            await lobby.create("tiny", 2, TWO, creator="10.0.0.1")
        with pytest.raises(ServerError) as e:
            await lobby.create("tiny", 2, TWO, creator="10.0.0.1")
        assert e.value.code == "rate_limited" and "limit per client" in e.value.message
        await lobby.create("tiny", 2, TWO, creator="10.0.0.2")  # another client may

    _run(tmp_path, body, rooms_per_client=3)
