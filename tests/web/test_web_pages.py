"""The lobby, the help panel, a refused action, the rules and replay routes of pages.py,
and the replay viewer opening a record file."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from server_helpers import ServerProc
from typer.testing import CliRunner
from web_helpers import Person

from obelisk.cli.main import app


def _finished(server: ServerProc, game: str, seats: int, seed: int) -> str:
    """A room of computer players, played to the end."""
    room = server.create(game, [{"kind": "bot", "level": "random"}] * seats, seed=seed)["id"]
    deadline = time.monotonic() + 60
    while server.get(f"/api/rooms/{room}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return str(room)


def test_rules_route_gives_the_summary_and_the_rules(server: ServerProc) -> None:
    r = server.get("/rules/sobek")
    assert r.status_code == 200
    body = r.json()
    assert (
        body["title"] == "Sobek" and "rounds" in body["summary"] and body["rules"].startswith("#")
    )
    assert body["options"]["rounds"]["help"] == "Rounds per game."
    assert body["options"]["penalty_mode"]["choices"] == [
        "best_set",
        "half_round",
        "matching_types",
    ]
    assert "sobek:" not in json.dumps(body["options"])
    assert body["variants"]["harsh"]
    assert server.get("/rules/nonesuch").status_code == 404


def test_replay_frames_of_full_and_redacted_records(server: ServerProc) -> None:
    room = _finished(server, "sobek", 2, seed=4)
    full = server.full_record(room)
    r = server.post("/replay/frames?seat=0", full)
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["complete"] and data["seat"] == 0 and len(data["frames"]) > 10
    assert all("hand" in f["obs"] for f in data["frames"])
    assert any(e["text"] for f in data["frames"] for e in f["entries"])
    spectator = server.post("/replay/frames", full).json()
    assert all("hand" not in f["obs"] for f in spectator["frames"])
    redacted = server.get(f"/api/rooms/{room}/record").json()
    part = server.post("/replay/frames", redacted).json()
    assert not part["complete"] and len(part["frames"]) == 1 and part["frames"][0]["entries"]
    assert server.post("/replay/frames", {"game": "sobek"}).status_code == 400


def test_lobby_and_help_at_both_widths(server: ServerProc, browser: Any, shots: Path) -> None:
    for width, height in ((1280, 800), (390, 844)):
        p = Person(browser, server.http, width, height, f"lobby {width}")
        try:
            p.goto("/")
            p.page.wait_for_selector("#game option[value=abu_simbel]", state="attached")
            p.page.select_option("#game", "abu_simbel")
            assert p.page.locator("#variant option[value=referee]").count() == 1
            p.page.select_option("#variant", "referee")
            p.page.wait_for_selector("#variant-note:not(:empty)")
            assert "judging mode to referee" in p.page.inner_text("#variant-note")
            p.page.click("#options-box summary")
            p.page.wait_for_selector("#options .opt-help")
            assert p.page.locator("#options select[data-option=judging_mode] option").count() == 2
            p.check_words()
            p.shot(shots, f"lobby-{width}")
        finally:
            p.close()


def test_a_refused_action_says_why_and_changes_nothing(
    server: ServerProc, browser: Any, shots: Path
) -> None:
    room = server.create("sobek", [{"kind": "human"}, {"kind": "bot", "level": "random"}], seed=3)[
        "id"
    ]
    token = server.join(room, 0)
    p = Person(browser, server.http, 1280, 800, "Ann")
    try:
        p.goto(f"/rooms/{room}#token={token}")
        p.page.wait_for_function("window.obelisk && window.obelisk.yourTurn")
        board = p.page.inner_html("#board")
        before = p.states()
        p.page.evaluate("window.obelisk.play({kind: 'take', position: 9})")
        p.wait_drawn(before)
        error = p.page.inner_text("#error")
        assert error.startswith("Not allowed: ") and len(error) > 20, error
        assert p.page.inner_html("#board") == board
        assert p.hook("yourTurn")
        p.check_words()
        # a wide screen: no sideways scrolling either
        p.page.set_viewport_size({"width": 1920, "height": 1080})
        p.check_words()
        p.shot(shots, "sobek-1920")
        p.page.set_viewport_size({"width": 1280, "height": 800})
        # the replay of a game still being played is refused
        other = Person(browser, server.http, 1280, 800, "Ann's second tab")
        try:
            other.goto(f"/replay?room={room}")
            other.page.wait_for_selector("#replay-error:not(:empty)")
            assert other.page.locator("#replay-viewer").is_hidden()
        finally:
            other.close()
        # keyboard: tab to a choice, Enter to play it
        before = p.states()
        p.page.focus('[data-action="take 1"]')
        p.page.keyboard.press("Enter")
        p.wait_drawn(before)
        assert p.hook("sent") == 2
        # the help panel: the game in short, the options in force, the early-end rules
        p.page.click("#help-button")
        p.page.wait_for_selector("#help:not([hidden]) .summary:not(:empty)")
        p.page.wait_for_function(
            "!document.querySelector('#help .summary').textContent.startsWith('Loading')"
        )
        text = p.page.inner_text("#help")
        assert "early end" in text.lower() and "rounds" in text
        p.shot(shots, "sobek-1280-help")
        p.page.keyboard.press("Escape")
        assert p.page.locator("#help").is_hidden()
    finally:
        p.close()


def test_replay_viewer_opens_a_full_record_file(
    server: ServerProc, browser: Any, shots: Path, tmp_path: Path
) -> None:
    room = _finished(server, "sobek", 3, seed=9)
    file = tmp_path / "game.json"
    file.write_text(json.dumps(server.full_record(room)))
    p = Person(browser, server.http, 390, 844, "viewer")
    try:
        p.goto("/replay")
        p.page.set_input_files("#replay-file", str(file))
        p.page.wait_for_selector("#replay-viewer:not([hidden])")
        counter = p.page.locator("#replay-step")
        total = int(counter.inner_text().rsplit(" ", 1)[1])
        assert total > 10
        assert p.page.locator("#replay-viewer .hand").count() == 0  # a spectator's view
        p.page.select_option("#replay-seat", "1")
        p.page.wait_for_selector("#replay-viewer .hand")
        p.page.keyboard.press("End")
        assert counter.inner_text().startswith("Step ")
        assert p.page.locator("#replay-log li").count() > 5
        p.check_words()
        p.shot(shots, "replay-390")
    finally:
        p.close()


def test_generic_table_to_the_end_and_play_again(server: ServerProc, browser: Any) -> None:
    """A game without its own table yet (Tiny Tricks): the text view and buttons, to the
    end; then "play again" opens a new room with the same seats."""
    room = server.create("tiny", [{"kind": "human"}, {"kind": "bot", "level": "random"}], seed=1)[
        "id"
    ]
    r = server.post(f"/api/rooms/{room}/join", {"seat": 0, "name": "Ann"})
    p = Person(browser, server.http, 390, 844, "Ann")
    try:
        p.goto(f"/rooms/{room}#token={r.json()['token']}")
        for _ in range(200):
            if not p.wait_turn_or_over(5000) or p.hook("over"):
                break
            p.check_words()
            p.click_action(p.places()[0])
        assert p.hook("over")
        p.page.wait_for_selector("#gameover:not([hidden])")
        assert "Ann" in p.page.inner_text("#gameover")
        # the seat's record, downloaded, opens in the replay viewer
        with p.page.expect_download() as download:
            p.page.click("#gameover >> text=Download your record")
        saved = Path(download.value.path())
        data = json.loads(saved.read_text())
        # the server's redacted record, its sentences and the positions this browser saw
        assert data["format"] == "obelisk-record-redacted" and data["for_seat"] == 0
        assert data["frames"] and len(data["sentences"]) == len(data["events"])
        assert any(data["sentences"])
        # `obelisk replay` tells it as the seat read it (a redacted record cannot be replayed)
        out = CliRunner().invoke(app, ["replay", str(saved)])
        assert out.exit_code == 0 and "told, not replayed" in out.output
        assert out.exception is None or isinstance(out.exception, SystemExit)
        viewer = Person(browser, server.http, 1280, 800, "viewer")
        try:
            viewer.goto("/replay")
            viewer.page.set_input_files("#replay-file", str(saved))
            viewer.page.wait_for_selector("#replay-viewer:not([hidden])")
            assert viewer.page.locator("#replay-log li").count() >= 1
            viewer.page.keyboard.press("End")
            viewer.check_words()
        finally:
            viewer.close()
        p.page.click("#gameover >> text=Play again with the same seats")
        p.page.wait_for_function(f"window.obelisk.room && window.obelisk.room !== '{room}'")
        p.page.wait_for_function("window.obelisk.status === 'playing' && window.obelisk.seat === 0")
        again = p.hook("room")
        summary = server.get(f"/api/rooms/{again}").json()
        assert summary["game"] == "tiny"
        assert [s["kind"] for s in summary["seats"]] == ["human", "bot"]
        assert summary["seats"][0]["name"] == "Ann"
        assert "token" not in p.page.url and again in p.page.url
    finally:
        p.close()


def test_one_device_passed_round_the_table(server: ServerProc, browser: Any, shots: Path) -> None:
    """Abu Simbel with a referee on one shared phone: every person's seat on one device,
    the table hidden at each hand-over until the next person taps."""
    p = Person(browser, server.http, 390, 844, "the table's phone")
    try:
        p.goto("/")
        p.page.fill("#name", "Ann")
        p.page.select_option("#game", "abu_simbel")
        p.page.fill("#players", "2")
        p.page.dispatch_event("#players", "change")
        p.page.locator("#seats select").nth(1).select_option("human")
        p.page.select_option("#variant", "referee_hotseat")
        p.page.check("#one-device")
        p.page.click("#create button[type=submit]")
        seen_handover = 0
        for _ in range(12):
            p.page.wait_for_function(
                "window.obelisk && window.obelisk.status === 'playing' && "
                "(window.obelisk.yourTurn || !document.getElementById('handover').hidden)"
            )
            if p.page.locator("#handover").is_visible():
                seen_handover += 1
                assert p.page.locator("#board").is_hidden()
                if seen_handover == 1:
                    p.shot(shots, "abu_simbel-390-handover")
                p.page.click("#handover-go")
                continue
            p.check_words()
            p.click_action(p.places()[0])
        assert seen_handover >= 1
    finally:
        p.close()
