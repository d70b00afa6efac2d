"""The command words a person types in Ramses II, in the reader's language.

The actions' text forms are English (``slide up``, ``gift T03``); a German reader
types ``schieb hoch`` or ``geschenk T03``. The game's ``typed_words`` maps each typed
first word to the English action kind, and the choices list the same words, so what
is listed can be typed as listed.
"""

from __future__ import annotations

from collections.abc import Callable

from obelisk.core.i18n import Words

W = Words(__package__)
pgettext = W.pgettext

_COMMANDS: dict[str, Callable[[], str]] = {
    "draw": lambda: pgettext("typed command", "draw"),
    "slide": lambda: pgettext("typed command", "slide"),
    "gift": lambda: pgettext("typed command", "gift"),
    "risk": lambda: pgettext("typed command", "risk"),
    "poker": lambda: pgettext("typed command", "poker"),
    "give": lambda: pgettext("typed command", "give"),
    "place": lambda: pgettext("typed command", "place"),
}


def typed_word(kind: str) -> str:
    """The word a person types for action ``kind`` (``slide``, German ``schieb``)."""
    found = _COMMANDS.get(kind)
    return found() if found else kind


def typed_words() -> dict[str, str]:
    """Each typed command word of the reader's language -> the English action kind
    (the English words themselves are not listed: they are understood anyway)."""
    out = {}
    for kind, word in _COMMANDS.items():
        typed = word()
        if typed != kind:
            out[typed] = kind
    return out


#: The other words of the actions' text forms (``poker T03 seat 2``, ``give #17 to seat 3``).
_OTHER: dict[str, Callable[[], str]] = {
    "seat": lambda: pgettext("typed word", "seat"),
    "to": lambda: pgettext("typed word", "to"),
}


def english_words() -> dict[str, str]:
    """Every word of a typed action in the reader's language (lower case) -> the English
    word of the action's text form: the commands, the slides' directions (``hoch`` ->
    ``up``) and ``seat``; empty for an English reader."""
    from .choices import DIRECTIONS

    out = typed_words()
    for table in (DIRECTIONS, _OTHER):
        for english, word in table.items():
            typed = word().lower()
            if typed != english:
                out[typed] = english
    return out
