"""The ``obelisk`` command (Typer). Errors print one clear line and exit non-zero."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from obelisk import __version__
from obelisk.cli import help_words
from obelisk.core import ObeliskError, Record, all_games, get_game, option_info, replay
from obelisk.core.i18n import N_, Words

help_words.install()

#: The command line's own words in the reader's language.
_W = Words("obelisk.cli")

app = typer.Typer(
    name="obelisk",
    help=N_("Play, simulate and study five Egyptian-themed board games on one rules engine."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err = Console(stderr=True)


def error_line(message: str) -> None:
    """Print ``error: MESSAGE`` as one line, however long (a terminal may still wrap it)."""
    err.print(Text.assemble(("error:", "bold red"), " ", message), soft_wrap=True)


def fail(message: str, code: int = 2) -> None:
    """Print one error line and exit."""
    error_line(message)
    raise typer.Exit(code)


def _print_version(value: bool) -> None:
    if value:
        console.print(f"obelisk {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help=N_("Print the version and exit."),
            is_eager=True,
            callback=_print_version,
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help=N_(
                "The language Obelisk speaks: en or de (default: OBELISK_LANG, else the "
                "locale). It may also follow any command: obelisk play sobek --lang de."
            ),
        ),
    ] = None,
) -> None:
    """Play, simulate and study five Egyptian-themed board games on one rules engine."""


#: ``obelisk games --help``: what the command does, for people.
GAMES_HELP = N_("List the games with their player counts, variants and capabilities.")


@app.command(help=GAMES_HELP)
def games() -> None:
    """``obelisk games`` (its help for people is :data:`GAMES_HELP`)."""
    table = Table(title="Obelisk games")
    for col in ("name", "title", "players", "variants", "capabilities"):
        table.add_column(col)
    for g in all_games():
        table.add_row(
            g.name,
            g.show_title(),
            f"{g.min_players}-{g.max_players}",
            ", ".join(sorted(g.variants)) or "-",
            ", ".join(g.capabilities.labels()),
        )
    if not table.row_count:
        console.print("No games are registered yet.")
        return
    console.print(table)


#: ``obelisk rules --help``: what the command does, for people.
RULES_HELP = N_(
    "A game's rules: a short summary and its options, or with --full the whole text, paged."
)


@app.command(help=RULES_HELP)
def rules(
    game: Annotated[str, typer.Argument(help=N_("The game, e.g. sobek."))],
    full: Annotated[
        bool, typer.Option("--full", help=N_("The whole rules, written for players (paged)."))
    ] = False,
) -> None:
    """``obelisk rules`` (its help for people is :data:`RULES_HELP`)."""
    try:
        g = get_game(game)
    except ObeliskError as e:
        fail(str(e))
    if full:
        from obelisk.tui.screen import show_rules_text

        show_rules_text(g.player_rules(), console)
        return
    players = _W.gettext("{low}-{high} players").format(low=g.min_players, high=g.max_players)
    console.print(Text(f"{g.show_title()} ({players})\n", style="bold"))
    console.print(Text(g.words.gettext(g.summary).strip() or _W.gettext("(no summary yet)")))
    rows = option_info(g.Options)
    if rows:
        # one option a paragraph, not a table: a long default (a deck) stays whole
        head = _W.gettext("Options (--option name=value, lists comma-separated):")
        console.print(Text("\n" + head, style="bold"))
        for o in rows:
            rule = ", ".join(o.spec.rules)
            line = Text.assemble((o.name, "bold"), f" = {o.default_text}")
            if rule:
                line.append(f"  ({rule})", style="dim")
            console.print(Padding(line, (0, 0, 0, 2)))
            if o.spec.help:
                console.print(Padding(Text(g.words.gettext(o.spec.help)), (0, 0, 0, 6)))
    if g.variants:
        variants = _W.gettext("Variants (--variant NAME): {names}")
        console.print(Text(variants.format(names=", ".join(sorted(g.variants)))))
    whole = _W.gettext("The whole rules, written for players:")
    console.print(f"\n{whole} [bold]obelisk rules {g.name} --full[/]")


#: ``obelisk replay --help``: what the command does, for people.
REPLAY_HELP = N_(
    "Replay a game record, check every step and the result, and print the outcome.\n"
    "\n"
    "A record redacted for one seat (the server's download for a seat or a spectator) holds\n"
    "no secrets and so cannot be replayed step by step: its story is printed instead, as\n"
    "that seat read it.\n"
    "\n"
    "A server's full record of a finished game carries the commitment to its seed that the\n"
    "room published before the first move, and the seed's salt: the commitment is checked,\n"
    "and every chance outcome is drawn again from the seed, so the deal is proven fixed\n"
    "before the game began."
)


@app.command("replay", help=REPLAY_HELP)
def replay_cmd(
    file: Annotated[Path, typer.Argument(help=N_("A game record (JSON)."))],
    show: Annotated[bool, typer.Option(help=N_("Print the final position."))] = False,
) -> None:
    """``obelisk replay`` (its help for people is :data:`REPLAY_HELP`)."""
    from obelisk.core.record import commitment_matches, read_json

    try:
        data = read_json(file)
        if _is_redacted(data):
            _print_redacted(file, data)
            return
        from obelisk.companion.records import replay_companion

        told = replay_companion(data)  # the mummy's and Khufu's companion records
        if told is not None:
            for line in told:
                console.print(Text(line))
            return
        record = Record.from_json(data)
        # a committed seed: every chance outcome is drawn from it (one replay checks both)
        committed = commitment_matches(record)
        state = replay(record, from_seed=committed)
    except ObeliskError as e:
        fail(f"{file}: {e}")
    g = state.game
    done = "finished" if state.is_terminal() else "unfinished"
    console.print(
        f"{file}: {g.show_title()}, {record.num_players} players, {len(record.steps)} steps, "
        f"{done}; replay OK"
    )
    if committed:
        digest = str(record.meta.get("seed_commitment", ""))
        console.print(
            Text(
                f"Seed commitment checked: seed {record.seed} matches {digest[:16]}…, published "
                "before the first move, and every chance outcome was drawn from it."
            )
        )
    if state.is_terminal():
        names = [str(s.get("name", f"Seat {i + 1}")) for i, s in enumerate(record.seats)]
        scores = ", ".join(
            f"{names[i] if i < len(names) else f'Seat {i + 1}'} {x:g}"
            for i, x in enumerate(state.scores())
        )
        won = ", ".join(names[w] if w < len(names) else f"Seat {w + 1}" for w in state.winners())
        console.print(Text(f"Scores: {scores}. Winner: {won or 'nobody'}."))
    if show:
        names = [str(s.get("name", f"Player {i + 1}")) for i, s in enumerate(record.seats)]
        console.print(
            Text(state.to_text(None, names if len(names) == record.num_players else None))
        )


def _is_redacted(data: object) -> bool:
    """Whether ``data`` is a record redacted for one seat (a seat's download)."""
    return isinstance(data, dict) and str(data.get("format", "")).endswith("-redacted")


def _print_redacted(file: Path, data: dict[str, Any]) -> None:
    """Print a redacted record's story as its seat read it."""
    from obelisk.core import Voice

    try:
        g = get_game(str(data.get("game")))
        n = int(data["num_players"])
        seats = data.get("seats") or []
        names = [str(s.get("name") or "") if isinstance(s, dict) else "" for s in seats]
        seat = data.get("for_seat")
        viewer = seat if isinstance(seat, int) and 0 <= seat < n else None
        events = data.get("events") or []
        sentences = data.get("sentences")
        if not isinstance(events, list):
            raise ValueError("its events are not a list")
    except (ObeliskError, KeyError, TypeError, ValueError) as e:
        fail(f"{file}: not a readable redacted record ({e})")
    voice = Voice.for_seats(n, names, viewer)
    who = voice.names[viewer] if viewer is not None else "a spectator"
    console.print(
        Text(
            f"{file}: {g.show_title()}, {n} players, the game as {who} saw it "
            f"({len(events)} events). A redacted record holds no secrets, so it is told, "
            "not replayed."
        )
    )
    if not isinstance(sentences, list) or len(sentences) != len(events):
        sentences = [g.narrate(e, voice) if isinstance(e, dict) else None for e in events]
    for line in sentences:
        if line:
            console.print(Text(f"  {line}"))
    result = data.get("result")
    if isinstance(result, dict) and isinstance(result.get("scores"), list):
        scores = ", ".join(f"{voice.name(i)} {x:g}" for i, x in enumerate(result["scores"]))
        won = ", ".join(voice.name(w) for w in result.get("winners") or [])
        console.print(Text(f"Scores: {scores}. Winner: {won or 'nobody'}."))
    else:
        console.print(Text("The game was not over when this record was taken."))


@app.command()
def bench(
    names: Annotated[
        list[str] | None, typer.Argument(help=N_("Games to measure (default: all)."))
    ] = None,
    players: Annotated[
        int | None, typer.Option(help=N_("Player count (default: the game's minimum+1)."))
    ] = None,
    runs: Annotated[
        int, typer.Option(min=1, help=N_("Runs per measurement (at least 1); the median is shown."))
    ] = 5,
    seconds: Annotated[
        float, typer.Option(min=0.01, help=N_("Seconds per run (more than 0)."))
    ] = 1.0,
    as_json: Annotated[
        bool, typer.Option("--json", help=N_("Print JSON instead of a table."))
    ] = False,
    playout: Annotated[
        str,
        typer.Option(help=N_("Which playouts: random, playout (the game's own player) or both.")),
    ] = "both",
    search: Annotated[
        int,
        typer.Option(
            min=0,
            help=N_(
                "Also measure the search of the search-* levels: ISMCTS iterations per second "
                "over this many decisions of one game (0: not)."
            ),
        ),
    ] = 0,
) -> None:
    """Playouts per game, random and by the game's own playout player: microseconds per step
    and clone cost, with events (loud) and on quiet states (what a simulation pays), games
    per second, steps per game, the seats that decided, peak memory; with --search N, the
    search's iterations per second too (heuristic and random rollouts)."""
    from obelisk.sim.bench import bench_game, bench_search

    if playout not in ("both", "random", "playout"):
        raise typer.BadParameter("choose both, random or playout", param_hint="--playout")
    try:
        targets = [get_game(n) for n in names] if names else all_games()
    except ObeliskError as e:
        fail(str(e))
    policies = ["random", "playout"] if playout == "both" else [playout]
    results = []
    for g in targets:
        n = players if players is not None else min(g.max_players, g.min_players + 1)
        for policy in policies:
            try:
                results.append(bench_game(g, n, runs=runs, seconds=seconds, policy=policy))
            except ObeliskError as e:
                fail(f"{g.name}: {e}")
    searches = []
    for g in targets if search else []:
        n = players if players is not None else min(g.max_players, g.min_players + 1)
        for rollout in ("heuristic", "random"):
            searches.append(bench_search(g, n, decisions=search, rollout=rollout))
    if as_json:
        sys.stdout.write(json.dumps(results + searches, indent=1) + "\n")
        return
    if searches:
        st = Table(title=f"ISMCTS search: iterations per second over {search} decisions")
        for col in ("game", "players", "rollout", "quiet", "iterations"):
            st.add_column(col, justify="right")
        for col in ("median it/s", "slowest it/s"):
            st.add_column(col, justify="right")
        for r in searches:
            st.add_row(
                r["game"],
                str(r["players"]),
                r["rollout"],
                "yes" if r["quiet"] else "no",
                str(r["iterations"]),
                f"{r['iterations_per_second']:.0f}",
                f"{r['slowest_iterations_per_second']:.0f}",
            )
        console.print(st)
    t = Table(title=f"Playouts (median of {runs} runs): random, and the game's playout player")
    cols = ("game", "players", "playout", "µs/step", "quiet µs/step", "µs/clone", "quiet µs/clone")
    for col in (*cols, "µs/decision", "games/s", "steps/game", "seats", "peak MiB"):
        t.add_column(col, justify="right")

    def quiet(value: float | None) -> str:
        return "—" if value is None else f"{value:.1f}"  # the playout player reads events

    for r in results:
        seats = r["seats_every_game"]
        t.add_row(
            r["game"],
            str(r["players"]),
            r["playout"],
            f"{r['us_per_step']:.1f}",
            quiet(r["quiet_us_per_step"]),
            f"{r['us_per_clone']:.1f}",
            quiet(r["quiet_us_per_clone"]),
            f"{r['us_per_decision']:.1f}",
            f"{r['games_per_second']:.1f}",
            f"{r['steps_per_game']:.0f}",
            f"{len(seats)}/{r['players']}",
            f"{r['peak_mib']:.2f}",
        )
    console.print(t)


def _register_command_modules() -> None:
    """Each module of ``obelisk.cli.commands`` adds its commands with ``register(app)``."""
    import importlib
    import pkgutil

    from obelisk.cli import commands

    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        module.register(app)


_register_command_modules()


def main() -> None:
    """Entry point: run the app. A mistyped command line, an ObeliskError or a file that
    cannot be read or written is one line naming the problem, never a traceback."""
    click = _click_errors()
    from obelisk.cli import language
    from obelisk.core.i18n import SOURCE, UnknownLanguage, use_language

    try:
        lang, argv = language.take_language(sys.argv[1:])
    except (UnknownLanguage, ValueError) as e:
        error_line(str(e))
        sys.exit(2)
    use_language(lang)
    command = typer.main.get_command(app)
    if lang != SOURCE:  # the help is written in English: only another language walks it
        language.translate_commands(command)
        language.translate_typer()
    try:
        code = command.main(args=argv, prog_name="obelisk", standalone_mode=False)
    except click.NoArgsIsHelpError as e:
        console.print(e.ctx.get_help() if e.ctx else "", highlight=False)
        sys.exit(0)
    except click.ClickException as e:
        error_line(_usage_error(e))
        sys.exit(e.exit_code)
    except typer.Abort:
        err.print("Stopped.")
        sys.exit(130)
    except ObeliskError as e:
        error_line(str(e))
        sys.exit(2)
    except OSError as e:
        where = f"{e.filename}: " if e.filename else ""
        error_line(f"{where}{e.strerror or e}")
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


def _click_errors() -> Any:
    """The exceptions module of the Click that Typer runs on (its own copy in newer Typer)."""
    try:
        from typer._click import exceptions
    except ImportError:  # an older Typer on the real Click
        from click import exceptions  # type: ignore[no-redef]
    return exceptions


def _usage_error(e: Exception) -> str:
    """A mistyped command line in one line: what was wrong, and where to read more."""
    click = _click_errors()
    message = e.format_message() if isinstance(e, click.ClickException) else str(e)
    cause = e.__cause__
    errors = getattr(cause, "errors", None)
    if isinstance(e, click.BadParameter) and callable(errors):
        # Typer checks values with pydantic: say which value was refused
        first = errors()[0] if errors() else {}
        if "input" in first:
            message = message.replace(": ", f": {first['input']!r}: ", 1)
    message = " ".join(message.split())
    ctx = getattr(e, "ctx", None)
    if isinstance(e, click.UsageError) and ctx is not None:
        message += f" (see `{ctx.command_path} --help`)"
    return message


if __name__ == "__main__":
    main()
