"""The tables for a keyboard and a screen reader (issue 40, item 11): axe-core finds no
serious or critical violation on any of the five tables at a decision, at 1280×800 and
390×844; every piece and card has a name (a tooltip matching what it shows); the keyboard
focus stays on the same control across a new state.

The rest of the page (the lobby, the log, help, game over, replay) has its own axe test
(tests/web/test_web_a11y.py); here the table's parts are checked: the panels, the action
bar, the board and the seat's own area.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from axe_check import describe, serious_violations
from server_helpers import ServerProc
from web_helpers import PLACES, Person
from web_press_helpers import seated_person

#: A room per table at the person's first decision: the person's seat, the seats, options.
ROOMS: dict[str, tuple[int, list[dict[str, Any]], dict[str, Any]]] = {
    "sobek": (0, [{"kind": "human"}, {"kind": "bot", "level": "heuristic"}], {}),
    "abu_simbel": (0, [{"kind": "human"}, {"kind": "bot", "level": "heuristic"}], {}),
    "ramses": (
        0,
        [
            {"kind": "human"},
            {"kind": "bot", "level": "heuristic"},
            {"kind": "bot", "level": "heuristic"},
        ],
        {"first_player": 0},
    ),
    "mummy": (1, [{"kind": "bot", "level": "heuristic"}, {"kind": "human"}], {}),
    "khufu": (
        0,
        [
            {"kind": "human"},
            {"kind": "bot", "level": "heuristic"},
            {"kind": "bot", "level": "heuristic"},
        ],
        {"first_gap_seconds": [3600, 3600]},
    ),
}

#: How many decisions of each game are checked.
DECISIONS = 4


def _serious(page: Any) -> list[dict[str, Any]]:
    """The serious and critical axe violations of the table's parts (and any wrong role),
    with the rule that a
    control's name holds its visible words (experimental in axe, so off by default) on."""
    # the table at rest: a card sliding in is measured where it lands, not half-faded
    page.evaluate("document.getAnimations().forEach((a) => a.finish())")
    serious_violations(page, TABLE)  # brings axe into the page
    result = page.evaluate(
        "([context, options]) => window.axe.run(context, options)",
        [
            TABLE,
            {
                "resultTypes": ["violations"],
                "rules": {"label-content-name-mismatch": {"enabled": True}},
            },
        ],
    )
    # and no wrong role at all (Khufu's chambers had one)
    return [
        v
        for v in result["violations"]
        if v.get("impact") in ("serious", "critical") or v["id"] == "aria-allowed-role"
    ]


#: The table's parts (what this module checks).
TABLE = {"include": [["#panels"], [".action-bar"], ["#board"], ["#mine-area"]]}


def _at_a_decision(server: ServerProc, browser: Any, game: str, width: int, height: int) -> Person:
    p = seated_person(server, browser, game, ROOMS[game], seed=5, size=(width, height))
    assert p.wait_turn_or_over(30000), f"{game}: the person's turn never came"
    return p


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["1280", "390"])
@pytest.mark.parametrize("game", list(ROOMS))
def test_a_table_at_a_decision_has_no_serious_axe_violation(
    server: ServerProc, browser: Any, shots: Path, game: str, size: tuple[int, int]
) -> None:
    p = _at_a_decision(server, browser, game, *size)
    rng = random.Random(3)
    try:
        # the first decisions of the game, each checked
        for _ in range(DECISIONS):
            found = _serious(p.page)
            assert not found, f"{game} at {size[0]} px:\n{describe(found)}" + str(
                [n["html"][:300] for v in found for n in v["nodes"][:2]]
            )
            p.click_random(rng)
            if not p.wait_turn_or_over(30000) or p.hook("over"):
                break
        # every piece and card drawn says what it is (a tooltip or an accessible name)
        unnamed = p.page.evaluate(
            """() => [...document.querySelectorAll('#board [data-card], #mine-area [data-card], #board [data-piece], #board .kh-piece, #board [data-figure]')]
              .filter((n) => !(n.getAttribute('title') || n.getAttribute('aria-label') || n.querySelector(':scope > title')))
              .map((n) => n.outerHTML.slice(0, 120))"""
        )
        assert not unnamed, f"{game}: pieces or cards without a name: {unnamed[:5]}"
    finally:
        p.close()


@pytest.mark.parametrize("game", ["sobek", "khufu"])
def test_the_focus_stays_on_its_place_across_a_new_state(
    server: ServerProc, browser: Any, game: str
) -> None:
    """A place focused by the keyboard keeps the focus when the table is drawn again (here
    the window crosses to a phone's width and back: each time the table is drawn anew)."""
    p = _at_a_decision(server, browser, game, 1280, 800)
    try:
        first = p.page.locator(PLACES).first
        action = first.get_attribute("data-action")
        first.focus()
        for width in (390, 1280):
            drawn = p.states()
            p.page.set_viewport_size({"width": width, "height": 844})
            p.wait_drawn(drawn)
            assert p.page.evaluate("document.activeElement.dataset.action") == action
    finally:
        p.close()
