"""The web page in a real browser (Debian's chromium driven by Playwright): a person
creates a room against a computer player and plays it to the end by clicking."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import ServerProc

sync_api = pytest.importorskip("playwright.sync_api")


def test_a_person_plays_a_whole_game_in_the_browser(server: ServerProc, browser: Any) -> None:
    errors: list[str] = []
    # the page runs under the server's Content-Security-Policy: nothing may be refused
    page = browser.new_page(bypass_csp=False)
    try:
        # a loaded machine (the whole suite in parallel) can make a first paint slow
        page.set_default_timeout(90_000)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on(
            "console",
            lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None,
        )
        page.goto(server.http + "/")
        page.select_option("#game", "tiny")
        page.fill("#players", "2")
        page.dispatch_event("#players", "change")
        selects = page.locator("#seats select")
        assert selects.count() == 2
        selects.nth(0).select_option("human")
        selects.nth(1).select_option("bot:random")
        page.locator("#create button[type=submit], #create input[type=submit]").first.click()
        page.wait_for_selector("#table:not([hidden])", timeout=15000)
        for _ in range(200):
            if "Game over" in (page.text_content("#status") or ""):
                break
            button = page.locator("#legal button:not([disabled])").first
            try:
                button.click(timeout=3000)
            except sync_api.TimeoutError:
                continue
        status = page.text_content("#status") or ""
        assert "Game over" in status, status
        assert "hand" in (page.text_content("#view") or "")
    finally:
        page.close()
    assert errors == []
