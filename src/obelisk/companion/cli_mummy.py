"""``obelisk companion mummy``: the terminal as the mummy player beside the real board.

The players type what the mummy player would hear (``3``, ``fail 2``, ``aside 1``,
``crown``, ``no card``, ``red 3`` …); the computer answers with her moves as paths to walk
on the board. ``help``, ``undo``, ``save``, ``quit``. See :mod:`obelisk.companion.mummy`.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer

from obelisk.core.i18n import N_, Words

from .mummy import LEVELS, MummyCompanionError, MummySession, load

W = Words("obelisk.games.mummy")
_, pgettext = W.gettext, W.pgettext

WELCOME = N_(
    "I am the mummy. Set up the board as the rules say: the explorers on the stairs, my "
    "figure on my sarcophagus. I never look at your side: tell me what the mummy player "
    "hears, and I tell you where to move my figure. Type 'help' at any time."
)


def _command(word: str) -> str:
    """A typed command word in English (``zurück`` → ``undo``); other words as typed."""
    german = {
        pgettext("companion command", "quit"): "quit",
        pgettext("companion command", "help"): "help",
        pgettext("companion command", "explorers"): "explorers",
        pgettext("companion command", "save"): "save",
        pgettext("companion command", "undo"): "undo",
    }
    first, _space, rest = word.partition(" ")
    english = german.get(first, first)
    return f"{english} {rest}".strip() if rest else english


def _ask_names() -> list[str]:
    count = typer.prompt(_("How many explorer players (1 to 4)"), type=int)
    if not 1 <= count <= 4:
        raise typer.BadParameter(_("1 to 4 explorer players"))
    return [
        typer.prompt(_("Explorer player {n}'s name").format(n=i + 1)).strip() for i in range(count)
    ]


def _play(session: MummySession, save: Path | None) -> None:
    def say(lines: list[str]) -> None:
        for line in lines:
            typer.echo(line)

    say(session.news())
    while True:
        if session.state.is_terminal():
            typer.echo(_("The game is over."))
            if save:
                session.save(save)
                typer.echo(_("The record is saved in {file}.").format(file=save))
            return
        typer.echo("")
        typer.echo(session.prompt())
        try:
            text = input("> ")
        except EOFError:
            text = "quit"
        word = _command(text.strip().lower())
        if word in ("quit", "exit", "q"):
            if save:
                session.save(save)
                typer.echo(_("Saved in {file}. Resume with --resume {file}.").format(file=save))
            return
        if word in ("help", "?", "h"):
            typer.echo(session.help())
            continue
        if word in ("explorers", "names", "fields"):  # her path in the explorers' words
            typer.echo(
                _("As the explorers name it: {path}").format(
                    path=session.path_words(explorers=True)
                )
            )
            continue
        if word == "save" or word.startswith("save "):
            target = save
            if word.startswith("save "):  # the file as typed (its case kept)
                target = Path(text.strip().split(None, 1)[1].strip())
            if target is None:
                typer.echo(_("Say where: 'save FILE' (or start with --save FILE)."))
                continue
            try:
                session.save(target)
            except OSError as exc:
                typer.echo(_("Cannot save there: {error}").format(error=exc))
                continue
            typer.echo(_("Saved in {file}.").format(file=target))
            continue
        if word == "undo":
            try:
                session.undo()
            except MummyCompanionError as exc:
                typer.echo(str(exc).capitalize() + ".")
                continue
            typer.echo(_("Taken back."))
            continue
        try:
            say(session.say(text))
        except MummyCompanionError as exc:
            typer.echo(str(exc))
            continue
        if save:
            session.save(save)


#: ``obelisk companion mummy --help``: what the command does, for people.
MUMMY_HELP = N_("Play Fluch der Mumie on the real board with the computer as the mummy player.")


def register(app: typer.Typer) -> None:
    """Add ``obelisk companion mummy``."""

    @app.command("mummy", help=MUMMY_HELP)
    def mummy(
        players: Annotated[
            list[str] | None,
            typer.Argument(
                help=N_(
                    "The explorer players' names, in turn order from the "
                    "mummy's left (1 to 4; asked if left out)."
                )
            ),
        ] = None,
        level: Annotated[
            str,
            typer.Option(
                help=N_(
                    "How the computer mummy plays: easy (deduces, but steps carelessly about "
                    "one time in three), fair (works out roughly where the explorers can be) "
                    "or normal (deduces where each explorer can be and hunts there)."
                )
            ),
        ] = "normal",
        seed: Annotated[
            int | None, typer.Option(help=N_("Seed of the die and her choices."))
        ] = None,
        save: Annotated[
            Path | None,
            typer.Option(help=N_("Keep the game record in this file after each input.")),
        ] = None,
        resume: Annotated[
            Path | None, typer.Option(help=N_("Go on with a game saved with --save or 'save'."))
        ] = None,
        replay: Annotated[
            Path | None,
            typer.Option(help=N_("Replay a saved game: check every input, print the story.")),
        ] = None,
        map_file: Annotated[
            str,
            typer.Option(
                "--map",
                help=N_(
                    "Your box's maze instead of the built-in one: a map file in the format "
                    "of the rules (mummy:4.1) or a share code (M1-…) from the maze editor "
                    "('obelisk companion maze' or the page /companion/maze)."
                ),
            ),
        ] = "",
    ) -> None:
        """Play Fluch der Mumie on the real board with the computer as the mummy player."""
        if replay is not None:
            from .records import mummy_story

            try:
                told = mummy_story(load(replay))
            except MummyCompanionError as exc:
                typer.echo(_("Error: {error}").format(error=exc), err=True)
                raise typer.Exit(2) from None
            for line in told:
                typer.echo(line)
            return
        try:
            if resume is not None:
                session = load(resume)
                typer.echo(
                    _("Resumed: {names}, level {level}.").format(
                        names=", ".join(session.names), level=session.level
                    )
                )
                for line in session.log()[-6:]:
                    typer.echo(line)
                if save is None:
                    save = resume
            else:
                if level not in LEVELS:
                    raise MummyCompanionError(
                        _("no level '{level}': choose {levels}").format(
                            level=level, levels=" or ".join(LEVELS)
                        )
                    )
                names = list(players or []) or _ask_names()
                options = {"map_file": map_file} if map_file else {}
                if map_file.strip().startswith("M1-"):
                    options = {"maze": "".join(map_file.split())}
                session = MummySession(
                    names, level, secrets.randbelow(2**31) if seed is None else seed, options
                )
                typer.echo(_(WELCOME))
        except MummyCompanionError as exc:
            typer.echo(_("Error: {error}").format(error=exc), err=True)
            raise typer.Exit(2) from None
        _play(session, save)
