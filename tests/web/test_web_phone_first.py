"""Phone first (issue 40, items 7 and 8): at 390×844, at each of the first decisions of every
table, without scrolling by the person: what to act on (the first place to play, not
covered by anything), the last sentence of the log and whose turn it is are in sight; no
text on the table is under 12 px; a flash never covers a place to play. Desktop keeps its
layout (the log beside the table at 1280×800).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from axe_check import settle_animations
from server_helpers import ServerProc
from test_web_table_a11y import ROOMS
from web_press_helpers import seated_person

#: How many decisions of each game are looked at.
DECISIONS = 4

#: What the page shows a person now, measured in the page.
SIGHT = """() => {
  const vh = innerHeight, vw = innerWidth;
  const seen = (n) => {
    if (!n) return false;
    const r = n.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.top < 0 || r.bottom > vh || r.left < 0 || r.right > vw) return false;
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
    return !!top && (n === top || n.contains(top));
  };
  const all = [...document.querySelectorAll('#table [data-action]:not([aria-disabled=true]):not([disabled])')]
    .filter((n) => n.getBoundingClientRect().height > 0);
  const place = all[0] || null;
  // when every place fits between whose turn it is and the dock, every place is in sight
  const room = document.getElementById('log-box').getBoundingClientRect().top - document.getElementById('status').getBoundingClientRect().bottom - 12;
  const span = all.length ? Math.max(...all.map((n) => n.getBoundingClientRect().bottom)) - Math.min(...all.map((n) => n.getBoundingClientRect().top)) : 0;
  const unseen = span <= room ? all.filter((n) => !seen(n)).map((n) => n.dataset.action) : [];
  const status = document.getElementById('status');
  const log = document.querySelectorAll('#log li');
  // every character of text on the table, with the size it is drawn at
  const small = [];
  let chars = 0;
  const walker = document.createTreeWalker(document.getElementById('table'), NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const text = t.nodeValue.trim();
    const host = t.parentElement;
    if (!text || !host || host.closest('[hidden], title, .sr-only, style')) continue;
    const rects = host.getClientRects();
    if (!rects.length || getComputedStyle(host).visibility === 'hidden') continue;
    let px = parseFloat(getComputedStyle(host).fontSize);
    if (host instanceof SVGElement && host.getScreenCTM) {
      const m = host.getScreenCTM();
      if (m) px *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    }
    chars += text.length;
    if (px < 11.95) small.push(`${text.slice(0, 20)} (${px.toFixed(1)} px, ${host.className && host.className.baseVal !== undefined ? host.className.baseVal : host.className})`);
  }
  return {
    place: place ? place.dataset.action : null,
    placeSeen: seen(place),
    status: status.textContent,
    statusSeen: seen(status),
    logSeen: log.length === 0 || seen(log[log.length - 1]),
    unseen,
    small, chars,
  };
}"""


@pytest.mark.parametrize("game", list(ROOMS))
def test_a_phone_shows_the_place_the_log_and_the_turn_at_each_decision(
    server: ServerProc, browser: Any, shots: Path, game: str
) -> None:
    p = seated_person(server, browser, game, ROOMS[game], seed=9, size=(390, 844))
    rng = random.Random(2)
    try:
        for k in range(DECISIONS):
            assert p.wait_turn_or_over(30000), f"{game}: the person's turn never came"
            if p.hook("over") or not p.places():
                break
            # the page scrolls the place into sight at the next frame: two frames on
            p.page.evaluate(
                "new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
            )
            settle_animations(p.page)  # sizes as they rest, not mid-way through a turn-over
            got = p.page.evaluate(SIGHT)
            where = f"{game}, decision {k + 1} ({got['place']})"
            assert got["placeSeen"], f"{where}: the place to play is out of sight or covered"
            assert not got["unseen"], f"{where}: places that fit are out of sight: {got['unseen']}"
            assert got["statusSeen"] and got["status"], f"{where}: whose turn it is is out of sight"
            assert got["logSeen"], f"{where}: the last sentence of the log is out of sight"
            assert not got["small"], f"{where}: text under 12 px: {got['small'][:8]}"
            if k == 1:
                p.shot(shots, f"{game}-390-phone")
            p.click_random(rng)
    finally:
        p.close()


def test_the_desktop_keeps_the_log_beside_the_table(server: ServerProc, browser: Any) -> None:
    p = seated_person(server, browser, "sobek", ROOMS["sobek"], seed=9)
    try:
        assert p.wait_turn_or_over(30000)
        board = p.page.locator("#board").bounding_box()
        log = p.page.locator("#log-box").bounding_box()
        assert board and log and log["x"] >= board["x"] + board["width"] - 1, (board, log)
    finally:
        p.close()


#: With a flash showing: each place to play in the viewport that a press at its middle does
#: not reach, and how far the lowest place stays below the flash's top when the page is
#: scrolled to its end.
UNDER_FLASH = """() => {
  const flash = document.getElementById('flash');
  if (flash.hidden) return null;
  const places = [...document.querySelectorAll('#table [data-action]:not([aria-disabled=true]):not([disabled])')];
  const blocked = [];
  for (const n of places.slice(0, 12)) {
    // the page scrolled so that the place's middle lies behind the flash's middle
    const f = flash.getBoundingClientRect();
    let r = n.getBoundingClientRect();
    window.scrollBy(0, r.top + r.height / 2 - (f.top + f.height / 2));
    r = n.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (r.width === 0 || y < f.top || y > f.bottom) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && flash.contains(hit)) blocked.push(n.dataset.action);
  }
  window.scrollTo(0, document.documentElement.scrollHeight);
  const lowest = Math.max(...places.map((n) => n.getBoundingClientRect().bottom));
  return { blocked, below: lowest - flash.getBoundingClientRect().top };
}"""


def test_a_flash_on_a_phone_never_stands_between_a_press_and_its_place(
    server: ServerProc, browser: Any
) -> None:
    """Ramses II shows what a slide uncovers in a flash for 5 s: on a phone, while it shows,
    a press on any place under it reaches the place, and the page scrolls every place above
    it."""
    p = seated_person(server, browser, "ramses", ROOMS["ramses"], seed=9, size=(390, 844))
    rng = random.Random(3)
    try:
        seen = None
        for _ in range(30):
            assert p.wait_turn_or_over(30000)
            if p.hook("over") or not p.places():
                break
            seen = p.page.evaluate(UNDER_FLASH)
            if seen is not None:
                break
            p.click_random(rng)
        assert seen is not None, "no flash showed at the person's decisions"
        assert seen["blocked"] == [], f"presses stopped by the flash: {seen['blocked']}"
        assert seen["below"] <= 0, f"the lowest place stays {seen['below']:.0f}px under the flash"
    finally:
        p.close()
