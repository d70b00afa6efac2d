"""The web app in German (issue 34): a browser that asks for German (Accept-Language) gets
every word of the app's own pages in German, the language can be switched on the page and
is remembered, and a table's frame (turn, status, log, help) speaks German too. Each game's
table is checked in German by its own test (tests/web/test_web_german_<game>.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import ServerProc
from web_helpers import Person

from browser_fixtures import serve
from german_check import english_left

#: Names that stay as they are in every language (the games' titles, the brand).
NAMES = ("Obelisk", "Sobek", "Abu Simbel", "Ramses II", "Fluch der Mumie", "Khufu", "Deutsch")


@pytest.fixture(scope="module")
def lobby_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A server of this module's own whose lobby lists one known room (a Sobek table with
    an open seat and a computer player): the shared test server's lobby lists whatever
    rooms the other tests of its worker made, in their test games' English."""
    proc = serve(tmp_path_factory, "lobby-de", "--rate", "300", "--room-rate", "0")
    seats = [{"kind": "human"}, {"kind": "bot", "level": "normal"}]
    r = httpx.post(f"{proc.http}/api/rooms", json={"game": "sobek", "seats": seats})
    r.raise_for_status()
    yield proc
    proc.stop()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_lobby_speaks_german_to_a_german_browser(
    lobby_server: ServerProc, browser: Any, shots: Path, width: int, height: int
) -> None:
    p = Person(browser, lobby_server.http, width, height, f"lobby de {width}", locale="de-DE")
    try:
        p.goto("/")
        p.page.wait_for_selector("#game-cards .game-card")
        p.page.wait_for_function("document.documentElement.lang === 'de'")
        assert p.page.inner_text("h1") == "Fünf ägyptische Brettspiele an einem Tisch"
        assert p.page.locator("#lang-select").input_value() == "de"
        # the room is listed, in German (its status and seats are Obelisk's words)
        p.page.wait_for_selector("#rooms li:not(.muted)")
        assert "Sobek" in p.page.inner_text("#rooms")
        # the test server's own test games (Tiny Tricks) speak English only: not Obelisk's
        p.page.evaluate(
            "document.querySelectorAll('.game-card[data-game^=tiny]').forEach((n) => n.remove());"
            "document.querySelectorAll('#game option[value^=tiny]').forEach((n) => n.remove())"
        )
        left = english_left(p.words_in_language(), NAMES)
        assert not left, f"English left on the German lobby: {left}"
        assert not p.errors
        p.shot(shots, f"lobby-de-{width}")
    finally:
        p.close()


def test_the_language_switch_is_remembered(server: ServerProc, browser: Any) -> None:
    p = Person(browser, server.http, 1280, 800, "switch", locale="en-GB")
    try:
        p.goto("/")
        p.page.wait_for_selector("#game-cards .game-card")
        assert p.page.inner_text("h1") == "Five Egyptian board games, at one table"
        with p.page.expect_navigation():
            p.page.select_option("#lang-select", "de")
        p.page.wait_for_function("document.documentElement.lang === 'de'")
        assert p.page.inner_text("h1") == "Fünf ägyptische Brettspiele an einem Tisch"
        p.goto("/replay")
        p.page.wait_for_selector("#replay-title")
        assert p.page.inner_text("#replay-title") == "Wiederholungen"
        assert "Gesehen von" in p.page.inner_text("#replay")
        with p.page.expect_navigation():
            p.page.select_option("#lang-select", "en")
        p.page.wait_for_function("document.documentElement.lang === 'en'")
        assert p.page.inner_text("#replay-title") == "Replays"
    finally:
        p.close()


def test_a_german_table_frame_says_whose_turn_it_is_in_german(
    server: ServerProc, browser: Any
) -> None:
    p = Person(browser, server.http, 1280, 800, "table de", locale="de-DE")
    try:
        p.goto("/")
        p.page.click('.game-card[data-game="sobek"] button[data-play]')
        p.page.wait_for_url("**/rooms/*")
        assert p.wait_turn_or_over(20000)
        assert p.page.inner_text("#status") == "Du bist am Zug."
        assert p.page.inner_text("#help-button") == "Hilfe und Regeln"
        assert p.page.inner_text("#log-box summary") == "Protokoll"
        assert "Du bist" in p.page.inner_text("#who")
        assert p.page.evaluate("document.title").startswith("▶ Du bist am Zug")
        p.page.click("#help-button")
        p.page.wait_for_function(
            "document.querySelector('#help .summary') &&"
            " document.querySelector('#help .summary').textContent !== 'Wird geladen…'"
        )
        head = p.page.inner_text("#help h3") + " " + p.page.inner_text("#help h4")
        assert "Hilfe" in head and "Geltende Optionen" in head
        assert p.page.locator("#help .rules").get_attribute("lang") == "en"
    finally:
        p.close()
