"""Runs lessons: the console teacher and the interpreter of lesson steps."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from obelisk.core import (
    Action,
    ActionFormatError,
    Game,
    ObeliskError,
    State,
    Voice,
)
from obelisk.core.i18n import N_, Words

from ..tui.screen import actions_panel, clear_all, command_word, event_line, read_any_action

W = Words(__package__)
_ = W.gettext

STEP_KINDS = ("say", "setup", "show", "ask", "do", "quiz", "practice")


class LessonError(ObeliskError):
    """A lesson's data is malformed (names the lesson and the step)."""


class LessonQuit(Exception):
    """The learner typed ``quit`` inside a lesson."""


LESSON_HELP = N_(
    "Inside a lesson: type the number of a choice (or its text), 'help' for this text, "
    "'rules' for the game's rules summary, or 'quit' to stop the lessons."
)


class ConsoleTeacher:
    """Talks to the learner on a Rich console; input comes from ``input_fn``."""

    def __init__(
        self, console: Console | None = None, input_fn: Callable[[str], str] | None = None
    ) -> None:
        self.console = console or Console()
        self.input_fn = input_fn or self.console.input
        self.names: list[str] = []
        #: The lesson's lasting words (its title, what it said, the lasting narration),
        #: drawn again above a memory game's fresh table; never a momentary sight.
        self.kept: list[Any] = []
        self._asking = False

    def begin(self, title: str) -> None:
        """A lesson starts: its title, and an empty page of kept words."""
        self.kept = []
        self._keep(Rule(f"[bold]{title}"))

    def say(self, text: str) -> None:
        """Explain something (kept on the page, except a question's words)."""
        panel = Panel(
            Text(text.strip()), border_style="green", title=_("Lesson"), title_align="left"
        )
        if self._asking:
            self.console.print(panel)
        else:
            self._keep(panel)

    def question(self, text: str) -> None:
        """What a question asks, below the table (not kept: each question says its own)."""
        self._asking = True
        try:
            self.say(text)
        finally:
            self._asking = False

    def _keep(self, renderable: Any) -> None:
        self.kept.append(renderable)
        self.console.print(renderable)

    def show(self, state: State, seat: int | None) -> None:
        """Show one seat's view of the table (None: the public view)."""
        title = _("Your view") if seat is not None else _("The table")
        self.console.print(
            Panel(
                Text(state.to_text(seat, self.names or None)),
                title=title,
                title_align="left",
                border_style="yellow",
            )
        )

    def events(self, state: State, seat: int | None, start: int) -> None:
        """Show what happened since event ``start``, as ``seat`` saw it."""
        names = self.names or [_("Player {n}").format(n=i + 1) for i in range(state.num_players)]
        voice = Voice(tuple(names), seat)
        for e in state.events_for(seat, start):
            line = event_line(state.game, e, voice)
            if line:
                self._keep(Text.from_markup(line))
            flash = state.game.flash(e, voice)
            if flash:  # cleared again before the next question (see fresh_table)
                self.console.print(f"[bold yellow]» {flash}[/]", highlight=False)

    def fresh_table(self, state: State, seat: int) -> None:
        """A memory game's table drawn afresh before a question: what an earlier step showed
        for a moment leaves the screen and the scrollback, as at the table."""
        clear_all(self.console)
        for renderable in self.kept:
            self.console.print(renderable)
        self.show(state, seat)

    def ask(
        self,
        state: State,
        seat: int,
        accept: Callable[[Action], str | None] | None = None,
        prompt: str = "> ",
    ) -> Action:
        """Ask for an action until it is legal and accepted; returns it (not applied).

        An illegal choice is answered with the rule that forbids it; a legal one that
        ``accept`` refuses is answered with the message ``accept`` returns.
        """
        while True:
            legal = state.legal_actions()
            self.console.print(actions_panel(state, legal, self.names or None))
            line = self.input_fn(prompt).strip()
            if not line or self._command(line, state.game):
                continue
            try:
                action = read_any_action(state, line, self.names or None)
            except ActionFormatError as e:
                self.console.print(f"[red]{e}[/]")
                continue
            if action not in legal:
                err = state.explain_illegal(action)
                refused, rule = _("Not allowed"), _("rule {rule}").format(rule=err.rule)
                self.console.print(f"[red]{refused}[/] ({rule}): {err.reason}")
                continue
            problem = accept(action) if accept else None
            if problem:
                aside = _("Legal, but not what we are practising:")
                self.console.print(f"[yellow]{aside}[/] {problem}")
                continue
            return action

    def choose(self, prompt: str, options: list[str]) -> int:
        """A multiple-choice question; returns the index chosen (from 0)."""
        for i, o in enumerate(options, 1):
            self.console.print(f"  [bold cyan]{i}[/] {o}")
        while True:
            line = self.input_fn(prompt).strip()
            if not line or self._command(line, None):
                continue
            if line.isdigit() and 1 <= int(line) <= len(options):
                return int(line) - 1
            matches = [i for i, o in enumerate(options) if o.lower() == line.lower()]
            if matches:
                return matches[0]
            again = _("Please answer with a number from 1 to {n}.").format(n=len(options))
            self.console.print(f"[red]{again}[/]")

    def _command(self, line: str, game: Game | None) -> bool:
        """``help``, ``rules`` and ``quit`` inside a lesson; False for anything else."""
        word = command_word(line)
        if word in ("help", "?"):
            self.console.print(Panel(_(LESSON_HELP), title=_("Help"), border_style="green"))
            return True
        if word == "rules" and game is not None:
            summary = game.words.gettext(game.summary).strip()
            self.console.print(
                Panel(Text(summary), title=_("{game}: rules").format(game=game.show_title()))
            )
            return True
        if word in ("quit", "exit", "q"):
            raise LessonQuit("lesson stopped")
        return False


def find_lesson(game: Game, name: str) -> dict[str, Any]:
    """The lesson called ``name`` (raises LessonError listing the lessons)."""
    lessons = game.lessons()
    for lesson in lessons:
        if lesson.get("name") == name:
            return lesson
    known = ", ".join(str(x.get("name")) for x in lessons) or "none"
    raise LessonError(f"{game.show_title()} has no lesson '{name}'; lessons: {known}")


def validate_lessons(game: Game) -> list[str]:
    """Problems in a game's lesson data (empty when every lesson is well formed)."""
    problems = []
    for i, lesson in enumerate(game.lessons()):
        where = f"lesson {i} ({lesson.get('name', '?')})"
        for key in ("name", "title", "steps"):
            if key not in lesson:
                problems.append(f"{where}: missing '{key}'")
        for j, step in enumerate(lesson.get("steps", [])):
            kinds = [k for k in STEP_KINDS if k in step]
            if len(kinds) != 1:
                problems.append(f"{where} step {j}: needs exactly one of {', '.join(STEP_KINDS)}")
    return problems


def _setup(game: Game, spec: dict[str, Any]) -> State:
    state = game.new_state(
        spec.get("players", game.min_players),
        spec.get("seed", 0),
        spec.get("options"),
        forced=spec.get("forced", []),
    )
    for entry in spec.get("actions", []):
        _do(state, entry)
    return state


def _do(state: State, entry: Any) -> None:
    if isinstance(entry, str):
        entry = {"action": entry}
    state.chance.force(*entry.get("forced", []))
    action = entry["action"]
    a = (
        state.game.action_from_json(action)
        if isinstance(action, dict)
        else state.parse_action(action)
    )
    state.apply(a)
    if state.chance.pending:
        raise LessonError(f"scripted chance for '{a}' was not all used")


def run_lesson(
    game: Game, lesson: dict[str, Any], teacher: ConsoleTeacher, rng: random.Random | None = None
) -> State | None:
    """Run one lesson to its end; returns the last position it set up."""
    rng = rng or random.Random(0)
    name = lesson.get("name", "?")
    teacher.begin(f"{game.show_title()}: {lesson.get('title', name)}")
    state: State | None = None
    seat = 0
    for j, step in enumerate(lesson.get("steps", [])):
        try:
            state, seat = _step(game, step, state, seat, teacher, rng)
        except (KeyError, TypeError, ObeliskError) as e:
            if isinstance(e, LessonError):
                raise LessonError(f"lesson '{name}' step {j}: {e}") from None
            raise LessonError(f"lesson '{name}' step {j}: {e!r}") from None
    done = _("Lesson complete:")
    teacher.console.print(f"[bold green]{done}[/] {lesson.get('title', name)}")
    return state


def _step(
    game: Game,
    step: dict[str, Any],
    state: State | None,
    seat: int,
    teacher: ConsoleTeacher,
    rng: random.Random,
) -> tuple[State | None, int]:
    if "say" in step:
        teacher.say(step["say"])
    elif "setup" in step:
        spec = step["setup"]
        state = _setup(game, spec)
        seat = spec.get("seat", 0)
        # a lesson's seats may be named; the learner's "You" reads in the learner's language
        teacher.names = [_("You") if n == "You" else str(n) for n in spec.get("names") or []] or [
            _("You") if i == seat else _("Player {n}").format(n=i + 1)
            for i in range(state.num_players)
        ]
        teacher.show(state, seat)
    elif "show" in step:
        if state is None:
            raise LessonError("'show' before any 'setup'")
        teacher.show(state, seat if step["show"] == "me" else step["show"])
    elif "do" in step:
        if state is None:
            raise LessonError("'do' before any 'setup'")
        start = len(state.events)
        for entry in step["do"] if isinstance(step["do"], list) else [step["do"]]:
            _do(state, entry)
        teacher.events(state, seat, start)
    elif "ask" in step:
        if state is None:
            raise LessonError("'ask' before any 'setup'")
        spec = step["ask"]
        if game.capabilities.memory and hasattr(teacher, "fresh_table"):
            teacher.fresh_table(state, seat)
        if spec.get("text"):
            # said afresh below the table at each question, so not kept above it
            getattr(teacher, "question", teacher.say)(spec["text"])
        if state.current_player != seat:
            raise LessonError(
                f"it is not the learner's turn (seat {state.current_player + 1} to move)"
            )
        expect = [" ".join(x.lower().split()) for x in spec.get("expect", [])]
        wrong = spec.get("wrong") or _("try another choice.")

        def accept(a: Action) -> str | None:
            if not expect or " ".join(a.text().lower().split()) in expect:
                return None
            return str(wrong)

        action = teacher.ask(state, seat, accept)
        start = len(state.events)
        state.chance.force(*spec.get("forced", []))
        state.apply(action)
        state.chance.clear_forced()
        teacher.events(state, seat, start)
        if spec.get("then"):
            teacher.say(spec["then"])
    elif "quiz" in step:
        q = step["quiz"]
        teacher.say(q["question"])
        while True:
            i = teacher.choose("answer> ", list(q["choices"]))
            if i == q["answer"]:
                right = _("Right.")
                teacher.console.print(f"[green]{right}[/] {q.get('explain', '')}")
                break
            hint = q.get("hint") or _("Try again.")
            quite = _("Not quite.")
            teacher.console.print(f"[yellow]{quite}[/] {hint}")
    elif "practice" in step:
        routine = game.lesson_practice(step["practice"])
        if routine is None:
            raise LessonError(f"{game.show_title()} has no practice routine '{step['practice']}'")
        routine(teacher, rng)
    else:
        raise LessonError(f"unknown step {sorted(step)}; steps are {', '.join(STEP_KINDS)}")
    return state, seat
