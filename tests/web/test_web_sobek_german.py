"""Sobek's table in German (issue 34): a browser that prefers German (``Accept-Language:
de-DE``) sees the table, its prompts, buttons, tooltips and the story in
German at a few decisions; German screenshots at 1280×800 and 390×844 (refreshed in the
docs with ``OBELISK_SCREENSHOTS=docs/screenshots``)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from server_helpers import ServerProc
from web_helpers import Person
from web_press_helpers import seated_person

from german_check import english_left

ROOM = (0, [{"kind": "human"}, {"kind": "bot", "level": "heuristic"}], {})
NAMES = ("Ann", "Bot 2", "Bot 1")

#: The table's parts and the story, without what is English on purpose (``[lang=en]``).
TEXT = """() => {
  const quiet = [...document.querySelectorAll('[lang=en]')];
  quiet.forEach((n) => { n.dataset.was = n.style.display; n.style.display = 'none'; });
  const parts = ['#panels', '#board', '#mine-area', '#legal', '#prompt', '#log']
    .map((s) => document.querySelector(s)).filter(Boolean).map((n) => n.innerText);
  quiet.forEach((n) => { n.style.display = n.dataset.was; });
  const tips = [...document.querySelectorAll('#board [title], #mine-area [title], #board [aria-label], #mine-area [aria-label]')]
    .map((n) => (n.getAttribute('title') || '') + ' ' + (n.getAttribute('aria-label') || ''));
  return parts.join('\\n') + '\\n' + tips.join('\\n');
}"""


def _german_person(server: ServerProc, browser: Any, width: int, height: int) -> Person:
    """Ann at a new Sobek room, her browser asking for German (``Accept-Language: de``)."""
    return seated_person(
        server,
        browser,
        "sobek",
        ROOM,
        seed=12,
        size=(width, height),
        before=lambda p: p.ctx.set_extra_http_headers({"Accept-Language": "de-DE,de;q=0.9"}),
    )


def test_the_sobek_table_reads_german_at_decisions(
    server: ServerProc, browser: Any, shots: Path
) -> None:
    for width, height in ((1280, 800), (390, 844)):
        p = _german_person(server, browser, width, height)
        rng = random.Random(5)
        try:
            for step in range(4):
                assert p.wait_turn_or_over(30000)
                if p.hook("over") or not p.places():
                    break
                assert p.page.evaluate("document.documentElement.lang") == "de"
                text = str(p.page.evaluate(TEXT))
                assert "Markt" in text and "Nachziehstapel" in text
                assert english_left(text, NAMES) == [], text
                if step == 1:
                    p.page.evaluate("document.getAnimations().forEach((a) => a.finish())")
                    p.page.screenshot(path=str(shots / f"sobek-de-{width}.png"), full_page=True)
                p.click_random(rng, prefer=("take",))
            assert p.errors == []
        finally:
            p.close()
