"""The web app's pages: the addresses a person opens, each served the one-page app.

The app (``obelisk/web``, plain ES modules) reads the address itself: ``/`` is
the lobby, ``/rooms/{id}`` a room (a seat token travels only in the address's
``#token=`` fragment, which never reaches the server), ``/replay`` the replay
viewer. The routes here only hand out the page; everything else is the JSON API.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse


def register_pages(app: FastAPI, web: Path) -> None:
    """Serve ``index.html`` at every address of the web app."""

    async def page() -> FileResponse:
        return FileResponse(web / "index.html")

    for path in ("/rooms/{room_id}", "/replay"):
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)
