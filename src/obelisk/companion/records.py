"""Companion records that are not ordinary engine records, replayed (issue 36: ``obelisk
replay`` replays every companion's record).

The Abu Simbel referee keeps an ordinary ``abu_simbel`` record (the engine replays it like
any other). The mummy keeps a record of ``mummy_table``, a game that is not in the registry
(only the companion plays it), and Khufu's DVD keeps a record of its own format (its inputs
and the seed). :func:`replay_companion` recognises those two, plays every input again, and
returns the story as lines; anything else is left to the engine (``None``).
"""

from __future__ import annotations

from typing import Any

from obelisk.core import RecordError
from obelisk.core.i18n import Words

from .khufu import RECORD_FORMAT, CompanionError, KhufuSession, clock_words, game_over_words
from .khufu import from_record as khufu_from_record
from .mummy import MummyCompanionError, MummySession
from .mummy import from_record as mummy_from_record

W = Words("obelisk.companion")
_ = W.gettext


def replay_companion(data: Any) -> list[str] | None:
    """The story of a companion record after replaying it, or None for an engine record;
    a companion record that does not replay raises :class:`RecordError` with the reason."""
    if not isinstance(data, dict):
        return None
    if data.get("format") == RECORD_FORMAT:
        return _khufu(data)
    if data.get("game") == "mummy_table":
        return _mummy(data)
    return None


def _khufu(data: dict[str, Any]) -> list[str]:
    try:
        session = khufu_from_record(data)
    except CompanionError as exc:
        raise RecordError(_("Khufu companion record: {problem}").format(problem=exc)) from None
    names = ", ".join(p.name for p in session.players)
    if session.over:
        head = W.ngettext(
            "Khufu (the companion): {names}; {n} input, finished; replay OK",
            "Khufu (the companion): {names}; {n} inputs, finished; replay OK",
            len(session.steps),
        )
    else:
        head = W.ngettext(
            "Khufu (the companion): {names}; {n} input, unfinished; replay OK",
            "Khufu (the companion): {names}; {n} inputs, unfinished; replay OK",
            len(session.steps),
        )
    return [head.format(names=names, n=len(session.steps)), *khufu_story(session)]


def khufu_story(session: KhufuSession) -> list[str]:
    """Everything Khufu said, each with the time left on the countdown, and the end."""
    lines: list[str] = []
    countdown = session.view()["countdown"]
    for m in session.moments:
        left = clock_words(max(0, countdown - m.at))
        lines.append(
            _("[{time} left] {title}: {speech}").format(
                time=left, title=m.title.upper(), speech=m.speech
            )
        )
    if session.over:
        lines.append(game_over_words(session))
    else:
        lines.append(
            _("The game stopped with {time} left.").format(time=clock_words(session.remaining))
        )
    return lines


def _mummy(data: dict[str, Any]) -> list[str]:
    try:
        session = mummy_from_record(data)
    except MummyCompanionError as exc:
        raise RecordError(_("mummy companion record: {problem}").format(problem=exc)) from None
    return mummy_story(session)


def mummy_story(session: MummySession) -> list[str]:
    """A mummy game replayed: a head line, then every sentence of the game."""
    n = len(session.told)
    if session.state.is_terminal():
        head = W.ngettext(
            "Fluch der Mumie with the computer as the mummy ({level}): explorers {names}; "
            "{n} input, finished; replay OK",
            "Fluch der Mumie with the computer as the mummy ({level}): explorers {names}; "
            "{n} inputs, finished; replay OK",
            n,
        )
    else:
        head = W.ngettext(
            "Fluch der Mumie with the computer as the mummy ({level}): explorers {names}; "
            "{n} input, unfinished; replay OK",
            "Fluch der Mumie with the computer as the mummy ({level}): explorers {names}; "
            "{n} inputs, unfinished; replay OK",
            n,
        )
    return [head.format(level=session.level, names=", ".join(session.names), n=n), *session.log()]


__all__ = ["khufu_story", "mummy_story", "replay_companion"]
