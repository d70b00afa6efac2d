"""Done for issue 36 items 1 and 2: a maze is entered in the page's maze editor (click by
click: walls, the stairs, the sarcophagus, the dungeon and the 23 symbols), the engine plays
a whole game on that maze (the deducing mummy against heuristic explorers), and the mummy
companion's page, started on the maze the editor saved, is told what that game's explorers
said: every path it shows (in the explorers' names, read from the page) is the path the
engine's mummy walked, and its figure ends where hers did."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium_helpers import CHROMIUM, chromium, screenshot_folder
from server_helpers import ServerProc
from test_mummy_companion import engine_game, said_aloud

from obelisk.core import Record
from obelisk.games.mummy.board import load_board, parse_board
from obelisk.games.mummy.components import label
from obelisk.games.mummy.maze import encode

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
SEED = 2


def box_maze() -> str:
    """'The box's maze' of this test: ours mirrored east-west (a different, playable maze)."""
    lines = load_board("").to_ascii().splitlines()
    return "\n".join(line[::-1] for line in lines) + "\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    folder = Path(tmp_path_factory.mktemp("mazesrv"))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("OBELISK_DATA_DIR", str(folder))
        proc = ServerProc(str(folder / "rooms.sqlite3"), "--rate", "300", "--room-rate", "0")
        proc.start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


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
    from obelisk.core import replay

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
    played = engine_game(3, SEED, "heuristic", {"maze": code})
    record = Record.from_json(json.loads(Record.from_state(played).dumps()))
    inputs, walked = said_aloud(record)
    moves = _moves(record)
    # the companion's page starts on the maze the editor saved
    page.goto(server.http + f"/companion/mummy?seed={SEED}")
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
