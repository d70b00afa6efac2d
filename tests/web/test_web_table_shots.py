"""Names and colours on the tables (issue 40, item 6), and a screenshot of every table at a
decision in the middle of a game at 1280×800 and 390×844 (item 6 of the brief: run with
``OBELISK_SCREENSHOTS=docs/screenshots`` to refresh the ones in the docs).

A seat's name is its name alone ("Bot 2"); a computer player's level and a game role or
colour are said beside it, never nested inside it ("Bot 2 (normal) (Zombie)" is the bug).
The Mummy's explorer seat is shown in its explorer's colour, not the seat's.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from server_helpers import ServerProc
from test_web_table_a11y import ROOMS
from web_helpers import Person
from web_press_helpers import seated_person

#: Two parenthesised groups in a row, or one inside another: a name with its level nested.
NESTED = re.compile(r"\([^()]*\)\s*\(|\([^()]*\(")

#: The colour an explorer's seat is shown in (mummy.js SEAT_INK), as the browser says it.
INK = {
    "red": "rgb(185, 28, 28)",
    "green": "rgb(21, 128, 61)",
    "blue": "rgb(29, 78, 216)",
    "yellow": "rgb(161, 98, 7)",
}


def _room(server: ServerProc, browser: Any, game: str, width: int, height: int) -> Person:
    return seated_person(server, browser, game, ROOMS[game], seed=12, size=(width, height))


@pytest.mark.parametrize("game", list(ROOMS))
def test_a_table_mid_game_at_both_sizes_names_seats_plainly(
    server: ServerProc, browser: Any, shots: Path, game: str
) -> None:
    p = _room(server, browser, game, 1280, 800)
    rng = random.Random(8)
    try:
        for _ in range(6):
            assert p.wait_turn_or_over(30000)
            if p.hook("over") or not p.places():
                break
            p.click_random(rng, prefer=("take", "roll", "slide", "draw", "punch", "piece", "enter"))
        assert p.wait_turn_or_over(30000)
        names = p.page.eval_on_selector_all("#panels .pname", "ns => ns.map(n => n.textContent)")
        assert all("(" not in n.replace("(you)", "") for n in names), names
        table = p.page.inner_text("#panels") + "\n" + p.page.inner_text("#board")
        m = NESTED.search(table)
        assert m is None, (
            f"{game}: a name nested in another's words: {table[max(0, m.start() - 60) : m.end() + 40]!r}"
        )
        p.shots_desk_and_phone(shots, f"{game}-1280-decision", f"{game}-390-decision")
    finally:
        p.close()


def test_the_mummy_shows_an_explorer_seat_in_its_explorer_colour(
    server: ServerProc, browser: Any
) -> None:
    p = _room(server, browser, "mummy", 1280, 800)
    try:
        assert p.wait_turn_or_over(30000)
        panel = p.page.locator('#panels .panel[data-seat="2"]')
        colour = re.search(r"(Red|Green|Blue|Yellow) explorer", panel.inner_text())
        assert colour, panel.inner_text()
        bar = panel.evaluate("n => getComputedStyle(n).borderLeftColor")
        assert bar == INK[colour.group(1).lower()], (colour.group(0), bar)
    finally:
        p.close()
