"""The terminal's language: ``--lang`` (anywhere on the command line), else
``OBELISK_LANG``, else the locale (see :func:`obelisk.core.i18n.from_environment`).

The command line's own words are translated too: each command's and option's help
(written ``help=N_("…")`` so the catalog holds it) and the words Typer and Click print
around them (``Usage:``, ``Options``, ``[default: …]``) are put in the reader's language
once, just before the command line is read.
"""

from __future__ import annotations

from typing import Any

from obelisk.core.i18n import N_, Words, check_language, from_environment

W = Words(__package__)

#: The words Typer's help panels print, by the name of the constant that holds them.
TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
    "DEPRECATED_STRING": N_("(deprecated) "),
}

#: Click's help option, as Typer's copy of Click writes it.
HELP_OPTION = N_("Show this message and exit.")

#: The prefix of a usage line.
USAGE = N_("Usage: ")


def take_language(argv: list[str]) -> tuple[str, list[str]]:
    """The language a command line asks for (``--lang de`` or ``--lang=de`` anywhere
    before a ``--``), else the environment's, and the command line without it.

    Raises :class:`obelisk.core.i18n.UnknownLanguage` (naming the languages there are)
    for a language Obelisk does not speak, or ``ValueError`` for ``--lang`` without one.
    """
    rest: list[str] = []
    chosen: str | None = None
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest += argv[i:]
            break
        if arg == "--lang":
            if i + 1 >= len(argv) or argv[i + 1].startswith("-"):
                raise ValueError("--lang needs a language, e.g. --lang de")
            chosen = argv[i + 1]
            i += 2
            continue
        if arg.startswith("--lang="):
            chosen = arg.partition("=")[2]
            i += 1
            continue
        rest.append(arg)
        i += 1
    lang = check_language(chosen) if chosen is not None else from_environment()
    return lang, rest


def _help_words(cmd: Any) -> list[Words]:
    """Where a command's help is looked up: the package whose module wrote ``cmd`` (a
    companion's command keeps its help with its own words), the command line's, then each
    game's (a game's companion keeps its words in its game's catalog)."""
    module = getattr(getattr(cmd, "callback", None), "__module__", None) or ""
    package = module.rpartition(".")[0]
    found = [Words(package)] if package and package != __package__ else []
    found.append(W)
    from obelisk.core import all_games

    found += [g.words for g in all_games()]
    return found


def _say(text: str, places: list[Words]) -> str:
    """``text`` in the reader's language from the first catalog that has it."""
    for words in places:
        said = words.find(text)
        if said is not None:
            return said
    return W.gettext(text)


def translate_commands(command: Any) -> None:
    """Put a Click command tree's help in the reader's language (in place)."""
    seen: set[int] = set()

    def walk(cmd: Any) -> None:
        if id(cmd) in seen:
            return
        seen.add(id(cmd))
        places = _help_words(cmd)
        for name in ("help", "short_help"):
            text = getattr(cmd, name, None)
            if isinstance(text, str) and text:
                setattr(cmd, name, _say(text, places))
        if getattr(cmd, "options_metavar", None) == "[OPTIONS]":
            cmd.options_metavar = W.gettext("[OPTIONS]")
        if getattr(cmd, "subcommand_metavar", None) == "COMMAND [ARGS]...":
            cmd.subcommand_metavar = W.gettext("COMMAND [ARGS]...")
        for param in getattr(cmd, "params", []):
            text = getattr(param, "help", None)
            if isinstance(text, str) and text:
                param.help = _say(text, places)
        for sub in getattr(cmd, "commands", {}).values():
            walk(sub)

    walk(command)


def translate_typer() -> None:
    """Put the words Typer and Click print around the help in the reader's language."""
    try:
        from typer import rich_utils
        from typer._click import formatting
    except ImportError:  # pragma: no cover - an older Typer on the real Click
        return
    for name, text in TYPER_WORDS.items():
        if hasattr(rich_utils, name):
            setattr(rich_utils, name, W.gettext(text))
    from typer._click import core

    made = core.Command.get_help_option
    if not getattr(made, "_obelisk", False):

        def get_help_option(self: Any, ctx: Any) -> Any:
            option = made(self, ctx)
            if option is not None and option.help == HELP_OPTION:
                option.help = W.gettext(HELP_OPTION)
            return option

        get_help_option._obelisk = True  # type: ignore[attr-defined]
        core.Command.get_help_option = get_help_option  # type: ignore[method-assign]
    original = formatting.HelpFormatter.write_usage
    if getattr(original, "_obelisk", False):
        return

    def write_usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        original(self, prog, args, W.gettext(USAGE) if prefix is None else prefix)

    write_usage._obelisk = True  # type: ignore[attr-defined]
    formatting.HelpFormatter.write_usage = write_usage  # type: ignore[method-assign]
