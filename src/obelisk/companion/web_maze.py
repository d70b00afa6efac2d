"""``/companion/maze``: the maze editor on a page (issue 36): a family clicks the walls,
symbols, the stairs, the sarcophagus and the dungeon of its box's maze on a grid; the page
keeps the draft in the browser, downloads it as a map file and asks this API to check it.

    POST /api/companion/maze/check   {text: an ASCII map or a share code}
                                     -> {ok, problems, code?, ascii}

Nothing is kept on the server. See :mod:`obelisk.companion.maze_editor`.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse

from obelisk.companion.http import (
    SMALL_BODY,
    SessionRefused,
    error_response,
    json_body,
    private,
)
from obelisk.core.i18n import Words, negotiate, speaking
from obelisk.games.mummy.board import MapError

from .maze_editor import Draft, EditorError

API = "/api/companion/maze"
W = Words("obelisk.games.mummy")
_ = W.gettext


def check(text: str) -> dict[str, object]:
    """The checks of a map or code: what is wrong, or the share code of a playable maze."""
    try:
        draft = Draft.from_text(text)
    except (MapError, EditorError) as exc:
        return {"ok": False, "problems": [str(exc)]}
    bad = draft.check()
    out: dict[str, object] = {"ok": not bad, "problems": bad, "ascii": draft.to_ascii()}
    if not bad:
        out["code"] = draft.code()
    return out


def register(app: FastAPI, web_dir: Path, **_options: object) -> None:
    """Add the page and the check to the server (no sessions: nothing is kept)."""
    page = web_dir / "companion" / "maze.html"

    async def show_page() -> FileResponse:
        return FileResponse(page)

    app.add_api_route("/companion/maze", show_page, methods=["GET"], include_in_schema=False)

    async def checked(request: Request) -> JSONResponse:
        try:
            body = await json_body(request, 2 * SMALL_BODY)
        except SessionRefused as exc:  # too large, not JSON
            return exc.response()
        text = body.get("text")
        if not isinstance(text, str):
            with speaking(negotiate(request.headers.get("accept-language"))):
                return error_response("bad_request", _("send the maze as text: a map or a code"))
        with speaking(negotiate(request.headers.get("accept-language"))):
            return private(check(text))

    app.add_api_route(f"{API}/check", checked, methods=["POST"], include_in_schema=False)
