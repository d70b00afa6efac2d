"""What the server refuses: wrong tokens, other seats' turns, spectators acting, bad frames.

Each refusal is an ``error`` message naming the problem; the connection stays
open (a ping still gets its pong), the room carries on, and nothing changed:
the omniscient record has the same steps and the seat's view is the same.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from server_helpers import ADMIN, Client, ServerProc


def _room(server: ServerProc, players: int = 2) -> tuple[str, list[str]]:
    room = server.create("tiny", [{"kind": "human"}] * players, seed=3)["id"]
    return room, [server.join(room, i) for i in range(players)]


async def _ready(server: ServerProc, room: str, tokens: list[str]) -> list[Client]:
    clients = [await Client(server.ws(room), t).connect() for t in tokens]
    for c in clients:
        await c.until("state")
    await asyncio.gather(*(c.drain(0.2) for c in clients))
    return clients


async def _refused(c: Client, msg: Any, code: str) -> dict[str, Any]:
    """Send ``msg``; expect an error with ``code``; then prove the connection lives."""
    await c.send(msg)
    err = await c.until("error")
    assert err["code"] == code, err
    assert err["message"]
    await c.send({"type": "ping", "id": 7})
    pong = await c.until("pong")
    assert pong["id"] == 7
    return err


def _steps(server: ServerProc, room: str) -> int:
    return len(server.full_record(room)["steps"])


def test_bad_frames_get_errors_and_change_nothing(server: ServerProc) -> None:
    async def go() -> None:
        room, tokens = _room(server)
        c0, c1 = await _ready(server, room, tokens)
        assert c0.last_state is not None and c0.last_state["your_turn"]
        before, view = _steps(server, room), c0.last_state["observation"]
        legal = c0.last_state["legal"]
        hand = view["hand"]
        absent = next(x for x in range(1, 13) if x not in hand)
        await _refused(c0, "this is not json", "malformed")
        await _refused(c0, "[1, 2]", "malformed")
        await _refused(c0, {"type": "shout"}, "unknown_type")
        await _refused(c0, {"type": "action", "v": 2, "action": legal[0]["action"]}, "version")
        await _refused(c0, {"type": "action", "action": {"kind": "fly"}}, "bad_action")
        await _refused(
            c0, {"type": "action", "action": {"kind": "play", "card": "x"}}, "bad_action"
        )
        await _refused(c0, {"type": "action", "action": {"kind": "play"}}, "bad_action")
        err = await _refused(
            c0, {"type": "action", "action": {"kind": "play", "card": absent}}, "illegal_action"
        )
        assert err["rule"] == "tiny:2"
        await _refused(c0, {"type": "hello", "token": tokens[0]}, "hello_again")
        # another seat's turn: seat 1's token acts only for seat 1
        await _refused(c1, {"type": "action", "action": legal[0]["action"]}, "not_your_turn")
        # an answer to a decision that is no longer offered
        await _refused(
            c0, {"type": "action", "action": legal[0]["action"], "decision": 999}, "stale"
        )
        # an oversized frame (the limit is 16 KiB)
        big = json.dumps({"type": "action", "action": legal[0]["action"], "pad": "x" * 40_000})
        err = await _refused(c0, big, "too_large")
        assert "16384" in err["message"]
        assert _steps(server, room) == before, "a refused message changed the game"
        await c0.send({"type": "ping"})
        await c0.until("pong")
        assert c0.last_state["observation"] == view
        # and the room carries on: a legal action is accepted
        await c0.send({"type": "action", "action": legal[0]["action"], "id": "a1"})
        ack = await c0.until("ack")
        assert ack["id"] == "a1"
        assert _steps(server, room) == before + 1
        for c in (c0, c1):
            await c.close()

    asyncio.run(go())


def test_tokens_spectators_and_hello(server: ServerProc) -> None:
    async def go() -> None:
        room, _ = _room(server)
        _, other_tokens = _room(server)
        before = _steps(server, room)
        c = await Client(server.ws(room), None).connect(hello=False)
        # nothing before hello
        await c.send({"type": "action", "action": {"kind": "knock"}})
        assert (await c.until("error"))["code"] == "hello_first"
        # a token of another room, and a made-up token
        await c.send({"type": "hello", "token": other_tokens[0]})
        assert (await c.until("error"))["code"] == "bad_token"
        await c.send({"type": "hello", "token": "not-a-token"})
        assert (await c.until("error"))["code"] == "bad_token"
        await c.send({"type": "hello", "token": 5})
        assert (await c.until("error"))["code"] == "malformed"
        # a spectator (no token) sees the public view and cannot act
        await c.send({"type": "hello", "token": None})
        welcome = await c.until("welcome")
        assert welcome["seat"] is None
        st = await c.until("state")
        assert "hand" not in st["observation"] and st["legal"] == []
        await _refused(c, {"type": "action", "action": {"kind": "knock"}}, "spectator")
        assert _steps(server, room) == before
        await c.close()

    asyncio.run(go())


def test_rate_limit(server: ServerProc) -> None:
    async def go() -> None:
        room, tokens = _room(server)
        c = await Client(server.ws(room), tokens[0]).connect()
        await c.until("state")

        async def flood() -> None:
            for _ in range(1000):
                await c.send({"type": "ping"})

        sender = asyncio.create_task(flood())
        err = await c.until("error", timeout=20)
        assert err["code"] == "rate_limited"
        await sender
        await c.drain(0.5)
        limited = [m for m in c.received if m["type"] == "error"]
        assert len(limited) <= 3, "one notice per second, not one per message"
        assert sum(m["type"] == "pong" for m in c.received) < 1000
        await asyncio.sleep(1.0)
        await c.send({"type": "ping", "id": "after"})
        assert (await c.until("pong"))["id"] == "after"
        await c.close()

    asyncio.run(go())


def test_http_refusals(server: ServerProc) -> None:
    room, tokens = _room(server, players=3)
    assert server.post("/api/rooms", {"game": "chess"}).status_code == 404
    r = server.post("/api/rooms", {"game": "tiny", "seats": [{"kind": "bot", "level": "god"}] * 2})
    assert r.status_code == 400 and "god" in r.json()["message"]
    r = server.post("/api/rooms", {"game": "tiny", "players": 9})
    assert r.status_code in (400, 422)
    r = server.post("/api/rooms", {"game": "tiny", "options": {"deck_size": 2}})
    assert r.status_code == 400 and r.json()["error"] == "bad_options"
    assert server.post(f"/api/rooms/{room}/join", {"seat": 0}).status_code == 409
    assert server.post("/api/rooms/nope/join", {}).status_code == 404
    bots = server.create("tiny", [{"kind": "human"}, {"kind": "bot", "level": "random"}])["id"]
    assert server.post(f"/api/rooms/{bots}/join", {"seat": 1}).status_code == 409
    # the record of an unfinished game: refused (the admin gets the full one)
    assert server.get(f"/api/rooms/{room}/record", token=tokens[0]).status_code == 409
    assert server.get(f"/api/rooms/{room}/record", token=ADMIN).status_code == 200
    # handing a seat to a bot needs a token of the room, and the seat's own while it is connected
    url = f"/api/rooms/{room}/seats/1/bot"
    assert server.post(url, {"level": "random"}).status_code == 403
    assert server.post(url, {"level": "random"}, token="forged").status_code == 403
    assert server.post(url, {"level": "god"}, token=tokens[1]).status_code == 400

    async def connected_seat() -> None:
        c = await Client(server.ws(room), tokens[1]).connect()
        await c.until("state")
        r = server.post(url, {"level": "random"}, token=tokens[0])
        assert r.status_code == 403, r.text
        await c.close()

    asyncio.run(connected_seat())
    # just left: within the grace period (1 s on the test server) it stays the player's
    # (after it, another player may hand it over: test_server_clockwork, on a fake clock)
    r = server.post(url, {"level": "random"}, token=tokens[0])
    assert r.status_code == 403 and r.json()["error"] == "forbidden", r.text
    assert server.post(url, {"level": "random"}, token=tokens[1]).status_code == 200
    seat = server.get(f"/api/rooms/{room}").json()["seats"][1]
    assert seat["kind"] == "bot" and "token" not in seat and "former" not in seat
    schema = server.get("/openapi.json").json()
    assert "/api/rooms" in schema["paths"] and "/api/rooms/{room_id}/join" in schema["paths"]


@pytest.mark.parametrize("size", [2_000_000])
def test_huge_frame_closes_only_that_connection(server: ServerProc, size: int) -> None:
    async def go() -> None:
        room, tokens = _room(server)
        c0, c1 = await _ready(server, room, tokens)
        await c1.send("x" * size)  # past the transport limit: that connection is closed
        with pytest.raises(Exception):  # noqa: B017 - any close error of the client library
            for _ in range(20):
                await c1.recv(5)
        await c0.send({"type": "ping"})
        await c0.until("pong")
        c1b = await Client(server.ws(room), tokens[1]).connect()
        await c1b.until("state")
        for c in (c0, c1b):
            await c.close()

    asyncio.run(go())
