"""The languages the web faces read: which there are, which a browser asks for, and each
one's catalog as JSON (the same gettext catalogs the terminal reads, see
:mod:`obelisk.core.i18n`). Records and game JSON stay language-free: only words move here.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from typing import Any

from fastapi import FastAPI, Request

from obelisk.core import all_games
from obelisk.core.i18n import LANGUAGES, UnknownLanguage, catalog_json, negotiate

from .config import ServerError

#: The packages whose words the browser reads: the web app's own, then every game's.
WEB_PACKAGE = "obelisk.web"


def web_packages() -> list[str]:
    """The packages whose catalogs the page gets: the web app, then each game's package."""
    packages = {sys.modules[type(g).__module__].__package__ for g in all_games()}
    # obelisk.companion: the Khufu companion's page and the companions' shared words
    return [WEB_PACKAGE, *sorted(p for p in packages if p), "obelisk.companion"]


@lru_cache(maxsize=16)
def _catalog(packages: tuple[str, ...], lang: str) -> dict[str, Any]:
    """One language's words for the page, built once per process (the catalogs are package
    data: they do not change while the server runs). Nobody may change the answer."""
    return catalog_json(list(packages), lang)


def register_languages(app: FastAPI) -> None:
    """Add ``GET /api/languages`` and ``GET /api/languages/{lang}`` to ``app``."""

    async def languages(request: Request) -> dict[str, Any]:
        return {
            "languages": [{"code": c, "name": n} for c, n in LANGUAGES.items()],
            # what this browser's Accept-Language asks for, among the languages there are
            "preferred": negotiate(request.headers.get("accept-language")),
        }

    async def catalog(lang: str) -> dict[str, Any]:
        try:
            return _catalog(tuple(web_packages()), lang)
        except UnknownLanguage as e:
            raise ServerError(str(e), "unknown_language", 404) from None

    app.add_api_route(
        "/api/languages",
        languages,
        methods=["GET"],
        summary="The languages there are, and the one this browser prefers",
    )
    app.add_api_route(
        "/api/languages/{lang}",
        catalog,
        methods=["GET"],
        summary="One language's words for the web faces (gettext catalogs as JSON)",
    )
