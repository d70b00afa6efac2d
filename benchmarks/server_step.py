"""The server's CPU per step, in one process, without the network (not part of the test run).

Builds a :class:`~obelisk.server.lobby.Lobby` on a fresh SQLite file and plays N rooms at
once as fast as they go: in each, seat 1 is a client connection that answers every
``state`` message offering it choices with a random legal action (its messages encoded as
the WebSocket writer encodes them), and the other seats are ``random`` computer players.
Reports the process's CPU time per committed step for each game: the room's own work
(engine, narration, choices, disclosure, JSON, the writer's commits) without the HTTP
and WebSocket layers that ``benchmarks/server_load.py`` measures as well, split between
the event loop's thread (``loop``) and the others (``other``: the database writer's
commits, the computer players' pool). ``--runs N`` plays each game N times and shows the
median run; ``--profile`` runs it under cProfile and prints the costliest functions.

    python benchmarks/server_step.py --game all --steps 3000 --runs 3
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import os
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parent.parent


async def play(game: str, rooms: int, steps: int, seats: int, spectators: int) -> dict[str, Any]:
    """Play ``rooms`` rooms of ``game`` until ``steps`` steps are committed in all; the
    process CPU per step."""
    from obelisk.server import protocol
    from obelisk.server.config import ServerConfig
    from obelisk.server.conn import Conn
    from obelisk.server.lobby import Lobby

    with tempfile.TemporaryDirectory() as tmp:
        cfg = ServerConfig(db=str(Path(tmp) / "step.sqlite3"), rate=1e9, burst=10**9)
        lobby = Lobby(cfg)
        done = asyncio.Event()
        count: dict[str, float] = {"steps": 0, "bytes": 0, "client_cpu": 0.0}
        options = {"deck_size": 40, "hand_size": 5} if game == "tiny" else None

        #: Each live room's end (the acting reader got ``game_over``), set at the end too.
        ends: set[asyncio.Event] = set()

        async def reader(
            conn: Conn, room: Any, rng: random.Random, acts: bool, end: asyncio.Event
        ) -> None:
            while True:
                msg = await conn.outbox.get()
                if msg is None:
                    return
                if isinstance(msg, str):  # encoded by the room (once for all its readers)
                    count["bytes"] += len(msg)
                    if not acts:
                        continue
                    # reading it is the client's work, not counted (timed by the wall clock:
                    # a CPU clock is a system call that would cost more than the read)
                    t0 = time.perf_counter()
                    msg = orjson.loads(msg)
                    count["client_cpu"] += time.perf_counter() - t0
                else:  # encoded by the connection's writer
                    count["bytes"] += len(protocol.dumps(msg))
                if acts and msg.get("type") == "game_over":
                    end.set()
                if not acts or msg.get("type") != "state" or not msg["legal"]:
                    continue
                action = rng.choice(msg["legal"])["action"]
                try:
                    await room.act(conn.seat, {"type": "action", "action": action})
                except Exception as e:  # a stale choice: the next state offers another
                    print("refused:", e, file=sys.stderr)

        async def one_room(i: int) -> None:
            rng = random.Random(i)
            while not done.is_set():
                bots = [{"kind": "bot", "level": "random"}] * (seats - 1)
                room = await lobby.create(
                    game, seats, [{"kind": "human"}, *bots], options, trusted=True
                )
                await room.join(0, "P1")
                before = len(room.steps)
                conns = [Conn(0, cfg, clock=room.clock)]
                conns += [Conn(None, cfg, clock=room.clock) for _ in range(spectators)]
                end = asyncio.Event()
                ends.add(end)
                tasks = [
                    asyncio.create_task(reader(c, room, rng, c.seat is not None, end))
                    for c in conns
                ]
                for c in conns:
                    await room.attach(c, 0)
                # woken by the game's end (polling every room would be the harness's CPU)
                while not done.is_set() and not room.over:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(end.wait(), 1.0)
                ends.discard(end)
                count["steps"] += len(room.steps) - before
                for c in conns:
                    await room.detach(c)
                await room.close()
                await asyncio.gather(*tasks)
                lobby.rooms.pop(room.id, None)

        async def watch() -> None:
            while True:
                live = sum(len(r.steps) for r in lobby.rooms.values())
                if count["steps"] + live >= steps:
                    done.set()
                    for end in ends:
                        end.set()
                    return
                await asyncio.sleep(0.05)

        t0, c0, l0 = time.perf_counter(), time.process_time(), time.thread_time()
        await asyncio.gather(watch(), *(one_room(i) for i in range(rooms)))
        cpu = time.process_time() - c0 - count["client_cpu"]
        loop = time.thread_time() - l0 - count["client_cpu"]
        wall = time.perf_counter() - t0
        lobby.bots.shutdown(wait=False)
        lobby.writer.close()
        lobby.store.close()
        n = max(1, int(count["steps"]))
        return {
            "game": game,
            "steps": n,
            "cpu_ms_per_step": cpu * 1000 / n,
            # the event loop's thread, and the others (the writer's commits, the bots' pool)
            "loop_ms_per_step": loop * 1000 / n,
            "other_ms_per_step": (cpu - loop) * 1000 / n,
            "steps_per_s": n / wall,
            "bytes_per_step": count["bytes"] / n,
        }


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--game", nargs="+", default=["all"], help="games (all: tiny and every one)")
    ap.add_argument("--rooms", type=int, default=20, help="rooms played at once")
    ap.add_argument("--steps", type=int, default=3000, help="steps to play per game")
    ap.add_argument("--players", type=int, default=3, help="seats per room (1 client)")
    ap.add_argument("--spectators", type=int, default=0, help="spectators per room")
    ap.add_argument("--runs", type=int, default=1, help="runs per game; the median is shown")
    ap.add_argument(
        "--profile",
        action="store_true",
        help="cProfile, top functions printed (with CALLERS=name in the environment, also "
        "who calls the functions of that name)",
    )
    args = ap.parse_args()
    sys.path[:0] = [str(ROOT / "tests")]
    from obelisk.core import all_games
    from obelisk.server import load_plugins

    load_plugins(["tinycards"])  # the test game ``tiny``
    try:
        from obelisk.server.heap import settle
    except ImportError:  # a server from before heap.py (to measure it against)
        pass
    else:
        settle()  # as ``obelisk serve`` does once it has started up

    games = list(args.game)
    if "all" in games:
        games = ["tiny", *(g.name for g in all_games() if g.name != "tiny")]
    prof = cProfile.Profile(time.process_time) if args.profile else None
    print(
        f"{'game':<12}{'steps':>7}{'CPU ms/step':>13}{'loop':>7}{'other':>7}{'steps/s':>9}"
        f"{'bytes/step':>12}"
    )
    for game in games:
        if prof is not None:
            prof.enable()
        runs = [
            asyncio.run(play(game, args.rooms, args.steps, args.players, args.spectators))
            for _ in range(args.runs)
        ]
        runs.sort(key=lambda r: r["cpu_ms_per_step"])
        r = runs[len(runs) // 2]  # the median run by CPU per step
        spread = " ".join(f"{x['cpu_ms_per_step']:.3f}" for x in runs)
        if prof is not None:
            prof.disable()
        print(
            f"{r['game']:<12}{r['steps']:>7}{r['cpu_ms_per_step']:>13.3f}"
            f"{r['loop_ms_per_step']:>7.3f}{r['other_ms_per_step']:>7.3f}"
            f"{r['steps_per_s']:>9.0f}{r['bytes_per_step']:>12.0f}"
            + (f"   runs: {spread}" if len(runs) > 1 else ""),
            flush=True,
        )
    if prof is not None:
        stats = pstats.Stats(prof)
        stats.sort_stats("cumulative").print_stats(45)
        stats.sort_stats("tottime").print_stats(30)
        if os.environ.get("CALLERS"):
            stats.print_callers(os.environ["CALLERS"])


if __name__ == "__main__":
    main()
