"""Fluch der Mumie in the browser: a person as the mummy (a 1280 px window) against a person
as the explorer (a 390 px phone), two browser contexts, seats opened by #token= links.

They play two full rounds by clicking the drawing: the explorer clicks a die to announce
it and a highlighted field (or an arrow's stopping field) to move, the mummy clicks the
fields next to her; she pencils guesses in her notebook. At every state both pages are
checked against the full record: the mummy's page holds no explorer position the rules
keep from her (attributes, SVG and text), the explorer's page draws every figure and
exactly the end fields the server offers. A reload returns to the same table and the same
notebook. Then the explorer hands his seat to a computer player and the mummy plays on
to the end (she guesses well: the test steps her towards the explorers)."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import ServerProc
from server_leakcheck import _positions
from web_helpers import Person, state_now
from web_mummy_helpers import (
    check_every_drawing,
    check_explorer_page,
    check_mummy_page,
    hidden_positions,
    install_mummy_recorder,
    loose_p95,
    page_timings,
    recorded,
)
from web_press_helpers import seated_person

from obelisk.core import Record, State, get_game

pytestmark = pytest.mark.rules("mummy:14", "mummy:7.2", "mummy:8.1", "mummy:8.2", "mummy:9")


def _seat(p: Person, server: ServerProc, room: str, seat: int, name: str) -> None:
    """Open a seat through a #token= link: the token leaves the address bar at once."""
    r = server.post(f"/api/rooms/{room}/join", {"seat": seat, "name": name})
    assert r.status_code == 200, r.text
    p.goto(f"/rooms/{room}#token={r.json()['token']}")
    p.page.wait_for_function("window.obelisk && window.obelisk.states > 0")
    assert "token" not in p.page.url


def _wait_seen(p: Person, state: State, seat: int) -> None:
    p.page.wait_for_function(f"window.obelisk.seen === {len(state.events_for(seat))}")


def _check(state: State, mia: Person, ed: Person, pencilled: set[str]) -> None:
    """Both pages at this position: words only, no sideways scroll, and the record's truth."""
    _wait_seen(mia, state, 0)
    _wait_seen(ed, state, 1)
    if state.current_player == 0:  # her steps are drawn from the answer that offers them
        mia.page.wait_for_function("window.obelisk.yourTurn")
    for p in (mia, ed):
        p.check_words()
    check_mummy_page(mia, state, pencilled)
    check_explorer_page(ed, state, 1)


def _explorer_click(
    ed: Person, rng: random.Random, seen: set[str], shots: Path | None = None
) -> str:
    """The explorer's choice: a die most of the time (the arrow when it shows, now and
    then), a field that plays a card when there is one, else any offered field."""
    places = ed.page.eval_on_selector_all(
        "[data-action]:not([aria-disabled=true]):not([disabled])",
        "ns => ns.map(n => [n.dataset.action, n.getAttribute('aria-label') || n.title || ''])",
    )
    acts = [a for a, _ in places]
    chooses = [a for a in acts if a.startswith("choose")]
    pick = None
    if chooses:
        if "choose arrow" in chooses and ("arrow" not in seen or rng.random() < 0.3):
            pick = "choose arrow"
        elif rng.random() < 0.9 or "reroll" not in acts:
            pick = rng.choice(chooses)
    cards = [a for a, says in places if "you play this card" in says]
    if pick is None and cards:
        pick = cards[0]
    if pick is None and "resolve yes" in acts and "resolve" not in seen:
        pick = "resolve yes"
    pick = pick or rng.choice(acts)
    first_slide = "arrow" not in seen
    seen.add(pick.split(" ")[0])
    if pick.startswith("choose") and "keys" not in seen:
        seen.add("keys")  # by the keyboard: the die takes the focus, Enter announces it
        before = int(ed.hook("answers") or 0)
        ed.page.locator(f'.mm-dice [data-action="{pick}"]').focus()
        ed.page.keyboard.press("Enter")
        ed.page.wait_for_function(f"window.obelisk.answers > {before}")
        return pick
    if pick.startswith("arrow"):
        # the slide's line and its stopping field are on the maze
        assert ed.page.locator("#maze .overlay .slide").count() >= 1
        if shots is not None and first_slide:
            ed.shot(shots, "mummy-390-arrow")
        seen.add("arrow")
    elif pick.startswith("move") and shots is not None and "walk" not in seen:
        seen.add("walk")
        ed.shot(shots, "mummy-390-walk")
    ed.click_action(pick)
    return pick


def _hunting_step(state: State, rng: random.Random) -> str:
    """A mummy who guesses well: the step that brings her nearest to an explorer (the test
    reads the full record; the page never shows her where they are)."""
    board = state.board  # type: ignore[attr-defined]
    safe = (board.start, board.dungeon)
    targets = [p for p in state.pos if p >= 0 and p not in safe]  # type: ignore[attr-defined]

    def how_far(action: Any) -> tuple[int, str]:
        after = state.clone()
        after.apply(action)
        if after.is_terminal() or after.ankhs[0] > state.ankhs[0]:  # type: ignore[attr-defined]
            return (-1, action.text())
        m = after.mummy  # type: ignore[attr-defined]
        return (min((board.mummy_dist[m][t] for t in targets), default=0), action.text())

    return str(min(state.legal_actions(), key=how_far).text())


def _pencil(mia: Person, cell: str, pencilled: set[str]) -> None:
    """A pencil mark: drawn at once, kept in this browser, never sent."""
    sent = mia.hook("sent")
    mia.page.locator(f'#maze .cell[data-cell="{cell}"]').click()
    if cell in pencilled:
        pencilled.discard(cell)
    else:
        pencilled.add(cell)
        mia.page.wait_for_selector(f'#maze .cell.pencilled[data-cell="{cell}"] .pencil-mark')
    assert mia.hook("sent") == sent
    stored = mia.page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('obelisk-mummy-notebook:'))"
        ".map(k => localStorage.getItem(k)).join(' ')"
    )
    assert (cell in stored) == (cell in pencilled)


def _checker_catches_a_leak(mia: Person, state: State, pencilled: set[str]) -> None:
    """The leak check itself: an explorer's field slipped into the mummy's page, as a
    word, as an attribute, as a figure inside a field or in the figures' layer, or as the
    mummy drawn on it, is found."""
    where = sorted(hidden_positions(state))[0]
    status = "document.querySelector('.mm-status')"
    mummy = "document.querySelector('#maze .figures .mummy-piece')"
    # the transform of a figure in the middle of that field (the maze's geometry)
    col, row = ord(where[0]) - 65, int(where[1:]) - 1
    at = f"translate({24 + 40 * col + 20},{22 + 40 * row + 21}) scale(1.5)"
    leaks = [
        (
            f"{status}.insertAdjacentHTML('beforeend', '<span id=canary> {where}</span>')",
            "document.getElementById('canary').remove()",
        ),
        (
            f"{status}.setAttribute('data-near', '{where}')",
            f"{status}.removeAttribute('data-near')",
        ),
        (
            "document.querySelector('#maze .cell').insertAdjacentHTML('beforeend',"
            " '<g id=canary class=figure-piece data-figure=red></g>')",
            "document.getElementById('canary').remove()",
        ),
        # in the figures' layer: an explorer on his field, or the mummy moved onto it
        (
            "document.querySelector('#maze .figures').insertAdjacentHTML('beforeend',"
            f' \'<g id=canary class=figure-piece data-key="figure 0" transform="{at}"></g>\')',
            "document.getElementById('canary').remove()",
        ),
        (
            f"{mummy}.dataset.was = {mummy}.getAttribute('transform');"
            f" {mummy}.setAttribute('transform', '{at}')",
            f"{mummy}.setAttribute('transform', {mummy}.dataset.was); delete {mummy}.dataset.was",
        ),
    ]
    for put, undo in leaks:
        mia.page.evaluate(put)
        with pytest.raises(AssertionError):
            check_mummy_page(mia, state, pencilled)
        mia.page.evaluate(undo)
    check_mummy_page(mia, state, pencilled)


def _click_outside(p: Person) -> None:
    """Clicks on what is not a place to play (a field nobody can reach, a card, the
    status line) change nothing and send nothing."""
    sent = p.hook("sent")
    board = p.page.inner_html("#board")
    for sel in ("#maze .cell:not(.legal-place)", "#mine-area [data-card]", ".mm-status"):
        loc = p.page.locator(sel)
        if loc.count():
            loc.first.click()
    assert p.hook("sent") == sent
    assert p.page.inner_html("#board") == board


def _reload_returns(p: Person) -> None:
    """A reload comes back to the same table, the same own area and the same log."""
    board = p.page.inner_text("#board")
    mine = p.page.inner_text("#mine-area")
    log = p.page.locator("#log li").count()
    p.page.reload()
    p.page.wait_for_function(
        "window.obelisk && window.obelisk.states > 0 && window.obelisk.yourTurn"
    )
    assert p.page.inner_text("#board") == board, p.label
    assert p.page.inner_text("#mine-area") == mine, p.label
    assert p.page.locator("#log li").count() == log, p.label


def test_mummy_against_explorer_two_rounds_by_clicks_then_to_the_end(
    server: ServerProc, browser: Any, shots: Path
) -> None:
    t0 = time.monotonic()
    room = server.create("mummy", [{"kind": "human"}, {"kind": "human"}], seed=7)["id"]
    mia = Person(browser, server.http, 1280, 800, "Mia (the mummy)")
    ed = Person(browser, server.http, 390, 844, "Ed (the explorer)")
    # every drawing of her page is noted, and checked against the record after the game
    install_mummy_recorder(mia)
    drawings: list[dict[str, Any]] = []
    try:
        _seat(mia, server, room, 0, "Mia")
        _seat(ed, server, room, 1, "Ed")
        for p in (mia, ed):
            p.page.wait_for_function("window.obelisk.status === 'playing'")
        ed.page.wait_for_function("window.obelisk.yourTurn")
        assert ed.page.locator("#maze .cell").count() == 121
        assert mia.page.locator("#maze [data-figure]").count() == 0
        mia.shot(shots, "mummy-1280-start")
        ed.shot(shots, "mummy-390-start")

        rng = random.Random(5)
        seen: set[str] = set()
        pencilled: set[str] = set()
        clicks = 0
        run = 0
        kept: list[dict[str, float]] = []  # click timings from before the reloads
        reloaded = False
        state = state_now(server, room)
        while state.round < 3 and not state.is_terminal():  # type: ignore[attr-defined]
            _check(state, mia, ed, pencilled)
            if "canary" not in seen and hidden_positions(state):
                seen.add("canary")
                _checker_catches_a_leak(mia, state, pencilled)
            mover = mia if state.current_player == 0 else ed
            mover.page.wait_for_function("window.obelisk.yourTurn")
            run = run + 1 if mover is mia else 0
            if run == 3 and "moving" not in seen:
                seen.add("moving")  # the mummy in the middle of a move, her path drawn
                assert mia.page.locator("#maze .cell.trail").count() >= 1
                mia.shot(shots, "mummy-1280-moving")
            if mover is mia:
                if clicks % 4 == 1:
                    free = mia.page.eval_on_selector_all(
                        "#maze .cell:not(.legal-place)", "ns => ns.map(n => n.dataset.cell)"
                    )
                    _pencil(mia, rng.choice(free), pencilled)
                    check_mummy_page(mia, state, pencilled)
                steps = mia.places()
                assert steps and all(a.startswith("step") for a in steps), steps
                if "keyboard" not in seen:
                    seen.add("keyboard")
                    before = int(mia.hook("answers") or 0)
                    mia.page.locator(f'#maze [data-action="{steps[0]}"]').focus()
                    mia.page.keyboard.press("Enter")
                    mia.page.wait_for_function(f"window.obelisk.answers > {before}")
                else:
                    mia.click_action(
                        _hunting_step(state, rng) if rng.random() < 0.7 else rng.choice(steps)
                    )
            else:
                if not reloaded and state.round == 2:  # type: ignore[attr-defined]
                    reloaded = True
                    kept += page_timings(ed) + page_timings(mia)
                    drawings += recorded(mia)
                    _reload_returns(ed)
                    _reload_returns_mummy_notebook(mia)
                if "outside" not in seen:
                    seen.add("outside")
                    _click_outside(ed)
                _explorer_click(ed, rng, seen, shots)
            clicks += 1
            assert clicks < 300, "two rounds did not end"
            state = state_now(server, room)
        _check(state, mia, ed, pencilled)
        assert reloaded and "arrow" in seen and "keys" in seen and "keyboard" in seen and pencilled
        mia.shot(shots, "mummy-1280-mid")
        ed.shot(shots, "mummy-390-mid")
        # the other sizes of the same moment
        mia.page.set_viewport_size({"width": 390, "height": 844})
        mia.check_words()
        mia.shot(shots, "mummy-390-mid-mummy")
        mia.page.set_viewport_size({"width": 1280, "height": 800})
        two_rounds = time.monotonic() - t0

        # the explorer hands his seat to a computer player; the mummy plays on to the end
        ed.page.select_option("#bot-level", "heuristic")
        ed.page.click("#to-bot")
        ed.page.click("#to-bot-yes")
        while True:
            mia.page.wait_for_function(
                "window.obelisk.yourTurn || window.obelisk.over", timeout=60000
            )
            state = state_now(server, room)
            if state.is_terminal():
                break
            _wait_seen(mia, state, 0)
            mia.check_words()
            check_mummy_page(mia, state, pencilled)
            mia.click_action(_hunting_step(state, rng))
            clicks += 1
            assert clicks < 400, "the game did not end"
        mia.page.wait_for_selector("#gameover:not([hidden])")
        _wait_seen(mia, state, 0)
        mia.check_words()
        check_mummy_page(mia, state, pencilled)
        assert "Mia wins" in mia.text()
        mia.shot(shots, "mummy-1280-end")
        mia.page.set_viewport_size({"width": 390, "height": 844})
        mia.check_words()
        mia.shot(shots, "mummy-390-end")
        loose_p95(shots, "mummy", [mia, ed], kept)  # before the replay leaves her page
        # every position her page drew, not only those the test stopped at: no explorer field
        # the rules keep from her, checked against the full record
        drawings += recorded(mia)
        record = Record.from_json(server.full_record(room))
        checked = check_every_drawing(_positions(get_game("mummy"), record), drawings, pencilled)
        assert checked > 50, f"only {checked} drawings of her page were noted"
        # the check itself catches a drawing that names an explorer's hidden field, draws
        # an explorer on it in the figures' layer, or draws the mummy there
        positions = _positions(get_game("mummy"), record)
        at = next(s for s in positions if hidden_positions(s))
        hidden = sorted(hidden_positions(at))[0]
        honest = {**drawings[-1], "seen": len(at.events_for(0)), "pieces": []}
        fakes = [
            ({**honest, "labels": [*honest["labels"], hidden]}, "may not know"),
            (
                {**honest, "pieces": [["layer", "figure 0", "figure-piece", hidden, "", 0]]},
                "a figure",
            ),
            (
                {**honest, "pieces": [["layer", "mummy", "mummy-piece", hidden, hidden, 0]]},
                "the mummy drawn",
            ),
        ]
        for fake, says in fakes:
            with pytest.raises(AssertionError, match=says):
                check_every_drawing(positions, [fake], pencilled)
        # her replay: the maze as she saw it, stepped back and forth, no explorer on it
        mia.page.set_viewport_size({"width": 1280, "height": 800})
        mia.page.click("#gameover >> text=Watch the replay")
        mia.page.wait_for_selector("#replay-viewer:not([hidden]) #maze")
        counter = mia.page.locator("#replay-step")
        total = int(counter.inner_text().rsplit(" ", 1)[1])
        mia.page.click("#replay-last")
        mia.page.keyboard.press("ArrowLeft")
        assert counter.inner_text() == f"Step {total - 1} of {total}"
        assert mia.page.locator("#maze [data-figure]").count() == 0
        assert mia.page.locator("#maze .cell.mummy-here").count() == 1
        # a spectator sees what the mummy sees of the explorers: none of them
        carl = Person(browser, server.http, 1280, 800, "a spectator")
        try:
            carl.goto(f"/rooms/{room}?watch=1")
            carl.page.wait_for_selector("#gameover:not([hidden])")
            assert carl.page.locator("#maze [data-figure]").count() == 0
            assert carl.places() == []
            carl.check_words()
        finally:
            carl.close()
        print(
            f"mummy: {clicks} clicks, two rounds in {two_rounds:.1f} s, "
            f"the whole test {time.monotonic() - t0:.1f} s, {state.round} rounds; "  # type: ignore[attr-defined]
            f"{checked} drawings of her page checked against the record"
        )
        assert mia.errors == [] and ed.errors == []
    finally:
        mia.close()
        ed.close()


def _reload_returns_mummy_notebook(mia: Person) -> None:
    """The mummy's page after a reload: the same maze, notebook and pencil marks."""
    board = mia.page.inner_html("#maze")
    book = mia.page.inner_text("#mine-area")
    mia.page.reload()
    mia.page.wait_for_function("window.obelisk && window.obelisk.states > 0")
    mia.page.wait_for_selector("#maze")
    assert mia.page.inner_text("#mine-area") == book
    assert mia.page.inner_html("#maze") == board


def test_an_explorer_among_three_sees_only_his_own_cards(
    server: ServerProc, browser: Any, shots: Path
) -> None:
    """Three players (a computer mummy, a person and a computer explorer): the person
    plays two rounds by clicking; his page draws every figure and his own cards, never
    the other explorer's, whose card colours only are on his panel."""
    room = server.create(
        "mummy",
        [
            {"kind": "bot", "level": "heuristic"},
            {"kind": "human"},
            {"kind": "bot", "level": "random"},
        ],
        seed=3,
    )["id"]
    ann = Person(browser, server.http, 1280, 800, "Ann (an explorer of two)")
    try:
        _seat(ann, server, room, 1, "Ann")
        rng = random.Random(2)
        seen: set[str] = set()
        state = state_now(server, room)
        clicks = 0
        while state.round < 3 and not state.is_terminal():  # type: ignore[attr-defined]
            ann.wait_turn_or_over(60000)
            state = state_now(server, room)
            if state.is_terminal() or state.round >= 3:  # type: ignore[attr-defined]
                break
            if state.current_player != 1:
                continue
            _wait_seen(ann, state, 1)
            ann.check_words()
            check_explorer_page(ann, state, 1)
            theirs = set(state.observation(2)["hand"])
            cards = set(ann.cards())
            assert not cards & theirs, f"the other explorer's cards {cards & theirs} are shown"
            panel = ann.page.inner_text('#panels .panel[data-seat="3"]')
            assert "Cards left:" in panel
            _explorer_click(ann, rng, seen)
            clicks += 1
            assert clicks < 200, "two rounds did not end"
            state = state_now(server, room)
        assert clicks >= 4
        ann.shot(shots, "mummy-1280-three-players")
        assert ann.errors == []
    finally:
        ann.close()


def _figure_on_a_place(ws: Any) -> None:
    """Forward a page's game connection, but draw the explorer's other figure on the end
    field of his first offered walk (once): a figure standing on a place to play."""
    server = ws.connect_to_server()
    done: list[bool] = []

    def to_page(message: str | bytes) -> None:
        if not done and isinstance(message, str):
            m = json.loads(message)
            obs = m.get("observation") or {}
            moves = [e["action"] for e in m.get("legal") or [] if e["action"].get("kind") == "move"]
            if m.get("type") == "state" and moves and obs.get("turn"):
                me = obs["turn"]["figure"]
                other = [f for f, rc in enumerate(obs["positions"]) if rc and f != me]
                if other:
                    obs["positions"][other[0]] = [moves[0]["row"], moves[0]["col"]]
                    message = json.dumps(m)
                    done.append(True)
        ws.send(message)

    server.on_message(to_page)


def test_a_figure_on_a_place_to_play_lets_the_click_through(
    server: ServerProc, browser: Any
) -> None:
    """An explorer's figure that stands on a field he may walk to does not swallow the
    click: a click on the figure plays the field under it (and the pointer meets the
    field, whose words say what the click does)."""
    room = (1, [{"kind": "bot", "level": "heuristic"}, {"kind": "human"}], {})
    p = seated_person(
        server,
        browser,
        "mummy",
        room,
        seed=4,
        before=lambda q: q.page.route_web_socket(re.compile(".*"), _figure_on_a_place),
    )
    rng = random.Random(3)
    try:
        for _ in range(20):
            assert p.wait_turn_or_over(30000) and not p.hook("over")
            acts = p.places()
            if any(a.startswith("move") for a in acts):
                break
            numbers = [a for a in acts if a.startswith("choose") and a != "choose arrow"]
            p.click_action(rng.choice(numbers or acts))
        piece = p.page.locator("#maze .figures > .figure-piece.over-place")
        assert piece.count() == 1, p.places()
        at = piece.get_attribute("data-at")
        field = p.page.locator(f'#maze .cell[data-cell="{at}"]')
        action = field.get_attribute("data-action")
        assert action and action.startswith("move"), action
        piece.scroll_into_view_if_needed()
        p.page.evaluate("document.getAnimations().forEach((a) => a.finish())")
        box = piece.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        hit = p.page.evaluate(f"document.elementFromPoint({x}, {y}).closest('.cell')?.dataset.cell")
        assert hit == at, f"the pointer on the figure meets {hit}, not the field {at}"
        sent = int(p.hook("sent") or 0)
        answers = int(p.hook("answers") or 0)
        p.page.mouse.click(x, y)
        p.page.wait_for_function(f"window.obelisk.answers > {answers}")
        assert int(p.hook("sent") or 0) == sent + 1
        # the walk to that field was played (the log says so)
        p.page.wait_for_function(
            f"document.getElementById('log').innerText.includes(' to {at}')", timeout=10000
        )
        assert p.errors == []
    finally:
        p.close()
