"""The mummy companion's page ``/companion/mummy`` in Debian's Chromium (issue 28).

A real server (``ServerProc``), a real browser. The page is driven by its buttons (every
clickable input carries ``data-action``, the input's text form) and by the keyboard;
refusals leave the game as it was; screenshots at TV and phone width.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from chromium_helpers import CHROMIUM, chromium, screenshot_folder
from server_helpers import ServerProc
from test_mummy_companion import engine_game, said_aloud

from obelisk.companion.mummy import MummySession
from obelisk.core import Record, replay
from obelisk.games.mummy.board import load_board, parse_board
from obelisk.games.mummy.components import label
from obelisk.games.mummy.maze import encode

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
API = "/api/companion/mummy/sessions"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    folder = Path(tmp_path_factory.mktemp("mummysrv"))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("OBELISK_DATA_DIR", str(folder))  # the server's key for sealed saves
        proc = ServerProc(str(folder / "rooms.sqlite3"), "--rate", "300", "--room-rate", "0")
        proc.start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def shots() -> Path:
    return screenshot_folder()


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page scrolls sideways ({width} px)"


def _click(page: Any, action: str) -> float:
    """Click the input ``action`` and wait for the page to show the next view; returns
    the milliseconds from the click to the redraw."""
    before = page.locator("#log li").count()
    prompt = page.locator("#prompt").inner_text()
    t0 = time.perf_counter()
    page.locator(f'#ask [data-action="{action}"]').first.click()
    page.wait_for_function(
        "([n, p]) => document.querySelectorAll('#log li').length !== n || "
        "document.getElementById('prompt').textContent !== p || "
        "document.getElementById('error').textContent !== ''",
        arg=[before, prompt],
        timeout=30_000,
    )
    return (time.perf_counter() - t0) * 1000


def test_a_game_on_the_page_at_tv_width(server: ServerProc, browser: Any, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(server.http + "/companion/mummy?seed=0")
    page.fill("input[name=p1]", "Ann")
    page.fill("input[name=p2]", "Bob")
    page.fill("input[name=p3]", "Cleo")
    page.click("[data-action=start]")
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    assert "Red (Ann)'s turn" in page.locator("#prompt").inner_text()
    assert page.locator("#players li[data-seat='2']").count() == 1
    times = []
    times.append(_click(page, "aside 1"))
    times.append(_click(page, "choose 3"))
    times.append(_click(page, "no card"))
    # a refusal: typed, with the reason, and nothing changes
    log_before = page.locator("#log li").count()
    page.fill("#say", "6")
    page.press("#say", "Enter")
    page.wait_for_function("document.getElementById('error').textContent.length > 0")
    assert "not on the explorer dice" in page.locator("#error").inner_text()
    assert page.locator("#log li").count() == log_before
    # the keyboard: tab to a choice and press Enter
    page.locator('#ask [data-action="choose 2"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('prompt').textContent.includes('moved')")
    times.append(_click(page, "no card"))
    times.append(_click(page, "choose arrow"))
    times.append(_click(page, "no card"))
    times.append(_click(page, "roll"))
    assert "Move the mummy" in page.locator("#prompt").inner_text()
    assert page.locator("#path li").count() >= 2
    assert page.locator("#maze .stepdot").count() == page.locator("#path li").count()
    times.append(_click(page, "free"))
    assert page.locator("#log li[data-seat='1']").count() >= 2  # her die and her walk
    assert "The mummy walks" in page.locator("#log").inner_text()
    for action in ("choose 4", "no card", "choose 3", "no card", "choose 4", "no card", "roll"):
        times.append(_click(page, action))
    # round 2: her path passes fields where explorers may be: a button per possible catch
    catches = page.locator("#path [data-action^='caught ']")
    assert catches.count() >= 1
    text = page.locator("body").inner_text()
    assert "{'" not in text and not re.search(r"\w=\w", text)  # no raw JSON, no key=value
    _no_sideways_scroll(page)
    page.screenshot(path=str(shots / "companion-mummy-1920.png"))
    times.append(_click(page, "caught red 1"))
    assert "catches Red (Ann)" in page.locator("#log").inner_text()
    assert "1 of 6 ankhs" in page.locator("#status").inner_text()
    # undo the answer: the same path is shown again
    page.click("#undo")
    page.wait_for_function("document.getElementById('prompt').textContent.includes('Move')")
    assert "0 of 6 ankhs" in page.locator("#status").inner_text()
    # the record downloads (sealed: the seed would tell her coming rolls)
    with page.expect_download() as dl:
        page.click("#save")
    assert dl.value.suggested_filename.endswith(".json")
    saved = json.loads(Path(dl.value.path()).read_text())
    assert saved["format"] == "obelisk-companion-save" and "seed" not in json.dumps(saved)
    # a reload goes on with the game: the key is in localStorage, not in the address
    kept = json.loads(page.evaluate("localStorage.getItem('obelisk-mummy-session')"))
    assert kept["key"] not in page.url
    page.reload()
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    assert "Move" in page.locator("#prompt").inner_text()
    page.close()
    times.sort()
    print(f"click-to-redraw ms: median {times[len(times) // 2]:.0f}, max {times[-1]:.0f}")
    assert times[-1] < 20_000


def test_the_page_on_a_phone(server: ServerProc, browser: Any, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page.goto(server.http + "/companion/mummy")
    _no_sideways_scroll(page)
    page.fill("input[name=p1]", "Ann")
    page.click("[data-action=start]")
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    _no_sideways_scroll(page)
    page.screenshot(path=str(shots / "companion-mummy-390-turn.png"))
    for action in ("choose 4", "no card", "choose 2", "no card"):
        _click(page, action)
    _click(page, "die 5")
    assert "Move the mummy 5 steps" in page.locator("#prompt").inner_text()
    _no_sideways_scroll(page)
    page.screenshot(path=str(shots / "companion-mummy-390.png"), full_page=False)
    page.screenshot(path=str(shots / "companion-mummy-390-full.png"), full_page=True)
    page.close()


def test_the_api_refuses_bad_requests(server: ServerProc) -> None:
    base = server.http
    r = httpx.post(base + API, json={"names": []})
    assert r.status_code == 400 and "1 to 4" in r.json()["message"]
    assert r.json()["error"] == "bad_request"
    r = httpx.post(base + API, json={"names": ["Ann"], "level": "godlike"})
    assert r.status_code == 400 and "No level" in r.json()["message"]
    r = httpx.post(base + API, content=b"not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    r = httpx.post(base + API, json={"record": {"format": "obelisk-record", "game": "sobek"}})
    assert r.status_code == 400
    made = httpx.post(base + API, json={"names": ["Ann", "Bob"], "seed": 2}).json()
    sid, mine = made["id"], {"X-Session-Key": made["key"]}
    r = httpx.post(f"{base}{API}/{sid}/say", json={"text": "card Q99"}, headers=mine)
    assert r.status_code == 400 and r.json()["view"]["phase"] == "table_turn"
    assert httpx.post(f"{base}{API}/{sid}/say", json={"text": "aside 1"}).status_code == 403
    record = httpx.get(f"{base}{API}/{sid}/record", headers=mine).json()
    again = httpx.post(base + API, json={"record": record})
    assert again.status_code == 201
    # a record naming a map file is refused: the server never opens a path a client sent
    plain = MummySession(["Ann", "Bob"], "normal", 2).record().to_json()
    plain["options"]["map_file"] = "/etc/passwd"
    r = httpx.post(base + API, json={"record": plain})
    assert r.status_code == 400 and "terminal" in r.json()["message"]
    assert "root" not in r.text
    assert httpx.get(f"{base}{API}/nonesuch", headers=mine).status_code == 404


def test_judged_screenshots_are_in_the_docs() -> None:
    for name in ("companion-mummy-1920.png", "companion-mummy-390.png"):
        assert (DOCS / name).exists(), name


def test_a_closed_tab_and_a_restarted_server_lose_nothing(
    tmp_path_factory: pytest.TempPathFactory, browser: Any
) -> None:
    """Issue 36 item 5: the page keeps the game's id and key in localStorage and the server
    keeps the live game in its database; after the tab is closed and the server restarted
    (same database, same address), a new tab goes on where the game was."""
    folder = Path(tmp_path_factory.mktemp("restartsrv"))
    db = str(folder / "rooms.sqlite3")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("OBELISK_DATA_DIR", str(folder))
        first = ServerProc(db, "--rate", "300", "--room-rate", "0").start()
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(first.http + "/companion/mummy")
        page.fill("input[name=p1]", "Ann")
        page.fill("input[name=p2]", "Bob")
        page.click("[data-action=start]")
        page.wait_for_selector("#game:not([hidden])", timeout=30_000)
        for action in ("choose 3", "no card", "choose 2"):
            _click(page, action)
        log = page.locator("#log").inner_text()
        page.close()  # the tab is closed
        first.stop()  # and the server restarted
        again = ServerProc(db, "--rate", "300", "--room-rate", "0", port=first.port).start()
        try:
            page = context.new_page()
            page.goto(again.http + "/companion/mummy")
            page.wait_for_selector("#game:not([hidden])", timeout=30_000)
            assert page.locator("#log").inner_text() == log
            assert "Which card" in page.locator("#prompt").inner_text()
            _click(page, "no card")  # and the game goes on
            page.close()
        finally:
            context.close()
            again.stop()


# -- the box's maze (issue 36, items 1 and 2) ------------------------------------------------
# Done: a maze is entered in the page's maze editor (click by click: walls, the stairs, the
# sarcophagus, the dungeon and the 23 symbols), the engine plays a whole game on that maze
# (the deducing mummy against heuristic explorers), and the mummy companion's page, started
# on the maze the editor saved, is told what that game's explorers said: every path it shows
# (in the explorers' names, read from the page) is the path the engine's mummy walked.
MAZE_SEED = 2


def box_maze() -> str:
    """'The box's maze' of this test: ours mirrored east-west (a different, playable maze)."""
    lines = load_board("").to_ascii().splitlines()
    return "\n".join(line[::-1] for line in lines) + "\n"


def _enter(page: Any, text: str) -> None:
    """Click the maze of ``text`` into the editor, side by side and field by field."""
    board = parse_board(text)
    for cell in range(board.size):
        r, c = board.rc(cell)
        if r > 0 and board.nbr[0][cell] < 0:
            page.click(f'[data-side="{label(r, c)}:n"]')
        if c > 0 and board.nbr[3][cell] < 0:
            page.click(f'[data-side="{label(r, c)}:w"]')
    for cell, ch in enumerate(board.content):
        if ch != ".":
            page.click(f'[data-field="{label(*board.rc(cell))}"]')
            page.click(f'#palette [data-put="{ch}"]')


def _moves(record: Record) -> list[list[str]]:
    """The engine mummy's fields, move by move (a capture ends a move early)."""
    state = replay(record)
    moves: list[list[str]] = []
    for e in state.events_for(1):
        if e["kind"] == "mummy_move":
            moves.append([])
        elif e["kind"] == "action" and e["action"]["kind"] == "step":
            moves[-1].append(label(*e["cell"]))
    return [m for m in moves if m]


def _tell(page: Any, text: str) -> None:
    n = int(page.evaluate("document.body.dataset.inputs"))
    page.fill("#say", text)
    page.press("#say", "Enter")
    page.wait_for_function(
        "(n) => Number(document.body.dataset.inputs) > n "
        "|| document.getElementById('error').textContent !== ''",
        arg=n,
        timeout=30_000,
    )
    assert page.locator("#error").inner_text() == "", (text, page.locator("#error").inner_text())


def test_a_maze_entered_on_the_page_plays_as_the_engine_did(
    server: ServerProc, browser: Any
) -> None:
    text = box_maze()
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.goto(server.http + "/companion/maze")
    page.wait_for_selector("#grid [data-field='A1']")
    _enter(page, text)
    page.click("#use")
    page.wait_for_function("document.getElementById('verdict').textContent.includes('Saved')")
    code = page.locator("#code").input_value()
    page.screenshot(path=str(screenshot_folder() / "companion-maze-editor.png"))
    assert code == encode(parse_board(text))
    # the engine plays a whole game on the same maze
    played = engine_game(3, MAZE_SEED, "heuristic", {"maze": code})
    record = Record.from_json(json.loads(Record.from_state(played).dumps()))
    inputs, walked = said_aloud(record)
    moves = _moves(record)
    # the companion's page starts on the maze the editor saved
    page.goto(server.http + f"/companion/mummy?seed={MAZE_SEED}")
    assert page.locator("#maze-code").input_value() == code
    page.fill("input[name=p1]", "Ann")
    page.fill("input[name=p2]", "Bob")
    page.click("[data-action=start]")
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    shown: list[list[str]] = []
    for action in inputs:
        if page.locator("#path li").count():  # her coming move is shown: read its fields
            if not shown:
                page.screenshot(path=str(screenshot_folder() / "companion-mummy-mirrored.png"))
            spans = page.locator("#path li .explorers").all_inner_texts()
            shown.append([re.search(r"to (\w+)\)", s).group(1) for s in spans])
        _tell(page, action.text())
    assert len(shown) == len(moves) and len(moves) >= 5
    for path, move in zip(shown, moves, strict=True):
        assert path[: len(move)] == move  # her path as shown, cut where the magnet caught
    assert len(walked) == sum(len(m) for m in moves)
    print(f"{len(inputs)} inputs told, {len(moves)} paths shown and checked, {len(walked)} steps")
    context.close()


def test_the_browser_keeps_a_copy_of_the_game_at_every_input(
    tmp_path_factory: pytest.TempPathFactory, browser: Any
) -> None:
    """Issue 36 item 5: after every input the page keeps the game's save in the browser;
    a server that no longer knows the game (here: a new database) gets it back from there."""
    folder = Path(tmp_path_factory.mktemp("copysrv"))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("OBELISK_DATA_DIR", str(folder))  # the same sealing key for both servers
        first = ServerProc(str(folder / "one.sqlite3"), "--rate", "300", "--room-rate", "0")
        first.start()
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(first.http + "/companion/mummy")
        page.fill("input[name=p1]", "Ann")
        page.click("[data-action=start]")
        page.wait_for_selector("#game:not([hidden])", timeout=30_000)
        for action in ("choose 3", "no card"):
            _click(page, action)
        page.wait_for_load_state("networkidle")  # the copy of the last input is written
        page.wait_for_function(
            "(() => { const c = JSON.parse(localStorage.getItem('obelisk-mummy-copy') || 'null');"
            " return c && c.summary && JSON.stringify(c).length > 100; })()"
        )
        log = page.locator("#log").inner_text()
        page.close()
        first.stop()
        other = ServerProc(
            str(folder / "two.sqlite3"), "--rate", "300", "--room-rate", "0", port=first.port
        ).start()
        try:
            page = context.new_page()
            page.goto(other.http + "/companion/mummy")
            page.wait_for_selector("#game:not([hidden])", timeout=30_000)
            assert page.locator("#log").inner_text() == log
        finally:
            context.close()
            other.stop()
