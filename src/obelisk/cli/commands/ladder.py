"""``obelisk ladder`` and ``obelisk levels``: the computer-player levels and their strength."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from obelisk.core import ObeliskError, get_game, parse_assignments
from obelisk.core.i18n import N_, Words

_ = Words("obelisk.cli").gettext


def _fmt_share(cell: dict[str, Any]) -> str:
    share = cell.get("share")
    if share is None:
        return "-"
    lo, hi = cell["ci95"]
    return f"{100 * float(share):.0f}% [{100 * lo:.0f}–{100 * hi:.0f}]"


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


#: Seconds between the plain progress lines printed when the output is not a terminal.
PLAIN_PROGRESS_EVERY = 60.0


def _progress_line(lad: Any, total: int, seconds: float) -> str:
    """One line of progress for a log file: games played and each level's share so far."""
    shares = []
    for lv in lad.levels:
        share = lad.overall(lv).get("share")
        if share is not None:
            shares.append(f"{lv} {100 * float(share):.0f}%")
    minutes = seconds / 60
    return f"{len(lad.results)} of {total} games played, {minutes:.0f} min; " + ", ".join(shares)


def split_levels(text: str) -> list[str]:
    """Level names from a comma-separated list; ``ismcts:a=1,b=2`` keeps its own commas."""
    out: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if out and "=" in piece and ":" not in piece and out[-1].startswith("ismcts:"):
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


#: ``obelisk ladder --help``: what the command does, for people.
LADDER_HELP = N_(
    "Rank the computer-player levels of a game: every level against every other.\n"
    "\n"
    "Paired seeds (every pair plays the same deals) and seat rotation (every\n"
    "level sits in every seat). Prints each level's win share alone against\n"
    "each other level with a 95% interval, and an Elo-style rating (random = 0).\n"
    "The JSON file is saved as games finish; running the same command again\n"
    "continues an interrupted ladder. Writing to a log file instead of a terminal,\n"
    "it prints a progress line every minute.\n"
    "\n"
    "Example: `obelisk ladder sobek --games 100 --levels random,heuristic,normal,hard`."
)


def ladder(
    game: Annotated[str, typer.Argument(help=N_("The game, e.g. sobek."))],
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-g",
            help=N_("Games per pair of levels (rounded up to whole seat rotations)."),
        ),
    ] = 40,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-n",
            help=N_("Players per game (default: the smallest count of at least 2)."),
        ),
    ] = None,
    level_list: Annotated[
        str | None,
        typer.Option(
            "--levels",
            help=N_(
                "Comma-separated levels to rank (default: every level of the game but "
                "expert); ismcts:iterations=N,depth=D,… is one level."
            ),
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help=N_("First seed; block k plays seed+k."))] = 0,
    out: Annotated[
        Path | None,
        typer.Option(help=N_("Write the ladder as JSON here (default: ladder-GAME-Np.json).")),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs", "-j", min=1, help=N_("Worker processes, at least 1 (default: CPU count).")
        ),
    ] = None,
    variant: Annotated[
        str | None, typer.Option(help=N_("A named variant (see `obelisk rules GAME`)."))
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help=N_("A rule option name=value; repeatable.")),
    ] = None,
    time_caps: Annotated[
        bool,
        typer.Option(
            help=N_(
                "Keep the search levels' time caps (results then depend on the machine's "
                "speed and load; by default they play by iterations alone)."
            )
        ),
    ] = False,
    fresh: Annotated[
        bool, typer.Option(help=N_("Ignore the games of an earlier run in the JSON file."))
    ] = False,
    alone: Annotated[
        str | None,
        typer.Option(
            help=N_(
                "Play only the games where this level sits alone against each other "
                "level (with more than 2 players: the other half, the other level alone, "
                "is skipped)."
            )
        ),
    ] = None,
) -> None:
    """``obelisk ladder`` (its help for people is :data:`LADDER_HELP`)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from obelisk.agents import levels as all_levels
    from obelisk.agents.ladder import Ladder, run_ladder
    from obelisk.cli.main import console, fail

    try:
        g = get_game(game)
        chosen = (
            split_levels(level_list)
            if level_list
            else [lv for lv in all_levels(g) if lv != "expert" and lv != "search-expert"]
        )
        n = players if players is not None else max(2, g.min_players)
        opts = g.variant_options(variant, parse_assignments(option or []))
        if games < 1:
            raise ObeliskError("--games must be at least 1")
        lad = Ladder(
            g.name,
            chosen,
            n,
            games,
            seed,
            options=g.options_to_json(opts) if option or variant else {},
            alone=alone,
        )
        path = out if out is not None else Path(f"ladder-{g.name}-{n}p.json")
        if not fresh:
            lad = Ladder.load_matching(path, lad)
        todo = len(lad.pending())
        total = len(lad.tasks())
        if todo < total:
            console.print(f"Continuing {path}: {total - todo} of {total} games already played.")
        workers = jobs if jobs is not None else (os.cpu_count() or 1)
        # a polite kill (SIGTERM) stops like Ctrl-C: the games played so far are saved
        signal.signal(signal.SIGTERM, _interrupt)
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
        ) as progress:
            bar = progress.add_task(
                f"{g.show_title()}, {n} players", total=total, completed=total - todo
            )
            # the bar is invisible in a log file (nohup, CI): print a line now and then instead
            plain = not console.is_terminal
            started = last = time.monotonic()

            def advance(result: object) -> None:
                nonlocal last
                progress.advance(bar)
                now = time.monotonic()
                if plain and (now - last >= PLAIN_PROGRESS_EVERY or len(lad.results) == total):
                    last = now
                    console.print(_progress_line(lad, total, now - started))

            run_ladder(lad, jobs=workers, out=path, on_result=advance)
    except KeyboardInterrupt:
        console.print("\nStopped; the games played so far are saved. Run again to continue.")
        raise typer.Exit(130) from None
    except ObeliskError as e:
        fail(str(e))
    _print_ladder(lad)
    console.print(f"Saved {path}")


def _print_ladder(lad: object) -> None:
    from rich.table import Table

    from obelisk.agents.ladder import Ladder
    from obelisk.cli.main import console

    assert isinstance(lad, Ladder)
    ratings = lad.ratings()
    order = sorted(lad.levels, key=lambda lv: -ratings.get(lv, 0.0))
    per_pair = lad.cell(lad.levels[0], lad.levels[1])["games"]
    t = Table(
        title=(
            f"{lad.game}, {lad.players} players: share of wins alone against each level "
            f"(95% CI), {per_pair} games per pair, fair share {100 / lad.players:.0f}%"
        )
    )
    t.add_column("level")
    t.add_column("Elo", justify="right")
    for lv in order:
        t.add_column(f"vs {lv}", justify="right")
    t.add_column("overall", justify="right")
    t.add_column("s/move", justify="right")
    for lv in order:
        row = [lv, f"{ratings.get(lv, 0.0):.0f}"]
        for opp in order:
            row.append("" if opp == lv else _fmt_share(lad.cell(lv, opp)))
        row.append(_fmt_share(lad.overall(lv)))
        mean = lad.think_time(lv)["mean"]
        row.append("-" if mean is None else f"{mean:.3f}")
        t.add_row(*row)
    console.print(t)


#: ``obelisk levels --help``: what the command does, for people.
LEVELS_HELP = N_(
    "List the levels of a game: the ladder people choose from, with its measured strength,\n"
    "then the research players (for simulations and ladders).\n"
    "\n"
    "The default opponent is marked. Analysis-only players (perfect memory) are listed last,\n"
    "never offered by `obelisk play` or the server."
)


def levels_cmd(
    game: Annotated[str, typer.Argument(help=N_("The game, e.g. sobek."))],
) -> None:
    """``obelisk levels`` (its help for people is :data:`LEVELS_HELP`)."""
    from rich.table import Table

    from obelisk.agents import analysis_levels, default_level, ladder_of, levels
    from obelisk.agents.calibration import measured_words
    from obelisk.agents.levels import describe_level
    from obelisk.cli.main import console, fail

    try:
        g = get_game(game)
    except ObeliskError as e:
        fail(str(e))
    ladder = ladder_of(g)
    default = default_level(g)
    t = Table(
        title=_("{game}: the levels to play against (weakest first)").format(game=g.show_title())
    )
    t.add_column(_("level"))
    t.add_column(_("how it plays"))
    t.add_column(_("measured (docs/levels.md)"))
    for lv, rung in ladder.items():
        name = _("{level} (default)").format(level=lv) if lv == default else lv
        t.add_row(name, g.words.gettext(rung.words), measured_words(g, lv))
    console.print(t)
    if len(ladder) < 4:
        console.print(
            _("{game} offers {n} levels: docs/levels.md says why, with the numbers.").format(
                game=g.show_title(), n=len(ladder)
            )
        )
    r = Table(title=_("Research players (for simulate, ladder and --seats)"))
    r.add_column(_("name"))
    r.add_column(_("what it does"))
    offered = levels(g)
    for lv in offered:
        if lv not in ladder:
            r.add_row(lv, describe_level(g, lv))
    console.print(r)
    oracles = [lv for lv in analysis_levels(g) if lv not in offered]
    if oracles:
        console.print(
            _("For analysis only, never offered for play: {levels}").format(
                levels=", ".join(f"{lv} ({describe_level(g, lv)})" for lv in oracles)
            )
        )
    console.print(
        _(
            "Any other search: ismcts:iterations=N,seconds=S,rollout=random|heuristic,c=0.7; "
            "the heuristic with slips: careless:p=0.3"
        )
    )


def register(app: typer.Typer) -> None:
    """Add ``ladder`` and ``levels`` to the ``obelisk`` command."""
    app.command(help=LADDER_HELP)(ladder)
    app.command("levels", help=LEVELS_HELP)(levels_cmd)
