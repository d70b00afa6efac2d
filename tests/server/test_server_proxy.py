"""Two processes behind nginx, configured by the block in docs/deploy.md: a game played
through the proxy goes on when the process holding its room is killed with ``kill -9``."""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from nginx_proxy import NGINX, Proxy
from server_helpers import (
    Client,
    ServerProc,
    drop_pg_database,
    free_port,
    fresh_pg_database,
    play_humans,
)
from test_server_cluster import LEASE, _process, _seats, finish_after_failover

from obelisk.server.store import leases, normalize_url

PG = os.environ.get("OBELISK_TEST_PG_URL")

pytestmark = [
    pytest.mark.skipif(PG is None, reason="OBELISK_TEST_PG_URL is not set (.ci/run sets it)"),
    pytest.mark.skipif(NGINX is None, reason="nginx is not installed (.ci/run installs it)"),
]


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[Proxy, ServerProc, ServerProc, str]]:
    assert PG is not None
    db = fresh_pg_database(PG)
    a = _process(db, free_port())
    b = _process(db, free_port())
    proxy = Proxy(tmp_path, [a.port, b.port])
    yield proxy, a, b, db
    proxy.stop()
    for p in (a, b):
        if p.proc is not None and p.proc.poll() is None:
            p.stop()
    drop_pg_database(db)


def _holder(db: str, room: str) -> str:
    engine = sa.create_engine(normalize_url(db))
    with engine.connect() as c:
        url = c.execute(sa.select(leases.c.url).where(leases.c.room_id == room)).scalar_one()
    engine.dispose()
    return str(url)


def test_a_game_through_the_proxy_survives_its_process(
    proxied: tuple[Proxy, ServerProc, ServerProc, str],
) -> None:
    proxy, a, b, db = proxied
    body: dict[str, Any] = {
        "game": "tiny",
        "seats": _seats(),
        "seed": 21,
        "options": {"deck_size": 16, "hand_size": 4},
    }
    room = httpx.post(proxy.http + "/api/rooms", json=body, timeout=10).json()["id"]
    tokens = [
        httpx.post(proxy.http + f"/api/rooms/{room}/join", json={"seat": s}, timeout=10).json()[
            "token"
        ]
        for s in (0, 1)
    ]

    async def before() -> list[list[Any]]:
        clients = [await Client(proxy.ws(room), t).connect() for t in tokens]
        await play_humans(clients, random.Random(1), max_actions=6, timeout=30)
        for c in clients:
            await c.close()
        return [list(c.acked) for c in clients]

    acked = asyncio.run(before())
    holder, other = (a, b) if _holder(db, room).endswith(f":{a.port}") else (b, a)
    holder.kill()

    killed = time.monotonic()
    while time.monotonic() - killed < 10 * LEASE:  # "try again" until it is taken over
        reply = httpx.get(proxy.http + f"/api/rooms/{room}", timeout=10)
        if reply.status_code == 200:
            break
        assert reply.json()["error"] == "room_moving", reply.text
        time.sleep(0.2)
    assert reply.status_code == 200, reply.text
    assert time.monotonic() - killed < 3 * LEASE

    finish_after_failover(other, proxy.ws(room), room, tokens, acked)
