"""Khufu's table in German (issue 34): a browser that prefers German (Accept-Language: de)
opens a Khufu room at the person's decision in the middle of a game; every word on the page
is German (the rules' reference text, marked lang="en", aside), the hand and the chambers
name their cards and rooms in German, and screenshots at 1280×800 and 390×844 are kept
(``docs/screenshots/khufu-de-*.png`` when run with ``OBELISK_SCREENSHOTS=docs/screenshots``)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from server_helpers import ServerProc
from test_web_table_a11y import ROOMS
from web_helpers import Person
from web_press_helpers import seated_person

from german_check import english_left

#: The page's text without the elements kept in English on purpose (lang="en").
TEXT = """() => {
  const root = document.body.cloneNode(true);
  root.querySelectorAll('[lang="en"], script, style, template').forEach((n) => n.remove());
  return root.innerText;
}"""

NAMES = ("Ann", "Bot 2", "Bot 3")


def _german(p: Person) -> None:
    p.ctx.set_extra_http_headers({"Accept-Language": "de-DE,de;q=0.9"})


def test_khufus_table_reads_german_at_a_decision(
    server: ServerProc, browser: Any, shots: Path
) -> None:
    p = seated_person(server, browser, "khufu", ROOMS["khufu"], seed=12, before=_german)
    rng = random.Random(8)
    try:
        for _ in range(6):
            assert p.wait_turn_or_over(30000)
            text = p.page.evaluate(TEXT)
            left = english_left(text, NAMES)
            assert left == [], (left, text)
            if p.hook("over") or not p.places():
                break
            p.click_random(rng, prefer=("piece", "take", "roll", "enter", "bet", "place"))
        assert p.wait_turn_or_over(30000)
        assert p.page.evaluate("document.documentElement.lang") == "de"
        text = p.page.evaluate(TEXT)
        assert "Schatzkarten" in text and "Dienerkammer" in text, text
        assert english_left(text, NAMES) == [], text
        p.shots_desk_and_phone(shots, "khufu-de-1280", "khufu-de-390")
        assert p.errors == []
    finally:
        p.close()
