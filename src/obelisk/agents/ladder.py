"""The ladder: every level against every other, paired seeds, seat rotation, ratings.

For each pair of levels (A, B) and each *block* (one seed), the ladder plays
A alone against B in every seat position (A in seat 1 and B elsewhere, then
A in seat 2, …), and, with more than two players, B alone against A the
same way. Every pair and block uses the same seed, so each level meets the
same deals and draws (paired seeds), and every level sits in every seat
(seat rotation). With two players the two directions are the same games.

A cell (A, B) of the table is A's mean return when it sits alone against B:
its win share, ties shared, with a 95% Wilson interval; the fair share is
1/players. The ratings are an Elo-style fit of all games (see
:func:`obelisk.agents.stats.elo_ratings`), 0 for ``random`` when it plays.

Search levels play by their iteration budgets without their time caps
(unless asked), so a ladder's result is the same on a fast or a busy
machine. Results are saved to the JSON file after every few games (nothing is lost
on a crash), and a run with the same settings and file picks up where it
stopped.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

from obelisk.core import Action, Agent, InvalidOptions, PlayerView, get_game

from . import analysis_levels, make_agent
from .ismcts import ISMCTSAgent
from .levels import describe_level
from .match import play_match
from .stats import elo_ratings, wilson

FORMAT = 1


@dataclass(frozen=True)
class Task:
    """One game of the ladder: the level of each seat, and the seed."""

    seats: tuple[str, ...]
    seed: int

    def key(self) -> str:
        """A stable key for resuming."""
        return f"{self.seed}:{','.join(self.seats)}"


@dataclass
class GameResult:
    """The outcome of one ladder game."""

    seats: tuple[str, ...]
    seed: int
    returns: list[float]
    steps: int
    #: Seconds spent deciding, and the number of decisions, per seat.
    think: list[float]
    decisions: list[int]

    def to_json(self) -> dict[str, Any]:
        """JSON form (for the results file)."""
        return {
            "seats": list(self.seats),
            "seed": self.seed,
            "returns": self.returns,
            "steps": self.steps,
            "think": [round(t, 6) for t in self.think],
            "decisions": self.decisions,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameResult:
        """Read one back."""
        return cls(
            tuple(data["seats"]),
            int(data["seed"]),
            [float(x) for x in data["returns"]],
            int(data["steps"]),
            [float(x) for x in data["think"]],
            [int(x) for x in data["decisions"]],
        )


def schedule(
    levels: Sequence[str], players: int, games: int, seed: int, alone: str | None = None
) -> list[Task]:
    """Every game of a ladder: at least ``games`` per pair of levels, in whole blocks.

    A block is one seed: A alone in each seat against B (and, with more than
    two players, B alone in each seat against A). With ``alone``, only that
    level's games alone against each other level are played (with more than
    two players that is the cheaper half when it is the slow level, and the
    half a "share alone against the field" needs).
    """
    if len(set(levels)) != len(levels):
        raise InvalidOptions("each level may appear only once in a ladder")
    if len(levels) < 2:
        raise InvalidOptions("a ladder needs at least two levels")
    if alone is not None and alone not in levels:
        raise InvalidOptions(f"--alone '{alone}' is not one of the levels: {', '.join(levels)}")
    per_block = players if players == 2 or alone is not None else 2 * players
    blocks = max(1, math.ceil(games / per_block))
    tasks = []
    for b in range(blocks):
        s = seed + b
        for a, o in combinations(levels, 2):
            directions: tuple[tuple[str, str], ...]
            if alone is not None:
                if alone not in (a, o):
                    continue
                directions = ((alone, o if alone == a else a),)
            else:
                directions = ((a, o), (o, a)) if players > 2 else ((a, o),)
            for alone_, field_ in directions:
                for j in range(players):
                    seats = [field_] * players
                    seats[j] = alone_
                    tasks.append(Task(tuple(seats), s))
    return tasks


class _Timed:
    """Wraps an agent to time its decisions."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.seconds = 0.0
        self.count = 0

    def act(self, view: PlayerView, rng: Any) -> Action:
        t = time.perf_counter()
        action = self.agent.act(view, rng)
        self.seconds += time.perf_counter() - t
        self.count += 1
        return action


def play_task(
    game_name: str, task: Task, options: Any = None, time_caps: bool = False
) -> GameResult:
    """Play one ladder game (runs in a worker process).

    Without ``time_caps`` a search level plays by its iteration budget alone,
    so the result does not depend on the machine or its load.
    """
    game = get_game(game_name)
    agents = [make_agent(game, lv) for lv in task.seats]
    if not time_caps:
        for a in agents:
            if isinstance(a, ISMCTSAgent) and a.iterations is not None:
                a.seconds = None
    timed = [_Timed(a) for a in agents]
    state = play_match(game, timed, task.seed, options)
    return GameResult(
        task.seats,
        task.seed,
        list(state.returns()),
        len(state.history),
        [t.seconds for t in timed],
        [t.count for t in timed],
    )


@dataclass
class Ladder:
    """A ladder's settings and the games played so far."""

    game: str
    levels: list[str]
    players: int
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    #: Whether search levels keep their time caps (then results depend on the machine).
    time_caps: bool = False
    #: Only the games where this level sits alone (see :func:`schedule`).
    alone: str | None = None
    results: list[GameResult] = field(default_factory=list)
    elapsed: float = 0.0

    def settings(self) -> dict[str, Any]:
        """What makes two runs the same ladder (for resuming)."""
        return {
            "game": self.game,
            "levels": self.levels,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "time_caps": self.time_caps,
            "alone": self.alone,
        }

    def tasks(self) -> list[Task]:
        """The whole schedule."""
        return schedule(self.levels, self.players, self.games, self.seed, self.alone)

    def pending(self) -> list[Task]:
        """The games still to play."""
        done = {Task(r.seats, r.seed).key() for r in self.results}
        return [t for t in self.tasks() if t.key() not in done]

    # -- the numbers ---------------------------------------------------------------
    def cell(self, level: str, opponent: str) -> dict[str, Any]:
        """``level`` alone against ``opponent``: games, share, 95% interval, fair share."""
        n = 0
        total = 0.0
        for r in self.results:
            if r.seats.count(level) == 1 and set(r.seats) == {level, opponent}:
                n += 1
                total += r.returns[r.seats.index(level)]
        lo, hi = wilson(total, n)
        return {
            "level": level,
            "opponent": opponent,
            "games": n,
            "share": total / n if n else None,
            "ci95": [lo, hi],
            "fair": 1.0 / self.players,
        }

    def ratings(self) -> dict[str, float]:
        """Elo-style ratings of every level (``random``, else the first level, = 0)."""
        anchor = "random" if "random" in self.levels else self.levels[0]
        fit = elo_ratings(((r.seats, r.returns) for r in self.results), anchor=anchor)
        return {lv: fit[lv] for lv in self.levels if lv in fit}

    def overall(self, level: str) -> dict[str, Any]:
        """``level``'s mean share over every game where it sat alone."""
        n, total = 0, 0.0
        for r in self.results:
            if r.seats.count(level) == 1:
                n += 1
                total += r.returns[r.seats.index(level)]
        lo, hi = wilson(total, n)
        return {"games": n, "share": total / n if n else None, "ci95": [lo, hi]}

    def think_time(self, level: str) -> dict[str, Any]:
        """Seconds per decision of ``level``: mean over all decisions, median over games."""
        secs = 0.0
        count = 0
        per_game = []
        for r in self.results:
            for lv, t, c in zip(r.seats, r.think, r.decisions, strict=True):
                if lv == level and c:
                    secs += t
                    count += c
                    per_game.append(t / c)
        return {
            "decisions": count,
            "mean": secs / count if count else None,
            "median_of_games": statistics.median(per_game) if per_game else None,
        }

    def to_json(self) -> dict[str, Any]:
        """The whole ladder as JSON: settings, table, ratings, timings and every game."""
        game = get_game(self.game)
        ratings = self.ratings()
        total = len(self.tasks())
        return {
            "format": FORMAT,
            **self.settings(),
            "complete": len(self.results) >= total,
            "played": len(self.results),
            "scheduled": total,
            "elapsed_seconds": round(self.elapsed, 1),
            "descriptions": {lv: describe_level(game, lv) for lv in self.levels},
            "ratings": {lv: round(v, 1) for lv, v in ratings.items()},
            "overall": {lv: self.overall(lv) for lv in self.levels},
            "think_seconds": {lv: self.think_time(lv) for lv in self.levels},
            "table": [self.cell(a, b) for a in self.levels for b in self.levels if a != b],
            "results": [r.to_json() for r in self.results],
        }

    def save(self, path: Path) -> None:
        """Write the JSON atomically (a crash leaves the previous file whole)."""
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=1) + "\n")
        os.replace(tmp, path)

    @classmethod
    def load_matching(cls, path: Path, ladder: Ladder) -> Ladder:
        """``ladder`` with the games of an earlier run from ``path`` if it has the same
        settings; otherwise ``ladder`` unchanged."""
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            return ladder
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return ladder
        same = all(data.get(k) == v for k, v in ladder.settings().items())
        if same:
            ladder.results = [GameResult.from_json(r) for r in data.get("results", [])]
            ladder.elapsed = float(data.get("elapsed_seconds", 0.0))
        return ladder


def run_ladder(
    ladder: Ladder,
    jobs: int = 1,
    out: Path | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    save_every: float = 5.0,
) -> Ladder:
    """Play the ladder's pending games (``jobs`` worker processes), saving to ``out``."""
    game = get_game(ladder.game)
    known = analysis_levels(game)
    for lv in ladder.levels:
        if lv not in known and not lv.startswith(("ismcts:", "careless:")):
            raise InvalidOptions(
                f"unknown level '{lv}' for {game.title}; levels: {', '.join(known)}"
            )
        make_agent(game, lv)  # a bad ismcts:… spec fails here, not in a worker
    if not game.min_players <= ladder.players <= game.max_players:
        raise InvalidOptions(
            f"{game.title} is for {game.min_players}-{game.max_players} players, "
            f"not {ladder.players}"
        )
    options = game.make_options(ladder.options or None)
    pending = ladder.pending()
    start = time.perf_counter() - ladder.elapsed
    last_save = time.perf_counter()

    def record(result: GameResult) -> None:
        nonlocal last_save
        ladder.results.append(result)
        ladder.elapsed = time.perf_counter() - start
        if on_result is not None:
            on_result(result)
        if out is not None and time.perf_counter() - last_save >= save_every:
            ladder.save(out)
            last_save = time.perf_counter()

    try:
        if jobs <= 1:
            for task in pending:
                record(play_task(ladder.game, task, options, ladder.time_caps))
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for result in _parallel(
                    pool, ladder.game, pending, options, jobs, ladder.time_caps
                ):
                    record(result)
    finally:
        ladder.elapsed = time.perf_counter() - start
        ladder.results.sort(key=lambda r: (r.seed, r.seats))
        if out is not None:
            ladder.save(out)
    return ladder


def _parallel(
    pool: ProcessPoolExecutor,
    game: str,
    tasks: list[Task],
    options: Any,
    jobs: int,
    time_caps: bool,
) -> Iterator[GameResult]:
    """Results as they finish, keeping a few tasks queued per worker."""
    queue = iter(tasks)
    running: set[Future[GameResult]] = set()

    def fill() -> None:
        while len(running) < 2 * jobs:
            task = next(queue, None)
            if task is None:
                return
            running.add(pool.submit(play_task, game, task, options, time_caps))

    fill()
    while running:
        done, _ = wait(running, return_when=FIRST_COMPLETED)
        for f in done:
            running.discard(f)
            yield f.result()
        fill()
