"""Ramses II's table in German (issue 34): a browser that prefers German (``de-DE``) opens a
seat, turns over a card and stands at a search; everything the table shows and labels
(text, titles, aria-labels), the log and the choices read German, and the screenshots of
a window and a phone are taken (``ramses-de-1280.png``, ``ramses-de-390.png``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from server_helpers import ServerProc
from web_helpers import PLACES

from german_check import english_left

#: The page's words a person reads or hears: visible text outside ``[lang=en]`` (the
#: engine's rules stay English), and the titles and aria-labels of the table.
WORDS = """
(() => {
  const out = [];
  const main = document.getElementById("main");
  const walk = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    if (!p || p.closest("[lang=en]") || !p.checkVisibility()) continue;
    if (n.textContent.trim()) out.push(n.textContent.trim());
  }
  for (const e of document.querySelectorAll("#table [title], #table [aria-label]")) {
    if (e.closest("[lang=en]")) continue;
    for (const a of ["title", "aria-label"]) if (e.getAttribute(a)) out.push(e.getAttribute(a));
  }
  for (const t of document.querySelectorAll("#board title")) out.push(t.textContent);
  return out;
})()
"""
#: The text view's treasure marks ([He]) are abbreviations, and a hash (a game's
#: fingerprint) is no word.
MARK = re.compile(r"[\[<][A-Z][a-z][\]>]|\b[0-9a-f]{16,}\b")


def _german_page(browser: Any, server: ServerProc, room: str, width: int, height: int) -> Any:
    ctx = browser.new_context(
        viewport={"width": width, "height": height},
        locale="de-DE",
        extra_http_headers={"Accept-Language": "de-DE,de;q=0.9"},
    )
    page = ctx.new_page()
    page.set_default_timeout(15000)
    r = server.post(f"/api/rooms/{room}/join", {"seat": 0, "name": "Ann"})
    assert r.status_code == 200, r.text
    page.goto(f"{server.http}/rooms/{room}#token={r.json()['token']}")
    page.wait_for_function("window.obelisk && window.obelisk.states > 0")
    return ctx, page


def _english(page: Any) -> list[tuple[str, list[str]]]:
    texts = page.evaluate(WORDS)
    return [(t, bad) for t in texts if (bad := english_left(MARK.sub(" ", t), ["Ann", "Bot 2"]))]


def test_ramses_table_reads_german_at_a_search(
    server: ServerProc, browser: Any, shots: Path
) -> None:
    for width, height in ((1280, 800), (390, 844)):
        room = server.create(
            "ramses",
            [{"kind": "human"}, {"kind": "bot", "level": "heuristic"}],
            seed=5,
            options={"first_player": 0},
        )["id"]
        ctx, page = _german_page(browser, server, room, width, height)
        errors: list[str] = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        try:
            page.wait_for_function("window.obelisk.yourTurn")
            assert page.evaluate("document.documentElement.lang") == "de"
            if page.locator(f'{PLACES}[data-action="draw"]').count():
                before = page.evaluate("window.obelisk.answers || 0")
                page.locator(f'{PLACES}[data-action="draw"]').first.click()
                page.wait_for_function(f"window.obelisk.answers > {before}")
            page.wait_for_selector(f"#board .rm-box {PLACES}")
            page.evaluate("document.getAnimations().forEach((a) => a.finish())")
            text = page.inner_text("#main")
            assert "Stapel" in text and "leeren Platz" in text, text[:400]
            assert _english(page) == []
            # the longer German words still fit: no sideways scrolling on a phone
            assert (
                page.evaluate(
                    "document.documentElement.scrollWidth - document.documentElement.clientWidth"
                )
                <= 0
            )
            if width < 600:
                page.evaluate("document.querySelector('#board').scrollIntoView({block: 'start'})")
            else:
                page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(shots / f"ramses-de-{width}.png"))
            assert errors == []
        finally:
            ctx.close()
