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

import re
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse

from obelisk.core import all_games, option_info

from .config import ServerError

#: A Markdown (HTML) comment, such as the markers around a generated table: not for readers.
_COMMENT = re.compile(r"[ \t]*<!--.*?-->[ \t]*\n?", re.DOTALL)


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
                    "rules": _COMMENT.sub("", g.rules_text()),
                    "options": option_notes(g.Options),
                    "variants": {k: dict(v) for k, v in g.variants.items()},
                }
        raise ServerError(f"no game named {game!r}", "unknown_game", 404)

    app.add_api_route("/rules/{game}", rules, methods=["GET"], include_in_schema=False)


_NOTES: dict[type[Any], dict[str, dict[str, Any]]] = {}


def option_notes(options: type[Any]) -> dict[str, dict[str, Any]]:
    """Each option's explanation (the ``help`` it carries in the game's Options) and, for a
    choice among words, the words (read once per class; do not modify)."""
    if options not in _NOTES:
        notes: dict[str, dict[str, Any]] = {}
        for o in option_info(options):
            note: dict[str, Any] = {"help": o.spec.help}
            if o.choices is not None:
                note["choices"] = o.choices
            notes[o.name] = note
        _NOTES[options] = notes
    return _NOTES[options]
