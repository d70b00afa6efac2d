"""Several ``obelisk serve`` processes as one site (``--cluster-url``; docs/deploy.md).

Every room is served by the one process that holds its lease (:mod:`.leases`). A request
may reach any process (a proxy in front spreads them): a process that does not hold the
room passes the request on to the one that does, an HTTP request as a request and a
WebSocket as a relay of its messages both ways. So a room's seats and spectators are all
connections of one process, and its narration, clock and computer players run there
only; the lobby's list is read from the shared database. Forwarding happens at most once
(a forwarded request carries :data:`HOP`); a room on its way between processes (its
holder just died) answers "try again", and the page's socket reconnects by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from typing import Any

import httpx
from fastapi import Request, WebSocket
from starlette.responses import Response
from starlette.websockets import WebSocketDisconnect, WebSocketState

from .leases import Holder

log = logging.getLogger("obelisk.server")

#: The header a forwarded request carries: a process never forwards it again.
HOP = "x-obelisk-forwarded"

#: Request headers passed on to the holder of a room (never cookies or hop headers).
PASSED = ("authorization", "content-type", "accept", "accept-language")
#: Reply headers passed back to the client (the body comes back decoded: this process's
#: own compression applies to it).
RETURNED = ("content-type", "cache-control")


class Elsewhere(Exception):
    """The room is held by another process: the request goes there."""

    def __init__(self, holder: Holder) -> None:
        super().__init__(f"the room is served by {holder.url}")
        self.holder = holder


def process_name() -> str:
    """A name no other process of the site has: host, process id and a random part."""
    return f"{socket.gethostname()[:32]}-{os.getpid()}-{secrets.token_hex(4)}"


_client: httpx.AsyncClient | None = None


def _http() -> httpx.AsyncClient:
    global _client
    if _client is None:
        _client = httpx.AsyncClient(timeout=30.0)
    return _client


async def forward_http(request: Request, holder: Holder) -> Response:
    """Pass ``request`` on to the process holding its room; its reply, as the reply."""
    if request.headers.get(HOP):
        return _moving()
    headers = {k: v for k, v in request.headers.items() if k.lower() in PASSED}
    headers[HOP] = "1"
    url = holder.url + request.url.path
    if request.url.query:
        url += "?" + request.url.query
    try:
        reply = await _http().request(
            request.method, url, headers=headers, content=await request.body()
        )
    except httpx.HTTPError as e:
        log.warning("forwarding to %s failed: %s", holder.url, e)
        return _moving()
    kept = {k: v for k, v in reply.headers.items() if k.lower() in RETURNED}
    return Response(reply.content, status_code=reply.status_code, headers=kept)


def _moving() -> Response:
    from fastapi.responses import JSONResponse

    return JSONResponse(
        {
            "error": "room_moving",
            "message": "the room is moving between server processes; try again in a moment",
        },
        status_code=503,
        headers={"Retry-After": "2"},
    )


async def relay_ws(ws: WebSocket, holder: Holder, room_id: str) -> None:
    """Relay the accepted socket ``ws`` to the process holding ``room_id``, both ways,
    until either side closes (the close code is passed on)."""
    import websockets
    from websockets.asyncio.client import connect

    if ws.headers.get(HOP):
        await ws.close(4503)
        return
    url = holder.url.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
    try:
        upstream = await connect(
            f"{url}/ws/rooms/{room_id}",
            additional_headers={HOP: "1"},
            max_size=None,
            open_timeout=10,
        )
    except (OSError, websockets.WebSocketException) as e:
        log.warning("relaying to %s failed: %s", holder.url, e)
        await ws.close(4503)
        return

    async def down() -> None:
        async for message in upstream:
            if isinstance(message, bytes):
                await ws.send_bytes(message)
            else:
                await ws.send_text(message)

    async def up() -> None:
        while True:
            m = await ws.receive()
            if m["type"] == "websocket.disconnect":
                return
            if m.get("text") is not None:
                await upstream.send(m["text"])
            elif m.get("bytes") is not None:
                await upstream.send(m["bytes"])

    tasks = [asyncio.ensure_future(down()), asyncio.ensure_future(up())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        code = upstream.close_code or 1000
        await upstream.close()
        if ws.client_state == WebSocketState.CONNECTED:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                await ws.close(code if code >= 3000 or code == 1000 else 1011)


async def keep_leases(lobby: Any, period: float) -> None:
    """Every ``period`` seconds: renew this process's leases and take over the rooms of
    processes that died (see :meth:`Lobby.tend_leases`)."""
    while True:
        await asyncio.sleep(period)
        try:
            await lobby.tend_leases()
        except Exception as e:  # a database hiccup: try again next time
            log.warning("renewing leases failed: %s", e)
