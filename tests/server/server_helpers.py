"""Test helpers: a real server in a subprocess, and real WebSocket clients.

The server runs as ``python -m obelisk.cli.main serve`` on a free port with its
own database, with the test games registered through ``--plugin tinycards`` and
``--plugin flashcards`` (a memory game whose narrator flashes).
Clients speak the protocol of ``docs/protocol.md`` with the ``websockets``
library; nothing of the server is imported or mocked.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

TESTS = Path(__file__).resolve().parent.parent
ADMIN = "test-admin-secret"


def served_games() -> list[str]:
    """The games the test server knows: the built-in ones and the test game ``tiny``
    (other test folders register games of their own that the server does not load)."""
    from obelisk.core import all_games

    return [
        g.name
        for g in all_games()
        if type(g).__module__.startswith("obelisk.games.") or g.name == "tiny"
    ]


def _refuse_constant(name: str) -> Any:
    raise AssertionError(f"the server sent {name}, which is not standard JSON")


def strict_json(raw: str | bytes) -> Any:
    """Parse a server message as a browser would: NaN and Infinity are errors."""
    assert isinstance(raw, str), "the server sends text frames only"
    return json.loads(raw, parse_constant=_refuse_constant)


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProc:
    """``obelisk serve`` in a subprocess; :meth:`kill` sends SIGKILL."""

    def __init__(
        self, db: str, *extra: str, port: int | None = None, chosen_seeds: bool = True
    ) -> None:
        self.db = db
        # tests set positions up by seed; a server in service draws every seed itself
        self.extra = list(extra) + (["--allow-chosen-seeds"] if chosen_seeds else [])
        if "--rooms-per-client" not in self.extra:  # every test client is 127.0.0.1
            self.extra += ["--rooms-per-client", "0"]
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = Path(os.environ.get("TMPDIR", "/tmp")) / f"obelisk-server-{self.port}.log"

    @property
    def http(self) -> str:
        """The base HTTP URL."""
        return f"http://127.0.0.1:{self.port}"

    def ws(self, room: str) -> str:
        """The WebSocket URL of a room."""
        return f"ws://127.0.0.1:{self.port}/ws/rooms/{room}"

    def start(self, timeout: float = 120.0) -> ServerProc:
        """Start and wait until it answers (a loaded 2-core machine takes its time: an
        import alone has taken 10 s at load average 20)."""
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [str(TESTS), str(TESTS / "server"), env.get("PYTHONPATH", "")]
        )
        cmd = [
            sys.executable,
            "-m",
            "obelisk.cli.main",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db,
            "--plugin",
            "tinycards",
            "--plugin",
            "flashcards",
            "--bot-delay",
            "0",
            "--admin-token",
            ADMIN,
            "--log-level",
            os.environ.get("OBELISK_TEST_LOG_LEVEL", "warning"),
            *self.extra,
        ]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.http + "/api/health", timeout=1.0).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """kill -9: no clean shutdown at all."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        """A clean stop."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    # -- HTTP shortcuts ---------------------------------------------------------
    def post(self, path: str, body: Any, token: str | None = None) -> httpx.Response:
        """POST JSON."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.post(self.http + path, json=body, headers=headers, timeout=30)

    def get(self, path: str, token: str | None = None) -> httpx.Response:
        """GET."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.get(self.http + path, headers=headers, timeout=30)

    def create(self, game: str, seats: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
        """Create a room; returns its summary."""
        r = self.post("/api/rooms", {"game": game, "seats": seats, **kw})
        assert r.status_code == 201, r.text
        return dict(r.json())

    def join(self, room: str, seat: int | None = None) -> str:
        """Take a seat; returns the token."""
        r = self.post(f"/api/rooms/{room}/join", {"seat": seat})
        assert r.status_code == 200, r.text
        return str(r.json()["token"])

    def full_record(self, room: str) -> dict[str, Any]:
        """The omniscient record (admin token)."""
        r = self.get(f"/api/rooms/{room}/record", token=ADMIN)
        assert r.status_code == 200, r.text
        return dict(r.json())


class Client:
    """One WebSocket client of a room; keeps every message it received."""

    def __init__(self, url: str, token: str | None) -> None:
        self.url = url
        self.token = token
        self.ws: Any = None
        self.received: list[dict[str, Any]] = []
        self.last_state: dict[str, Any] | None = None
        self.events: list[dict[str, Any]] = []
        self.over: dict[str, Any] | None = None
        #: The actions this client sent that the server acknowledged, in order.
        self.acked: list[Any] = []

    async def connect(
        self, seen: int = 0, hello: bool = True, text: bool = False, lang: str | None = None
    ) -> Client:
        """Open the socket and say hello (resuming after ``seen`` events; reading ``lang``)."""
        self.ws = await websockets.connect(self.url, max_size=None)
        if hello:
            msg = {"type": "hello", "v": 1, "token": self.token, "seen": seen, "text": text}
            if lang is not None:
                msg["lang"] = lang
            await self.send(msg)
        return self

    async def send(self, msg: Any) -> None:
        """Send a message (a dict is sent as JSON, a str as is)."""
        await self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next message."""
        m = strict_json(await asyncio.wait_for(self.ws.recv(), timeout))
        self.received.append(m)
        if m["type"] == "state":
            self.last_state = m
            # the events as the engine gives them (the sentences the server adds are in received)
            self.events.extend(
                {k: v for k, v in e.items() if k not in ("sentence", "flash")} for e in m["events"]
            )
        elif m["type"] == "game_over":
            self.over = m
        return dict(m)

    async def until(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        """Read until a message of ``kind`` arrives."""
        deadline = time.monotonic() + timeout
        while True:
            m = await self.recv(max(0.01, deadline - time.monotonic()))
            if m["type"] == kind:
                return m

    async def drain(self, quiet: float = 0.2) -> None:
        """Read until nothing arrives for ``quiet`` seconds."""
        try:
            while True:
                await self.recv(quiet)
        except TimeoutError:
            return

    async def read_to_end(self, timeout: float = 30.0) -> None:
        """Read until the server closes the connection."""
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                with contextlib.suppress(TimeoutError):
                    await self.recv(0.5)
        except websockets.ConnectionClosed:
            return
        raise TimeoutError("the server did not close the connection")

    async def close(self) -> None:
        """Close the socket."""
        if self.ws is not None:
            await self.ws.close()


async def play_humans(
    clients: list[Client], rng: random.Random, max_actions: int = 1_000_000, timeout: float = 60.0
) -> int:
    """Every client answers its turns with a random legal action until the game ends
    or ``max_actions`` actions were acknowledged.

    Returns how many actions the server acknowledged (each one is in the record).
    """
    acked = 0
    deadline = time.monotonic() + timeout

    async def one(c: Client) -> None:
        nonlocal acked
        pending = False  # an action is in flight: wait for its ack or error
        acted_on: dict[str, Any] | None = None
        sent: Any = None
        while pending or (c.over is None and acked < max_actions):
            if time.monotonic() > deadline:
                raise TimeoutError("the game did not end in time")
            try:
                m = await c.recv(0.25)
            except TimeoutError:
                continue
            if m["type"] == "error":
                if m["code"] not in ("stale", "not_your_turn", "game_over"):
                    raise AssertionError(f"unexpected error: {m}")
                pending = False  # a clock event moved the game on while we chose
            elif m["type"] == "ack":
                pending = False
                acked += 1
                c.acked.append(sent)
            st = c.last_state
            if (
                not pending
                and acked < max_actions
                and st is not None
                and st is not acted_on
                and st["legal"]
                and st["status"] == "playing"
            ):
                choice = rng.choice(st["legal"])
                sent = choice["action"]
                await c.send(
                    {"type": "action", "action": choice["action"], "decision": st["decision"]}
                )
                acted_on = st
                pending = True

    await asyncio.gather(*(one(c) for c in clients))
    return acked


def fresh_pg_database(url: str, prefix: str = "obelisk_test_") -> str:
    """A new empty database, named ``prefix`` and a random tail, on the PostgreSQL server
    of ``url`` (its role may create databases); its URL. :func:`drop_pg_database` drops it
    (the tests' and ``benchmarks/server_load.py``'s)."""
    import uuid

    import sqlalchemy as sa

    from obelisk.server.store import normalize_url

    name = prefix + uuid.uuid4().hex[:10]
    eng = sa.create_engine(normalize_url(url), isolation_level="AUTOCOMMIT")
    with eng.connect() as c:
        c.execute(sa.text(f'CREATE DATABASE "{name}"'))
    eng.dispose()
    base, _, _db = url.rpartition("/")
    return f"{base}/{name}"


def drop_pg_database(url: str) -> None:
    """Drop the database :func:`fresh_pg_database` made (its connections closed first)."""
    import sqlalchemy as sa

    from obelisk.server.store import normalize_url

    base, _, name = url.rpartition("/")
    eng = sa.create_engine(normalize_url(f"{base}/postgres"), isolation_level="AUTOCOMMIT")
    with eng.connect() as c:
        c.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    eng.dispose()
