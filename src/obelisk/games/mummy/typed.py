"""The mummy's actions as a person types them, in the reader's language.

The English text form of an action (``resolve yes``, ``choose arrow``, ``arrow N``,
``move E10``) is the one the engine parses; a German reader types and reads
``auflösen ja``, ``wähle pfeil``, ``pfeil O``, ``zieh E10``. :func:`typed` writes an
action's form for the reader, :func:`typed_words` maps each command word to its action
kind (``Game.typed_words``), and :func:`parse_typed` reads a line typed in either
language (the choices' ``parse_words``).
"""

from __future__ import annotations

from collections.abc import Sequence

from obelisk.core import Action, ActionFormatError
from obelisk.core.actions import parse_action_text
from obelisk.core.i18n import SOURCE, Words, language

from .actions import Arrow, Choose, Move, Play, Resolve, Step
from .components import label

W = Words(__package__)
pgettext = W.pgettext


def command_words() -> dict[str, str]:
    """Each action kind's command word in the reader's language (``reroll``: ``nachwürfeln``)."""
    return {
        "resolve": pgettext("typed command", "resolve"),
        "reroll": pgettext("typed command", "reroll"),
        "choose": pgettext("typed command", "choose"),
        "lost": pgettext("typed command", "lost"),
        "move": pgettext("typed command", "move"),
        "arrow": pgettext("typed command", "arrow"),
        "play": pgettext("typed command", "play"),
        "step": pgettext("typed command", "step"),
        "stop": pgettext("typed command", "stop"),
    }


def _answers() -> dict[bool, str]:
    return {True: pgettext("typed answer", "yes"), False: pgettext("typed answer", "no")}


def _directions() -> dict[str, str]:
    return {
        "N": pgettext("typed direction", "N"),
        "E": pgettext("typed direction", "E"),
        "S": pgettext("typed direction", "S"),
        "W": pgettext("typed direction", "W"),
    }


def _arrow_face() -> str:
    return pgettext("typed face", "arrow")


def typed(action: Action) -> str:
    """``action``'s text form in the reader's language (English: ``action.text()``)."""
    if language() == SOURCE:
        return action.text()
    word = command_words().get(action.kind, action.kind)
    if isinstance(action, (Resolve, Play)):
        return f"{word} {_answers()[action.yes]}"
    if isinstance(action, Choose):
        return f"{word} {_arrow_face() if action.face == 'arrow' else action.face}"
    if isinstance(action, (Arrow, Step)):
        return f"{word} {_directions().get(action.direction, action.direction)}"
    if isinstance(action, Move):
        return f"{word} {label(action.row, action.col)}"
    return word


def typed_words() -> dict[str, str]:
    """Each command word of the reader's language that differs from the English one,
    mapped to the action kind (``{"nachwürfeln": "reroll", "würfeln": "reroll", …}``)."""
    words = {w.lower(): kind for kind, w in command_words().items() if w.lower() != kind}
    roll = pgettext("typed command", "roll")  # the seed's plain word for a reroll
    if roll.lower() != "roll":
        words.setdefault(roll.lower(), "reroll")
    return words


def parse_typed(text: str, legal: Sequence[Action]) -> Action | None:
    """The legal action ``text`` names in the reader's words (``pfeil O``, ``wähle pfeil``,
    ``auflösen ja``), or None when it names none."""
    parts = text.lower().split()
    if not parts:
        return None
    kind = typed_words().get(parts[0], parts[0])
    answers = {w.lower(): "yes" if yes else "no" for yes, w in _answers().items()}
    directions = {w.lower(): d for d, w in _directions().items()}
    face = _arrow_face().lower()
    args = []
    for word in parts[1:]:
        if kind in ("resolve", "play"):
            word = answers.get(word, word)
        elif kind in ("arrow", "step"):
            word = directions.get(word, word)
        elif kind == "choose" and word == face:
            word = "arrow"
        args.append(word)
    try:
        return parse_action_text(" ".join([kind, *args]), legal)
    except ActionFormatError:
        return None
