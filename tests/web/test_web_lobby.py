"""The lobby shows the games (issue 40, items 13, 5 and 4): a card per game with a picture
drawn by the project, what it is, player counts and play time, and "Play now against the
computer"; Khufu's clock said as the room runs it (the wall clock unless its creator chose the
simulated one); each room's age and last move; and
Khufu's final table says won or lost."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import ServerProc
from web_helpers import Person

GAMES = ["sobek", "abu_simbel", "ramses", "mummy", "khufu"]


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_every_game_has_a_card_with_its_picture(
    server: ServerProc, browser: Any, shots: Path, width: int, height: int
) -> None:
    p = Person(browser, server.http, width, height, f"lobby {width}")
    try:
        p.goto("/")
        p.page.wait_for_selector("#game-cards .game-card")
        assert "Five Egyptian board games" in p.page.inner_text("h1")
        for game in GAMES:
            card = p.page.locator(f'.game-card[data-game="{game}"]')
            assert card.count() == 1, game
            p.page.wait_for_function(
                "g => { const i = document.querySelector(`.game-card[data-game='${g}'] img`);"
                " return i.complete && i.naturalWidth > 0; }",
                arg=game,
            )
            facts = card.locator(".facts").inner_text()
            assert "players" in facts and "minutes" in facts, facts
            assert len(card.locator(".what").inner_text()) > 30
            assert card.locator("button[data-play]").is_visible()
        khufu = p.page.locator('.game-card[data-game="khufu"] .facts').inner_text()
        assert "a real-time clock" in khufu and "simulated" in khufu
        p.check_words()
        p.shot(shots, f"lobby-{width}")
    finally:
        p.close()


def test_play_now_starts_a_game_against_the_computer(server: ServerProc, browser: Any) -> None:
    p = Person(browser, server.http, 390, 844, "play now")
    try:
        p.goto("/")
        p.page.click('.game-card[data-game="sobek"] button[data-play]')
        p.page.wait_for_url("**/rooms/*")
        p.page.wait_for_function("window.obelisk.status === 'playing' && window.obelisk.seat === 0")
        room = p.hook("room")
        seats = server.get(f"/api/rooms/{room}").json()["seats"]
        assert [s["kind"] for s in seats] == ["human", "bot", "bot"]
        assert {s["level"] for s in seats[1:]} == {"normal"}
        assert p.wait_turn_or_over(20000)
    finally:
        p.close()


def test_a_room_line_says_its_clock_its_age_and_whether_anybody_is_there(
    server: ServerProc, browser: Any
) -> None:
    three = [
        {"kind": "human"},
        {"kind": "bot", "level": "random"},
        {"kind": "bot", "level": "random"},
    ]
    simulated = server.create("khufu", three, options={"clock": "simulated"})["id"]
    real = server.create("khufu", three)["id"]  # a room's default: the wall clock
    for room in (simulated, real):
        r = server.post(f"/api/rooms/{room}/join", {"seat": 0, "name": "Ann"})
        assert r.status_code == 200, r.text
    p = Person(browser, server.http, 1280, 800, "rooms")
    try:
        p.goto("/")
        p.page.wait_for_selector(f'#rooms a[href="/rooms/{simulated}?watch=1"]')
        lines = {
            room: p.page.locator(
                "#rooms li", has=p.page.locator(f'a[href="/rooms/{room}?watch=1"]')
            ).inner_text()
            for room in (simulated, real)
        }
        assert "a simulated clock" in lines[simulated], lines[simulated]
        assert "a real-time clock" in lines[real], lines[real]
        for line in lines.values():
            assert "started just now" in line
            assert "paused, nobody at the table (last move just now)" in line
            assert "being played" not in line
    finally:
        p.close()


def test_khufus_final_table_says_won_and_lost(server: ServerProc, browser: Any) -> None:
    p = Person(browser, server.http, 1280, 800, "khufu over")
    try:
        p.goto("/")
        p.page.wait_for_selector("#game option", state="attached")
        table = p.page.evaluate(
            """async () => {
              const { R } = await import('/static/app/state.js');
              const { showGameOver } = await import('/static/app/gameover.js');
              Object.assign(R, { id: 'x', seat: null, room: { id: 'x', game: 'khufu', seats: [
                { name: 'Ann', kind: 'human' }, { name: 'Bot 2', kind: 'bot', level: 'normal' },
                { name: 'Bot 3', kind: 'bot', level: 'normal' }] },
                over: { scores: [0, 1, 0], winners: [1] } });
              document.getElementById('lobby').hidden = true;
              document.getElementById('table').hidden = false;
              showGameOver(() => {});
              return document.querySelector('#gameover table.scores').innerText;
            }"""
        )
        rows = [r.split("\t") for r in table.strip().splitlines()]
        assert rows[0] == ["Player", "Result"]
        assert [r[1].strip() for r in rows[1:]] == ["lost", "won", "lost"]
        assert "0 / 0 / 1" not in table and "(winner)" not in table
        assert "Bot 2" in rows[2][0] and "winner" in rows[2][0]
    finally:
        p.close()


def test_the_lobby_lists_rooms_quickly(server: ServerProc) -> None:
    """The summary of every room carries ``active_at`` for the lobby's line."""
    room = server.create("sobek", [{"kind": "bot", "level": "random"}] * 2)["id"]
    t0 = time.time()
    listed = {r["id"]: r for r in server.get("/api/rooms?limit=50").json()}
    assert abs(listed[room]["active_at"] - t0) < 60
