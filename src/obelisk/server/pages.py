"""The web app's pages: the addresses a person opens, each served the one-page app.

The app (``obelisk/web``, plain ES modules) reads the address itself: ``/`` is
the lobby, ``/rooms/{id}`` a room (a seat token travels only in the address's
``#token=`` fragment, which never reaches the server), ``/replay`` the replay
viewer. The routes here hand out the page, ``/rules/{game}`` a game's rules
for the help panel and the lobby (its one-paragraph summary, its ``rules.md``, each
option's explanation and choices, what each variant sets), and
``POST /replay/frames`` the positions of a record as one seat saw them, with the
narrated sentences (for the replay viewer); everything else is the JSON API.
"""

from __future__ import annotations

import inspect
import re
import typing
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse

from obelisk.core import (
    all_games,
)

from .config import ServerError


def register_pages(app: FastAPI, web: Path) -> None:
    """Serve ``index.html`` at every address of the web app, and the games' rules."""

    async def page() -> FileResponse:
        return FileResponse(web / "index.html")

    for path in ("/rooms/{room_id}", "/replay"):
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)

    async def rules(game: str) -> dict[str, Any]:
        for g in all_games():
            if g.name == game:
                return {
                    "game": g.name,
                    "title": g.title,
                    "summary": g.summary,
                    "rules": g.rules_text(),
                    "options": option_notes(g.Options),
                    "variants": {k: dict(v) for k, v in g.variants.items()},
                }
        raise ServerError(f"no game named {game!r}", "unknown_game", 404)

    app.add_api_route("/rules/{game}", rules, methods=["GET"], include_in_schema=False)


#: A rule id in an option's comment (``sobek:10.1``, ``sobek:2.3/sobek:8``): not for players.
_RULE_ID = re.compile(r"\b[a-z_]+:\d+(?:\.\d+)*(?:/[a-z_]+:\d+(?:\.\d+)*)*\s*")
_DESIGN = re.compile(r"\[DESIGN[^\]]*\]\s*")
_LEAD = re.compile(r"^[\s,.;:\d\u2014\u2013-]+")
_FIELD = re.compile(r"^\s+(\w+)\s*:")


_NOTES: dict[type[Any], dict[str, dict[str, Any]]] = {}


def option_notes(options: type[Any]) -> dict[str, dict[str, Any]]:
    """Each option's explanation (its ``#:`` comment in the Options class, rule ids left out)
    and, for a choice among words, the words (read once per class; do not modify)."""
    if options not in _NOTES:
        _NOTES[options] = _read_notes(options)
    return _NOTES[options]


#: Words of a programmer's note (a module, the engine's machinery), not of a player's.
_JARGON = re.compile(
    r"\.py\b|determini[sz]|system action|\bengine\b|\bNone\b|\bTrue\b|\bFalse\b"
    r"|\bobservation\b|\bsimulation\b|\brecord\b|\bissue \d",
    re.IGNORECASE,
)
_PAREN = re.compile(r"\s*\([^()]*\)")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z‘'\"])")


_SQUARE = re.compile(r"\s*\[[^\]]*\]")
_STEP = re.compile(
    r"^\s*/\s*[\d.]*\s*(?:step \d+\s*)?[:\u2014\u2013-]?\s*"
    r"|^\s*(?:\d+(?:\.\d+)*\s*)?(?:step \d+\s*)?[:\u2014\u2013-]\s*",
    re.IGNORECASE,
)
_CODE = re.compile(r"\w\.\w|\w_\w")


def for_players(text: str) -> str:
    """An option's comment as a player reads it: notes in square brackets, asides in
    brackets that name the program (a module, a field, the engine, None), sentences after
    the first that speak of the program, and a leading rule step are left out."""
    text = _SQUARE.sub("", text)
    text = _PAREN.sub(
        lambda m: "" if _JARGON.search(m.group(0)) or _CODE.search(m.group(0)) else m.group(0),
        text,
    )
    text = _STEP.sub("", text.strip())
    sentences = _SENTENCE.split(text.strip())
    kept = [x for i, x in enumerate(sentences) if i == 0 or not _JARGON.search(x)]
    return " ".join(kept).strip()


def _read_notes(options: type[Any]) -> dict[str, dict[str, Any]]:
    notes: dict[str, dict[str, Any]] = {}
    try:
        lines = inspect.getsource(options).splitlines()
    except (OSError, TypeError):
        lines = []
    comment: list[str] = []
    for line in lines:
        text = line.strip()
        if text.startswith("#:"):
            comment.append(text[2:].strip())
            continue
        m = _FIELD.match(line)
        if m and comment:
            help_ = _RULE_ID.sub("", " ".join(comment)).replace("`", "")
            help_ = _LEAD.sub("", _DESIGN.sub("", help_)).strip()
            help_ = for_players(help_)
            notes[m.group(1)] = {"help": help_[:1].upper() + help_[1:]}
        comment = []
    hints = typing.get_type_hints(options)
    for name, t in hints.items():
        args = typing.get_args(t)
        if typing.get_origin(t) is typing.Literal and all(isinstance(a, str) for a in args):
            notes.setdefault(name, {})["choices"] = list(args)
    return notes
