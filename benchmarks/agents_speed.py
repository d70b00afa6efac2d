"""Speed of the computer players, per game: ISMCTS iterations per second and decision times.

    python benchmarks/agents_speed.py [GAME ...] [--players N] [--games G] [--out FILE]

For each game it plays ``G`` games of the ``normal`` level against the game's
heuristic (seats rotated), timing every decision of ``normal`` that needed a
search (a forced move is answered at once and not counted; a game stops
after ``--decisions`` searches), and measures the ISMCTS iterations per
second from those searches. It also times the
heuristic. Prints a table and writes JSON (default
``benchmarks/agents_results/speed.json``, merged per game).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from pathlib import Path
from typing import Any

from obelisk.agents import ISMCTSAgent, make_agent
from obelisk.agents.match import seat_rng
from obelisk.core import Game, PlayerView, all_games, get_game

OUT = Path(__file__).parent / "agents_results" / "speed.json"


def measure(
    game: Game, players: int, games: int, level: str = "normal", decisions: int = 60
) -> dict[str, Any]:
    """Decision times of ``level`` and of the heuristic, and ISMCTS iterations per second."""
    search_times: list[float] = []
    rates: list[float] = []
    cpu_rates: list[float] = []
    load = os.getloadavg()[0]
    capped = 0
    forced = 0
    heur_times: list[float] = []
    steps = []
    has_heuristic = game.heuristic_agent() is not None
    for g in range(games):
        seed = 1000 + g
        me = g % players
        agents = [
            make_agent(game, level if i == me else ("heuristic" if has_heuristic else "random"))
            for i in range(players)
        ]
        rngs = [seat_rng(seed, i) for i in range(players)]
        state = game.new_state(players, seed)
        mine = 0
        while not state.is_terminal() and mine < decisions:
            p = state.current_player
            t = time.perf_counter()
            c = time.process_time()
            action = agents[p].act(PlayerView(state, p), rngs[p])
            dt = time.perf_counter() - t
            dc = time.process_time() - c
            agent = agents[p]
            if isinstance(agent, ISMCTSAgent):
                if agent.last["iterations"]:
                    mine += 1
                    search_times.append(dt)
                    rates.append(agent.last["iterations"] / max(agent.last["seconds"], 1e-9))
                    cpu_rates.append(agent.last["iterations"] / max(dc, 1e-9))
                    capped += bool(agent.last["capped"])
                else:
                    forced += 1
            else:
                heur_times.append(dt)
            state.apply(action)
        steps.append(len(state.history))
    return {
        "game": game.name,
        "players": players,
        "games": games,
        "level": level,
        "steps_per_game": statistics.median(steps),
        "decisions_cap": decisions,
        "searches": len(search_times),
        "forced": forced,
        "capped": capped,
        "decision_median_s": statistics.median(search_times) if search_times else None,
        "decision_p90_s": (
            statistics.quantiles(search_times, n=10)[-1] if len(search_times) > 1 else None
        ),
        "iterations_per_s_median": statistics.median(rates) if rates else None,
        # per second of this process's CPU time: what an idle core would do
        "iterations_per_cpu_s_median": statistics.median(cpu_rates) if cpu_rates else None,
        "load_average": [round(load, 1), round(os.getloadavg()[0], 1)],
        "heuristic_median_ms": 1000 * statistics.median(heur_times) if heur_times else None,
    }


def main() -> None:
    """Command line."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="games (default: all)")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--games", dest="n", type=int, default=2, help="games per game")
    ap.add_argument("--level", default="normal")
    ap.add_argument(
        "--decisions", type=int, default=60, help="stop a game after this many searches"
    )
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    targets = [get_game(n) for n in args.games] if args.games else all_games()
    old: dict[str, Any] = {}
    if args.out.exists():
        old = json.loads(args.out.read_text())
    for game in targets:
        players = args.players or max(2, game.min_players)
        random.seed(0)
        row = measure(game, players, args.n, args.level, args.decisions)
        print(json.dumps(row), flush=True)
        old[f"{game.name}-{players}p-{args.level}"] = row
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(old, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
