"""The floor under a server step: what the parts every step pays cost on this machine alone.

A step of ``obelisk serve`` at a person's pace (or the load benchmark's brisk pace, far from
a busy server) arrives alone: the event loop wakes for one WebSocket message, hands one
write to the database thread and waits for its commit, then writes its replies. Those
parts cost the same whatever the game, and no Python code of Obelisk's can make them
cheaper. This benchmark measures them without Obelisk, each stage adding one part to the
one before, served by a process of its own and driven by one client that sends a message,
waits for the reply and pauses (``--gap``) so each message arrives alone, as a step does:

- ``tcp``: uvloop's bare TCP echo (the wake-up, one read, one write);
- ``websocket``: Uvicorn and Starlette's WebSocket, as ``obelisk serve`` runs them (the
  frame parsing, the ASGI calls), replying with a message of ``--reply-bytes``;
- ``thread``: the same, plus a round trip to a thread, as a write to the writer thread
  makes (a queue put that wakes it, ``call_soon_threadsafe`` back);
- ``sqlite``: the same, with the thread inserting a row of the reply's size into a SQLite
  file in WAL mode and committing, as a step's write does;
- ``two replies``: the same, and a second reply (a step's ``ack`` and ``state``).

The server's CPU time (user + system, from ``/proc``) per message is the figure: the
least a lone step costs here before any game, narration or JSON of Obelisk's. Compare it
with ``benchmarks/server_load.py``'s server CPU per step at 100 rooms.

    python benchmarks/server_floor.py --messages 2000 --runs 3
"""

from __future__ import annotations

import argparse
import asyncio
import os
import queue
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

# the load benchmark's readers of a free port and of a process's CPU time (/proc)
from server_load import cpu_seconds, free_port

STAGES = ("tcp", "websocket", "thread", "sqlite", "two replies")


# -- the servers ------------------------------------------------------------------------
def serve_tcp(port: int, reply: bytes) -> None:
    """uvloop's TCP echo: every chunk read is answered with ``reply``."""
    import uvloop

    class Echo(asyncio.Protocol):
        def connection_made(self, transport: Any) -> None:
            self.transport = transport

        def data_received(self, data: bytes) -> None:
            self.transport.write(reply)

    async def main() -> None:
        server = await asyncio.get_running_loop().create_server(Echo, "127.0.0.1", port)
        async with server:
            await server.serve_forever()

    uvloop.run(main())


class Committer:
    """A thread that answers each job, after an insert and commit if it has a database."""

    def __init__(self, db: str | None) -> None:
        self.jobs: queue.SimpleQueue[tuple[Any, Any, bytes]] = queue.SimpleQueue()
        self.db = db
        threading.Thread(target=self.run, daemon=True).start()

    def run(self) -> None:
        con = None
        if self.db:
            con = sqlite3.connect(self.db, check_same_thread=False)
            con.execute("pragma journal_mode=wal")
            con.execute("pragma synchronous=normal")
            con.execute("create table if not exists t (i integer primary key, body blob)")
            con.commit()
        while True:
            loop, future, body = self.jobs.get()
            if con is not None:
                con.execute("insert into t (body) values (?)", (body,))
                con.commit()
            loop.call_soon_threadsafe(future.set_result, None)


def serve_websocket(port: int, reply: str, stage: str, db: str, ws: str) -> None:
    """Starlette's WebSocket under Uvicorn, replying to every message after the stage's
    extra parts."""
    import uvicorn
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    committer = Committer(db if stage in ("sqlite", "two replies") else None)

    async def endpoint(ws: WebSocket) -> None:
        await ws.accept()
        loop = asyncio.get_running_loop()
        while True:
            try:
                text = await ws.receive_text()
            except WebSocketDisconnect:
                return
            if stage != "websocket":
                future = loop.create_future()
                committer.jobs.put((loop, future, text.encode()))
                await future
            await ws.send_text(reply)
            if stage == "two replies":
                await ws.send_text('{"type":"ack"}')

    app = Starlette(routes=[WebSocketRoute("/ws", endpoint)])
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", loop="uvloop", ws=ws)  # type: ignore[arg-type]


# -- the client -------------------------------------------------------------------------
async def drive(stage: str, port: int, messages: int, gap: float, pid: int) -> float:
    """Send ``messages`` messages one at a time (each after its reply and ``gap``); the
    server's CPU ms per message, after a warm-up of a tenth as many."""
    import aiohttp

    message = '{"type":"action","action":{"kind":"play","card":3}}'
    warm = max(10, messages // 10)
    if stage == "tcp":
        reader, writer = await asyncio.open_connection("127.0.0.1", port)

        async def one() -> None:
            writer.write(message.encode())
            await reader.read(65536)

        start = 0.0
        for i in range(warm + messages):
            if i == warm:
                start = cpu_seconds(pid)
            await one()
            await asyncio.sleep(gap)
        writer.close()
        return 1000 * (cpu_seconds(pid) - start) / messages
    replies = 2 if stage == "two replies" else 1
    url = f"http://127.0.0.1:{port}/ws"
    async with aiohttp.ClientSession() as client, client.ws_connect(url, max_msg_size=0) as ws:
        start = 0.0
        for i in range(warm + messages):
            if i == warm:
                start = cpu_seconds(pid)
            await ws.send_str(message)
            for _ in range(replies):
                await ws.receive()
            await asyncio.sleep(gap)
        return 1000 * (cpu_seconds(pid) - start) / messages


def measure(stage: str, args: argparse.Namespace, tmp: str) -> float:
    """One run of one stage: start its server, drive it, stop it."""
    port = free_port()
    cmd = [sys.executable, __file__, "--serve", stage, "--port", str(port)]
    cmd += ["--reply-bytes", str(args.reply_bytes), "--db", str(Path(tmp) / f"{port}.db")]
    cmd += ["--ws", args.ws]
    proc = subprocess.Popen(cmd)
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.05)
        return asyncio.run(drive(stage, port, args.messages, args.gap, proc.pid))
    finally:
        proc.terminate()
        proc.wait()


def main() -> None:
    """Measure every stage ``--runs`` times, alternating, and print the medians (or, with
    ``--serve``, be one stage's server)."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--messages", type=int, default=2000, help="messages per run (default 2000)")
    p.add_argument("--gap", type=float, default=0.003, help="seconds between messages")
    p.add_argument("--reply-bytes", type=int, default=800, help="size of a reply (a state)")
    p.add_argument("--runs", type=int, default=3, help="runs per stage; the median is shown")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument(
        "--ws",
        default="auto",
        help="Uvicorn's WebSocket implementation (auto, websockets, websockets-sansio, wsproto)",
    )
    p.add_argument("--serve", choices=STAGES, help=argparse.SUPPRESS)
    p.add_argument("--port", type=int, help=argparse.SUPPRESS)
    p.add_argument("--db", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.serve == "tcp":
        serve_tcp(args.port, b"x" * args.reply_bytes)
        return
    if args.serve:
        body = '{"type":"state","text":"' + "x" * max(0, args.reply_bytes - 27) + '"}'
        serve_websocket(args.port, body, args.serve, args.db, args.ws)
        return

    from rich.console import Console
    from rich.table import Table

    results: dict[str, list[float]] = {s: [] for s in STAGES}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.runs):  # the stages alternate, so a busy moment spreads over all
            for stage in STAGES:
                results[stage].append(measure(stage, args, tmp))
    medians = {s: statistics.median(v) for s, v in results.items()}
    if args.json:
        import json

        print(json.dumps({"load": os.getloadavg()[0], "ms_per_message": medians, "runs": results}))
        return
    table = Table(
        title=f"the floor under a lone step: server CPU per message, median of {args.runs}"
    )
    table.add_column("stage")
    table.add_column("ms per message", justify="right")
    table.add_column("runs", justify="right")
    for s in STAGES:
        table.add_row(s, f"{medians[s]:.3f}", " ".join(f"{x:.3f}" for x in results[s]))
    Console().print(table)
    Console().print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
