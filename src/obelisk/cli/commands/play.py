"""``obelisk play``: a whole game in the terminal."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer

from obelisk.core import ObeliskError, get_game, parse_assignments
from obelisk.core.i18n import N_, Words

_ = Words("obelisk.cli").gettext

#: ``obelisk play --help``: what the command does, for people.
PLAY_HELP = N_(
    "Play a game in the terminal against people at this screen and computer players.\n"
    "\n"
    "Examples: `obelisk play sobek`, `obelisk play ramses --seats human,human,normal`,\n"
    "`obelisk play khufu --seats normal,normal,normal --fast` (watch bots play)."
)


def play(
    game: Annotated[
        str | None, typer.Argument(help=N_("The game: abu_simbel, ramses, sobek, mummy or khufu."))
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-n", help=N_("Number of players."))
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help=N_("Who plays each seat, e.g. human,normal,hard (default: you against bots).")
        ),
    ] = None,
    names: Annotated[
        str | None, typer.Option(help=N_("Names for the seats, comma-separated."))
    ] = None,
    variant: Annotated[
        str | None, typer.Option(help=N_("A named variant (see `obelisk rules GAME`)."))
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help=N_("A rule option name=value; repeatable.")),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help=N_("Seed for the dice and cards (default: random)."))
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            help=N_(
                "Keep the game record in this file, saved after every move (without it, "
                "`quit` saves under your data folder and says where)."
            )
        ),
    ] = None,
    resume: Annotated[Path | None, typer.Option(help=N_("Continue a saved game."))] = None,
    fast: Annotated[bool, typer.Option(help=N_("No pauses between computer moves."))] = False,
    delay: Annotated[
        float,
        typer.Option(min=0, help=N_("Seconds to pause after each computer move (0 or more).")),
    ] = 0.8,
) -> None:
    """``obelisk play`` (its help for people is :data:`PLAY_HELP`)."""
    from obelisk.cli.main import console, fail
    from obelisk.tui import PlaySession, Quit, parse_seats
    from obelisk.tui.session import live_options

    try:
        if resume is not None:
            session = PlaySession.resume(resume, console=console, fast=fast, delay=delay)
        else:
            if game is None:
                raise ObeliskError("name a game (see `obelisk games`) or use --resume FILE")
            g = get_game(game)
            kinds = [k.strip().lower() for k in (seats or "human").split(",")]
            given = live_options(g, parse_assignments(option or []), "human" in kinds)
            opts = g.variant_options(variant, given)
            specs = parse_seats(g, seats, players, names, opts)
            if save is not None:
                check_writable(save)
            s = seed if seed is not None else secrets.randbelow(10**6)
            session = PlaySession.new(
                g, specs, s, opts, console=console, save_path=save, fast=fast, delay=delay
            )
        session.run()
    except Quit:
        raise typer.Exit(0) from None
    except (KeyboardInterrupt, EOFError):
        console.print("\n" + _("Stopped."))
        raise typer.Exit(130) from None
    except ObeliskError as e:
        fail(str(e))


def check_writable(path: Path) -> None:
    """Refuse, before a game starts, a save file that could never be written."""
    if path.is_dir():
        raise ObeliskError(
            f"--save {path} is a folder; name a file in it, e.g. {path / 'game.json'}"
        )
    folder = path.parent
    if not folder.is_dir():
        raise ObeliskError(f"--save {path}: the folder {folder} does not exist")
    import os

    if not os.access(folder, os.W_OK):
        raise ObeliskError(f"--save {path}: the folder {folder} cannot be written to")


def register(app: typer.Typer) -> None:
    """Add ``play`` to the ``obelisk`` command."""
    app.command(help=PLAY_HELP)(play)
