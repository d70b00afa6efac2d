"""axe-core on the shell's pages at 1280×800 and 390×844: the lobby, a finished room (game
over, its log), its help panel and its replay have no serious or critical violation, and
every page has a heading of level one (``page-has-heading-one``)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from axe_check import describe, serious_violations, violations
from server_helpers import ServerProc
from web_helpers import Person

SIZES = ((1280, 800), (390, 844))


@pytest.fixture(scope="module")
def finished(server: ServerProc) -> str:
    """A Sobek room of computer players, played to the end (a long log)."""
    room = server.create("sobek", [{"kind": "bot", "level": "random"}] * 2, seed=3)["id"]
    deadline = time.monotonic() + 60
    while server.get(f"/api/rooms/{room}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return str(room)


def _page(server: ServerProc, browser: Any, size: tuple[int, int], label: str) -> Person:
    return Person(browser, server.http, size[0], size[1], f"{label} {size[0]}")


def _clean(p: Person, where: str) -> None:
    found = serious_violations(p.page)
    assert not found, f"{p.label} {where}:\n{describe(found)}"
    h1 = [v for v in violations(p.page) if v["id"] == "page-has-heading-one"]
    assert not h1, f"{p.label} {where}: no heading of level one"


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_has_no_serious_violation(
    server: ServerProc, browser: Any, size: tuple[int, int]
) -> None:
    p = _page(server, browser, size, "lobby")
    try:
        p.goto("/")
        p.page.wait_for_selector("#game-cards .game-card")
        p.page.wait_for_selector("#game option", state="attached")
        _clean(p, "lobby")
    finally:
        p.close()


@pytest.mark.parametrize("size", SIZES)
def test_game_over_and_help_have_no_serious_violation(
    server: ServerProc, browser: Any, finished: str, size: tuple[int, int]
) -> None:
    p = _page(server, browser, size, "game over")
    try:
        p.goto(f"/rooms/{finished}?watch=1")
        p.page.wait_for_selector("#gameover:not([hidden]) table.scores")
        p.page.wait_for_function("document.getElementById('log').children.length > 10")
        _clean(p, "game over")
        p.page.click("#help-button")
        p.page.wait_for_selector("#help .summary:not(:text('Loading…'))")
        _clean(p, "help")
    finally:
        p.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_replay_has_no_serious_violation(
    server: ServerProc, browser: Any, finished: str, size: tuple[int, int]
) -> None:
    p = _page(server, browser, size, "replay")
    try:
        p.goto(f"/replay?room={finished}")
        p.page.wait_for_selector("#replay-viewer:not([hidden])")
        p.page.click("#replay-last")
        p.page.wait_for_function("document.getElementById('replay-log').children.length > 10")
        _clean(p, "replay")
    finally:
        p.close()
