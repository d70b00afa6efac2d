"""Simulator speed: games per second per game on 1 and 2 local workers, and Ray's overhead.

    python benchmarks/sim_scaling.py scaling [--level heuristic] [--seconds 6] [--runs 3]
    python benchmarks/sim_scaling.py ray [--game sobek] [--level random] [--games 5000] [--runs 3]
    python benchmarks/sim_scaling.py control [--runs 5]

``scaling`` calibrates a game count per game (about ``--seconds`` of work on one
worker), then runs it ``--runs`` times on 1 and on 2 local workers and prints
the median games per second and the speed-up, and the CPU time per game
(driver and workers together) of each: on a busy machine the wall-clock
speed-up says more about the neighbours than about the simulator, while the
CPU cost per game shows what a second worker costs in overhead. ``ray`` plays
the same run on the local backend and on Ray, alternately (a local Ray started once, so its
start-up is timed separately), and prints the overhead of Ray against local.
``control`` runs plain Python arithmetic on 1 and on 2 processes: the speed-up
the machine itself allows right now, to read the other numbers against. The load average
is printed too: numbers taken on a busy machine say little about scaling.
Results are also written as JSON with ``--json FILE``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from obelisk.agents import levels
from obelisk.core import all_games, get_game
from obelisk.sim.backends import RAY_WORKER_NICENESS, make_backend
from obelisk.sim.run import simulate
from obelisk.sim.tournament import RunPlan

#: CPU seconds per game of the last :func:`_run` (driver and worker processes together).
LAST_CPU_PER_GAME = [0.0]


def _cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)  # workers count once they are reaped
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _run(plan: RunPlan, backend: Any, folder: Path) -> float:
    """Games per second of one complete run (backend start-up included)."""
    out = folder / f"run-{time.monotonic_ns()}.jsonl"
    c0 = _cpu()
    t0 = time.perf_counter()
    summary = simulate(plan, out, backend)
    wall = time.perf_counter() - t0
    LAST_CPU_PER_GAME[0] = (_cpu() - c0) / max(summary.played, 1)
    out.unlink()
    assert summary.errors == 0, f"{summary.errors} games ended in an error"
    return summary.played / wall


def _level(game: Any, wanted: str) -> str:
    return wanted if wanted in levels(game) else "random"


def scaling(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Median games per second on 1 and 2 workers, per game."""
    rows = []
    names = args.games_list.split(",") if args.games_list else [g.name for g in all_games()]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in names:
            game = get_game(name)
            level = _level(game, args.level)
            opts = dict(o.split("=", 1) for o in args.option)
            probe = RunPlan.build(game, 8, seats=[level], options=opts, seed=99, timing=False)
            rate = _run(probe, make_backend("local", 1), folder)
            n = max(20, int(rate * args.seconds))
            plan = RunPlan.build(game, n, seats=[level], options=opts, seed=1, timing=False)
            one, two, cpu1, cpu2 = [], [], [], []
            for _ in range(args.runs):  # alternate, so that both see the same load
                one.append(_run(plan, make_backend("local", 1), folder))
                cpu1.append(LAST_CPU_PER_GAME[0])
                two.append(_run(plan, make_backend("local", 2), folder))
                cpu2.append(LAST_CPU_PER_GAME[0])
            row = {
                "game": name,
                "level": level,
                "players": plan.players,
                "games": plan.total(),
                "gps_1": statistics.median(one),
                "gps_2": statistics.median(two),
                "cpu_ms_per_game_1": 1000 * statistics.median(cpu1),
                "cpu_ms_per_game_2": 1000 * statistics.median(cpu2),
                "load": os.getloadavg()[0],
            }
            row["speedup"] = row["gps_2"] / row["gps_1"]
            # on an idle machine with 2 free cores: 2 x (CPU per game alone / CPU per game on 2)
            row["cpu_speedup"] = 2 * row["cpu_ms_per_game_1"] / row["cpu_ms_per_game_2"]
            rows.append(row)
            print(
                f"{name:12} {level:10} {plan.total():6d} games  1 worker {row['gps_1']:8.1f}/s  "
                f"2 workers {row['gps_2']:8.1f}/s  x{row['speedup']:.2f}  "
                f"CPU ms/game {row['cpu_ms_per_game_1']:.1f} vs {row['cpu_ms_per_game_2']:.1f} "
                f"(x{row['cpu_speedup']:.2f} with 2 free cores)  (load {row['load']:.1f})",
                flush=True,
            )
    return rows


def _spin(n: int) -> int:
    x = 0
    for i in range(n):
        x += i * i
    return x


def control(args: argparse.Namespace) -> dict[str, Any]:
    """What the machine allows: the same pure-Python work on 1 and on 2 processes."""
    import multiprocessing as mp

    n = 3_000_000
    ones, twos = [], []
    with mp.Pool(2) as pool:
        for _ in range(args.runs):
            t0 = time.perf_counter()
            _spin(n)
            _spin(n)
            ones.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            pool.map(_spin, [n, n])
            twos.append(time.perf_counter() - t0)
    row = {
        "one_process_s": statistics.median(ones),
        "two_processes_s": statistics.median(twos),
        "load": os.getloadavg()[0],
    }
    row["speedup"] = row["one_process_s"] / row["two_processes_s"]
    print(
        f"control: 2 units of work, 1 process {row['one_process_s']:.2f} s, 2 processes "
        f"{row['two_processes_s']:.2f} s, x{row['speedup']:.2f} (load {row['load']:.1f})",
        flush=True,
    )
    return row


def ray_overhead(args: argparse.Namespace) -> dict[str, Any]:
    """The same run on local processes and on a local Ray; Ray start-up timed on its own."""
    import ray

    game = get_game(args.game)
    level = _level(game, args.level)
    plan = RunPlan.build(game, args.games, seats=[level], seed=3, timing=False)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = os.pathsep.join(p for p in sys.path if p)
        for attempt in range(3):  # a local Ray gives up after 30 s on a busy machine
            t0 = time.perf_counter()
            try:
                ray.init(
                    num_cpus=2,
                    include_dashboard=False,
                    logging_level="ERROR",
                    log_to_driver=False,
                    runtime_env={"env_vars": {"PYTHONPATH": path}},
                    _system_config={"worker_niceness": RAY_WORKER_NICENESS},
                )
                break
            except Exception as e:
                print(f"Ray start attempt {attempt + 1} failed: {e}", flush=True)
                ray.shutdown()
        else:
            raise SystemExit("could not start a local Ray")
        startup = time.perf_counter() - t0
        on_ray: list[float] = []
        local: list[float] = []
        try:
            # alternate the two, so that both see the same (changing) load on the machine
            for _ in range(args.runs):
                local.append(_run(plan, make_backend("local", 2), folder))
                on_ray.append(_run(plan, make_backend("ray", 2), folder))
                print(f"local {local[-1]:.1f}/s, ray {on_ray[-1]:.1f}/s", flush=True)
        finally:
            ray.shutdown()
    lo, ra = statistics.median(local), statistics.median(on_ray)
    row = {
        "game": args.game,
        "level": level,
        "games": plan.total(),
        "local_gps": lo,
        "ray_gps": ra,
        "overhead": lo / ra - 1,
        "ray_startup_s": startup,
        "overhead_with_startup": (plan.total() / ra + startup) / (plan.total() / lo) - 1,
        "load": os.getloadavg()[0],
    }
    print(
        f"{args.game} {level}: {plan.total()} games, local {lo:.1f}/s, ray {ra:.1f}/s, "
        f"overhead {100 * row['overhead']:+.1f}% (with {startup:.1f} s Ray start-up: "
        f"{100 * row['overhead_with_startup']:+.1f}%), load {row['load']:.1f}",
        flush=True,
    )
    return row


def main() -> None:
    """Command line."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = p.add_subparsers(dest="what", required=True)
    s = sub.add_parser("scaling")
    s.add_argument("--games-list", default="", help="comma-separated games (default: all)")
    s.add_argument("--level", default="heuristic")
    s.add_argument("--option", action="append", default=[], help="name=value for every game")
    s.add_argument("--seconds", type=float, default=6.0)
    s.add_argument("--runs", type=int, default=3)
    s.add_argument("--json", default="")
    r = sub.add_parser("ray")
    r.add_argument("--game", default="sobek")
    r.add_argument("--level", default="random")
    r.add_argument("--games", type=int, default=5000)
    r.add_argument("--runs", type=int, default=3)
    r.add_argument("--json", default="")
    c = sub.add_parser("control")
    c.add_argument("--runs", type=int, default=5)
    c.add_argument("--json", default="")
    args = p.parse_args()
    run = {"scaling": scaling, "ray": ray_overhead, "control": control}[args.what]
    result: Any = run(args)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
