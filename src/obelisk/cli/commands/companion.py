"""``obelisk companion GAME``: Obelisk beside a physical box (see :mod:`obelisk.companion`)."""

from __future__ import annotations

import typer

from obelisk.companion import modules
from obelisk.core.i18n import N_


def register(app: typer.Typer) -> None:
    """Add ``obelisk companion`` and each companion's subcommand."""
    companion = typer.Typer(
        help=N_(
            "Play the physical game with Obelisk beside the box: it runs the part that "
            "needs a machine (Khufu's DVD, the mummy player)."
        ),
        no_args_is_help=True,
    )
    for module in modules("cli_"):
        module.register(companion)
    app.add_typer(companion, name="companion")
