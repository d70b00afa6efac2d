"""``obelisk simulate`` (many games between computer players) and ``obelisk report`` (balance)."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from obelisk.core import InvalidOptions, ObeliskError, get_game, parse_assignments

err = Console(stderr=True)
out = Console()


def _fail(message: str) -> None:
    """The command line's one error line (``obelisk.cli.main.fail``), and exit 2."""
    from obelisk.cli.main import fail

    fail(message)


class _Rate(ProgressColumn):
    """Games per second over the run so far."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-- games/s" if speed is None else f"{speed:,.1f} games/s", style="cyan")


def _sweeps(pairs: list[str]) -> dict[str, list[str]]:
    out_: dict[str, list[str]] = {}
    for key, value in parse_assignments(pairs).items():
        # seat mixes hold commas themselves: their alternatives are separated by "|"
        sep = "|" if key == "seats" else ","
        values = [v.strip() for v in value.split(sep) if v.strip()]
        if len(values) < 1:
            raise InvalidOptions(f"--sweep {key}= needs values, e.g. {key}=a,b")
        out_[key] = values
    return out_


def simulate(
    game: Annotated[str, typer.Argument(help="The game, e.g. sobek (see `obelisk games`).")],
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            help="Games per setting; rounded up so that every deal is played in every seat order.",
        ),
    ] = 1000,
    players: Annotated[
        int | None,
        typer.Option(help="Number of players (default: the number of --seats, else the minimum)."),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help="Levels, one for all seats or one per seat: 'heuristic' or 'heuristic,random,random'. "
            "Default: heuristic where the game has one, else random."
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option for every game, name=value (repeat)."),
    ] = None,
    variant: Annotated[
        str | None,
        typer.Option(help="Start from a named variant of the game (see `obelisk rules GAME`)."),
    ] = None,
    sweep: Annotated[
        list[str] | None,
        typer.Option(
            help="Compare settings: name=v1,v2 (repeat for a grid); variant=default,NAME compares "
            "variants. Each setting plays --games games on the same deals. players=2,3,4 and "
            "seats=heuristic|search-easy,heuristic play one results file per player count "
            "and seat mix (suffixed -3p, -seats2), to compare with `obelisk report` on them all."
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Base seed; the same seed gives the same games.")] = 0,
    workers: Annotated[
        int | None, typer.Option("--workers", "-w", help="Worker processes (default: all cores).")
    ] = None,
    backend: Annotated[
        str,
        typer.Option(
            help="local (processes on this machine) or ray (needs the ray extra of obelisk)."
        ),
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(
            help="Ray cluster address (e.g. ray://head:10001 or auto); implies --backend ray."
        ),
    ] = None,
    out_path: Annotated[
        Path | None,
        typer.Option("--out", help="Results file, JSON Lines (default: sim-GAME.jsonl)."),
    ] = None,
    resume: Annotated[
        bool, typer.Option(help="Continue an interrupted run in --out, skipping finished games.")
    ] = False,
    overwrite: Annotated[bool, typer.Option(help="Replace an existing --out file.")] = False,
    timing: Annotated[
        bool,
        typer.Option(help="Record each game's wall time (--no-timing makes files byte-identical)."),
    ] = True,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    time_caps: Annotated[
        bool,
        typer.Option(
            help="Let search levels keep their wall-clock caps (off: iteration budgets only, "
            "so a seed gives the same games on any machine)."
        ),
    ] = False,
    extract: Annotated[
        int | None,
        typer.Option(
            help="Play nothing: write game number I of the --out results file as a game "
            "record (watch it with `obelisk replay`)."
        ),
    ] = None,
    record_path: Annotated[
        Path | None,
        typer.Option("--record", help="Where --extract writes the record (default: print it)."),
    ] = None,
) -> None:
    """Play many games between computer players and stream one JSON line per game to a file.

    Every deal is played once per seat order (seat rotation) and every --sweep setting plays the same deals, so differences come from seats and rules, not from luck.

    Stop it at any time: finished games are kept, and --resume continues the run. Then read the numbers with `obelisk report FILE`.
    """
    from obelisk.sim.backends import make_backend
    from obelisk.sim.run import simulate as run
    from obelisk.sim.tournament import RunPlan, split_seats

    if extract is not None:
        _extract(game, out_path or Path(f"sim-{game}.jsonl"), extract, record_path)
        return
    try:
        g = get_game(game)
        swept = _sweeps(sweep or [])
        counts: list[int | None] = [_count(v) for v in swept.pop("players", [])] or [players]
        mixes: list[list[str] | None] = [split_seats(v) for v in swept.pop("seats", [])] or [
            split_seats(seats) if seats else None
        ]
        base = out_path or Path(f"sim-{g.name}.jsonl")
        # one plan per player count and seat mix (each its own results file), checked before
        # any game is played; options are swept inside each plan on the same deals
        runs: list[tuple[RunPlan, Path]] = []
        for n in counts:
            for m, mix in enumerate(mixes):
                plan = RunPlan.build(
                    g,
                    games,
                    players=n,
                    seats=mix,
                    options=parse_assignments(option or []),
                    sweep=swept,
                    seed=seed,
                    timing=timing,
                    variant=variant,
                    time_caps=time_caps,
                )
                tag = (f"-{plan.players}p" if len(counts) > 1 else "") + (
                    f"-seats{m + 1}" if len(mixes) > 1 else ""
                )
                runs.append((plan, base.with_name(f"{base.stem}{tag}{base.suffix}")))
        if workers is not None and workers < 1:
            raise InvalidOptions(f"--workers must be at least 1, not {workers}")
        be = make_backend(backend, workers, address)
    except ObeliskError as e:
        _fail(str(e))
    paths = [path for _, path in runs]
    for plan, path in runs:
        _run_one(g, plan, path, be, run, resume=resume, overwrite=overwrite, quiet=quiet)
    # one line, never wrapped, so it pastes whole
    err.print(f"Next: obelisk report {' '.join(map(str, paths))}", highlight=False, soft_wrap=True)


def _count(value: str) -> int:
    """A swept player count, as typed."""
    try:
        return int(value)
    except ValueError:
        raise InvalidOptions(f"--sweep players= takes numbers, not {value!r}") from None


def _run_one(
    g: Any,
    plan: Any,
    path: Path,
    be: Any,
    run: Any,
    *,
    resume: bool,
    overwrite: bool,
    quiet: bool,
) -> None:
    """Play one plan into ``path`` with a progress bar; a stop keeps what finished."""
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _Rate(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=err,
        disable=quiet,
        transient=False,
    )
    task_id = None
    start_done = 0

    def on_start(done: int, total: int) -> None:
        nonlocal task_id, start_done
        start_done = done
        if not quiet:
            settings = len(plan.arms())
            err.print(
                f"{g.title}: {total:,} games of {plan.players} players "
                f"({', '.join(plan.seats)}; {settings} setting{'s' if settings != 1 else ''}) "
                f"on {be.describe()} -> {path}",
                highlight=False,
            )
        task_id = progress.add_task("simulating", total=total - done)

    def on_progress(done: int, total: int) -> None:
        if task_id is not None:
            progress.update(task_id, completed=done - start_done)

    try:
        with progress, terminate_as_interrupt():
            summary = run(
                plan,
                path,
                be,
                resume=resume,
                overwrite=overwrite,
                on_progress=on_progress,
                on_start=on_start,
            )
    except ObeliskError as e:
        _fail(str(e))
    if not summary.complete:
        err.print(
            f"interrupted: {summary.resumed + summary.played:,} of {summary.total:,} games are "
            f"saved in {path}; continue with the same command and --resume",
            highlight=False,
        )
        raise typer.Exit(130)
    msg = (
        f"{summary.played:,} games in {summary.seconds:.1f} s "
        f"({summary.games_per_second:,.1f} games/s)"
    )
    if summary.resumed:
        msg += f", {summary.resumed:,} were already done"
    if summary.errors:
        msg += f", [bold red]{summary.errors} ended in an error[/] (see the 'error' field)"
    err.print(f"{msg}. Results: {path}", highlight=False)


def report(
    results: Annotated[
        list[Path],
        typer.Argument(
            help="Results files from `obelisk simulate`; several are compared with the first "
            "(files differing only in --seed make a seed-robustness check)."
        ),
    ],
    html_out: Annotated[
        Path | None,
        typer.Option("--html", help="Also write a self-contained HTML page with plots."),
    ] = None,
    md_out: Annotated[
        Path | None, typer.Option("--markdown", help="Also write the tables as Markdown.")
    ] = None,
    plots_dir: Annotated[
        Path | None,
        typer.Option("--plots", help="Also write the plots as PNG files into a folder."),
    ] = None,
) -> None:
    """Balance report of a simulation: win share by role, seat and level with 95% intervals, first-player advantage, game length, scores, the flow of the game (Ludii's metrics), and settings compared with paired tests and Holm's correction."""
    from obelisk.sim.report import analyze, html_page, markdown, print_report, save_plots

    try:
        rep = analyze(results)
    except ObeliskError as e:
        _fail(str(e))
    print_report(rep, out)
    try:
        if html_out is not None:
            html_out.write_text(html_page(rep), encoding="utf-8")
            err.print(f"HTML report: {html_out}", highlight=False)
        if md_out is not None:
            md_out.write_text(markdown(rep), encoding="utf-8")
            err.print(f"Markdown tables: {md_out}", highlight=False)
        if plots_dir is not None:
            paths = save_plots(rep, plots_dir)
            err.print(f"{len(paths)} plots in {plots_dir}", highlight=False)
    except OSError as e:
        _fail(f"cannot write: {e}")


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """While inside, SIGTERM acts as Ctrl-C: the run stops, keeps its finished games and
    shuts its worker processes down (none is left behind)."""

    def on_term(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    try:
        old = signal.signal(signal.SIGTERM, on_term)
    except ValueError:  # not the main thread (a test runner): leave SIGTERM alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def _extract(game: str, results: Path, index: int, dest: Path | None) -> None:
    """Write game ``index`` of a results file as a game record."""
    from obelisk.sim.flow import record_of
    from obelisk.sim.results import read_results

    try:
        res = read_results(results)
        if res.header.get("game") != game:
            raise InvalidOptions(f"{results} holds {res.header.get('game')} games, not {game}")
        line = next((g for g in res.games if g["i"] == index), None)
        if line is None:
            raise InvalidOptions(f"{results} has no game number {index}")
        if "error" in line:
            raise InvalidOptions(f"game {index} ended in an error: {line['error']}")
        rec = record_of(get_game(game), line, res.header)
    except (ObeliskError, ValueError) as e:
        _fail(str(e))
    if dest is None:
        out.print(rec.dumps(), highlight=False, soft_wrap=True)
    else:
        rec.save(dest)
        err.print(
            f"game {index} -> {dest}; watch it: obelisk replay {dest}",
            highlight=False,
            soft_wrap=True,
        )


def register(app: typer.Typer) -> None:
    """Add ``simulate`` and ``report`` to the ``obelisk`` command."""
    app.command("simulate")(simulate)
    app.command("report")(report)
