"""Run a simulation: expand the plan, skip finished games, play the rest, stream them to disk."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from obelisk.core import get_game

from .backends import Backend, drive
from .results import ResultsError, ResultsWriter, read_results
from .tournament import RunPlan


@dataclasses.dataclass
class RunSummary:
    """What a call to :func:`simulate` did."""

    path: Path
    total: int
    #: Games found in the file before this call (``--resume``).
    resumed: int
    #: Games played by this call.
    played: int
    #: Games of this call whose line records an error.
    errors: int
    seconds: float
    #: False when interrupted (the file keeps what finished, in arrival order).
    complete: bool = True

    @property
    def games_per_second(self) -> float:
        """Games played by this call per wall-clock second."""
        return self.played / self.seconds if self.seconds > 0 else 0.0


def simulate(
    plan: RunPlan,
    out: str | Path,
    backend: Backend,
    resume: bool = False,
    overwrite: bool = False,
    on_progress: Callable[[int, int], None] | None = None,
    on_start: Callable[[int, int], None] | None = None,
) -> RunSummary:
    """Play every game of ``plan`` not yet in ``out``, streaming lines as they finish.

    ``resume`` continues an existing file (which must come from the same plan,
    though ``games`` may grow); a missing file simply starts a new run.
    Without ``resume`` an existing file is an error unless ``overwrite``.
    ``on_start(already_done, total)`` is called once the backend is up, and
    ``on_progress(done, total)`` after every chunk. On Ctrl-C the file keeps
    every finished game and the summary says ``complete=False``.
    """
    path = Path(out)
    game = get_game(plan.game)
    exists = path.exists()
    if exists and not resume and not overwrite:
        raise ResultsError(
            f"{path} exists; continue it with --resume, or replace it with --overwrite"
        )
    if resume and exists:
        old = RunPlan.from_header(read_results(path).header)
        diff = old.differences(plan)
        if diff:
            raise ResultsError(
                f"{path} holds another run (its {', '.join(diff)} differ); "
                "resume with the same arguments, or write to a new --out"
            )
        if plan.games < old.games:
            plan = dataclasses.replace(plan, games=old.games)
        plan = dataclasses.replace(plan, timing=old.timing)
    writer = ResultsWriter(path, plan.header(), resume=resume and exists)
    total = plan.total()
    wanted = {s.index for s in plan.specs()}
    already = len(writer.done & wanted)
    todo = [s for s in plan.specs() if s.index not in writer.done]
    counts = {"played": 0, "errors": 0}
    t0 = time.perf_counter()

    def on_lines(lines: list[dict[str, Any]]) -> None:
        writer.write(lines)
        counts["played"] += len(lines)
        counts["errors"] += sum(1 for line in lines if "error" in line)
        if on_progress is not None:
            on_progress(already + counts["played"], total)

    complete = False
    try:
        if todo:
            backend.start(game, plan.timing, plan.time_caps)
            try:
                if on_start is not None:
                    on_start(already, total)
                drive(backend, todo, len(todo), on_lines)
                complete = True
            finally:
                backend.stop(aborted=not complete)
        else:
            if on_start is not None:
                on_start(already, total)
            complete = True
    except KeyboardInterrupt:
        pass
    finally:
        if complete:
            writer.finish()
        else:
            writer.close()
    return RunSummary(
        path,
        total,
        already,
        counts["played"],
        counts["errors"],
        time.perf_counter() - t0,
        complete,
    )
