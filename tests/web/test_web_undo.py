"""Undo on the web (issue 40, item 10): the Undo button shows only when the server says this
seat may take back its last decision; pressing it takes the move back, the other player's
log says who took back a move (kept across a reload), and the button goes."""

from __future__ import annotations

from typing import Any

from server_helpers import ServerProc
from shell_helpers import join_as, seated


def test_a_knock_is_undone_from_the_page_and_the_other_player_reads_it(
    server: ServerProc, browser: Any
) -> None:
    room = server.create("tiny", [{"kind": "human"}, {"kind": "human"}], seed=4)["id"]
    tokens = [join_as(server, room, 0, "Ann"), join_as(server, room, 1, "Bob")]
    people = [seated(browser, server, room, i, tokens[i], n) for i, n in enumerate(("Ann", "Bob"))]
    try:
        for p in people:
            p.page.wait_for_function("window.obelisk.status === 'playing'")
        mover = next(p for p in people if p.wait_turn_or_over(5000))
        other = people[1 - people.index(mover)]
        assert mover.page.locator("#undo").is_hidden(), "Undo offered before any move"
        steps = len(server.full_record(room)["steps"])
        mover.click_action("knock")
        mover.page.wait_for_selector("#undo", state="visible")
        assert other.page.locator("#undo").is_hidden(), "Undo offered to the other player"
        assert len(server.full_record(room)["steps"]) == steps + 1
        mover.page.click("#undo")
        mover.page.wait_for_selector("#undo", state="hidden")
        said = f"{mover.label} took back the last move."
        for p in people:
            p.page.wait_for_function(
                "t => [...document.querySelectorAll('#log li')].some(li => li.innerText === t)",
                arg=said,
            )
        assert len(server.full_record(room)["steps"]) == steps
        mover.page.wait_for_selector('[data-action="knock"]')
        assert "knock" in mover.places()
        # the line is kept with the log: a reload reads it where it was said
        other.page.reload()
        other.page.wait_for_function(
            "t => [...document.querySelectorAll('#log li')].some(li => li.innerText === t)",
            arg=said,
        )
        lines = other.page.eval_on_selector_all("#log li", "ns => ns.map(n => n.innerText)")
        assert lines.count(said) == 1, lines
        assert not mover.errors and not other.errors
    finally:
        for p in people:
            p.close()
