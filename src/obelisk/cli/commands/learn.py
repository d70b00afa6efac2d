"""``obelisk learn``: interactive lessons, then a real game against an easy computer player."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from obelisk.core import ObeliskError, get_game
from obelisk.core.i18n import N_, Words

_ = Words("obelisk.cli").gettext

#: ``obelisk learn --help``: what the command does, for people.
LEARN_HELP = N_(
    "Learn a game step by step: exact positions, explanations, and your own moves.\n"
    "\n"
    "A wrong choice is answered with the rule that forbids it. Khufu's lessons are\n"
    "Khufu's Casino School. Inside a lesson, type `help` for the commands or `quit`\n"
    "to stop. Examples: `obelisk learn sobek`, `obelisk learn khufu --lesson queen`,\n"
    "`obelisk learn ramses --list`."
)


def learn(
    game: Annotated[str, typer.Argument(help=N_("The game to learn, e.g. khufu."))],
    lesson: Annotated[
        str | None, typer.Option(help=N_("Run only this lesson (see --list)."))
    ] = None,
    list_: Annotated[bool, typer.Option("--list", help=N_("List the lessons and exit."))] = False,
    play: Annotated[
        bool, typer.Option(help=N_("Offer a real game against an easy bot at the end."))
    ] = True,
) -> None:
    """``obelisk learn`` (its help for people is :data:`LEARN_HELP`)."""
    import secrets

    from obelisk.cli.main import console, fail
    from obelisk.learn import ConsoleTeacher, LessonQuit, find_lesson, run_lesson
    from obelisk.tui import PlaySession, Quit, SeatSpec
    from obelisk.tui.seats import default_bot_level
    from obelisk.tui.session import live_options

    try:
        g = get_game(game)
        lessons = g.lessons()
        if not lessons:
            fail(_("{game} has no lessons yet").format(game=g.show_title()))
        if list_:
            t = Table(title=_("{game}: lessons").format(game=g.show_title()))
            for col in (_("name"), _("title"), _("what you learn")):
                t.add_column(col)
            for x in lessons:
                t.add_row(str(x.get("name")), str(x.get("title")), str(x.get("summary", "")))
            console.print(t)
            return
        teacher = ConsoleTeacher(console)
        chosen = [find_lesson(g, lesson)] if lesson else lessons
        for i, x in enumerate(chosen):
            try:
                run_lesson(g, x, teacher)
            except LessonQuit:
                console.print(
                    _("Lesson stopped. Run `{command}` to start again.").format(
                        command=f"obelisk learn {g.name}"
                    )
                )
                return
            if i + 1 < len(chosen):
                answer = console.input(_("Press Enter for the next lesson, or q to stop: "))
                if answer.strip().lower().startswith(("q", _("q"))):
                    break
        if play and console.input(
            _("Try it for real against an easy computer player? [Y/n] ")
        ).strip().lower() in ("", "y", "yes", _("y"), _("yes")):
            from obelisk.agents import levels

            level = "easy" if "easy" in levels(g) else default_bot_level(g)
            n = max(g.min_players, 2)
            you = [SeatSpec(_("You"))]
            seats = you + [SeatSpec(_("Bot {n}").format(n=i + 1), level) for i in range(1, n)]
            opts = g.make_options(live_options(g, {}, True))
            PlaySession.new(
                g, seats, seed=secrets.randbelow(10**6), options=opts, console=console
            ).run()
    except (Quit, LessonQuit):
        return
    except (KeyboardInterrupt, EOFError):
        console.print("\n" + _("Stopped."))
        raise typer.Exit(130) from None
    except ObeliskError as e:
        fail(str(e))


def register(app: typer.Typer) -> None:
    """Add ``learn`` to the ``obelisk`` command."""
    app.command(help=LEARN_HELP)(learn)
