"""The languages the web reads: the list, the browser's preference, each catalog as JSON."""

from __future__ import annotations

import httpx
from server_helpers import ServerProc


def test_the_languages_there_are_and_the_one_the_browser_prefers(server: ServerProc) -> None:
    reply = httpx.get(
        server.http + "/api/languages", headers={"Accept-Language": "fr-CH, de;q=0.8, en;q=0.5"}
    )
    assert reply.status_code == 200
    body = reply.json()
    assert body["languages"] == [
        {"code": "en", "name": "English"},
        {"code": "de", "name": "Deutsch"},
    ]
    assert body["preferred"] == "de"
    assert httpx.get(server.http + "/api/languages").json()["preferred"] == "en"


def test_a_catalog_for_the_page(server: ServerProc) -> None:
    body = server.get("/api/languages/de").json()
    assert body["lang"] == "de" and body["plural_index"] == {"one": 0, "other": 1}
    assert body["messages"]["and"] == "und"
    assert server.get("/api/languages/en").json()["messages"] == {}


def test_an_unknown_language_is_named(server: ServerProc) -> None:
    reply = server.get("/api/languages/xx")
    assert reply.status_code == 404
    assert reply.json()["error"] == "unknown_language"
    assert (
        "unknown language 'xx': Obelisk speaks en (English), de (Deutsch)"
        in reply.json()["message"]
    )
