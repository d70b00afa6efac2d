"""Abu Simbel in German in the browser (issue 34): a browser that prefers German
(``de-DE``, ``Accept-Language: de``) sees the table, its prompts, move buttons, tooltips
and the story in German at decisions of the way in and out, and the referee companion's
page in German; German screenshots at 1280×800 and 390×844 (refreshed in the docs with
``OBELISK_SCREENSHOTS=docs/screenshots``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server_helpers import ServerProc
from web_helpers import Person, state_now

from german_check import english_left

NAMES = ("Ann", "Bot 2", "Bot 1")

#: The table's parts and the story, without what is English on purpose (``[lang=en]``).
TEXT = """(parts) => {
  const quiet = [...document.querySelectorAll('[lang=en]')];
  quiet.forEach((n) => { n.dataset.was = n.style.display; n.style.display = 'none'; });
  const text = parts.map((s) => document.querySelector(s)).filter(Boolean).map((n) => n.innerText);
  quiet.forEach((n) => { n.style.display = n.dataset.was; });
  const tips = [...document.querySelectorAll('[title], [aria-label]')]
    .filter((n) => parts.some((s) => n.closest(s)))
    .map((n) => (n.getAttribute('title') || '') + ' ' + (n.getAttribute('aria-label') || ''));
  return text.join('\\n') + '\\n' + tips.join('\\n');
}"""
TABLE = ["#panels", "#board", "#mine-area", "#legal", "#prompt", "#log"]
REFEREE = ["header", "#main"]


def _german(browser: Any, server: ServerProc, width: int, height: int) -> Person:
    p = Person.__new__(Person)
    p.ctx = browser.new_context(
        viewport={"width": width, "height": height},
        locale="de-DE",
        extra_http_headers={"Accept-Language": "de"},
    )
    p.page = p.ctx.new_page()
    p.base = server.http
    p.label = f"Ann {width}"
    p.errors = []
    p.page.on("pageerror", lambda e: p.errors.append(str(e)))
    p.page.set_default_timeout(15000)
    return p


def _right_move(server: ServerProc, room: str, p: Person) -> str | None:
    """The move the chamber asks for (the test reads the full record; the page does not)."""
    state = state_now(server, room)
    obs = state.observation(0)
    if obs["phase"] not in ("way_in", "way_out"):
        return None
    slot = obs["way_order"][obs["progress"]]
    token = str(state.observation(None)["route"][slot]["token"])
    for action in p.places():
        if action.upper().replace(" ", "_").replace("STOMP_", "STOMP_X") == token.upper():
            return action
    return None


def _table(server: ServerProc, browser: Any, shots: Path, width: int, height: int) -> None:
    p = _german(browser, server, width, height)
    seats = [{"kind": "human"}, {"kind": "bot", "level": "heuristic"}]
    room = server.create("abu_simbel", seats, seed=11, options={"first_player": 0})["id"]
    r = server.post(f"/api/rooms/{room}/join", {"seat": 0, "name": "Ann"})
    assert r.status_code == 200, r.text
    p.goto(f"/rooms/{room}#token={r.json()['token']}")
    try:
        seen = set()
        for step in range(12):
            assert p.wait_turn_or_over(30000)
            if p.hook("over") or not p.places():
                break
            assert p.page.evaluate("document.documentElement.lang") == "de"
            text = str(p.page.evaluate(TEXT, TABLE))
            assert "Kammer" in text and "Schatzkammer" in text, text
            assert english_left(text, NAMES) == [], text
            phase = state_now(server, room).observation(0)["phase"]
            seen.add(phase)
            if step == 1:
                p.page.evaluate("document.getAnimations().forEach((a) => a.finish())")
                p.page.screenshot(path=str(shots / f"abu_simbel-de-{width}.png"), full_page=True)
            right = _right_move(server, room, p)
            p.click_action(right or p.places()[0])
        assert {"way_in", "treasure", "way_out"} <= seen
        assert p.errors == []
    finally:
        p.close()


def _referee(server: ServerProc, browser: Any, shots: Path) -> None:
    p = _german(browser, server, 390, 844)
    try:
        p.goto("/companion/abu_simbel")
        p.page.wait_for_function("document.documentElement.lang === 'de'")
        assert p.page.locator("#lang-select").input_value() == "de"
        text = str(p.page.evaluate(TEXT, REFEREE))
        assert "Spieler, im Uhrzeigersinn" in text
        assert english_left(text, ("Ann", "Bob")) == [], text
        p.page.fill("input[name=p1]", "Ann")
        p.page.fill("input[name=p2]", "Bob")
        p.page.click("#start")
        for chamber in ("lay lava", "lay blades", "lay gas", "ok 1"):
            p.page.locator(f'button[data-action="{chamber}"]').click()
            p.page.wait_for_function("!document.querySelector('#choices button[disabled]')")
        p.page.wait_for_selector('button[data-action="ok 2"]')
        text = str(p.page.evaluate(TEXT, REFEREE))
        assert "Prüfende Spieler" in text and "Die Lava" in text, text
        assert english_left(text, ("Ann", "Bob")) == [], text
        p.page.screenshot(path=str(shots / "companion-abu_simbel-de-390.png"), full_page=True)
        assert p.errors == []
    finally:
        p.close()


def test_abu_simbel_reads_german_on_the_table_and_the_referee_page(
    server: ServerProc, browser: Any, shots: Path
) -> None:
    for width, height in ((1280, 800), (390, 844)):
        _table(server, browser, shots, width, height)
    _referee(server, browser, shots)
