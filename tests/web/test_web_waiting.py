"""The waiting room (issue 40, item 2): while Ann waits for Bob, nothing on her page says it
is her turn or anybody's (the log may tell the set-up's story), and nothing can be clicked to play; once Bob sits, the game starts."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import ServerProc
from shell_helpers import join_as, seated
from web_helpers import PLACES


@pytest.mark.parametrize("game", ["sobek", "abu_simbel", "ramses", "mummy", "khufu"])
def test_nothing_says_your_turn_while_waiting(server: ServerProc, browser: Any, game: str) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}]
    room = server.create(game, seats)["id"]
    token = join_as(server, room, 0, "Ann")
    p = seated(browser, server, room, 0, token, f"waiting {game}")
    try:
        p.page.wait_for_selector("#waiting:not([hidden])")
        assert p.hook("status") == "waiting"
        # the table, the panels, the prompt and the status (the log tells the set-up's story)
        text = p.page.evaluate(
            "['#status', '.action-bar', '#panels', '#board', '#mine-area', '#build']"
            ".map((s) => document.querySelector(s).innerText).join(' ')"
        ).lower()
        for words in ("your turn", "to play", "is to play"):
            assert words not in text, f"{game}: '{words}' on the page while waiting"
        assert p.page.locator(PLACES).count() == 0, f"{game}: something to click while waiting"
        assert p.page.locator("#panels .panel.active").count() == 0
        assert "starts when every seat is taken" in p.page.inner_text("#status")
        assert p.page.title() == f"{p.page.inner_text('#title')} · Obelisk"
        join_as(server, room, 1, "Bob")
        p.page.wait_for_function("window.obelisk.status === 'playing'")
        p.page.wait_for_function("document.querySelectorAll('#panels .panel.active').length > 0")
    finally:
        p.close()
