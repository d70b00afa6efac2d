"""Handing a seat to a computer player (issue 40, item 3): it asks for confirmation first,
and afterwards the page says plainly that the computer plays the seat: no "Your turn",
nothing to click. A visitor without a seat is not offered to hand one over."""

from __future__ import annotations

from typing import Any

from server_helpers import ServerProc
from shell_helpers import against_a_bot, seated
from web_helpers import PLACES


def test_handing_over_asks_first_then_the_page_watches(server: ServerProc, browser: Any) -> None:
    room, p = against_a_bot(browser, server, "Ann")
    try:
        assert p.wait_turn_or_over(5000)
        p.page.select_option("#bot-level", "random")
        p.page.click("#to-bot")
        assert p.page.locator("#to-bot-confirm").is_visible()
        assert "computer player" in p.page.inner_text("#to-bot-question")
        assert server.get(f"/api/rooms/{room}").json()["seats"][0]["kind"] == "human"
        p.page.click("#to-bot-no")
        assert p.page.locator("#to-bot-confirm").is_hidden()
        assert server.get(f"/api/rooms/{room}").json()["seats"][0]["kind"] == "human"
        p.page.click("#to-bot")
        p.page.click("#to-bot-yes")
        p.page.wait_for_selector("#handed:not([hidden])")
        seat = server.get(f"/api/rooms/{room}").json()["seats"][0]
        assert seat["kind"] == "bot" and seat["name"] == "Ann"
        assert "Ann's seat is now played by the computer" in p.page.inner_text("#handed")
        p.page.wait_for_function("window.obelisk.seat === null && window.obelisk.states > 0")
        assert "You are watching" in p.page.inner_text("#who")
        text = p.text()
        assert "Your turn" not in text and "(you)" not in text
        assert p.page.locator(PLACES).count() == 0
        assert p.page.locator("#seat-tools").is_hidden()
        assert p.page.locator("#error").inner_text() == ""
        assert p.page.title() == "Sobek · Obelisk"
    finally:
        p.close()


def test_a_visitor_without_a_seat_is_not_offered_to_hand_one_over(
    server: ServerProc, browser: Any
) -> None:
    room = server.create("sobek", [{"kind": "bot", "level": "random"}] * 2)["id"]
    p = seated(browser, server, room, 0, "not-a-token", "visitor")
    try:
        assert p.page.locator("#seat-tools").is_hidden()
        assert p.page.locator("#to-bot").is_hidden()
    finally:
        p.close()
