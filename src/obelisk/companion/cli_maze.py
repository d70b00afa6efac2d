"""``obelisk companion maze``: type the box's own maze in the terminal (issue 36).

Commands, one a line: ``wall E10 n`` / ``open E10 n`` (a side: n, e, s, w), ``put a D9``
(a symbol a-w, or S, M, V), ``clear D9``, ``show``, ``check``, ``code``, ``save FILE``,
``quit``. The maze is saved as an ASCII map file (``--map FILE`` of the mummy companion and
the engine) and shown as a share code (``--map CODE``, the page, the room option ``maze``).
See :mod:`obelisk.companion.maze_editor`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from obelisk.core.i18n import N_, Words
from obelisk.games.mummy.board import MapError

from .maze_editor import HELP, Draft, EditorError, empty_draft

W = Words("obelisk.games.mummy")
_ = W.gettext

#: The editor's own commands in German, each with the English one it stands for (both
#: are understood).
COMMANDS_DE = {
    "ende": "quit",
    "hilfe": "help",
    "zeige": "show",
    "prüfe": "check",
    "speichern": "save",
}


def _load(source: str) -> Draft:
    path = Path(source)
    text = path.read_text(encoding="utf-8") if not source.startswith("M1-") else source
    return Draft.from_text(text)


#: ``obelisk companion maze --help``: what the command does, for people.
MAZE_HELP = N_(
    "Type your box's maze for the mummy companion: walls, symbols, the stairs, the "
    "sarcophagus and the dungeon, checked by the rules; saved as a file and a code."
)


def register(app: typer.Typer) -> None:
    """Add ``obelisk companion maze``."""

    @app.command("maze", help=MAZE_HELP)
    def maze(
        load: Annotated[
            str,
            typer.Option(help=N_("Start from a map file or a share code (M1-…) instead of empty.")),
        ] = "",
        save: Annotated[
            Path | None, typer.Option(help=N_("Write the map file here at every edit."))
        ] = None,
        rows: Annotated[int, typer.Option(help=N_("Rows of an empty maze."))] = 11,
        cols: Annotated[int, typer.Option(help=N_("Columns of an empty maze."))] = 11,
    ) -> None:
        """Type your box's maze for the mummy companion: walls, symbols, the stairs, the
        sarcophagus and the dungeon, checked by the rules; saved as a file and a code."""
        try:
            draft = _load(load) if load else empty_draft(rows, cols)
        except (OSError, MapError, EditorError) as exc:
            typer.echo(_("Error: {error}").format(error=exc), err=True)
            raise typer.Exit(2) from None
        typer.echo(_("The maze editor. {help}").format(help=_(HELP)))
        while True:
            try:
                text = input("maze> ")
            except EOFError:
                text = "quit"
            word = text.strip().lower()
            first, _space, rest = word.partition(" ")
            word = f"{COMMANDS_DE.get(first, first)} {rest}".strip()
            if word in ("quit", "exit", "q"):
                return
            if word in ("help", "?", "h"):
                typer.echo(_(HELP))
                continue
            if word == "show":
                typer.echo(draft.to_ascii())
                continue
            if word == "check":
                bad = draft.check()
                if bad:
                    typer.echo(_("Not yet: {problems}.").format(problems="; ".join(bad)))
                else:
                    typer.echo(_("Playable."))
                continue
            if word == "code":
                try:
                    typer.echo(draft.code())
                except EditorError as exc:
                    typer.echo(str(exc))
                continue
            if word.startswith("save"):
                target = save
                if word != "save":  # the file as typed (its case kept)
                    target = Path(text.strip().split(None, 1)[1].strip())
                if target is None:
                    typer.echo(_("Say where: 'save FILE' (or start with --save FILE)."))
                    continue
                target.write_text(draft.to_ascii(), encoding="utf-8")
                typer.echo(_("Saved in {file}.").format(file=target))
                continue
            try:
                typer.echo(draft.command(text))
            except EditorError as exc:
                typer.echo(str(exc))
                continue
            if save is not None:
                save.write_text(draft.to_ascii(), encoding="utf-8")
