"""Fluch der Mumie in German in the browser (issue 34): a browser that asks for German
(``locale="de-DE"``, so its Accept-Language) gets the table and the mummy companion's page
with every word in German. The table is checked at an explorer's decision (the dice
rolled), saved as ``mummy-de-1280.png`` and ``mummy-de-390.png``; the companion's page is
checked once a game is started and an announcement told in German words, and saved as
``mummy-companion-de-1280.png`` (run with ``OBELISK_SCREENSHOTS=docs/screenshots`` to
refresh the ones in the docs). Text marked ``lang="en"`` (the engine's rules) is skipped."""

from __future__ import annotations

from typing import Any

from server_helpers import ServerProc
from web_helpers import Person

from browser_fixtures import screenshot_folder
from german_check import english_left

#: Names that stay as they are in every language (seats, the brand, the title, languages).
NAMES = ("Ann", "Bob", "Bot 1", "Obelisk", "Fluch der Mumie", "English", "Deutsch")

#: The page's visible text without what is marked English on purpose.
GERMAN_TEXT = """(sel) => {
  const root = document.querySelector(sel);
  if (!root) return "";
  const copy = root.cloneNode(true);
  for (const n of copy.querySelectorAll('[lang="en"], script, style')) n.remove();
  const titles = [...root.querySelectorAll("title")].map((t) => t.textContent);
  return copy.innerText + "\\n" + titles.join("\\n");
}"""


def _german(page: Any, selector: str) -> str:
    return str(page.evaluate(GERMAN_TEXT, selector))


def test_the_table_and_the_companion_page_in_german(server: ServerProc, browser: Any) -> None:
    shots = screenshot_folder()
    seats = [{"kind": "bot", "level": "heuristic"}, {"kind": "human"}]
    rid = server.create("mummy", seats, seed=12, options={})["id"]
    p = Person(browser, server.http, 1280, 800, "Ann", locale="de-DE")
    try:
        r = server.post(f"/api/rooms/{rid}/join", {"seat": 1, "name": "Ann"})
        assert r.status_code == 200, r.text
        p.goto(f"/rooms/{rid}#token={r.json()['token']}")
        assert p.wait_turn_or_over(30000)
        p.page.wait_for_function("document.documentElement.lang === 'de'")
        assert p.page.locator("#board .mm-dice h3").inner_text() == "Die Würfel"
        for part in ("#board", "#panels", "#prompt", "#log"):
            text = _german(p.page, part)
            assert text.strip(), part
            assert english_left(text, NAMES) == [], (part, text)
        assert "würfelt" in _german(p.page, "#log")
        p.shots_desk_and_phone(shots, "mummy-de-1280", "mummy-de-390")
    finally:
        p.close()

    c = Person(browser, server.http, 1280, 800, "companion", locale="de-DE")
    try:
        c.goto("/companion/mummy?seed=3")
        c.page.wait_for_function("document.documentElement.lang === 'de'")
        assert c.page.inner_text("h1") == "Fluch der Mumie, ohne Mumienspieler"
        c.page.fill("input[name=p1]", "Ann")
        c.page.fill("input[name=p2]", "Bob")
        c.page.click("#start")
        c.page.wait_for_selector("#game:not([hidden])")
        assert c.page.inner_text("#prompt") == "Rot (Ann) ist am Zug. Was wird angesagt?"
        c.page.fill("#say", "beiseite 1")
        c.page.click("#typed button[type=submit]")
        c.page.wait_for_function("document.body.dataset.inputs === '1'")
        c.page.click('#choices button[data-action="choose 3"]')
        c.page.wait_for_function("document.body.dataset.inputs === '2'")
        assert "Welche Karte" in c.page.inner_text("#prompt")
        text = _german(c.page, "body")
        assert english_left(text, NAMES) == [], text
        c.page.screenshot(path=str(shots / "mummy-companion-de-1280.png"), full_page=True)
    finally:
        c.close()
