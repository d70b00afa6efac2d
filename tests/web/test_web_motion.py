"""What moves on the tables (issue 40, item 12): Sobek's cards slide into hands and sets,
Abu Simbel's chambers turn over, Khufu's pieces (the computer players' too) glide to their
new places, and Ramses' box slides and turns as before; under ``prefers-reduced-motion``
(Playwright's emulation) nothing moves at all.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from server_helpers import ServerProc
from test_web_table_a11y import ROOMS
from web_press_helpers import seated_person

#: The page notes every CSS animation that starts and every Web Animation made.
NOTE = """
window.__moved = [];
document.addEventListener('animationstart', (e) => {
  const t = e.target;
  window.__moved.push((t.getAttribute && (t.getAttribute('class') || t.tagName)) + ' ' + e.animationName);
}, true);
const made = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__moved.push((this.getAttribute('class') || this.tagName) + ' animate');
  return made.apply(this, args);
};
"""

#: What must move in each game, as the class of the node that moved.
MOVERS = {"sobek": "scard", "abu_simbel": "chamber", "khufu": "kh-piece", "ramses": "rm-"}


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
@pytest.mark.parametrize("game", list(MOVERS))
def test_what_moves_moves_unless_motion_is_reduced(
    server: ServerProc, browser: Any, shots: Path, game: str, motion: str
) -> None:
    def before(p: Any) -> None:
        p.page.emulate_media(reduced_motion=motion)
        p.page.add_init_script(NOTE)

    p = seated_person(server, browser, game, ROOMS[game], seed=4, before=before)
    rng = random.Random(6)
    try:
        for _ in range(8):
            assert p.wait_turn_or_over(30000)
            if p.hook("over") or not p.places():
                break
            p.click_random(rng, prefer=("take", "roll", "slide", "draw", "punch", "piece"))
        moved = [m for m in p.page.evaluate("window.__moved") if MOVERS[game] in m]
        if motion == "reduce":
            assert not moved, f"{game}: moved under reduced motion: {moved[:5]}"
        else:
            assert moved, f"{game}: nothing moved in eight decisions"
    finally:
        p.close()


#: Every figure of the Mummy's maze as it is drawn now: its key, its field, and whether it
#: is the very node noted by ``NOTE_FIGURES`` (a figure redrawn as a new node is not).
FIGURES_NOW = """() => [...document.querySelectorAll('#maze .figures > [data-key]')].map((n) =>
  [n.dataset.key, n.dataset.at, (window.__figures || {})[n.dataset.key] === n])"""
NOTE_FIGURES = """() => { window.__figures = {};
  for (const n of document.querySelectorAll('#maze .figures > [data-key]')) window.__figures[n.dataset.key] = n; }"""
#: What a pointer meets at the middle of each explorer's figure (the glides finished): the
#: figure itself (its name shows), or the field under it when that field is a place to play.
POINTED = """() => [...document.querySelectorAll('#maze .figures > .figure-piece')].map((n) => {
  n.getAnimations().forEach((a) => a.finish());
  n.scrollIntoView({ block: 'center' });
  const r = n.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  const field = document.querySelector(`#maze .cell[data-cell="${n.dataset.at}"]`);
  const meant = field.classList.contains('legal-place') ? field : n;
  return [n.dataset.key, n.dataset.at, !!hit && (hit === meant || (meant === n ? n.contains(hit) : hit.closest('.cell') === field))];
})"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_mummys_figures_glide_from_field_to_field(
    server: ServerProc, browser: Any, motion: str
) -> None:
    """An explorer walks (and the mummy walks after him): each figure that changed its
    field is the same node as before, glided there (morph.js counts the glide); under
    reduced motion the same nodes jump, nothing glides. A pointer on an explorer's figure
    meets the figure (its name), or the field under it when the field is a place to play."""

    def before(p: Any) -> None:
        p.page.emulate_media(reduced_motion=motion)
        p.page.add_init_script(NOTE)

    p = seated_person(server, browser, "mummy", ROOMS["mummy"], seed=4, before=before)
    rng = random.Random(6)
    try:
        assert p.wait_turn_or_over(30000)
        p.page.evaluate(NOTE_FIGURES)
        start = {k: at for k, at, _ in p.page.evaluate(FIGURES_NOW)}
        glides = int(p.page.evaluate("window.obelisk.morphed.glides"))
        moved: list[Any] = []
        for _ in range(12):
            if p.hook("over") or not p.places():
                break
            p.click_random(rng, prefer=("choose", "move", "arrow", "play"))
            assert p.wait_turn_or_over(30000)
            moved = [f for f in p.page.evaluate(FIGURES_NOW) if f[1] != start.get(f[0])]
            if any(k.startswith("figure") for k, _, _ in moved):
                break
        assert any(k.startswith("figure") for k, _, _ in moved), f"no explorer moved: {moved}"
        assert all(same for _, _, same in moved), f"a moved figure is a new node: {moved}"
        glided = int(p.page.evaluate("window.obelisk.morphed.glides")) - glides
        animated = [m for m in p.page.evaluate("window.__moved") if "-piece animate" in m]
        # a figure never swallows a click meant for its field, and names itself elsewhere
        pointed = p.page.evaluate(POINTED)
        assert pointed and all(ok for _, _, ok in pointed), pointed
        if motion == "reduce":
            assert glided == 0 and not animated, f"glided under reduced motion: {animated[:5]}"
        else:
            assert glided >= 1 and any("figure-piece" in m for m in animated), (glided, animated)
    finally:
        p.close()
