"""One game at the terminal: the loop that asks people, lets bots play, and shows each
seat only its own view."""

from __future__ import annotations

import random
import select
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from obelisk.agents import make_agent
from obelisk.agents.match import seat_rng
from obelisk.core import (
    Action,
    ActionFormatError,
    Agent,
    Game,
    GameClock,
    IllegalAction,
    ObeliskError,
    Outcome,
    PlayerView,
    Record,
    State,
    TurnContext,
    UndoError,
    Voice,
    get_game,
    option_info,
    replay,
    undo,
)
from obelisk.core.i18n import Words

from .screen import (
    actions_panel,
    clear_all,
    command_word,
    event_line,
    glossary_panel,
    listed_words,
    print_help,
    read_any_action,
    show_rules_text,
    view_panel,
)
from .seats import SeatSpec

W = Words(__package__)
_ = W.gettext


#: How many recent sentences a memory game's redrawn table shows above the board.
LOG_LINES = 10
#: How many sentences ``log`` shows (the latest).
STORY_LINES = 60

InputFn = Callable[[str], str]


class Quit(Exception):
    """The person asked to stop; the game was saved."""


class PlaySession:
    """A game being played at one screen by people and computer players."""

    def __init__(
        self,
        state: State,
        seats: list[SeatSpec],
        *,
        console: Console | None = None,
        input_fn: InputFn | None = None,
        save_path: Path | None = None,
        fast: bool = False,
        delay: float = 0.8,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if len(seats) != state.num_players:
            raise ObeliskError(f"{len(seats)} seats for a {state.num_players}-player game")
        self.state = state
        self.game: Game = state.game
        self.seats = seats
        self.names = [s.name for s in seats]
        self.console = console or Console()
        self.input_fn = input_fn or self.console.input
        self.save_path = save_path
        self.fast = fast
        self.delay = delay
        self.clock = clock
        self.agents: dict[int, Agent] = {
            i: make_agent(self.game, s.level) for i, s in enumerate(seats) if not s.human
        }
        self.rngs = {i: seat_rng(state.seed + len(state.history), i) for i in self.agents}
        self.humans = [i for i, s in enumerate(seats) if s.human]
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        #: Index in ``state.events`` up to which the viewer has been told (a new game
        #: starts at 0, so the opening events are told; a resumed one where it stopped).
        self.cursor = 0 if not state.history else len(state.events)
        #: A memory game redraws its table in place (see ``Capabilities.memory``).
        self.memory = self.game.capabilities.memory
        #: The lasting sentences told so far (memory games redraw the last few).
        self.log: list[str] = []
        #: What the latest step showed only for the moment (memory games).
        self.flashes: list[str] = []
        #: Terms already explained at this screen.
        self.explained: set[str] = set()
        self.skip_pauses = False
        self.live_clock = self.game.capabilities.realtime_clock and bool(self.humans)
        self.last_tick = clock()
        self._clock_lock = threading.RLock()
        #: Seconds between clock ticks while a person is thinking.
        self.tick_every = 1.0
        #: Seconds between redraws of the clock line above the prompt (on a terminal).
        self.repaint_every = 1.0
        self._decision_key: object = None
        self._decision_since = clock()
        #: Per person: how far into the event log they have been shown.
        self._last_seen: dict[int, int] = {}

    # -- construction ------------------------------------------------------------
    @classmethod
    def new(
        cls, game: Game, seats: list[SeatSpec], seed: int, options: Any = None, **kw: Any
    ) -> PlaySession:
        """A new game."""
        return cls(game.new_state(len(seats), seed, options), seats, **kw)

    @classmethod
    def resume(cls, path: Path, **kw: Any) -> PlaySession:
        """Continue the game saved in ``path`` exactly where it stopped."""
        record = Record.load(path)
        state = replay(record, get_game, check_result=False)
        seats = [
            SeatSpec(str(s.get("name", f"Seat {i + 1}")), str(s.get("level", "human")))
            for i, s in enumerate(record.seats)
        ]
        if len(seats) != state.num_players:
            seats = [SeatSpec(f"Seat {i + 1}") for i in range(state.num_players)]
        kw.setdefault("save_path", path)
        session = cls(state, seats, **kw)
        session.resumed = True
        return session

    #: Set on a session continued from a saved game.
    resumed = False
    #: Set by a command whose result needs the table drawn afresh (undo, board).
    _redraw_wanted = False

    # -- the loop ----------------------------------------------------------------
    def run(self) -> State:
        """Play until the end (or until a person quits: raises :class:`Quit`)."""
        self._intro()
        try:
            while not self.state.is_terminal():
                p = self.state.current_player
                if self.seats[p].human:
                    self._human_turn(p)
                else:
                    self._bot_turn(p)
                self._autosave()
        except (KeyboardInterrupt, EOFError):
            # Ctrl-C (or the end of the input) keeps the game, as ``quit`` does
            self.console.print()
            self._save_and_tell(_("Stopped."))
        self._finish()
        return self.state

    def _save_and_tell(self, why: str) -> None:
        """Save the game, say where and how to go on (the command on a line of its own,
        never wrapped, so it pastes whole), then stop with :class:`Quit`."""
        import shlex

        path = self._save()
        if self.live_clock:
            left = self._time_left()
            stops = (
                _("{clock} stops while the game is saved, with {left} left.")
                if left is not None
                else _("{clock} stops while the game is saved.")
            ).format(clock=self._clock_name(), left=_mmss(left or 0))
            again = _("It runs again the moment you resume.")
            self.console.print(f"[bold]{stops}[/] {again}")
        lead = f"{why} " if why else ""
        saved = _("Game saved to {path}. Resume with:").format(path=path)
        self.console.print(f"{lead}{saved}", highlight=False)
        self.console.print(
            f"  obelisk play --resume {shlex.quote(str(path))}",
            highlight=False,
            soft_wrap=True,
            markup=False,
        )
        raise Quit(str(path))

    def _intro(self) -> None:
        n = self.state.num_players
        count = W.ngettext("{n} player", "{n} players", n).format(n=n)
        lines = [f"[bold]{self.game.show_title()}[/] — {count}"]
        for i, s in enumerate(self.seats):
            level = _("computer player ({level})").format(level=s.level)
            kind = "" if s.human else f"  [dim]{level}[/]"
            lines.append(f"  {i + 1}. {s.name}{kind}")
        if self.humans:
            lines.append("[dim]" + _("Type 'help' at any prompt for commands.") + "[/]")
        else:
            lines.append("[dim]" + _("Only computer players: watching as a spectator.") + "[/]")
        if self.resumed:
            steps = len(self.state.history)
            resumed = W.ngettext("Resumed after {n} step.", "Resumed after {n} steps.", steps)
            lines.append("[dim]" + resumed.format(n=steps) + "[/]")
            left = self._time_left()
            if left is not None:
                lines.append(
                    "[bold]"
                    + _("{clock} runs again now: {left} left.").format(
                        clock=self._clock_name(), left=_mmss(left)
                    )
                    + "[/]"
                    if self.live_clock
                    else _("{left} left on the clock.").format(left=_mmss(left))
                )
        self.console.print(Panel("\n".join(lines), border_style="magenta"))

    def voice(self) -> Voice:
        """The seats' names as the current viewer reads them."""
        return Voice(tuple(self.names), self.viewer)

    def _show_events(self) -> None:
        """Tell the viewer what happened since the cursor, in sentences.

        A memory game keeps the lasting sentences in :attr:`log` and the moment's
        sentences in :attr:`flashes`, for the next redraw of its table; other games
        print the sentences as they come.
        """
        events = self.state.events_for(self.viewer, self.cursor)
        self.cursor = len(self.state.events)
        voice = self.voice()
        if self.memory and events:
            self.flashes = []
        for e in events:
            line = event_line(self.game, e, voice)
            if self.memory:
                flash = self.game.flash(e, voice)
                if flash:
                    self.flashes.append(flash)
                if line:
                    self.log.append(line)
            elif line:
                self.console.print(line, highlight=False)
            for term, text in self.game.narrator.explanations(e):
                if term not in self.explained:
                    self.explained.add(term)
                    if self.memory:
                        # the order terms come up in may retell a route: for the moment only
                        self.flashes.append(f"({term}: {text})")
                    else:
                        self.console.print(f"[dim]  ({term}: {text})[/]", highlight=False)

    def _redraw(self, seat: int | None) -> None:
        """A memory game's table, drawn afresh: no earlier picture stays on screen or in
        the scrollback. The last sentences, what this moment shows, the seat's view."""
        clear_all(self.console)
        who = " · ".join(
            f"{i + 1}. {name}" + (" ◀" if i == self.state.current_player else "")
            for i, name in enumerate(self.names)
        )
        self.console.print(f"[bold]{self.game.show_title()}[/]  {who}", highlight=False)
        for line in self.log[-LOG_LINES:]:
            self.console.print(line, highlight=False)
        for line in self.flashes:
            self.console.print(f"[bold yellow]» {line}[/]", highlight=False)
        self._show_view(seat)

    def _pass_to(self, p: int) -> None:
        """Hide the last person's view before the next person's appears."""
        self.cursor = len(self.state.events)
        clear_all(self.console)
        self.log, self.flashes = [], []
        self.console.print(
            Panel(
                _("Pass the screen to {name}.").format(name=f"[bold]{self.names[p]}[/]"),
                border_style="magenta",
            )
        )
        self._read(_("{name}, press Enter when you are ready ").format(name=self.names[p]))
        clear_all(self.console)
        self.viewer = p
        # The new viewer is told what happened since its own last turn (from the start
        # of the game at its first turn), as that seat saw it.
        self.cursor = self._last_seen.get(p, 0)
        if self.cursor < len(self.state.events):
            since = _("Since your last turn, {name}:").format(name=self.names[p])
            self.console.print(f"[dim]{since}[/]")

    def _read(self, prompt: str) -> str:
        if self.live_clock and not self.state.is_terminal():
            return self._read_with_live_clock(prompt)
        return self.input_fn(prompt)

    def _human_turn(self, p: int) -> None:
        if self.viewer != p:
            self._pass_to(p)
        self.skip_pauses = False
        self._show_events()
        shown = True
        while not self.state.is_terminal() and self.state.current_player == p:
            if shown:
                if self.memory:
                    self._redraw(p)
                else:
                    self._show_view(p)
                shown = False
            legal = self.state.legal_actions()
            self.console.print(actions_panel(self.state, legal, self.names))
            before = self._position_key()
            line = self._read(f"{self.names[p]}> ").strip()
            with self._clock_lock:
                self._tick()
                if self._position_key() != before:
                    # the clock moved the game on while the person typed: the typed
                    # choice was made for a position that is gone
                    self._show_events()
                    if not self.state.is_terminal():
                        again = self.state.current_player == p
                        moved = (
                            _("The clock moved the game on while you typed, so choose again.")
                            if again
                            else _(
                                "The clock moved the game on while you typed, so your choice "
                                "was not played."
                            )
                        )
                        self.console.print(f"[yellow]{moved}[/]")
                        shown = again
                    continue
                if not line:
                    continue
                self._redraw_wanted = False
                if self._command(line, p, legal):
                    shown = self._redraw_wanted
                    continue
                try:
                    action = read_any_action(self.state, line, self.names)
                except ActionFormatError as e:
                    hint = _("type a number from 1 to {n}, or 'help'.").format(n=len(legal))
                    self.console.print(f"[red]{e}[/] — {hint}")
                    continue
                try:
                    self.state.apply(action)
                except IllegalAction as e:
                    refused = _("Not allowed")
                    rule = _("rule {rule}").format(rule=e.rule)
                    self.console.print(f"[red]{refused}[/] ({rule}): {e.reason}")
                    continue
                self._show_events()
                shown = True
        self._last_seen[p] = len(self.state.events)
        self._show_events()
        if self.memory and self.flashes and not self.state.is_terminal():
            # what the last move showed stays on the table until the person has seen it
            self._redraw(p)
            self._read(_("Press Enter to go on "))

    def _position_key(self) -> tuple[int, bool, tuple[Any, ...]]:
        """What a person's typed choice was made for: who decides, and from what."""
        st = self.state
        done = st.is_terminal()
        return (st.current_player, done, () if done else tuple(st.legal_actions()))

    def _show_view(self, p: int | None) -> None:
        if p is None:
            title = _("The table")
        elif self.names[p] == _("You"):
            title = _("Your view")
        else:
            title = _("{name}'s view").format(name=self.names[p])
        view = self.state.to_text(p, self.names)
        self.console.print(view_panel(view, f"{title} — {self.game.show_title()}"))

    def _command(self, line: str, p: int, legal: list[Action]) -> bool:
        """Handle a command word; False if ``line`` is not a command."""
        word = command_word(line)
        if word in ("help", "?"):
            print_help(self.console)
        elif word == "rules":
            self.console.print(
                Panel(
                    self.game.words.gettext(self.game.summary).strip() or _("(no summary)"),
                    title=_("{game}: rules").format(game=self.game.show_title()),
                    border_style="green",
                )
            )
            glossary = self.game.narrator.glossary()
            if glossary:
                self.console.print(glossary_panel(glossary))
            self.console.print("[dim]" + _("The whole rules, paged: type 'rules full'.") + "[/]")
        elif word in ("rules full", "full rules"):
            show_rules_text(self.game.player_rules(), self.console)
        elif word == "list":
            for i, text in enumerate(listed_words(self.state, legal, self.names), 1):
                self.console.print(f"{i:>3} {text}", highlight=False)
        elif word in ("log", "story"):
            self._story()
        elif word == "hint":
            self._hint(p)
        elif word == "undo":
            self._undo(p)
        elif word == "save":
            path = self._save()
            self.console.print(_("Saved to {path}.").format(path=path))
        elif word in ("quit", "exit"):
            self._save_and_tell("")
        elif word in ("board", "view", "look"):
            if self.memory:
                self._redraw_wanted = True
            else:
                self._show_view(p)
        else:
            return False
        return True

    def _story(self) -> None:
        """The story so far, as the viewer may read it: every sentence of the events that
        seat saw; in a memory game their lasting form only, never what the table showed
        for a moment."""
        voice = self.voice()
        lines = []
        for e in self.state.events_for(self.viewer):
            line = event_line(self.game, self.game.lasting(e) if self.memory else e, voice)
            if line:
                lines.append(line)
        shown = lines[-STORY_LINES:]
        more = len(lines) - len(shown)
        head = (
            _("(the last {n} of {total} lines)").format(n=len(shown), total=len(lines)) + "\n"
            if more
            else ""
        )
        self.console.print(
            Panel(
                head + ("\n".join(shown) or _("Nothing has happened yet.")),
                title=_("The story so far"),
                title_align="left",
                border_style="blue",
            )
        )

    def _hint(self, p: int) -> None:
        from rich.markup import escape

        from obelisk.agents.hints import hint

        h = hint(self.game, self.state, p, random.Random(len(self.state.history)))
        if h.action is None:
            word = _("Hint")
            self.console.print(f"[green]{word}[/]: {escape(h.reason)}")
            return
        word = _("Hint")
        self.console.print(f"[green]{word}[/] ({escape(h.source)}): {escape(h.line())}")

    def _undo(self, p: int) -> None:
        from rich.markup import escape

        why = self.state.undo_refusal(p, self.names)
        try:
            if why is not None:
                raise UndoError(why)
            self.state = undo(self.state, p)
        except UndoError as e:
            nothing = _("Nothing to take back:")
            self.console.print(f"[yellow]{nothing}[/] {escape(why or str(e))}")
            return
        self.cursor = min(self.cursor, len(self.state.events))
        self._last_seen[p] = self.cursor
        self.console.print(_("Taken back."))
        if self.memory:
            self._redraw_wanted = True
        else:
            self._show_view(p)

    def _bot_turn(self, p: int) -> None:
        action = self.agents[p].act(PlayerView(self.state, p), self.rngs[p])
        self._tick()
        if self.state.current_player != p:
            return  # a clock event changed whose turn it is
        try:
            self.state.apply(action)
        except IllegalAction:
            return  # the clock changed the position under the bot; it will choose again
        self._show_events()
        if self.memory and (self.humans or not self.fast):
            # each move of a computer player on the table, paced like a person watching
            # (with a person at the table even under --fast: the moves are the game)
            self._redraw(self.viewer)
            self._pause(force=bool(self.humans))
            return
        if not self.humans and not self.fast:
            self._show_view(None)
        self._pause()

    def _pause(self, force: bool = False) -> None:
        if (self.fast and not force) or self.skip_pauses or self.delay <= 0:
            return
        stream = sys.stdin
        if self.input_fn is self.console.input and stream.isatty():
            ready, _, _ = select.select([stream], [], [], self.delay)
            if ready:
                stream.readline()
                self.skip_pauses = True
        else:
            time.sleep(self.delay)

    # -- the clock -----------------------------------------------------------------
    def _tick(self) -> None:
        """Advance a real-time game's clock by the wall time since the last tick."""
        if not self.live_clock:
            return
        with self._clock_lock:
            elapsed = self.clock() - self.last_tick
            action = tick_action(self.game, elapsed)
            if action is None:
                return
            self.last_tick += _tick_seconds(self.game, action)
            try:
                self.state.apply_system(action)
            except IllegalAction:
                return  # the clock is paused (e.g. during a challenge)
            self._show_events()

    def _clock_text(self) -> str:
        clock = self._game_clock()
        if clock is None:
            return ""
        left = _("{left} left").format(left=_mmss(clock.remaining))
        if not clock.running and clock.paused_by:
            left = _("{left}, paused: {why}").format(left=left, why=clock.paused_by)
        return f"[{left}] "

    def _status_text(self) -> str:
        """The clock line above the prompt: the game's clock, and how long the person may
        still think about this decision (the game's ``decision_timeout`` option)."""
        clock = self._game_clock()
        if clock is None:
            return ""
        text = _("{clock}: {left} left").format(clock=clock.name, left=_mmss(clock.remaining))
        if not clock.running and clock.paused_by:
            text += " " + _("(paused: {why})").format(why=clock.paused_by)
        limit = getattr(self.state.options, "decision_timeout", None)
        key = self._position_key()
        if key != self._decision_key:
            self._decision_key, self._decision_since = key, self.clock()
        if isinstance(limit, (int, float)) and clock.running:
            left = limit - (self.clock() - self._decision_since)
            text += " · " + _("decide within {left}").format(left=_mmss(left))
        return f"⏳ {text}"

    def _read_with_live_clock(self, prompt: str) -> str:
        """Ask for input while a background ticker keeps the game clock running.

        On a terminal the line above the prompt shows the clock and the decision's
        countdown, redrawn every second while the person thinks. When a tick changes the
        position (Khufu's order, a timeout, time up), the ticker tells what happened at
        once and says what to do; the loop that asked then sees the position changed and
        never applies the typed line to it.
        """
        stop = threading.Event()
        asking = self.viewer
        live_line = self.console.is_terminal
        if live_line:
            self.console.print(self._status_text(), highlight=False, markup=False)

        def repaint() -> None:
            # the line above the cursor, then back to where the person is typing
            self.console.file.write(f"\x1b7\x1b[1A\r\x1b[2K{self._status_text()}\x1b8")
            self.console.file.flush()

        def ticker() -> None:
            since_tick = 0.0
            while not stop.wait(self.repaint_every if live_line else self.tick_every):
                with self._clock_lock:
                    since_tick += self.repaint_every if live_line else self.tick_every
                    before = self._position_key()
                    if since_tick >= self.tick_every:
                        since_tick = 0.0
                        self._tick()
                    if self._position_key() == before:
                        if live_line:
                            repaint()
                        continue
                    if self.state.is_terminal():
                        up, enter = _("Time is up!"), _("Press Enter.")
                        self.console.print(f"[bold red]{up}[/] {enter}")
                        return
                    if self.state.current_player != asking:
                        name = self.names[self.state.current_player]
                        moved = _("The clock moved the game on: it is {name}'s turn.").format(
                            name=name
                        )
                        enter = _("Press Enter.")
                        self.console.print(f"[yellow]{moved} {enter}[/]")
                        return
                    changed = _(
                        "The clock changed the position: press Enter to see your new choices."
                    )
                    self.console.print(f"[yellow]{changed}[/]")
                    return

        thread = threading.Thread(target=ticker, daemon=True)
        thread.start()
        try:
            return self.input_fn(prompt if live_line else self._clock_text() + prompt)
        finally:
            stop.set()
            thread.join()

    def _game_clock(self) -> GameClock | None:
        """The game's clock as everybody reads it (from the turn context), or None."""
        return TurnContext.of(self.state).clock

    def _time_left(self) -> float | None:
        clock = self._game_clock()
        return None if clock is None else float(clock.remaining)

    def _clock_name(self) -> str:
        """What the clock is called: the game's own name for it, else the game's clock."""
        clock = self._game_clock()
        if clock is not None:
            return clock.name
        return _("the clock of {game}").format(game=self.game.show_title())

    # -- saving and the end ------------------------------------------------------
    def _record(self) -> Record:
        return Record.from_state(self.state, seats=[s.to_json() for s in self.seats])

    def _save(self) -> Path:
        path = self.save_path or default_save_path(self.game.name, self.state.seed)
        self._record().save(path)
        self.save_path = path
        return path

    def _autosave(self) -> None:
        if self.save_path is not None:
            self._record().save(self.save_path)

    def _finish(self) -> None:
        self.viewer = None
        self._show_events()
        if self.memory:
            self._redraw(None)
        else:
            self._show_view(None)
        table = Table(title=_("Final result"))
        for col in (_("seat"), _("player"), _("score"), _("result")):
            table.add_column(col)
        outcome = Outcome.of(self.state)
        win = list(outcome.winners)
        for i, (name, score) in enumerate(zip(self.names, outcome.scores, strict=True)):
            table.add_row(str(i + 1), name, f"{score:g}", _("winner") if i in win else "")
        self.console.print(table)
        if win:
            winners = Voice(tuple(self.names)).names_of(win)
            self.console.print(
                W.ngettext("Winner: {names}.", "Winners: {names}.", len(win)).format(names=winners),
                highlight=False,
            )
        else:
            self.console.print(_("Nobody won this game."))
        if self.save_path is not None:
            self._record().save(self.save_path)
            self.console.print(
                _("Record saved to {path}").format(path=self.save_path), highlight=False
            )


def default_save_path(game: str, seed: int) -> Path:
    """Where ``quit`` saves a game when no ``--save`` was given: the user's data folder
    (``OBELISK_DATA_DIR`` overrides it), never the current folder."""
    import os

    from platformdirs import user_data_path

    root = os.environ.get("OBELISK_DATA_DIR")
    folder = Path(root) if root else user_data_path("obelisk") / "saved"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{game}-{seed}.json"


def _mmss(seconds: float) -> str:
    m, sec = divmod(max(0, int(seconds)), 60)
    return f"{m}:{sec:02d}"


def tick_action(game: Game, seconds: float) -> Action | None:
    """The game's clock-tick system action for ``seconds`` of wall time, if it declares one
    (``Capabilities.tick``). A tick in whole seconds keeps the fraction for the next tick
    (None below one second)."""
    tick = game.capabilities.tick
    if tick is None:
        return None
    value: float | int = int(seconds) if tick.whole_seconds() else round(seconds, 3)
    if value <= 0:
        return None
    return tick.make(value)


def _tick_seconds(game: Game, action: Action) -> float:
    tick = game.capabilities.tick
    assert tick is not None
    return tick.seconds_of(action)


def live_options(game: Game, options: dict[str, Any], has_human: bool) -> dict[str, Any]:
    """Options for play at the table: a real-time game runs on the wall clock when a
    person plays (the option that says ``realtime=`` set to that value), unless chosen
    otherwise."""
    if not (game.capabilities.realtime_clock and has_human):
        return options
    out = dict(options)
    for o in option_info(game.Options):
        if o.spec.is_realtime_switch and o.name not in options:
            out[o.name] = o.spec.realtime
    return out
