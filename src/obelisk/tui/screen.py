"""How things look: events as lines, the legal actions as a numbered list, panels."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from obelisk.core import Action, ActionFormatError, Game, State, Voice, action_from_text
from obelisk.core.i18n import N_, Words

W = Words(__package__)
_ = W.gettext
_core = Words("obelisk.core")

MAX_LISTED = 60


def event_line(game: Game, event: dict[str, Any], voice: Voice) -> str | None:
    """One sentence for an event as ``voice`` reads it (the game's narration), or None."""
    return game.narrate(event, voice)


#: A seat in a game's choice words: ``Player 2``, ``player 2`` (counted from 1).
_SEAT_WORD = re.compile(r"\b[Pp]layer (\d+)\b")


def choice_words(state: State, action: Action, names: Sequence[str] | None = None) -> str:
    """What ``action`` does, in words, with the seats called by the names people read
    (``Bot 2``, ``Ann``) where the game says ``Player 2``."""
    text = state.choice_text(action)
    if not names:
        return text

    def named(m: re.Match[str]) -> str:
        i = int(m.group(1)) - 1
        return names[i] if 0 <= i < len(names) else m.group(0)

    return _seat_word().sub(named, text)


def _seat_word() -> re.Pattern[str]:
    """A seat counted from 1 as a game's choice words say it in the reader's language
    (``Player 2``, ``Spieler 2``)."""
    said = _core.gettext("Player {n}")
    if said == "Player {n}":
        return _SEAT_WORD
    head, _sep, tail = said.partition("{n}")
    return re.compile(rf"\b{re.escape(head)}(\d+){re.escape(tail)}", re.IGNORECASE)


def listed_words(
    state: State, actions: list[Action], names: Sequence[str] | None = None
) -> list[str]:
    """The choices as listed: each in words, and where two would read the same (two
    cards alike), each with its short form too, so no two lines are identical."""
    texts = [choice_words(state, a, names) for a in actions]
    counts: dict[str, int] = {}
    for t in texts:
        counts[t] = counts.get(t, 0) + 1
    return [
        f"{t} ({state.game.typed_form(a)})" if counts[t] > 1 and a.text() != t else t
        for t, a in zip(texts, actions, strict=True)
    ]


def _plain(text: str) -> str:
    return " ".join(text.lower().split())


def read_any_action(state: State, line: str, names: Sequence[str] | None = None) -> Action:
    """The action a person typed: a number or text among the legal ones (as the choices
    list shows it, whole or up to its dash), or any action of the game in its text form
    (so that an illegal one can be explained with its rule).

    Raises :class:`ActionFormatError` when ``line`` is no action of the game at all.
    """
    typed = _plain(line)
    legal = state.legal_actions()
    shown = list(zip(legal, map(_plain, listed_words(state, legal, names)), strict=True))
    exact = [a for a, t in shown if typed in (t, t.split(" — ")[0])]
    if len(exact) == 1:
        return exact[0]
    try:
        return state.parse_action(line)
    except ActionFormatError as e:
        first = e
    line = state.game.in_english(line)
    t = " ".join(line.lower().split())
    try:
        space = state.game.action_space(state.num_players, state.options)
    except NotImplementedError:
        space = []
    for a in space:
        if " ".join(a.text().lower().split()) == t:
            return a
    try:
        return action_from_text(line, state.game.action_types)
    except ActionFormatError:
        raise first from None  # the legal choices' own message says more


def actions_panel(
    state: State, actions: list[Action] | None = None, names: Sequence[str] | None = None
) -> Panel:
    """The legal actions, numbered from 1, each saying what it does."""
    actions = state.legal_actions() if actions is None else actions
    texts = listed_words(state, actions, names)
    items = [
        Text.assemble((f"{i:>2}", "bold cyan"), " ", text)
        for i, text in enumerate(texts[:MAX_LISTED], 1)
    ]
    body: Any = Columns(items, padding=(0, 3), equal=False) if len(items) > 8 else Group(*items)
    title = _("Your choices ({n})").format(n=len(actions))
    if len(actions) > MAX_LISTED:
        title += " — " + _("{n} more: type 'list' to see all, or type an action").format(
            n=len(actions) - MAX_LISTED
        )
    return Panel(body, title=title, title_align="left", border_style="cyan")


def clear_all(console: Console) -> None:
    """Clear the screen and the terminal's scrollback (a hand-over, a memory game's redraw).

    On a console that is not a terminal nothing can be cleared; a rule marks the break.
    """
    if console.is_terminal:
        console.clear()
        console.file.write("\x1b[3J")  # the scrollback too (xterm, tmux, most terminals)
        console.file.flush()
    else:
        console.rule(style="dim")


def show_rules_text(text: str, console: Console) -> None:
    """Markdown rules on the console: on a terminal through a pager that shows colour,
    otherwise as plain text."""
    from rich.markdown import Markdown

    doc = Markdown(text)
    if not console.is_terminal:
        console.print(doc)
        return
    with console.capture() as captured:
        console.print(doc)
    page(captured.get(), console)


def page(ansi: str, console: Console) -> None:
    """Show text with colour codes in a pager: the person's ``PAGER``, else ``less -R``
    (``LESS=-R`` is set for a pager when ``LESS`` is unset, so colours show as colours,
    never as raw codes); with no pager at all the text is printed."""
    import os
    import shlex
    import shutil
    import subprocess

    env = dict(os.environ)
    env.setdefault("LESS", "-R")
    chosen = env.get("PAGER", "").strip()
    command = shlex.split(chosen) if chosen else (["less", "-R"] if shutil.which("less") else [])
    if command:
        try:
            subprocess.run(command, input=ansi, text=True, env=env, check=False)
            return
        except OSError:
            pass
    console.file.write(ansi)
    console.file.flush()


def glossary_panel(glossary: dict[str, str]) -> Panel:
    """The game's terms with what they do (cards, tokens, powers)."""
    body = Group(*(Text.assemble((term, "bold"), ": ", text) for term, text in glossary.items()))
    return Panel(body, title=_("Terms"), title_align="left", border_style="green")


def view_panel(text: str, title: str) -> Panel:
    """A seat's (or the spectator's) view of the table."""
    return Panel(Text(text), title=title, title_align="left", border_style="yellow")


HELP = N_(
    """Type the number of a choice, or the choice itself (a unique beginning is enough).
Commands:
  help   this text              rules  the rules summary and terms ('rules full': all)
  list   all your choices       hint   what the computer player would do
  log    the story so far (only what you may still know)
  undo   take back your last decision (while nothing hidden was shown and nobody
         else has played since)
  save   save the game now      quit   save the game and stop (resume with --resume FILE)"""
)

#: The commands a person types at the prompt, by their English word; each may also be
#: typed in the reader's language (``command_word``).
COMMANDS = (
    "help",
    "rules",
    "rules full",
    "list",
    "log",
    "hint",
    "undo",
    "save",
    "quit",
    "board",
)


def _typed_commands() -> dict[str, str]:
    """The command words in the reader's language, each with its English word."""
    said = {
        "help": W.pgettext("typed command", "help"),
        "rules": W.pgettext("typed command", "rules"),
        "rules full": W.pgettext("typed command", "rules full"),
        "list": W.pgettext("typed command", "list"),
        "log": W.pgettext("typed command", "log"),
        "hint": W.pgettext("typed command", "hint"),
        "undo": W.pgettext("typed command", "undo"),
        "save": W.pgettext("typed command", "save"),
        "quit": W.pgettext("typed command", "quit"),
        "board": W.pgettext("typed command", "board"),
    }
    return {word.lower(): english for english, word in said.items()}


def command_word(line: str) -> str:
    """A typed command in English (``hilfe`` → ``help``); anything else lower-cased."""
    typed = " ".join(line.lower().split())
    return _typed_commands().get(typed, typed)


def print_help(console: Console) -> None:
    """The in-game help."""
    console.print(Panel(_(HELP), title=_("Help"), border_style="green"))
