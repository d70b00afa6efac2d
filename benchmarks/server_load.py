"""Load test of the game server on loopback (not part of the test run).

Starts ``obelisk serve`` in a subprocess with a fresh SQLite file, opens N
rooms, each with one scripted WebSocket client and computer players, and lets
them play for a while; finished games are replaced by new rooms. Reports the
actions per second the server held (every committed step, bots included),
the round trip of the scripted clients' actions (send → ack, which comes after
the step is committed and broadcast) as p50/p99, the server's own share of it
(the ack's ``server_ms``: from reading the action to writing the ack) and the
event loop's CPU time in that (``server_cpu_ms``: its own work, for that room
and the others, which other processes on the machine cannot stretch: about what
the server's time would be on a core of its own), the server's memory per
room, the garbage collector's time per step (from ``/api/health``), and what the
rest of the machine spent per step (``rest CPU ms/step``), split into this
benchmark's load clients, PostgreSQL and nginx, with the ``ceiling`` that puts on the
steps a second the machine's cores could hold however many server processes share
them (on a quiet machine: other work counts as rest) and the ``site ceiling`` at
the site's own costs alone (the servers, clients, database and proxy: what another
program running meanwhile does not change). After the load, a hundred rooms are
made, joined and connected one after another with nobody playing: the servers' CPU for
one room's life apart from its steps (``room ms``), and the step's cost net of the rooms
made during the run (``net of rooms``: random play ends an Abu Simbel game in about eight
steps, so its step otherwise carries most of a room's making). ``--json`` adds the servers' other
threads by kind (the writer's commits, the pool of database reads and leases, the
computer players). The measurement starts once
every room's client is connected (a warm-up of at most ``--warmup`` seconds:
opening 1,000 rooms takes a while on a busy machine) and lasts ``--seconds``. Each measurement is
repeated ``--runs`` times; the median run is shown.

    python benchmarks/server_load.py --rooms 100 --seconds 20 --think 0.5

``--game all`` measures the test game ``tiny`` and every registered game in turn, one
row per game (the server's CPU per step is the figure to compare between them: the
rest of a shared machine stretches it least).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
import httpx
import orjson
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

ROOT = Path(__file__).resolve().parent.parent
# the tests' helpers: nginx in front of several processes, a fresh PostgreSQL database
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "server")]
console = Console()


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def read_stat(path: Path) -> tuple[str, float, int] | None:
    """A process's or thread's ``stat`` file (Linux ``/proc``): its command's name, the
    user + system CPU seconds it has used so far and its parent's id; None once it ended."""
    try:
        head, tail = path.read_text().rsplit(")", 1)
    except OSError:
        return None
    fields = tail.split()
    used = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return head.split("(", 1)[1], used, int(fields[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux)."""
    stat = read_stat(Path(f"/proc/{pid}/stat"))
    if stat is None:
        raise ProcessLookupError(f"process {pid} has ended")
    return stat[1]


def machine_cpu() -> float:
    """CPU seconds the whole machine has spent busy so far, all cores (Linux ``/proc/stat``:
    user, nice, system, irq, softirq and steal; idle and I/O wait left out)."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


#: A server's threads by the start of their names.
THREADS = (("obelisk-db-writer", "writer"), ("obelisk-db", "reads"), ("obelisk-bot", "bots"))


def thread_cpu(pid: int, names: dict[str, str] | None = None) -> dict[str, float]:
    """CPU seconds so far of a process's threads (Linux): ``loop`` (the main thread: the
    event loop) and ``other`` (all the rest), and, given the server's thread ``names`` by
    system id (its ``/api/health``), the rest by kind: ``writer`` (the database writer's
    commits), ``reads`` (the pool of database reads and lease work), ``bots`` (the
    computer players' pool)."""
    out = {"loop": 0.0, "other": 0.0, "writer": 0.0, "reads": 0.0, "bots": 0.0}
    for task in Path(f"/proc/{pid}/task").iterdir():
        stat = read_stat(task / "stat")
        if stat is None:  # the thread ended meanwhile
            continue
        used = stat[1]
        if task.name == str(pid):
            out["loop"] += used
            continue
        out["other"] += used
        name = (names or {}).get(task.name, "")
        for prefix, kind in THREADS:
            if name.startswith(prefix):
                out[kind] += used
                break
    return out


def cpu_by_part(servers: list[int]) -> dict[str, float]:
    """CPU seconds so far of the site's other parts on this machine (Linux ``/proc``):
    ``clients`` (this benchmark's load clients: its child processes other than the
    servers), ``database`` (PostgreSQL's processes), ``proxy`` (nginx's). What else runs
    on the machine is left out, so these figures hold on a machine that is not quiet."""
    me = os.getpid()
    out = {"clients": 0.0, "database": 0.0, "proxy": 0.0}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit() or int(proc.name) in servers:
            continue
        stat = read_stat(proc / "stat")
        if stat is None:  # the process ended meanwhile
            continue
        comm, used, parent = stat
        if comm.startswith("postgres"):
            out["database"] += used
        elif comm.startswith("nginx"):
            out["proxy"] += used
        elif parent == me:
            out["clients"] += used
    return out


def rss_mib(pid: int) -> float:
    """Resident memory of a process, MiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Server:
    def __init__(self, db: str, extra: list[str], port: int | None = None) -> None:
        self.port = port or free_port()
        self.db = db
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "tests"), env.get("PYTHONPATH", "")])
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "obelisk.cli.main",
                "serve",
                "--port",
                str(self.port),
                "--db",
                db,
                "--plugin",
                "tinycards",
                "--bot-delay",
                "0",
                "--rate",
                "1000",
                "--max-rooms",
                "100000",
                "--room-rate",
                "0",
                # every scripted client is 127.0.0.1: no per-address limit
                "--rooms-per-client",
                "0",
                "--log-level",
                "warning",
                *extra,
            ],
            env=env,
        )
        self.http = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.http + "/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(20)


class Site:
    """One server, or ``--processes`` servers on one database behind nginx (docs/deploy.md)."""

    def __init__(self, args: argparse.Namespace, tmp: str) -> None:
        from server_helpers import fresh_pg_database

        #: A PostgreSQL --db names the server: each run gets a new empty database on it,
        #: dropped at the end (a server reloads every unfinished room of its database at
        #: start, so the rooms an earlier run left playing would be taken over and
        #: replayed, and measured, again).
        self.fresh_pg: str | None = None
        if args.db and not args.db.startswith("sqlite"):
            self.db = self.fresh_pg = fresh_pg_database(args.db, prefix="obelisk_load_")
        else:
            self.db = args.db or str(Path(tmp) / "load.sqlite3")
        extra = list(args.server_arg or [])
        self.proxy: Any = None
        if args.processes == 1:
            self.servers = [Server(self.db, extra)]
            self.port = self.servers[0].port
        else:
            from nginx_proxy import Proxy

            ports = [free_port() for _ in range(args.processes)]
            self.servers = [
                Server(self.db, [*extra, "--cluster-url", f"http://127.0.0.1:{p}"], port=p)
                for p in ports
            ]
            self.proxy = Proxy(Path(tmp), ports, connections=4 * args.rooms + 1024)
            self.port = self.proxy.port
        self.http = f"http://127.0.0.1:{self.port}"
        self.pids = [srv.proc.pid for srv in self.servers]
        #: Each server's thread names by system id, from its last ``/api/health``.
        self.thread_names: list[dict[str, str]] = [{} for _ in self.servers]

    def cpu(self) -> float:
        """CPU seconds of every server process so far (not the proxy's)."""
        return sum(cpu_seconds(p) for p in self.pids)

    def threads(self) -> dict[str, float]:
        """CPU seconds of every server process's threads by kind (see :func:`thread_cpu`)."""
        total = {"loop": 0.0, "other": 0.0, "writer": 0.0, "reads": 0.0, "bots": 0.0}
        for p, names in zip(self.pids, self.thread_names, strict=True):
            for k, v in thread_cpu(p, names).items():
                total[k] += v
        return total

    def rss(self) -> float:
        """Resident memory of every server process (MiB)."""
        return sum(rss_mib(p) for p in self.pids)

    async def health(self, client: httpx.AsyncClient) -> dict[str, Any]:
        """``/api/health`` of every process, added up."""
        total: dict[str, Any] = {"rooms": 0, "connections": 0, "writes": 0, "commits": 0}
        total["loop_lag"] = {"busy_over_50ms": 0}
        for i, srv in enumerate(self.servers):
            h = (await client.get(srv.http + "/api/health")).json()
            self.thread_names[i] = h.get("threads", {})
            for key in ("rooms", "connections", "writes", "commits"):
                total[key] += h.get(key, 0)
            total["loop_lag"]["busy_over_50ms"] += h["loop_lag"]["busy_over_50ms"]
            total["gc_ms"] = total.get("gc_ms", 0.0) + sum(h.get("gc", {}).get("ms", [0.0]))
        return total

    def stop(self) -> None:
        if self.proxy is not None:
            self.proxy.stop()
        for srv in self.servers:
            srv.stop()
        if self.fresh_pg is not None:
            from server_helpers import drop_pg_database

            drop_pg_database(self.fresh_pg)


async def _post(client: aiohttp.ClientSession, path: str, body: Any) -> Any:
    """POST with a retry: a kept-alive connection the server just closed fails once."""
    for attempt in range(3):
        try:
            async with client.post(path, data=orjson.dumps(body), headers=JSON) as r:
                r.raise_for_status()
                return orjson.loads(await r.read())
        except aiohttp.ServerDisconnectedError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


#: The header of a JSON body.
JSON = {"Content-Type": "application/json"}


async def _seated(client: aiohttp.ClientSession, body: dict[str, Any]) -> tuple[str, str]:
    """A new room made from ``body``, and seat 0 taken in it: the room's id and the token."""
    room = (await _post(client, "/api/rooms", body))["id"]
    token = (await _post(client, f"/api/rooms/{room}/join", {"seat": 0}))["token"]
    return room, token


async def room_player(
    client: aiohttp.ClientSession,
    game: str,
    options: dict[str, Any],
    players: int,
    think: float,
    stop_at: float,
    lat: list[tuple[float, float, float, float]],
    counts: dict[str, int],
    rng: random.Random,
    stop_file: str,
) -> None:
    """Play rooms one after another until ``stop_at`` or ``stop_file`` exists: seat 0
    scripted, the rest bots.

    A room whose connection fails (a handshake that times out on an overloaded
    server) is counted in ``failed`` and the next room is opened.
    """
    while time.monotonic() < stop_at and not os.path.exists(stop_file):
        try:
            await _play_room(
                client, game, options, players, think, stop_at, lat, counts, rng, stop_file
            )
        except (TimeoutError, OSError, aiohttp.ClientError) as e:
            if os.environ.get("DEBUG_LOAD"):
                print(repr(e)[:300], file=sys.stderr)
            counts["failed"] += 1
            await asyncio.sleep(0.5)


async def _play_room(
    client: aiohttp.ClientSession,
    game: str,
    options: dict[str, Any],
    players: int,
    think: float,
    stop_at: float,
    lat: list[tuple[float, float, float, float]],
    counts: dict[str, int],
    rng: random.Random,
    stop_file: str,
) -> None:
    """One room: create it, take seat 0, play until the game ends or ``stop_at``.
    Each acknowledged action adds (when it was sent, its round trip, the server's
    time over it, its event loop's CPU time in that) to ``lat``."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    body = {"game": game, "seats": seats, "options": options}
    room, token = await _seated(client, body)
    counts["rooms"] += 1
    async with client.ws_connect(
        f"/ws/rooms/{room}", max_msg_size=0, timeout=aiohttp.ClientWSTimeout(ws_receive=None)
    ) as ws:
        await ws.send_str(orjson.dumps({"type": "hello", "token": token}).decode())
        sent_at: float | None = None
        sent_mono = 0.0
        last: dict[str, Any] | None = None
        acted_on = None
        while True:
            msg = await ws.receive()
            if msg.type is not aiohttp.WSMsgType.TEXT:
                raise aiohttp.ClientError(f"the server closed the connection: {msg.type!r}")
            m = orjson.loads(msg.data)
            t = m["type"]
            if t == "state":
                last = m
            elif t == "ack" and sent_at is not None:
                lat.append(
                    (
                        sent_mono,
                        time.perf_counter() - sent_at,
                        m["server_ms"] / 1000,
                        m.get("server_cpu_ms", float("nan")) / 1000,
                    )
                )
                counts["actions"] += 1
                sent_at = None
            elif t == "error":
                sent_at = None
            elif t == "game_over":
                counts["games"] += 1
                break
            if sent_at is None and last is not None and last is not acted_on and last["legal"]:
                if time.monotonic() >= stop_at or os.path.exists(stop_file):
                    return
                if think > 0:
                    await asyncio.sleep(think * (0.5 + rng.random()))
                a = rng.choice(last["legal"])["action"]
                acted_on = last
                sent_at, sent_mono = time.perf_counter(), time.monotonic()
                await ws.send_str(orjson.dumps({"type": "action", "action": a}).decode())


def client_process(
    port: int, first: int, rooms: int, args: dict[str, Any], stop_at: float, stop_file: str
) -> tuple[list[tuple[float, float, float, float]], dict[str, int]]:
    """One client process: ``rooms`` rooms played by scripted clients until ``stop_at``
    (or until ``stop_file`` exists)."""

    async def run() -> tuple[list[tuple[float, float, float, float]], dict[str, int]]:
        lat: list[tuple[float, float, float, float]] = []
        counts = {"rooms": 0, "actions": 0, "games": 0, "failed": 0}
        base = f"http://127.0.0.1:{port}"
        connector = aiohttp.TCPConnector(limit=rooms + 10)
        timeout = aiohttp.ClientTimeout(total=60)
        async with aiohttp.ClientSession(base, connector=connector, timeout=timeout) as client:
            await asyncio.gather(
                *(
                    room_player(
                        client,
                        args["game"],
                        orjson.loads(args["options"]),
                        args["players"],
                        args["think"],
                        stop_at,
                        lat,
                        counts,
                        random.Random(first + i),
                        stop_file,
                    )
                    for i in range(rooms)
                )
            )
        return lat, counts

    # the clients' own CPU is what the servers share the machine's cores with: uvloop (as
    # the server's uvicorn runs), aiohttp's compiled HTTP parser and WebSocket reader, and
    # orjson keep it small
    try:
        import uvloop
    except ImportError:
        return asyncio.run(run())
    return uvloop.run(run())


async def one_run(args: argparse.Namespace, progress: Progress) -> dict[str, float]:
    from concurrent.futures import ProcessPoolExecutor

    with tempfile.TemporaryDirectory() as tmp:
        srv = Site(args, tmp)
        stop_file = str(Path(tmp) / "stop")
        try:
            base = srv.rss()
            lat: list[tuple[float, float, float, float]] = []
            counts = {"rooms": 0, "actions": 0, "games": 0, "failed": 0}
            async with httpx.AsyncClient(base_url=srv.http, timeout=60) as client:
                h0 = await srv.health(client)
                launched = time.monotonic()
                hard_stop = launched + args.warmup + args.seconds + 5
                k = max(1, min(args.clients, args.rooms))
                shares = [args.rooms // k + (1 if i < args.rooms % k else 0) for i in range(k)]
                loop = asyncio.get_running_loop()
                with ProcessPoolExecutor(k) as pool:
                    futs = [
                        loop.run_in_executor(
                            pool,
                            client_process,
                            srv.port,
                            sum(shares[:i]),
                            shares[i],
                            vars(args),
                            hard_stop,
                            stop_file,
                        )
                        for i in range(k)
                    ]
                    # warm-up: until every room's client is connected (or --warmup passed)
                    warm = progress.add_task(f"{args.rooms} rooms: opening", total=args.rooms)
                    while time.monotonic() < launched + args.warmup:
                        h = await srv.health(client)
                        progress.update(warm, completed=h["connections"])
                        if h["connections"] >= args.rooms:
                            break
                        await asyncio.sleep(0.5)
                    progress.remove_task(warm)
                    warmup = time.monotonic() - launched
                    task = progress.add_task(f"{args.rooms} rooms", total=args.seconds)
                    start = time.monotonic()
                    peak = base
                    steps0, rooms0 = await db_counts(srv)
                    cpu0, threads0, machine0 = srv.cpu(), srv.threads(), machine_cpu()
                    parts0 = cpu_by_part(srv.pids)
                    hw = await srv.health(client)
                    lag0 = hw["loop_lag"]
                    load0 = os.getloadavg()[0]
                    spy = None
                    if args.profile:
                        # py-spy samples the server's threads over the measured window
                        spy_args = ["--pid", str(srv.pids[0]), "--format", "raw", "--rate", "100"]
                        spy_args += ["--duration", str(int(args.seconds)), "-o", args.profile]
                        spy = subprocess.Popen(
                            ["py-spy", "record", *spy_args], stdout=subprocess.DEVNULL
                        )
                    while time.monotonic() < start + args.seconds:
                        await asyncio.sleep(0.5)
                        peak = max(peak, srv.rss())
                        progress.update(task, completed=min(args.seconds, time.monotonic() - start))
                    elapsed = time.monotonic() - start
                    cpu = srv.cpu() - cpu0
                    machine = machine_cpu() - machine0
                    await srv.health(client)  # the names of threads started meanwhile
                    threads = {k: v - threads0[k] for k, v in srv.threads().items()}
                    parts = {k: v - parts0[k] for k, v in cpu_by_part(srv.pids).items()}
                    steps, made = await db_counts(srv)
                    steps, made = steps - steps0, made - rooms0
                    h1 = await srv.health(client)
                    Path(stop_file).touch()
                    if spy is not None:
                        spy.wait(60)
                    for lt, ct in await asyncio.gather(*futs):
                        lat.extend(x for x in lt if start <= x[0] < start + elapsed)
                        for key in counts:
                            counts[key] += ct[key]
                load = (load0 + os.getloadavg()[0]) / 2
                progress.remove_task(task)
                per_room = await room_cost(srv, args)
        finally:
            srv.stop()
    trips = sorted(x[1] for x in lat)
    inside = sorted(x[2] for x in lat)
    q = statistics.quantiles(trips, n=100) if len(trips) > 2 else [float("nan")] * 99
    qs = statistics.quantiles(inside, n=100) if len(inside) > 2 else [float("nan")] * 99
    work = sorted(x[3] for x in lat)
    qw = statistics.quantiles(work, n=100) if len(work) > 2 else [float("nan")] * 99
    lag = h1["loop_lag"]
    return {
        "rooms": args.rooms,
        "seconds": elapsed,
        "warmup_s": warmup,
        "steps_per_s": steps / elapsed,
        "human_actions_per_s": len(lat) / elapsed,
        "games": counts["games"],
        "failed": counts["failed"],
        "p50_ms": q[49] * 1000,
        "p99_ms": q[98] * 1000,
        "server_p50_ms": qs[49] * 1000,
        "server_p99_ms": qs[98] * 1000,
        "loop_cpu_p50_ms": qw[49] * 1000,
        "loop_cpu_p99_ms": qw[98] * 1000,
        "rss_base_mib": base,
        "rss_peak_mib": peak,
        "kib_per_room": (peak - base) * 1024 / max(1, h1["rooms"] - h0["rooms"]),
        "rooms_held": h1["rooms"],
        "server_cpu_ms_per_step": cpu * 1000 / max(1, steps),
        # a room's life apart from its steps (made, joined, connected), the rooms made
        # over the run, and the step's cost net of them
        "room_cpu_ms": per_room,
        "rooms_made": made,
        "step_cpu_net_ms": max(0.0, cpu * 1000 - made * per_room) / max(1, steps),
        # the same by thread: the event loop, the others (the database writer's commits)
        "loop_cpu_ms_per_step": threads["loop"] * 1000 / max(1, steps),
        "other_cpu_ms_per_step": threads["other"] * 1000 / max(1, steps),
        # the others by kind: the writer's commits, database reads and leases, bots
        **{
            f"{k}_cpu_ms_per_step": threads[k] * 1000 / max(1, steps)
            for k in ("writer", "reads", "bots")
        },
        "server_cpu_share": cpu / elapsed,
        # everything else the machine spent per step: the load clients, the database, the
        # proxy (what more server processes on the same cores must share the cores with)
        "rest_cpu_ms_per_step": max(0.0, machine - cpu) * 1000 / max(1, steps),
        "machine_cpu_share": machine / elapsed,
        # the rest by part: this benchmark's clients, PostgreSQL, nginx
        **{f"{k}_cpu_ms_per_step": v * 1000 / max(1, steps) for k, v in parts.items()},
        # the steps a second the cores could hold at the site's own costs per step (the
        # servers, clients, database and proxy: without whatever else the machine ran)
        "site_ceiling_steps_per_s": (os.cpu_count() or 1)
        * steps
        / max(cpu + sum(parts.values()), 1e-9),
        # the steps a second the machine's cores could hold at these costs per step
        "ceiling_steps_per_s": (os.cpu_count() or 1) * steps / max(machine, 1e-9),
        "loop_busy_stalls": lag["busy_over_50ms"] - lag0["busy_over_50ms"],
        # the cyclic garbage collector's time (in the servers' threads)
        "gc_ms_per_step": (h1.get("gc_ms", 0.0) - hw.get("gc_ms", 0.0)) / max(1, steps),
        # writes per database commit over the run (the writer groups them; 1: inline)
        "writes_per_commit": h1.get("writes", 0) / max(1, h1.get("commits", 0)),
        "load_average": load,
    }


async def db_counts(srv: Server) -> tuple[int, int]:
    """Committed steps and rooms made so far, counted in the server's database."""
    import sqlalchemy as sa

    from obelisk.server.store import Store, rooms, steps

    st = Store(srv.db)
    try:
        with st.engine.connect() as c:
            n_steps = c.execute(sa.select(sa.func.count()).select_from(steps)).scalar_one()
            n_rooms = c.execute(sa.select(sa.func.count()).select_from(rooms)).scalar_one()
            return int(n_steps), int(n_rooms)
    finally:
        st.close()


async def room_cost(srv: Server, args: argparse.Namespace, n: int = 100) -> float:
    """The servers' CPU ms for one room's life apart from its steps, measured after the
    load: a room made (every seat a person's, so nobody plays), a seat taken, its
    WebSocket opened until the first ``state``, then closed; ``n`` rooms one after another.
    A short game pays this once for few steps (random play ends an Abu Simbel game in
    about 8 steps), so the step's cost is also shown net of it."""
    body = {"game": args.game, "seats": [{"kind": "human"}] * args.players}
    body["options"] = orjson.loads(args.options)
    async with aiohttp.ClientSession(srv.http, timeout=aiohttp.ClientTimeout(total=60)) as c:

        async def one() -> None:
            room, token = await _seated(c, body)
            async with c.ws_connect(f"/ws/rooms/{room}", max_msg_size=0) as ws:
                await ws.send_str(orjson.dumps({"type": "hello", "token": token}).decode())
                while orjson.loads((await ws.receive()).data)["type"] != "state":
                    pass

        for _ in range(5):
            await one()
        cpu0 = srv.cpu()
        for _ in range(n):
            await one()
        return (srv.cpu() - cpu0) * 1000 / n


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--rooms", type=int, nargs="+", default=[100], help="concurrent rooms (several: a sweep)"
    )
    ap.add_argument("--seconds", type=float, default=20.0, help="length of one run")
    ap.add_argument(
        "--warmup", type=float, default=90.0, help="most seconds to wait for the rooms to open"
    )
    ap.add_argument(
        "--think",
        type=float,
        default=0.5,
        help="mean seconds a scripted client waits before acting",
    )
    ap.add_argument(
        "--game",
        nargs="+",
        default=["tiny"],
        help="the game(s) to play: tiny (the test game), a registered game's name, or all "
        "(tiny and every registered game, one row each)",
    )
    ap.add_argument(
        "--options",
        default=None,
        help="game options as JSON, for every game played (default: each game's own; for "
        "tiny, its longest game, of about 60 steps)",
    )
    ap.add_argument(
        "--players", type=int, default=3, help="seats per room (1 scripted, the rest bots)"
    )
    ap.add_argument("--clients", type=int, default=4, help="client processes sharing the rooms")
    ap.add_argument("--runs", type=int, default=3, help="runs per setting; the median is shown")
    ap.add_argument(
        "--db",
        default=None,
        help="database URL (default: a temp SQLite file); for PostgreSQL, the server: each "
        "run makes a new database on it and drops it after",
    )
    ap.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes on one database behind nginx (docs/deploy.md); more than one "
        "wants a PostgreSQL --db",
    )
    ap.add_argument("--server-arg", action="append", help="extra argument for obelisk serve")
    ap.add_argument("--json", action="store_true", help="print JSON")
    ap.add_argument(
        "--profile",
        default=None,
        help="write py-spy's raw samples of the server over the measured window to this file",
    )
    args = ap.parse_args()
    games = list(args.game)
    if "all" in games:
        from obelisk.core import all_games

        games = ["tiny", *(g.name for g in all_games())]
    results = []
    with Progress(console=console, transient=True) as progress:
        for game in games:
            options = args.options
            if options is None:
                options = '{"deck_size": 40, "hand_size": 5}' if game == "tiny" else "{}"
            for n in args.rooms:
                runs = []
                for _ in range(args.runs):
                    a = argparse.Namespace(
                        **{**vars(args), "rooms": n, "game": game, "options": options}
                    )
                    runs.append({"game": game, **asyncio.run(one_run(a, progress))})
                # the median run by the server's CPU per step (the figure a busy machine
                # stretches least)
                runs.sort(key=lambda r: r["server_cpu_ms_per_step"])
                results.append(runs[len(runs) // 2])
    if args.json:
        print(json.dumps(results, indent=1))
        return
    console.width = max(console.width, 170)
    if len(games) > 1:
        # one row per game, the figures to compare between games
        t = Table(
            title=f"obelisk serve under load: {args.players} seats, think {args.think}s, "
            f"{args.processes} process(es), median of {args.runs} by server CPU per step"
        )
        for col in GAME_COLUMNS:
            t.add_column(col, justify="right")
        for r in results:
            t.add_row(*game_row(r))
        console.print(t)
        return
    t = Table(
        title=f"obelisk serve under load: {', '.join(games)}, {args.players} seats, "
        f"think {args.think}s, {args.processes} process(es) (median of {args.runs} by "
        "server CPU per step)"
    )
    for col in COLUMNS:
        t.add_column(col, justify="right")
    for r in results:
        t.add_row(*row(r))
    console.print(t)


#: The table's headers, one per value of :func:`row`.
COLUMNS = (
    "game",
    "rooms",
    "rooms held",
    "warm-up s",
    "steps/s",
    "client actions/s",
    "games",
    "failed rooms",
    "p50 ms",
    "p99 ms",
    "server p50 ms",
    "server p99 ms",
    "loop CPU p50 ms",
    "loop CPU p99 ms",
    "RSS base MiB",
    "KiB/room",
    "server CPU ms/step",
    "room ms",
    "net of rooms",
    "server CPU %",
    "rest CPU ms/step",
    "clients ms/step",
    "database ms/step",
    "proxy ms/step",
    "machine CPU %",
    "ceiling steps/s",
    "site ceiling steps/s",
    "loop stalls",
    "GC ms/step",
    "writes/commit",
    "load avg",
)


#: The headers of the table of several games, one per value of :func:`game_row`.
GAME_COLUMNS = (
    "game",
    "rooms",
    "steps/s",
    "p50 ms",
    "p99 ms",
    "server CPU ms/step",
    "steps/game",
    "room ms",
    "net of rooms",
    "event loop",
    "other threads",
    "server CPU %",
    "load avg",
)


def game_row(r: dict[str, Any]) -> list[str]:
    """One game's result as the cells of the table of several games."""
    cells = [
        str(r["game"]),
        str(r["rooms"]),
        f"{r['steps_per_s']:.0f}",
        f"{r['p50_ms']:.1f}",
        f"{r['p99_ms']:.1f}",
        f"{r['server_cpu_ms_per_step']:.3f}",
        # the steps of the run over the games it ended ("-": none ended)
        f"{r['steps_per_s'] * r['seconds'] / r['rooms_made']:.0f}" if r["rooms_made"] else "-",
        f"{r['room_cpu_ms']:.2f}",
        f"{r['step_cpu_net_ms']:.3f}",
        f"{r['loop_cpu_ms_per_step']:.3f}",
        f"{r['other_cpu_ms_per_step']:.3f}",
        f"{r['server_cpu_share'] * 100:.0f}",
        f"{r['load_average']:.1f}",
    ]
    assert len(cells) == len(GAME_COLUMNS), "a value without its header"
    return cells


def row(r: dict[str, Any]) -> list[str]:
    """One result as the table's cells (as many as :data:`COLUMNS`)."""
    cells = [
        str(r["game"]),
        str(r["rooms"]),
        str(r["rooms_held"]),
        f"{r['warmup_s']:.0f}",
        f"{r['steps_per_s']:.0f}",
        f"{r['human_actions_per_s']:.0f}",
        str(r["games"]),
        str(r["failed"]),
        f"{r['p50_ms']:.1f}",
        f"{r['p99_ms']:.1f}",
        f"{r['server_p50_ms']:.1f}",
        f"{r['server_p99_ms']:.1f}",
        f"{r['loop_cpu_p50_ms']:.1f}",
        f"{r['loop_cpu_p99_ms']:.1f}",
        f"{r['rss_base_mib']:.0f}",
        f"{r['kib_per_room']:.0f}",
        f"{r['server_cpu_ms_per_step']:.2f}",
        f"{r['room_cpu_ms']:.2f}",
        f"{r['step_cpu_net_ms']:.2f}",
        f"{r['server_cpu_share'] * 100:.0f}",
        f"{r['rest_cpu_ms_per_step']:.2f}",
        f"{r['clients_cpu_ms_per_step']:.2f}",
        f"{r['database_cpu_ms_per_step']:.2f}",
        f"{r['proxy_cpu_ms_per_step']:.2f}",
        f"{r['machine_cpu_share'] * 100:.0f}",
        f"{r['ceiling_steps_per_s']:.0f}",
        f"{r['site_ceiling_steps_per_s']:.0f}",
        str(r["loop_busy_stalls"]),
        f"{r['gc_ms_per_step']:.3f}",
        f"{r['writes_per_commit']:.1f}",
        f"{r['load_average']:.1f}",
    ]
    assert len(cells) == len(COLUMNS), "a value without its header"
    return cells


if __name__ == "__main__":
    main()
