"""The FastAPI application: HTTP for rooms and seats, a WebSocket per client, the web page.

``create_app(config)`` builds it; ``obelisk serve`` runs it under Uvicorn.
The OpenAPI schema is at ``/openapi.json`` (no ``/docs`` page: it would load its
scripts from a third-party site). Every reply about a game is computed by
:mod:`.disclosure`; the headers, origins, body limits and tokens are in :mod:`.security`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Header, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from obelisk import __version__
from obelisk.agents import default_level, ladder_of, levels
from obelisk.core import all_games, option_info
from obelisk.core.i18n import LANGUAGES, SOURCE, speaking

from . import disclosure, heap, protocol
from .clock import has_clock
from .cluster import Elsewhere, forward_http, relay_ws
from .config import ServerConfig, ServerError, load_plugins
from .conn import Conn
from .describe import faces, register_describe
from .languages import register_languages
from .limits import option_range
from .lobby import Lobby
from .replays import MAX_REPLAY_STEPS, ROOM_REPLAY_STEPS, Replayer
from .room import PLAYING, WAITING, Room
from .security import SecurityHeaders, body_limit, origin_allowed, redact_access_log
from .timing import Clock

log = logging.getLogger("obelisk.server")
WEB = Path(__file__).resolve().parent.parent / "web"
#: Seconds a new WebSocket client has to say hello.
HELLO_TIMEOUT = 10.0
#: The private key of a queued pong that holds when its ping was read (never sent).
READ_AT = "_read_at"


class SeatSpec(BaseModel):
    """One seat of a new room."""

    kind: Literal["human", "bot"] = "human"
    level: str | None = Field(None, max_length=64, description="The computer player's level.")


class CreateRoom(BaseModel):
    """A request to create a room."""

    game: str = Field(..., max_length=64, description="The game, e.g. 'sobek'.")
    players: int | None = Field(None, ge=1, le=16, description="Default: the number of seats.")
    seats: list[SeatSpec] | None = Field(None, max_length=16)
    options: dict[str, Any] = Field(default_factory=dict, description="Game options.")
    variant: str | None = Field(None, max_length=64)
    seed: int | None = Field(
        None,
        ge=0,
        description="Fixes the game's chance: accepted only by a server started with "
        "--allow-chosen-seeds, and the room then says so to everybody. Otherwise the server "
        "draws the seed and publishes a commitment to it.",
    )


class JoinRoom(BaseModel):
    """A request to take a human seat."""

    seat: int | None = Field(None, ge=0, le=15, description="Default: the first open seat.")
    name: str | None = Field(None, max_length=40)


class Joined(BaseModel):
    """The seat taken and its secret token (shown once; keep it to reconnect)."""

    room: str
    seat: int
    token: str


class BotSeat(BaseModel):
    """Hand a human seat to a computer player."""

    level: str = Field(..., max_length=64)


#: The error code of an HTTP status the framework answers itself (unknown path, wrong method).
HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "unsupported_media_type",
    422: "invalid_request",
    429: "rate_limited",
}


def _error(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
    """The one error format of every HTTP error: ``{"error": code, "message": sentence}``."""
    return JSONResponse({"error": code, "message": message, **extra}, status_code=status)


def _validation_message(e: RequestValidationError) -> str:
    """FastAPI's validation errors as one sentence (where, and what is wrong)."""
    parts = []
    for err in e.errors()[:5]:
        loc = ".".join(str(x) for x in err.get("loc", ()) if x != "body") or "request"
        parts.append(f"{loc}: {err.get('msg', 'invalid')}")
    return "; ".join(parts) or "the request is not valid"


class BodyGuard:
    """ASGI middleware: HTTP bodies are at most the endpoint's limit (:func:`.security.body_limit`;
    ``max_body`` elsewhere) (413), and a JSON body must be standard JSON (no NaN/Infinity,
    nesting at most 32 deep), else 400. A record posted for replay is read whole but parsed
    in a worker process (see :mod:`.replays`)."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        limit = body_limit(scope.get("method", ""), scope.get("path", ""), self.max_body)
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await self._refuse(scope, receive, send, limit)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            msg = await receive()
            if msg["type"] == "http.disconnect":
                return
            body = msg.get("body", b"")
            size += len(body)
            if size > limit:
                await self._refuse(scope, receive, send, limit)
                return
            chunks.append(body)
            if not msg.get("more_body", False):
                break
        data = b"".join(chunks)
        ctype = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
        parsed_later = scope.get("path") == "/replay/frames"
        if data.strip() and (not ctype or ctype.endswith(b"json")) and not parsed_later:
            try:
                protocol.loads_strict(data)
            except ValueError as e:
                await _error(400, "malformed", f"the body is not standard JSON: {e}")(
                    scope, receive, send
                )
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": data, "more_body": False}

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        await _error(
            413,
            "too_large",
            f"the request body is larger than {limit} bytes, the limit of {scope.get('path')}",
        )(scope, receive, send)


def _game_info(g: Any) -> dict[str, Any]:
    """A game as ``/api/games`` lists it: players, levels, variants, and each option as its
    field in the game's Options describes it: its type and default, its help (words a
    player reads), its choices, the range a network client may use (``network: false``
    when none may set it), whether it is the game's real-time switch (``realtime``: the
    value meaning the wall clock) and its rule IDs."""
    options = []
    for o in option_info(g.Options):
        item: dict[str, Any] = {"name": o.name, "type": o.type, "default": repr(o.default)}
        item["help"] = o.spec.help or None
        if o.choices is not None:
            item["choices"] = o.choices
        item.update(option_range(g, o.name))
        if o.spec.is_realtime_switch:
            item["realtime"] = o.spec.realtime
        if o.spec.rules:
            item["rules"] = list(o.spec.rules)
        options.append(item)
    return {
        "name": g.name,
        "title": g.title,
        # the first paragraph of the game's summary, for the lobby
        "summary": " ".join(g.summary.strip().split("\n\n")[0].split()),
        # the whole summary as the game's catalog keys it: a page translates it (t) and
        # takes its first paragraph in the reader's language
        "summary_words": g.summary,
        "min_players": g.min_players,
        "max_players": g.max_players,
        "levels": levels(g),
        # the levels offered to people, weakest first, with what each does in words
        "ladder": [{"name": n, "words": r.words} for n, r in ladder_of(g).items()],
        "default_level": default_level(g),
        "variants": sorted(g.variants),
        "options": options,
        "capabilities": g.capabilities.labels(),
        "realtime": has_clock(g),
        **faces(g),
    }


def _token(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer`` header (tokens never travel in addresses)."""
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None
    return None


def _client(request: Request) -> str:
    """The client's address (per-client limits)."""
    return request.client.host if request.client else "unknown"


def create_app(config: ServerConfig | None = None, clock: Clock | None = None) -> FastAPI:
    """The server application for ``config`` (plug-ins are loaded now, rooms on start-up);
    ``clock``: the server's clock (a :class:`.timing.FakeClock` in tests)."""
    cfg = config or ServerConfig()
    load_plugins(cfg.plugins)
    redact_access_log()
    holder: dict[str, Lobby] = {}
    replayer = Replayer(cfg.replay_workers)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        lobby = Lobby(cfg, clock)
        n = await lobby.start()
        log.info("reloaded %d unfinished room(s) from %s", n, lobby.store.url.split("@")[-1])
        holder["lobby"] = lobby
        try:
            yield
        finally:
            replayer.close()
            await lobby.stop()

    app = FastAPI(
        title="Obelisk game server",
        version=__version__,
        description="Rooms, seats and live games of the Obelisk engine. "
        "The WebSocket protocol is described in docs/protocol.md.",
        lifespan=lifespan,
        # the browsable pages load their scripts from a third-party site: not served
        docs_url=None,
        redoc_url=None,
    )

    app.add_middleware(BodyGuard, max_body=cfg.max_body)
    # large answers (a long game's replay, the scripts) go compressed to clients that ask
    app.add_middleware(GZipMiddleware, minimum_size=4096)
    # outermost: every reply gets the security headers, and no token travels in an address
    app.add_middleware(SecurityHeaders)

    def lobby() -> Lobby:
        return holder["lobby"]

    @app.exception_handler(ServerError)
    async def _server_error(_req: Request, e: ServerError) -> JSONResponse:
        return _error(e.status, e.code, e.message, **e.extra)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_req: Request, e: RequestValidationError) -> JSONResponse:
        return _error(422, "invalid_request", _validation_message(e))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_req: Request, e: StarletteHTTPException) -> JSONResponse:
        code = HTTP_CODES.get(e.status_code, "error" if e.status_code < 500 else "internal")
        message = e.detail if isinstance(e.detail, str) else "the request was refused"
        return _error(e.status_code, code, message)

    @app.exception_handler(Elsewhere)
    async def _elsewhere(request: Request, e: Elsewhere) -> Response:
        # another process of the site holds the room (--cluster-url): the request goes there
        return await forward_http(request, e.holder)

    @app.exception_handler(Exception)
    async def _internal(_req: Request, e: Exception) -> JSONResponse:
        log.error("a request failed", exc_info=e)
        return _error(500, "internal", "the server failed on that request")

    @app.get("/api/games", summary="The games and their options, player counts and levels")
    async def games() -> list[dict[str, Any]]:
        return [_game_info(g) for g in all_games()]

    register_describe(app)
    register_languages(app)

    @app.post("/api/rooms", status_code=201, summary="Create a room")
    async def create_room(req: CreateRoom, request: Request) -> dict[str, Any]:
        address = _client(request)
        if not lobby().allow_room(address):
            raise ServerError(
                f"too many rooms created from this address (limit {cfg.room_rate:g} a minute); "
                "try again later",
                "rate_limited",
                429,
            )
        seats = [s.model_dump() for s in req.seats] if req.seats else None
        room = await lobby().create(
            req.game, req.players, seats, req.options, req.variant, req.seed, creator=address
        )
        return room.summary()

    @app.get("/api/rooms", summary="List recent rooms, newest first")
    async def list_rooms(limit: int = Query(100, ge=1, le=500)) -> list[dict[str, Any]]:
        return await lobby().listing(limit)

    @app.get("/api/rooms/{room_id}", summary="One room's public summary")
    async def get_room(room_id: str) -> dict[str, Any]:
        return (await lobby().get(room_id)).summary()

    @app.post("/api/rooms/{room_id}/join", summary="Take a human seat; returns its secret token")
    async def join(room_id: str, req: JoinRoom) -> Joined:
        room = await lobby().get(room_id)
        seat, token = await room.join(req.seat, req.name)
        return Joined(room=room_id, seat=seat, token=token)

    @app.post(
        "/api/rooms/{room_id}/seats/{seat}/bot",
        summary="Hand a human seat to a computer player (the seat's own token, or another "
        "player's while the seat is disconnected)",
    )
    async def seat_to_bot(
        room_id: str,
        seat: int,
        req: BotSeat,
        authorization: str | None = Header(None),
    ) -> dict[str, Any]:
        room = await lobby().get(room_id)
        await room.replace_with_bot(seat, req.level, _token(authorization))
        return room.summary()

    @app.post(
        "/api/rooms/{room_id}/rematch",
        summary="Play a finished room again (with a seat token of it): the same game, options "
        "and computer players; the first caller makes the room, later callers join it; "
        "answers the new room's id, the caller's seat and its token",
    )
    async def rematch(
        room_id: str,
        authorization: str | None = Header(None),
    ) -> dict[str, Any]:
        room = await lobby().get(room_id)
        new, seat, tok = await lobby().rematch(room, _token(authorization))
        return {"room": new.id, "seat": seat, "token": tok, "summary": new.summary()}

    @app.get(
        "/api/rooms/{room_id}/view",
        summary="A room's view as the reader may see it: a seat's (its token in the "
        "Authorization header) or the public one; the story so far in its lasting form",
    )
    async def view(room_id: str, authorization: str | None = Header(None)) -> dict[str, Any]:
        room = await lobby().get(room_id)
        async with room.lock:
            # no admin reader here (no admin token given): a view is a seat's or the public one
            reader = disclosure.reader_for(room, _token(authorization), former=False)
            return disclosure.view(room, reader)

    @app.get(
        "/api/rooms/{room_id}/record",
        summary="A game's record: redacted for the seat whose token is given (or a "
        "spectator) once the game is over; ?full=true: the full record with its seed, "
        "revealed once the game is over; the admin token: the full record at any time",
    )
    async def record(
        room_id: str,
        full: bool = Query(False, description="The full record, with the seed revealed."),
        authorization: str | None = Header(None),
    ) -> dict[str, Any]:
        room = await lobby().get(room_id)
        async with room.lock:
            reader = disclosure.reader_for(room, _token(authorization), cfg.admin_token)
            if full and not reader.admin:
                return disclosure.full_record_after_end(room)
            return disclosure.record(room, reader)

    @app.get(
        "/api/rooms/{room_id}/replay",
        summary="A game's positions as one seat saw them (seat counted from 0; none: a "
        "spectator), each with the narrated sentences: a seat's view needs that seat's token",
    )
    async def room_replay(
        room_id: str,
        request: Request,
        seat: int | None = Query(None, ge=0, le=15),
        authorization: str | None = Header(None),
    ) -> Response:
        room = await lobby().get(room_id)
        async with room.lock:
            reader = disclosure.reader_for(room, _token(authorization), cfg.admin_token)
            data = disclosure.replay_source(room, reader, seat)
        return await _frames(request, data, seat, ROOM_REPLAY_STEPS)

    @app.post("/replay/frames", include_in_schema=False)
    async def replay_frames(
        request: Request, seat: int | None = Query(None, ge=0, le=15)
    ) -> Response:
        # the record the client holds, stepped through in a worker process
        return await _frames(request, await request.body(), seat, MAX_REPLAY_STEPS)

    async def _frames(request: Request, data: Any, seat: int | None, most: int) -> Response:
        """A replay's frames from the worker processes, compressed there for a client that
        takes gzip (a long game's frames are megabytes: never compressed on the loop)."""
        gz = "gzip" in request.headers.get("accept-encoding", "").lower()
        body = await replayer.frames(_client(request), data, seat, most, gz)
        headers = {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"} if gz else None
        return Response(body, media_type="application/json", headers=headers)

    @app.get("/api/health", summary="Liveness, rooms held")
    async def health() -> dict[str, Any]:
        lb = lobby()
        return {
            "ok": True,
            "version": __version__,
            "protocol": protocol.VERSION,
            "rooms": len(lb.rooms),
            "playing": sum(1 for r in lb.rooms.values() if r.status in (WAITING, PLAYING)),
            # how late the event loop woke a task that slept 20 ms: its stalls since start
            "loop_lag": lb.lag.to_json(),
            "connections": sum(len(r.conns) for r in lb.rooms.values()),
            # the database writer: transactions committed, and the writes in them
            "commits": lb.writer.groups,
            "writes": lb.writer.writes,
            # the cyclic garbage collector: collections by generation and their time
            "gc": heap.COLLECTOR.to_json(),
            # the process's threads by their system ids (a profiler's or benchmark's key)
            "threads": {str(t.native_id): t.name for t in threading.enumerate()},
        }

    @app.websocket("/ws/rooms/{room_id}")
    async def ws_room(websocket: WebSocket, room_id: str) -> None:
        if not origin_allowed(websocket.headers, cfg.allowed_origins):
            # a page of another site may not play for the person who opened it
            log.warning("a WebSocket from origin %s was refused", websocket.headers.get("origin"))
            await websocket.close(code=4403)
            return
        await websocket.accept()
        await _serve_client(websocket, lobby(), room_id, cfg)

    if WEB.is_dir():
        app.mount("/static", StaticFiles(directory=WEB), name="static")

        @app.get("/", include_in_schema=False)
        async def index() -> FileResponse:
            return FileResponse(WEB / "index.html")

        from .pages import register_pages

        register_pages(app, WEB)

        from obelisk.companion import modules as companion_modules
        from obelisk.companion.http import BODY_LIMITS as COMPANION_LIMITS

        from .security import add_body_limits

        add_body_limits(COMPANION_LIMITS)

        for module in companion_modules("web_"):
            module.register(app, WEB, db=cfg.db)  # live sessions kept in the database

    return app


async def _send(ws: WebSocket, msg: dict[str, Any] | str) -> None:
    # a NaN or infinity from a game is never sent as non-standard JSON (protocol.encode)
    await ws.send_text(msg if isinstance(msg, str) else protocol.encode(msg))


async def _writer(ws: WebSocket, conn: Conn) -> None:
    """Send the connection's outbox in order; a None closes it."""
    while True:
        msg = await conn.outbox.get()
        if msg is None:
            with contextlib.suppress(Exception):
                await ws.close(conn.close_code, conn.close_reason or None)
            return
        read_at = msg.pop(READ_AT, None) if isinstance(msg, dict) else None
        if read_at is not None and isinstance(msg, dict):
            # from reading the ping to writing its pong: the time, and the event loop's
            # CPU time (its own work, for this client and the others, not the machine's)
            msg["server_ms"] = round((time.perf_counter() - read_at[0]) * 1000, 3)
            msg["server_cpu_ms"] = round((time.thread_time() - read_at[1]) * 1000, 3)
        try:
            await _send(ws, msg)
        except Exception:
            conn.close()
            return


def _id(raw: str | bytes) -> Any:
    """The ``id`` of a client message, for the error that answers it (None when the message
    is not a JSON object with a number or string ``id``)."""
    try:
        msg = protocol.loads_strict(raw)
    except (ValueError, RecursionError):
        return None
    value = msg.get("id") if isinstance(msg, dict) else None
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return None
    return value if not isinstance(value, str) or len(value) <= 64 else None


async def _receive(ws: WebSocket) -> str | bytes | None:
    msg = await ws.receive()
    if msg["type"] == "websocket.disconnect":
        return None
    text = msg.get("text")
    return text if text is not None else msg.get("bytes") or b""


async def _serve_client(ws: WebSocket, lobby: Lobby, room_id: str, cfg: ServerConfig) -> None:
    """One client: hello first (token or spectator), then actions until it leaves."""
    try:
        room: Room = await lobby.get(room_id)
    except Elsewhere as e:  # another process of the site holds the room: relay to it
        await relay_ws(ws, e.holder, room_id)
        return
    except ServerError as e:
        await _send(ws, protocol.error_frame(e.code, e.message))
        await ws.close(4404)
        return
    # hello: errors before it are answered and the client may try again
    conn: Conn | None = None
    tries = 0
    try:
        while conn is None:
            try:
                raw = await asyncio.wait_for(_receive(ws), HELLO_TIMEOUT)
            except TimeoutError:
                await _send(ws, protocol.error_frame("timeout", "say hello within 10 seconds"))
                await ws.close(4408)
                return
            if raw is None:
                return
            try:
                msg = protocol.parse_client(raw, cfg.max_message)
                if msg["type"] != "hello":
                    raise ServerError("the first message must be hello", "hello_first")
                token = msg.get("token")
                if token is not None and not isinstance(token, str):
                    raise ServerError("token must be a string or null", "malformed")
                seat = room.seat_of(token)
                if token and seat is None:
                    # a seat another player handed to a bot: its own player takes it back
                    seat = await room.reclaim(token)
                if token and seat is None:
                    raise ServerError("that token holds no seat of this room", "bad_token")
                seen = msg.get("seen", 0)
                if not isinstance(seen, int) or isinstance(seen, bool):
                    raise ServerError("seen must be an integer", "malformed")
                text = msg.get("text", False)
                if not isinstance(text, bool):
                    raise ServerError("text must be true or false", "malformed")
                lang = msg.get("lang", SOURCE)
                if not isinstance(lang, str) or lang not in LANGUAGES:
                    known = ", ".join(LANGUAGES)
                    raise ServerError(f"lang must be one of {known}", "unknown_language")
            except ServerError as e:
                tries += 1
                await _send(ws, protocol.error_frame(e.code, e.message, id=_id(raw), **e.extra))
                if tries >= 5:
                    await ws.close(4400)
                    return
                continue
            conn = Conn(seat, cfg, text, room.clock, lang)
        writer = asyncio.get_running_loop().create_task(_writer(ws, conn))
        await room.attach(conn, seen)
        try:
            while not conn.closed:
                raw = await _receive(ws)
                if raw is None:
                    break
                read_at = (time.perf_counter(), time.thread_time())
                if not conn.allow():
                    if conn.should_warn():
                        conn.send(
                            protocol.error_frame(
                                "rate_limited",
                                f"too many messages (limit {cfg.rate:g}/s); "
                                "messages are ignored until the rate drops",
                            )
                        )
                    continue
                try:
                    msg = protocol.parse_client(raw, cfg.max_message)
                    if msg["type"] == "ping":
                        # the writer adds server_ms and server_cpu_ms (see _writer)
                        conn.send(
                            {
                                "type": "pong",
                                "v": protocol.VERSION,
                                "id": msg.get("id"),
                                READ_AT: read_at,
                            }
                        )
                    elif msg["type"] == "hello":
                        raise ServerError("already said hello", "hello_again")
                    elif msg["type"] == "preview":
                        with speaking(conn.lang):
                            answer = await room.preview(conn.seat, msg)
                        conn.send(
                            {
                                "type": "preview",
                                "v": protocol.VERSION,
                                "id": msg.get("id"),
                                **answer,
                            }
                        )
                    elif msg["type"] == "undo":
                        with speaking(conn.lang):
                            await room.undo(conn.seat, msg)
                        conn.send({"type": "ack", "v": protocol.VERSION, "id": msg.get("id")})
                    else:
                        with speaking(conn.lang):
                            await room.act(conn.seat, msg)
                        conn.send(
                            {
                                "type": "ack",
                                "v": protocol.VERSION,
                                "id": msg.get("id"),
                                READ_AT: read_at,
                            }
                        )
                except ServerError as e:
                    conn.send(protocol.error_frame(e.code, e.message, id=_id(raw), **e.extra))
                except Exception:
                    # a fault of the server: answer it, log it, and keep the connection
                    log.exception("room %s: a message could not be handled", room.id)
                    conn.send(
                        protocol.error_frame(
                            "internal", "the server failed on that message", id=_id(raw)
                        )
                    )
                # let the writer send the answers before the next buffered message is read
                await asyncio.sleep(0)
        finally:
            await room.detach(conn)
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(writer, 2.0)
            writer.cancel()
    except WebSocketDisconnect:
        if conn is not None:
            await room.detach(conn)
