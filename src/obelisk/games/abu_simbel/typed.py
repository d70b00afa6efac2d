"""What a person types in Abu Simbel, in the reader's language: the moves (``jump``,
``crab 2``, ``stomp 3``; German ``springen``, ``krebs 2``, ``stampfen 3``) and the command
words of the other actions (``ok 2``, ``fail 2``, ``deck 1``, ``cover 3``, ``no cover``,
``turned away``; German ``ok 2``, ``fehler 2``, ``stapel 1``, ``abdecken 3``, ``passen``,
``weggedreht``). The English forms are always understood too; records and action JSON
keep the English forms only.
"""

from __future__ import annotations

from obelisk.core import Action, i18n
from obelisk.core.i18n import SOURCE, Words, language

from .actions import (
    ChooseTreasureDeck,
    ConfirmTurnedAway,
    EnterMove,
    PassCover,
    PlaceCover,
    Verdict,
)
from .components import MOVE_TYPED, TOKENS

W = Words(__package__)


def move_typed(token: str) -> str:
    """What a person types for ``token`` in the reader's language: ``crab 2``, ``krebs 2``."""
    if token.startswith("STOMP_x"):
        return W.pgettext("typed command", "stomp {n}").format(n=token[7:])
    typed = MOVE_TYPED.get(token)
    if typed is None:
        return token.lower().replace("_", " ")
    return _typed_word(typed)


def _typed_word(english: str) -> str:
    """One typed form (``crab 2``, ``no cover``) in the reader's language."""
    # the table is read once per language (every choice of every state message asks)
    key = (language(), i18n.MARK_MISSING)
    words = _TYPED.get(key)
    if words is None:
        words = _TYPED[key] = _typed_words()
    return words.get(english, english)


#: The typed forms by (language, whether missing words are marked), read once each.
_TYPED: dict[tuple[str, bool], dict[str, str]] = {}


def _typed_words() -> dict[str, str]:
    """Every typed form, English to the reader's language."""
    return {
        "punch": W.pgettext("typed command", "punch"),
        "duck": W.pgettext("typed command", "duck"),
        "jump": W.pgettext("typed command", "jump"),
        "crab 2": W.pgettext("typed command", "crab 2"),
        "step 2": W.pgettext("typed command", "step 2"),
        "rope 2": W.pgettext("typed command", "rope 2"),
        "swim": W.pgettext("typed command", "swim"),
        "cover nose": W.pgettext("typed command", "cover nose"),
        "crawl": W.pgettext("typed command", "crawl"),
        "balance": W.pgettext("typed command", "balance"),
        "ok": W.pgettext("typed command", "ok"),
        "fail": W.pgettext("typed command", "fail"),
        "deck": W.pgettext("typed command", "deck"),
        "cover": W.pgettext("typed command", "cover"),
        "no cover": W.pgettext("typed command", "no cover"),
        "turned away": W.pgettext("typed command", "turned away"),
    }


def typed_action(action: Action) -> str:
    """How ``action`` is typed in the reader's language: ``krebs 2``, ``fehler 3``."""
    if isinstance(action, EnterMove):
        return move_typed(action.token)
    if isinstance(action, Verdict):
        word = _typed_word("ok" if action.passed else "fail")
        return f"{word} {action.index + 1}"
    if isinstance(action, ChooseTreasureDeck):
        return f"{_typed_word('deck')} {action.deck + 1}"
    if isinstance(action, PlaceCover):
        return f"{_typed_word('cover')} {action.slot + 1}"
    if isinstance(action, PassCover):
        return _typed_word("no cover")
    if isinstance(action, ConfirmTurnedAway):
        return _typed_word("turned away")
    return action.text()


def typed_token(text: str) -> str | None:
    """The move token of a move typed in the reader's language (``stampfen 3`` →
    ``STOMP_x3``), or None."""
    if language() == SOURCE:
        return None
    t = " ".join(text.lower().split())
    for token in TOKENS:
        if " ".join(move_typed(token).lower().split()) == t:
            return token
    return None


def typed_words() -> dict[str, str]:
    """The first words a person may type in the reader's language, each with the English
    it stands for (``Game.typed_words``): ``{"fehler": "fail", "stampfen": "stomp"}``.
    A move of two words (``cover nose``) stands for the whole English form."""
    if language() == SOURCE:
        return {}
    out: dict[str, str] = {}
    for english in ("ok", "fail", "deck", "cover", "no cover", "turned away"):
        out[_typed_word(english).split()[0].lower()] = english
    for token in TOKENS:
        english = MOVE_TYPED.get(token, "")
        word = move_typed(token).split()[0].lower()
        if " " in english and english.split()[1].isdigit():
            out.setdefault(word, english.split()[0])  # crab 2 -> krebs 2: the word alone
        else:
            out.setdefault(word, english)
    return {k: v for k, v in out.items() if k != v}
