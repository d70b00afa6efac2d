"""Two server processes on one PostgreSQL database serve one site (``--cluster-url``).

A room is held by one process (a lease); a request for it that reaches the other is
passed on (HTTP forwarded, WebSocket relayed); when the holder is killed with ``kill -9``
the other takes its rooms over within seconds, and every acknowledged action is there.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import (
    Client,
    ServerProc,
    drop_pg_database,
    free_port,
    fresh_pg_database,
    play_humans,
)

from obelisk.server.leases import Holder, Leases
from obelisk.server.store import RoomRow, Store

PG = os.environ.get("OBELISK_TEST_PG_URL")

needs_pg = pytest.mark.skipif(
    PG is None, reason="OBELISK_TEST_PG_URL is not set (.ci/run starts PostgreSQL and sets it)"
)

LEASE = 2.0  # seconds: the other process takes over within about this, plus a renewal


def _process(db: str, port: int) -> ServerProc:
    url = f"http://127.0.0.1:{port}"
    return ServerProc(db, "--cluster-url", url, "--lease-seconds", str(LEASE), port=port).start()


def _row(room_id: str, status: str, created_at: float) -> RoomRow:
    return RoomRow(
        id=room_id,
        game="tiny",
        num_players=2,
        seed=1,
        options={},
        seats=[],
        setup_chance=[],
        status=status,
        result=None,
        created_at=created_at,
        salt="00",
        seed_chosen=False,
        updated_at=created_at,
    )


def test_a_lease_is_held_by_one_process_until_it_runs_out(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "site.sqlite3"))
    a = Leases(store, "a", "http://a:1/", 10.0)
    b = Leases(store, "b", "http://b:2", 10.0)
    assert a.take("r1", now=100.0) is None
    assert a.take("r1", now=101.0) is None  # taking one's own again renews it
    assert b.take("r1", now=105.0) == Holder("a", "http://a:1")
    assert a.renew(now=108.0) == {"r1"}  # runs to 118 now
    assert b.take("r1", now=117.0) == Holder("a", "http://a:1")
    assert b.take("r1", now=118.5) is None  # a stopped renewing: b takes it over
    assert a.renew(now=119.0) == set()  # and a learns it lost it
    b.give_up(["r1"])
    assert a.take("r1", now=119.5) is None
    store.close()


def test_the_rooms_nobody_holds_are_found_for_taking_over(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "site.sqlite3"))
    for rid, status, at in [
        ("played", "playing", 50.0),
        ("held", "playing", 40.0),
        ("new", "waiting", 95.0),
        ("old", "waiting", 10.0),
        ("over", "finished", 5.0),
    ]:
        store.create_room(_row(rid, status, at))
    a = Leases(store, "a", "http://a:1", 10.0)
    assert a.take("held", now=90.0) is None
    # a waiting room runs nothing: only one nobody took for the waiting time is swept up
    assert a.orphans(now=100.0, waiting_for=60.0) == ["old", "played"]
    assert a.orphans(now=100.0, waiting_for=0.0) == ["played"]
    assert a.orphans(now=101.0, waiting_for=0.0) == ["held", "played"]  # its lease ran out
    store.close()


@pytest.fixture
def site() -> Any:
    assert PG is not None
    db = fresh_pg_database(PG)
    a = _process(db, free_port())
    b = _process(db, free_port())
    yield a, b
    for p in (a, b):
        if p.proc is not None and p.proc.poll() is None:
            p.stop()
    drop_pg_database(db)


def _seats() -> list[dict[str, Any]]:
    return [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}]


@needs_pg
def test_either_process_serves_a_room_the_other_holds(site: tuple[ServerProc, ServerProc]) -> None:
    a, b = site
    room = a.create("tiny", _seats(), seed=3, options={"deck_size": 16, "hand_size": 4})["id"]
    # the room's summary, a join and the lobby list, asked of the process that does not hold it
    assert b.get(f"/api/rooms/{room}").json()["id"] == room
    tokens = [b.join(room, 0), a.join(room, 1)]
    assert [r["id"] for r in b.get("/api/rooms").json()] == [room]
    assert b.get("/api/rooms/nope").status_code == 404

    async def play() -> None:
        # seat 1 plays through the process that does not hold the room (relayed)
        clients = [
            await Client(b.ws(room), tokens[0]).connect(),
            await Client(a.ws(room), tokens[1]).connect(),
        ]
        await play_humans(clients, random.Random(1), timeout=60)
        for c in clients:
            await c.close()

    asyncio.run(play())
    full = a.full_record(room)
    assert full["result"] is not None
    assert b.full_record(room) == full


@needs_pg
def test_kill_9_the_holder_and_the_other_process_goes_on(
    site: tuple[ServerProc, ServerProc],
) -> None:
    a, b = site
    room = a.create("tiny", _seats(), seed=21, options={"deck_size": 16, "hand_size": 4})["id"]
    tokens = [a.join(room, 0), b.join(room, 1)]

    async def before() -> list[Client]:
        clients = [await Client(a.ws(room), t).connect() for t in tokens]
        await play_humans(clients, random.Random(1), max_actions=6, timeout=30)
        return clients

    clients = asyncio.run(before())
    acked = [list(c.acked) for c in clients]
    assert sum(map(len, acked)) >= 6  # both players may have had one in flight
    a.kill()
    started = time.monotonic()
    # the other process takes the room over by itself once the lease has run out
    while time.monotonic() - started < 10 * LEASE:
        reply = httpx.get(b.http + f"/api/rooms/{room}", timeout=5)
        if reply.status_code == 200:
            break
        time.sleep(0.2)
    took = time.monotonic() - started
    assert reply.status_code == 200, reply.text
    assert took < 3 * LEASE, f"the room was taken over after {took:.1f} s"

    finish_after_failover(b, b.ws(room), room, tokens, acked)


def finish_after_failover(
    survivor: ServerProc, ws: str, room: str, tokens: list[str], acked: list[list[Any]]
) -> None:
    """Both players reconnect at ``ws`` and play to the end on the process that took the
    room over; every action acknowledged before the kill is in its record."""

    async def after() -> None:
        clients = [await Client(ws, t).connect() for t in tokens]
        await play_humans(clients, random.Random(2), timeout=60)
        for c in clients:
            await c.close()

    asyncio.run(after())
    full = survivor.full_record(room)
    assert full["result"] is not None
    for seat in (0, 1):
        mine = [st["action"] for st in full["steps"] if st["seat"] == seat]
        assert mine[: len(acked[seat])] == acked[seat], "an acknowledged action was lost"


def test_a_room_on_its_way_in_keeps_its_lease_through_a_renewal(tmp_path: Path) -> None:
    """A renewal that runs while a room is being loaded (its lease taken, the room not yet
    among the held ones) must not give the lease up: the room would be lost at once."""
    import tinycards
    from obelisk.core import register
    from obelisk.server.config import ServerConfig
    from obelisk.server.lobby import Lobby
    from obelisk.server.timing import FakeClock

    register(tinycards.GAME)

    async def go() -> None:
        cfg = ServerConfig(db=str(tmp_path / "site.sqlite3"), cluster_url="http://127.0.0.1:1")
        lobby = Lobby(cfg, FakeClock())
        await lobby.start()
        try:
            room = await lobby.create("tiny", 2, [{"kind": "human"}, {"kind": "human"}])
            assert room.id not in lobby.rooms  # a waiting room: held by its first player's process
            assert await lobby._lease(room.id) is None  # a load has taken the lease ...
            await lobby.tend_leases()  # ... when the renewal runs
            assert lobby.leases is not None
            assert lobby.leases.renew(lobby.clock.time()) == {room.id}
            lobby._arriving.discard(room.id)
            await lobby.tend_leases()  # never loaded after all: given up
            assert lobby.leases.renew(lobby.clock.time()) == set()
        finally:
            await lobby.stop()

    asyncio.run(go())


async def _racing_lobby(tmp_path: Path) -> tuple[Any, Any]:
    """A started lobby of a site (leases on, SQLite) with one waiting room of the test game,
    its reads on storage threads as on PostgreSQL, where a renewal and a taking of a lease
    can run at once."""
    import tinycards
    from obelisk.core import register
    from obelisk.server.config import ServerConfig
    from obelisk.server.lobby import Lobby
    from obelisk.server.timing import FakeClock

    register(tinycards.GAME)
    cfg = ServerConfig(db=str(tmp_path / "site.sqlite3"), cluster_url="http://127.0.0.1:1")
    lobby = Lobby(cfg, FakeClock())
    await lobby.start()
    room = await lobby.create("tiny", 2, [{"kind": "human"}, {"kind": "human"}])
    lobby._inline = False
    return lobby, room


def test_a_room_that_comes_in_during_a_renewal_is_not_taken_for_lost(tmp_path: Path) -> None:
    """A room loaded while the renewal's query runs (its lease taken after the renewal read
    this process's leases) is not in what the renewal returns, yet it is this process's:
    it must stay open (under load, 1,000 rooms opening at once, such rooms were closed as
    "taken over by another process" and their clients dropped)."""

    async def go() -> None:
        lobby, room = await _racing_lobby(tmp_path)
        try:
            assert lobby.leases is not None
            renew = lobby.leases.renew

            def renew_then_a_room_comes_in(now: float) -> set[str]:
                held = renew(now)  # read before the room's lease is taken ...
                asyncio.run_coroutine_threadsafe(lobby.get(room.id), loop).result(10)
                return held  # ... so the room is not among them

            loop = asyncio.get_running_loop()
            lobby.leases.renew = renew_then_a_room_comes_in  # type: ignore[method-assign]
            await lobby.tend_leases()
            assert room.id in lobby.rooms, "a room that came in during the renewal was closed"
            lobby.leases.renew = renew  # type: ignore[method-assign]
            await lobby.tend_leases()
            assert room.id in lobby.rooms
            assert lobby.leases.renew(lobby.clock.time()) == {room.id}
        finally:
            await lobby.stop()

    asyncio.run(go())


def test_a_lease_taken_while_the_renewal_runs_is_not_given_up(tmp_path: Path) -> None:
    """The renewal may read a lease this process has just taken before the taking returns
    (the two run on storage threads): the room is on its way in, and its lease must not be
    given up as forgotten (the room was then served without a lease, and closed at the next
    renewal as "taken over by another process")."""
    import threading

    async def go() -> None:
        lobby, room = await _racing_lobby(tmp_path)
        try:
            assert lobby.leases is not None
            leases = lobby.leases
            taken, renewed = threading.Event(), threading.Event()
            take = leases.take

            def take_and_linger(room_id: str, now: float) -> Any:
                held = take(room_id, now)  # the lease is committed ...
                taken.set()
                renewed.wait(10)  # ... and the renewal runs before the taking returns
                return held

            leases.take = take_and_linger  # type: ignore[method-assign]
            loading = asyncio.ensure_future(lobby.get(room.id))
            await asyncio.get_running_loop().run_in_executor(None, taken.wait, 10)
            await lobby.tend_leases()
            renewed.set()
            await loading
            leases.take = take  # type: ignore[method-assign]
            assert leases.renew(lobby.clock.time()) == {room.id}, "the new lease was given up"
            await lobby.tend_leases()
            assert room.id in lobby.rooms
        finally:
            await lobby.stop()

    asyncio.run(go())
