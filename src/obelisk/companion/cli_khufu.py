"""``obelisk companion khufu``: the terminal as Khufu's DVD beside the real board.

A large countdown (rich Live), Khufu's orders in large words and spoken with
espeak-ng, the five-minute warning, the Ultimate Challenge and the end. Keys: ``s``
summons Khufu, ``q`` quits and saves; in the Challenge the number of the player who
won, ``l`` (Khufu won) or ``d`` (a draw). Khufu's music (:mod:`khufu_music`) plays under
his voice unless ``--no-music``.
"""

from __future__ import annotations

import contextlib
import os
import select
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from obelisk.core.i18n import N_, Words

from .khufu import (
    MAX_PLAYERS,
    MAX_TICK,
    MIN_PLAYERS,
    CompanionError,
    KhufuSession,
    Moment,
    Player,
    WallClock,
    clock_words,
    game_over_words,
    load,
    new_session,
    parse_player,
    piece_id,
    symbol_id,
)
from .speech import Speaker

if TYPE_CHECKING:
    from .khufu_music import MusicPlayer

W = Words("obelisk.companion")
_ = W.gettext

#: Seconds between two redraws of the countdown.
FRAME = 0.05
#: Seconds over which the music fades out at the end of the game.
FADE = 2.5


def _ask(console: Any, question: str, parse: Any) -> Any:
    """Ask until the answer parses (Enter alone: None); a bad answer is explained."""
    while True:
        text = typer.prompt(question, default="", show_default=False).strip()
        if not text:
            return None
        try:
            return parse(text)
        except CompanionError as exc:
            console.print(str(exc), highlight=False)


def _setup_players(console: Any) -> list[Player]:
    """Ask who is at the table (the interactive set-up), one answer at a time."""
    while True:
        count = typer.prompt(_("How many players (3 to 6)"), type=int)
        if MIN_PLAYERS <= count <= MAX_PLAYERS:
            break
        console.print(_("Khufu is played by 3 to 6 players (2 as a variant)."), highlight=False)
    players: list[Player] = []
    for i in range(count):
        name = ""
        while not name:
            name = typer.prompt(_("Player {n}'s name").format(n=i + 1)).strip()
        piece = _ask(console, _("  their piece (Witch, Zombie, ...; Enter to skip)"), piece_id)
        lucky = _ask(
            console, _("  their lucky symbol (Falcon, Ankh, ...; Enter to skip)"), symbol_id
        )
        players.append(Player(name, piece, lucky))
    return players


@contextlib.contextmanager
def _keys() -> Iterator[Any]:
    """Single key presses from stdin (cbreak on a terminal; a pipe is read as it comes)."""
    try:
        fd = sys.stdin.fileno() if sys.stdin and not sys.stdin.closed else -1
    except (OSError, ValueError):  # a stdin without a file (a test runner's): no keys
        fd = -1
    saved = None
    if fd >= 0 and os.isatty(fd):
        import termios
        import tty

        saved = termios.tcgetattr(fd)
        tty.setcbreak(fd)
    eof = [fd < 0]

    def read() -> str:
        if eof[0]:
            return ""
        ready, _, _ = select.select([fd], [], [], 0)
        if not ready:
            return ""
        data = os.read(fd, 64)
        if not data:
            eof[0] = True
        return data.decode("utf-8", "replace")

    try:
        yield read
    finally:
        if saved is not None:
            import termios

            termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def fd_is_tty() -> bool:
    """Whether stdin is a terminal a person types at."""
    try:
        return bool(sys.stdin) and os.isatty(sys.stdin.fileno())
    except (OSError, ValueError):
        return False


def _default_save(seed: int) -> Path:
    from obelisk.tui.session import default_save_path

    return default_save_path("khufu-companion", seed)


def khufu(
    players: Annotated[
        list[str] | None,
        typer.Option(
            "--players",
            "-p",
            help=N_(
                "A player as NAME, NAME:piece or NAME:piece:lucky symbol "
                "(e.g. Ann:witch:falcon); repeat for each player in turn order, or give them "
                "comma-separated. Without it the command asks."
            ),
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help=N_("Seed for Khufu's orders (default: random)."))
    ] = None,
    speak: Annotated[
        bool, typer.Option("--speak/--no-speak", help=N_("Say Khufu's lines aloud (espeak-ng)."))
    ] = True,
    music: Annotated[
        bool,
        typer.Option(
            "--music/--no-music",
            help=N_(
                "Play Khufu's music under his voice: a drone, drums, a clock that ticks ever "
                "faster in the last five minutes (with --speak)."
            ),
        ),
    ] = True,
    audio_dir: Annotated[
        Path | None,
        typer.Option(help=N_("Also write every spoken line here as a numbered WAV file and text.")),
    ] = None,
    time_scale: Annotated[
        float,
        typer.Option(help=N_("Run the clock this many times faster (rehearsal, tests).")),
    ] = 1.0,
    save: Annotated[
        Path | None,
        typer.Option(
            help=N_("Keep the record in this file (saved at every input and at the end).")
        ),
    ] = None,
    resume: Annotated[
        Path | None, typer.Option(help=N_("Continue a saved companion game from its record."))
    ] = None,
    replay: Annotated[
        Path | None,
        typer.Option(help=N_("Replay a saved game: print everything Khufu said, with the time.")),
    ] = None,
) -> None:
    """The Khufu companion in the terminal (``--help`` shows :data:`HELP`)."""
    from obelisk.cli.main import console, fail

    if replay is not None:
        _replay(replay, console, fail)
        return
    try:
        if resume is not None:
            session = load(resume)
            save = save or resume
        else:
            if players:
                table = [parse_player(p) for arg in players for p in arg.split(",") if p.strip()]
            elif fd_is_tty():
                table = _setup_players(console)
            else:
                fail(_("name the players with --players NAME[:piece[:lucky]] (one per player)"))
                return
            session = new_session(table, seed)
        clock = WallClock(time_scale)
        band = _music(console) if music and speak else None
        try:
            speaker = Speaker(speak, audio_dir, out=band)
        except OSError:
            if band is not None:
                band.close()
            raise
    except (CompanionError, OSError) as exc:
        fail(str(exc))
        return
    path = save or _default_save(session.seed)
    _run(
        session,
        clock,
        speaker,
        console,
        path,
        keep=save is not None,
        resumed=resume is not None,
        music=band,
    )


def _music(console: Any) -> MusicPlayer | None:
    """Khufu's music, playing (:func:`khufu_music.terminal_music`), or None: without numpy
    it says so; without any way of playing, the speaker's notice says so."""
    from .khufu_music import terminal_music

    band = terminal_music()
    if band is None:
        try:
            import numpy  # noqa: F401
        except ImportError:
            console.print(
                _("Khufu's music needs numpy (pip install obelisk[sound]): he speaks without it."),
                highlight=False,
                markup=False,
            )
    return band


def _run(
    session: KhufuSession,
    clock: WallClock,
    speaker: Speaker,
    console: Any,
    path: Path,
    keep: bool,
    resumed: bool = False,
    music: MusicPlayer | None = None,
) -> None:
    """The live loop; a resumed running game waits for Enter before its clock goes on.

    ``music`` (a :class:`khufu_music.MusicPlayer`, playing) hears every moment's sting and
    the countdown at every frame; it stops on quit, at the end (after a fade) and on
    Ctrl-C.
    """
    try:
        _loop(session, clock, speaker, console, path, keep, resumed, music)
    finally:
        if music is not None:
            music.close(fade=FADE if session.over else 0.0)
    if session.over:
        console.print(game_over_words(session), highlight=False)
    else:
        console.print(
            _(
                "Stopped with {time} left. Continue with: obelisk companion khufu --resume {path}"
            ).format(time=clock_words(session.remaining), path=path),
            highlight=False,
        )
    console.print(_("Record saved to {path}").format(path=path), highlight=False)


def _loop(
    session: KhufuSession,
    clock: WallClock,
    speaker: Speaker,
    console: Any,
    path: Path,
    keep: bool,
    resumed: bool,
    music: MusicPlayer | None,
) -> None:
    """The frames of :func:`_run`, until the game is over or ``q``; then the record is
    saved and what is left to say is said."""
    from rich.live import Live

    from .khufu_screen import screen

    live_mode = console.is_terminal
    latest: dict[str, Any] | None = session.moments[-1].to_json() if session.moments else None
    if speaker.notice:
        console.print(speaker.notice, highlight=False, markup=False)
    notice_shown = speaker.notice

    def said(moments: list[Moment]) -> None:
        nonlocal latest, notice_shown
        for m in moments:
            latest = m.to_json()
            if not live_mode:
                console.print(
                    _("[{time} left] {title}: {speech}").format(
                        time=clock_words(session.remaining), title=m.title.upper(), speech=m.speech
                    ),
                    highlight=False,
                    markup=False,
                )
            if music is not None:
                music.sting(m.kind)
            speaker.say(m.speech, m.title, m.lang)
            if speaker.notice and speaker.notice != notice_shown:
                notice_shown = speaker.notice
                console.print(speaker.notice, highlight=False, markup=False)
        if moments and keep:
            session.save(path)

    if not session.started and session.moments and not live_mode:
        said(session.moments[-1:])
    interactive = fd_is_tty()
    # issue 36: a resumed game waits for Enter (the family sits down first)
    held = resumed and interactive and session.running

    def shown() -> dict[str, Any]:
        return {**session.view(), "held": held}

    quit_asked = False
    with _keys() as read, contextlib.ExitStack() as stack:
        live = None
        if live_mode:
            live = stack.enter_context(
                Live(
                    screen(shown(), latest, None, console.width),
                    console=console,
                    auto_refresh=False,
                )
            )
            if not session.started:
                last = session.moments[-1]
                if music is not None:
                    music.sting(last.kind)
                speaker.say(last.speech, last.title, last.lang)
        if not session.started and not interactive:
            said(session.start())  # a script or a pipe: no Enter to wait for
        clock.reset()
        while True:
            for key in read():
                k = key.lower()
                try:
                    if k == "q":
                        quit_asked = True
                    elif held and k in ("\n", "\r", " "):
                        held = False
                        clock.reset()
                    elif held:
                        continue
                    elif not session.started and k in ("\n", "\r", " "):
                        said(session.start())
                        clock.reset()
                    elif session.paused and k.isdigit() and k != "0":
                        said(session.result("WIN", int(k) - 1))
                    elif session.paused and k in ("l", "d"):
                        said(session.result("LOSE" if k == "l" else "DRAW"))
                        clock.reset()
                    elif k == "s" and session.running:
                        said(session.summon())
                except CompanionError as exc:
                    latest = {"title": _("Not now"), "speech": str(exc)}
            if quit_asked:
                break
            due = clock.due()
            if held:
                clock.reset()
            elif session.running and due > 0:
                said(session.tick(min(due, MAX_TICK)))
            if live is not None:
                live.update(screen(shown(), latest, None, console.width), refresh=True)
            if music is not None:
                music.mix.clock(session.remaining, session.running and not held)
            speaker.pump()
            if session.over:
                break
            time.sleep(FRAME)
    speaker.close(wait=8.0 if session.over else 0.0)
    session.save(path)


def _replay(path: Path, console: Any, fail: Any) -> None:
    """Print a saved game's moments in order, each with the time left on the countdown."""
    from .records import khufu_story

    try:
        session = load(path)
    except CompanionError as exc:
        fail(str(exc))
        return
    for line in khufu_story(session):
        console.print(line, highlight=False, markup=False)


#: The command's help (its docstring, which ``--help`` shows, in the reader's language).
HELP = N_(
    """Khufu's DVD for the real board: the 45-minute countdown, Khufu's orders spoken aloud
and in large words, the five-minute warning, the Ultimate Challenge and the end.

Keys: Enter starts the countdown.
s: a player reached the Sarcophagus; the countdown pauses for the Challenge.
Then the player's number if they won, l if Khufu won, d for a draw.
q: quit and save. Nothing else pauses the countdown.

Example: obelisk companion khufu -p Ann:witch:falcon -p Bob:zombie -p Cleo"""
)


def register(app: typer.Typer) -> None:
    """Add ``khufu`` to the ``obelisk companion`` group (its help and its options' are
    marked ``N_``: the command line puts them in the reader's language)."""
    app.command("khufu", help=HELP)(khufu)
