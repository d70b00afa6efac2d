"""``--help`` in words for people: no type tags (``<int>``, ``<list[str]>``, ``<bool>``),
ranges said as words ("at least 1"), and the real game names in usage lines instead of
``{game}``. Typer draws the help; this module only changes how a parameter names itself
there (each change is skipped on a Typer that lacks the hook)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args, get_origin

from obelisk.core.i18n import Words

W = Words("obelisk.cli")


def value_word(param: Any) -> str | None:
    """What a person types after an option, as a word (None for a flag)."""
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        return None
    if getattr(param, "metavar", None):
        return str(param.metavar)
    desc = getattr(param, "type_descriptor", None)
    annotation = getattr(desc, "annotation", None)
    if get_origin(annotation) is list:
        annotation = (get_args(annotation) or (str,))[0]
    if annotation is bool:
        return None
    if annotation in (int, float):
        return W.gettext("NUMBER")
    if isinstance(annotation, type) and issubclass(annotation, Path):
        return W.gettext("FILE")
    return W.gettext("TEXT")


def range_words(low: float | None, high: float | None) -> str | None:
    """A number range as words: "at least 1", "at most 9", "1 to 65535"."""
    if low is None and high is None:
        return None
    if high is None:
        if low == 0:
            return W.gettext("0 or more")
        return W.gettext("at least {low}").format(low=f"{low:g}")
    if low is None:
        return W.gettext("at most {high}").format(high=f"{high:g}")
    return W.gettext("{low} to {high}").format(low=f"{low:g}", high=f"{high:g}")


def game_names() -> str:
    """The registered games' names as a usage line shows the choice: ``sobek|khufu|…``."""
    from obelisk.core import all_games

    return "|".join(g.name for g in all_games() if g.__module__.startswith("obelisk.games."))


def install() -> None:
    """Change how Typer's parameters name themselves in help and usage lines."""
    try:
        from typer import core, rich_utils
    except ImportError:  # pragma: no cover - Typer without Rich help
        return
    argument = getattr(core, "TyperArgument", None)
    option = getattr(core, "TyperOption", None)
    if argument is None or option is None:
        return

    def usage_name(self: Any) -> str:
        name = game_names() if self.name == "game" else (self.metavar or self.name).upper()
        name = name if self.required else f"[{name}]"
        return name + ("..." if self.nargs != 1 else "")

    def no_type(self: Any, ctx: Any = None) -> str | None:
        return None

    def option_type(self: Any, ctx: Any = None) -> str | None:
        return value_word(self)

    def option_range(self: Any) -> str | None:
        return range_words(getattr(self, "min", None), getattr(self, "max", None))

    for cls, kind in ((argument, no_type), (option, option_type)):
        if hasattr(cls, "display_type_rich"):
            cls.display_type_rich = kind
        if hasattr(cls, "_get_number_range_help_str"):
            cls._get_number_range_help_str = option_range
    if hasattr(argument, "_usage_display_name"):
        argument._usage_display_name = usage_name
    if hasattr(rich_utils, "RANGE_STRING"):
        rich_utils.RANGE_STRING = " ({})"
