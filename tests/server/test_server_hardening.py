"""Issue 26: nothing a client sends can read the server's files, crash a connection,
steal a seat or grow without bound; one error format; narration in every event.

Most tests use the shared server (grace 1 s, no per-address room limit); the
limits of bodies, room creation and expiry run on a server of their own with
small limits, and so does the frozen-server flood.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from server_helpers import ADMIN, Client, ServerProc

README = str(Path(__file__).resolve().parents[2] / "README.md")


def _pair(server: ServerProc, game: str = "tiny", **kw: Any) -> tuple[str, list[str]]:
    room = server.create(game, [{"kind": "human"}] * 2, seed=3, **kw)["id"]
    return room, [server.join(room, i) for i in range(2)]


async def _alive(c: Client, tag: str = "alive") -> None:
    await c.send({"type": "ping", "id": tag})
    while True:
        m = await c.until("pong")
        if m["id"] == tag:
            return


def _steps(server: ServerProc, room: str) -> int:
    return len(server.full_record(room)["steps"])


# -- 1. options that name files ------------------------------------------------------
def test_file_options_are_refused_and_reveal_nothing(server: ServerProc) -> None:
    probes = [README, "/no/such/file", "/", str(Path(README).parent)]
    messages = []
    for path in probes:
        r = server.post("/api/rooms", {"game": "mummy", "options": {"map_file": path}})
        assert r.status_code == 400, r.text
        body = r.json()
        assert set(body) == {"error", "message"} and body["error"] == "bad_options"
        messages.append(body["message"])
    # one answer whatever the path: nothing about the disk (found, missing, a folder)
    assert len(set(messages)) == 1, messages
    for word in ("found", "No such", "directory", "README", "#"):
        assert word not in messages[0]
    # Ramses' deck takes a shipped deck's name only, not a path or another name
    for deck in (README, "README", "../../etc/passwd"):
        r = server.post("/api/rooms", {"game": "ramses", "options": {"deck": deck}})
        assert r.status_code == 400 and r.json()["error"] == "bad_options", r.text
        assert "No such" not in r.json()["message"]
    r = server.post("/api/rooms", {"game": "ramses", "options": {"deck": "standard"}})
    assert r.status_code == 201, r.text
    games = {g["name"]: g for g in server.get("/api/games").json()}
    opts = {o["name"]: o for o in games["mummy"]["options"]}
    assert opts["map_file"]["network"] is False


# -- 5. option ranges -------------------------------------------------------------
def test_option_values_are_bounded(server: ServerProc) -> None:
    for game, options in [
        ("abu_simbel", {"team_charms": 10**12}),
        ("sobek", {"card_counts": [2000] * 6}),
        ("sobek", {"card_counts": [6] * 1000}),
        ("tiny", {"deck_size": -5}),
        ("khufu", {"countdown": 10**9}),
        ("tiny", {"deck_size": {"a": 1}}),
    ]:
        r = server.post("/api/rooms", {"game": game, "options": options})
        assert r.status_code == 400, (game, options, r.text)
        assert r.json()["error"] == "bad_options"
    games = {g["name"]: g for g in server.get("/api/games").json()}
    opts = {o["name"]: o for o in games["khufu"]["options"]}
    assert opts["countdown"]["max"] == 36_000 and opts["event_weights"]["max_items"] == 64


def test_every_default_and_variant_is_within_the_ranges() -> None:
    from server_helpers import served_games

    from obelisk.core import get_game
    from obelisk.server.limits import check_network_options, refused_for_network

    for name in served_games():
        g = get_game(name)
        cases = [g.Options(), *(g.variant_options(v, {}) for v in g.variants)]
        for opts in cases:
            values = {
                k: v for k, v in g.options_to_json(opts).items() if not refused_for_network(g, k)
            }
            check_network_options(g, values)


# -- 2, 3. frames that crashed the parser; non-standard JSON ---------------------------
def test_parser_bombs_and_nan_get_malformed(server: ServerProc) -> None:
    async def go() -> None:
        room, tokens = _pair(server)
        c = await Client(server.ws(room), tokens[0]).connect()
        await c.until("state")
        frames = [
            "[" * 5000 + "]" * 5000,
            '{"type":"ping","id":' + "[" * 5000 + "]" * 5000 + "}",
            '{"type":"ping","id":' + "9" * 5000 + "}",
            '{"type":"ping","id":NaN}',
            '{"type":"ping","id":Infinity}',
            '{"type":"ping","id":-Infinity}',
            '{"type":"ping","id":1e400}',
            b"\xff\xfe\x00binary",
        ]
        for f in frames:
            await c.send(f)
            err = await c.until("error")
            assert err["code"] == "malformed", (f[:40], err)
            await _alive(c)
        await c.close()

    asyncio.run(go())
    log = server.log.read_text(errors="replace")
    assert "RecursionError" not in log and "Exceeds the limit" not in log


def test_malformed_messages_name_the_problem_not_python(server: ServerProc) -> None:
    async def go() -> str:
        room, tokens = _pair(server)
        c = await Client(server.ws(room), tokens[0]).connect()
        await c.until("state")
        await c.send('{"type":"ping","id":' + "9" * 5000 + "}")
        err = await c.until("error")
        await c.close()
        return str(err["message"])

    message = asyncio.run(go())
    assert "4,300 digits" in message and "sys." not in message, message


def test_http_bodies_must_be_standard_json(server: ServerProc) -> None:
    for body in ('{"game":"tiny","options":{"deck_size":NaN}}', '{"game":"tiny","seed":Infinity}'):
        r = httpx.post(
            server.http + "/api/rooms",
            content=body,
            headers={"content-type": "application/json"},
            timeout=10,
        )
        assert r.status_code == 400, r.text
        assert r.json()["error"] == "malformed"
    deep = '{"game":"tiny","options":' + "[" * 3000 + "]" * 3000 + "}"
    r = httpx.post(server.http + "/api/rooms", content=deep, timeout=10)
    assert r.status_code in (400, 413) and set(r.json()) == {"error", "message"}


# -- 6. one error format ------------------------------------------------------------
def test_every_http_error_has_one_format(server: ServerProc) -> None:
    cases = [
        server.post("/api/rooms", {"game": "tiny", "players": "many"}),  # FastAPI validation
        server.post("/api/rooms", {"seats": 5}),
        httpx.post(server.http + "/api/rooms", content="{not json", timeout=10),
        server.get("/api/no/such/path"),
        httpx.delete(server.http + "/api/rooms", timeout=10),
        server.get("/api/rooms?limit=0"),
        server.get("/api/rooms/nope"),
    ]
    for r in cases:
        assert r.status_code >= 400
        body = r.json()
        assert set(body) == {"error", "message"}, (r.status_code, body)
        assert isinstance(body["error"], str) and isinstance(body["message"], str)
        assert body["message"]
    assert cases[0].status_code == 422 and cases[0].json()["error"] == "invalid_request"
    assert "players" in cases[0].json()["message"]
    assert cases[3].status_code == 404 and cases[4].status_code == 405


# -- 4. seat hijack --------------------------------------------------------------------
def test_a_seat_is_handed_over_only_after_the_grace_and_its_player_takes_it_back(
    server: ServerProc,
) -> None:
    async def go() -> None:
        room, (ta, tb) = _pair(server)
        a = await Client(server.ws(room), ta).connect()
        b = await Client(server.ws(room), tb).connect()
        for c in (a, b):
            await c.until("state")
        await a.close()
        await asyncio.sleep(0.2)
        url = f"/api/rooms/{room}/seats/0/bot"
        r = server.post(url, {"level": "random"}, token=tb)
        assert r.status_code == 403 and r.json()["error"] == "forbidden", r.text
        assert "1 s" in r.json()["message"]
        await asyncio.sleep(1.1)  # past the test server's grace of 1 s
        r = server.post(url, {"level": "random"}, token=tb)
        assert r.status_code == 200, r.text
        assert r.json()["seats"][0]["kind"] == "bot"
        # the bot plays seat 0's turns; seat 1 plays along
        st = b.last_state
        for _ in range(3):
            await b.drain(0.2)
            st = b.last_state
            if st and st["legal"]:
                await b.send({"type": "action", "action": st["legal"][0]["action"]})
                await b.until("ack")
        # A comes back with its token: the seat is a person's again
        back = await Client(server.ws(room), ta).connect()
        welcome = await back.until("welcome")
        assert welcome["seat"] == 0
        seat0 = server.get(f"/api/rooms/{room}").json()["seats"][0]
        assert seat0["kind"] == "human" and seat0["connected"]
        await back.until("state")
        before = _steps(server, room)
        await asyncio.sleep(0.3)
        await back.drain(0.2)
        await b.drain(0.2)
        assert back.last_state is not None and b.last_state is not None
        # the bot left: nobody moves for seat 0 but its player
        if back.last_state["your_turn"]:
            assert _steps(server, room) == before
            await back.send({"type": "action", "action": back.last_state["legal"][0]["action"]})
            await back.until("ack")
        # and its token still reads the record (no token was lost)
        assert server.get(f"/api/rooms/{room}/record", token=ta).status_code == 409
        for c in (b, back):
            await c.close()

    asyncio.run(go())


def test_own_hand_over_is_not_taken_back(server: ServerProc) -> None:
    room, (ta, _tb) = _pair(server)
    r = server.post(f"/api/rooms/{room}/seats/0/bot", {"level": "random"}, token=ta)
    assert r.status_code == 200, r.text

    async def go() -> None:
        c = await Client(server.ws(room), ta).connect()
        assert (await c.until("error"))["code"] == "bad_token"
        await c.close()

    asyncio.run(go())
    assert server.get(f"/api/rooms/{room}").json()["seats"][0]["kind"] == "bot"


# -- 7. the flood that a loaded machine turned into a dropped connection ------------------
def test_slow_reader_gets_a_close_frame() -> None:
    """A client whose outbox is full is closed with code 1008 (a close request always
    fits: the outbox is emptied for it), never dropped without a close frame."""
    from obelisk.server.config import ServerConfig
    from obelisk.server.conn import SLOW_READER, Conn

    async def go() -> None:
        conn = Conn(0, ServerConfig())
        for i in range(Conn.OUTBOX + 10):
            conn.send({"type": "pong", "id": i})
        assert conn.closed and conn.close_code == SLOW_READER
        assert conn.outbox.get_nowait() is None  # the writer sees the close first

    asyncio.run(go())


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A server with small limits: 4 KiB bodies, 3 rooms a minute per address, waiting
    rooms expire after 1 s, finished ones leave memory after 1 s; 300 messages a second."""
    db = Path(tmp_path_factory.mktemp("lim")) / "rooms.sqlite3"
    proc = ServerProc(
        str(db),
        *("--max-body", "4096", "--room-rate", "3", "--rate", "300"),
        *("--expire-waiting", "1", "--expire-finished", "1"),
    ).start()
    yield proc
    proc.stop()


def test_flood_while_the_server_is_frozen_keeps_the_connection(limited: ServerProc) -> None:
    """The flake of test_rate_limit: under load the server read a burst of buffered pings
    without letting its writer run, overflowed the outbox and dropped the connection
    without a close frame. Freezing the server makes the burst certain."""
    assert limited.proc is not None
    room = limited.post("/api/rooms", {"game": "tiny", "seats": [{"kind": "human"}] * 2})
    assert room.status_code == 201, room.text
    rid = room.json()["id"]
    token = limited.join(rid, 0)

    async def go() -> None:
        c = await Client(limited.ws(rid), token).connect()
        await c.until("state")
        await c.drain(0.2)
        assert limited.proc is not None
        os.kill(limited.proc.pid, signal.SIGSTOP)
        try:
            for _ in range(700):
                await c.send({"type": "ping"})
        finally:
            os.kill(limited.proc.pid, signal.SIGCONT)
        await c.drain(1.0)
        pongs = sum(m["type"] == "pong" for m in c.received)
        assert 500 <= pongs <= 700, pongs
        await asyncio.sleep(1.0)
        await _alive(c, "after")
        await c.close()

    asyncio.run(go())


# -- 5. bodies, rooms per address, expiry --------------------------------------------------
def test_body_limit_room_rate_and_expiry(limited: ServerProc) -> None:
    big = {"game": "tiny", "options": {}, "pad": "x" * 20_000}  # over the 16 KiB of /api/rooms
    r = limited.post("/api/rooms", big)
    assert r.status_code == 413 and r.json()["error"] == "too_large", r.text
    # 3 rooms a minute from one address (the flood test above may have used one)
    codes = [
        limited.post("/api/rooms", {"game": "tiny", "seats": [{"kind": "human"}] * 2}).status_code
        for _ in range(4)
    ]
    assert 429 in codes and codes.count(201) <= 3, codes
    r = limited.post("/api/rooms", {"game": "tiny"})
    assert r.status_code == 429 and set(r.json()) == {"error", "message"}
    assert r.json()["error"] == "rate_limited"


def test_waiting_rooms_expire_and_their_record_stays(tmp_path: Path) -> None:
    db = tmp_path / "exp.sqlite3"
    srv = ServerProc(str(db), "--expire-waiting", "1", "--expire-finished", "1").start()
    try:
        rid = srv.create("tiny", [{"kind": "human"}] * 2, seed=1)["id"]
        token = srv.join(rid, 0)
        deadline = time.monotonic() + 10
        while srv.get(f"/api/rooms/{rid}").json()["status"] != "expired":
            assert time.monotonic() < deadline, "the waiting room did not expire"
            time.sleep(0.2)
        r = srv.post(f"/api/rooms/{rid}/join", {})
        assert r.status_code == 410 and r.json()["error"] == "expired", r.text
        mine = srv.get(f"/api/rooms/{rid}/record", token=token)
        assert mine.status_code == 200 and mine.json()["for_seat"] == 0
        assert srv.get(f"/api/rooms/{rid}/record", token=ADMIN).status_code == 200
        assert srv.get("/api/health").json()["playing"] == 0
    finally:
        srv.stop()
    # a restart does not bring an expired room back to life
    srv = ServerProc(str(db)).start()
    try:
        assert srv.get("/api/health").json()["playing"] == 0
        assert srv.get(f"/api/rooms/{rid}").json()["status"] == "expired"
    finally:
        srv.stop()


def test_finished_rooms_leave_memory_and_their_record_stays(limited: ServerProc) -> None:
    """A finished room nobody watches leaves the server's memory after
    ``--expire-finished`` (1 s here); its summary and records are read back from the
    database when asked for. The room is made from another loopback address
    (127.0.0.2), whose room-rate budget the tests above did not spend."""
    local = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=30)
    bots = [{"kind": "bot", "level": "random"}] * 2
    with local:
        r = local.post(limited.http + "/api/rooms", json={"game": "tiny", "seats": bots})
    assert r.status_code == 201, r.text
    _finished_room_expires(limited, r.json()["id"])


def _finished_room_expires(limited: ServerProc, rid: str) -> None:
    deadline = time.monotonic() + 30
    while limited.get(f"/api/rooms/{rid}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    held = limited.get("/api/health").json()["rooms"]
    deadline = time.monotonic() + 10
    while limited.get("/api/health").json()["rooms"] >= held:
        assert time.monotonic() < deadline, "the finished room stayed in memory"
        time.sleep(0.2)
    # read back from the database: the same summary, the records
    summary = limited.get(f"/api/rooms/{rid}").json()
    assert summary["status"] == "finished" and summary["result"] is not None
    full = limited.get(f"/api/rooms/{rid}/record", token=ADMIN)
    assert full.status_code == 200 and full.json()["steps"]
    public = limited.get(f"/api/rooms/{rid}/record")
    assert public.status_code == 200 and public.json()["for_seat"] is None


# -- 5. the clock of a room nobody plays in ------------------------------------------------
def test_the_clock_stops_while_no_player_is_connected(server: ServerProc) -> None:
    from obelisk.core import get_game

    game = get_game("khufu")
    n = max(game.min_players, 2)
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (n - 1)
    rid = server.create("khufu", seats, seed=4)["id"]
    token = server.join(rid, 0)
    time.sleep(0.5)
    # nobody connected yet: no clock step is written
    summary = server.get(f"/api/rooms/{rid}").json()
    assert summary["clock_paused"] is True
    ticks = [s for s in server.full_record(rid)["steps"] if s["seat"] is None]
    assert ticks == []

    async def go() -> None:
        c = await Client(server.ws(rid), token).connect()
        await c.until("clock", timeout=10)
        assert server.get(f"/api/rooms/{rid}").json()["clock_paused"] is False
        await c.close()

    asyncio.run(go())
    time.sleep(0.3)
    summary = server.get(f"/api/rooms/{rid}").json()
    if summary["status"] == "finished":
        pytest.skip("the game ended while connected")
    assert summary["clock_paused"] is True
    count = len(server.full_record(rid)["steps"])
    time.sleep(0.6)  # 12 ticks' worth of wall time
    after = server.full_record(rid)["steps"]
    assert [s for s in after[count:] if s["seat"] is None] == [], "the clock ran for nobody"


# -- issue 22: a sentence per event, flashes only live --------------------------------------
def test_every_event_comes_with_its_sentence_for_the_seat(server: ServerProc) -> None:
    async def go() -> None:
        rid = server.create("tiny", [{"kind": "human"}] * 2, seed=3)["id"]
        t0 = server.join(rid, 0)
        r = server.post(f"/api/rooms/{rid}/join", {"seat": 1, "name": "Ann"})
        t1 = r.json()["token"]
        a = await Client(server.ws(rid), t0).connect()
        b = await Client(server.ws(rid), t1).connect()
        for c in (a, b):
            await c.until("state")
            await c.drain(0.2)
        for _ in range(4):
            for c in (a, b):
                await c.drain(0.1)
                st = c.last_state
                if st and st["legal"]:
                    await c.send({"type": "action", "action": st["legal"][0]["action"]})
                    await c.until("ack")
        for c in (a, b):
            await c.drain(0.2)
        events_a = [e for m in a.received if m["type"] == "state" for e in m["events"]]
        assert events_a and all("sentence" in e for e in events_a)
        acts = [e for e in events_a if e["kind"] == "action"]
        assert acts and all(isinstance(e["sentence"], str) and e["sentence"] for e in acts)
        # names as seat 0 reads them: itself as "You", the other by its name
        assert any(e["sentence"].startswith("You") for e in acts if e["seat"] == 0)
        assert any("Ann" in e["sentence"] for e in acts if e["seat"] == 1)
        # and as Ann reads them: seat 0 by its default name, counted from 1
        events_b = [e for m in b.received if m["type"] == "state" for e in m["events"]]
        assert any("Seat 1" in e["sentence"] for e in events_b if e.get("seat") == 0)
        assert all("flash" not in e for e in events_a + events_b), "tiny never flashes"
        # the sentences are the game's narration of the very events
        for c in (a, b):
            await c.close()

    asyncio.run(go())


def test_flashes_are_sent_live_and_never_in_a_catch_up(server: ServerProc) -> None:
    async def go() -> None:
        rid = server.create("tiny_flash", [{"kind": "human"}] * 2, seed=3)["id"]
        tokens = [server.join(rid, i) for i in range(2)]
        a = await Client(server.ws(rid), tokens[0]).connect()
        b = await Client(server.ws(rid), tokens[1]).connect()
        for c in (a, b):
            await c.until("state")
            await c.drain(0.2)
        for _ in range(3):
            for c in (a, b):
                await c.drain(0.1)
                st = c.last_state
                if st and st["legal"]:
                    await c.send({"type": "action", "action": st["legal"][0]["action"]})
                    await c.until("ack")
        await b.drain(0.2)
        live = [e for m in b.received if m["type"] == "state" for e in m["events"]]
        flashed = [e for e in live if "flash" in e]
        assert flashed, "a live action event carries its flash"
        assert all(e["flash"].endswith("flashes a card") for e in flashed)
        # a new connection (a resume from 0, and one from the middle) gets no flash
        for seen in (0, 1):
            again = await Client(server.ws(rid), tokens[1]).connect(seen=seen)
            st = await again.until("state")
            assert st["events"], "the catch-up holds events"
            assert all("flash" not in e for e in st["events"]), "a flash in a catch-up"
            assert all("sentence" in e for e in st["events"])
            await again.close()
        for c in (a, b):
            await c.close()

    asyncio.run(go())


def test_serve_refuses_a_port_out_of_range() -> None:
    import subprocess
    import sys

    for port in ("99999", "0", "-1"):
        out = subprocess.run(
            [sys.executable, "-m", "obelisk.cli.main", "serve", "--port", port],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode == 2, (port, out.stdout, out.stderr)
        assert "between 1 and 65535" in (out.stdout + out.stderr)


def test_messages_are_standard_json_on_the_wire(server: ServerProc) -> None:
    """Raw frames, as a browser's JSON.parse reads them."""

    async def go() -> None:
        room, tokens = _pair(server)
        async with websockets.connect(server.ws(room)) as ws:
            await ws.send(json.dumps({"type": "hello", "token": tokens[0]}))
            await ws.send('{"type":"ping","id":NaN}')
            await ws.send(json.dumps({"type": "ping", "id": 1.5e300}))
            got = []
            while len(got) < 6:
                raw = await asyncio.wait_for(ws.recv(), 5)
                got.append(json.loads(raw, parse_constant=lambda c: pytest.fail(c)))
                if got[-1]["type"] == "pong":
                    break
            pong = got[-1]
            assert isinstance(pong.pop("server_ms"), float)
            assert isinstance(pong.pop("server_cpu_ms"), float)
            assert pong == {"type": "pong", "v": 1, "id": 1.5e300}

    asyncio.run(go())


def test_health_reports_the_collector_and_the_threads(limited: ServerProc) -> None:
    """``/api/health`` tells the garbage collector's work by generation and names the
    process's threads by system id (what ``benchmarks/server_load.py`` reads their CPU by)."""
    h = limited.get("/api/health").json()
    assert set(h["gc"]) == {"count", "ms", "collected"}
    assert all(len(h["gc"][k]) == 3 for k in h["gc"])
    names = set(h["threads"].values())
    assert {"MainThread", "obelisk-db-writer"} <= names
    assert all(tid.isdigit() for tid in h["threads"])
