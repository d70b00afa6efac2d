"""The room and the lobby show the deal: the commitment to the seed while the game is
played, the seed and a link to the full record once it is over (issue 33)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from server_helpers import ServerProc
from web_helpers import Person


def test_the_room_and_the_lobby_show_the_deal(
    server: ServerProc, browser: Any, shots: Path
) -> None:
    live = server.create("tiny", [{"kind": "human"}, {"kind": "human"}])
    commitment = live["deal"]["commitment"]
    p = Person(browser, server.http, 1280, 800, "deal")
    p.goto(f"/rooms/{live['id']}?watch=1")
    p.page.wait_for_selector("#deal:has-text('Deal sealed')")
    text = p.page.text_content("#deal") or ""
    assert commitment[:16] in text and "shown when the game ends" in text
    p.goto("/")
    p.page.wait_for_selector(f"#rooms li:has-text('{commitment[:8]}')")
    # a finished game: the seed, and the full record to check it with
    done = server.create("tiny", [{"kind": "bot", "level": "random"}] * 2)["id"]
    deadline = time.monotonic() + 60
    while server.get(f"/api/rooms/{done}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    seed = server.get(f"/api/rooms/{done}").json()["deal"]["seed"]
    p.goto(f"/rooms/{done}?watch=1")
    p.page.wait_for_selector("#deal:has-text('Deal revealed')")
    assert f"seed {seed}" in (p.page.text_content("#deal") or "")
    href = p.page.get_attribute("#deal a", "href")
    assert href == f"/api/rooms/{done}/record?full=true"
    p.page.screenshot(path=str(shots / "room-deal-revealed-1280.png"))
    assert p.errors == []
