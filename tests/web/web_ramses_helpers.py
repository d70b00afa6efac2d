"""Helpers for the Ramses II table's browser tests: a recorder of what every drawn position
put on the page, the memory check against the full record, and a person's clicks.

The recorder is a script added to the page before the app runs. After every redraw of the
table (a MutationObserver on ``#board`` and what is under it: each server message is one task, so each drawn
state gets its own callback) it notes the seat's event count (``window.obelisk.seen``),
every treasure name or id anywhere in the page's markup (text, attributes, titles,
aria-labels, the log, a hidden flash), the tokens the box shows (``data-token``), how the
box is turned (``data-turns``) and whether an animation runs. The test then replays the full
record once and checks each note: a token whose place is covered again is named nowhere
(unless it is public for good: a card turned over, found or named), and the box shows
only the token at the empty place.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from web_helpers import PLACES, Person
from websockets.sync.client import connect

from obelisk.core import State, Voice, get_game
from obelisk.games.ramses.components import TIDS, TREASURE_NAMES

#: Treasure names and ids as the page may write them.
TOKENS = {TIDS[t]: TREASURE_NAMES[t - 1] for t in range(1, 13)}

RECORDER = """
(() => {
  const NAMES = %s;
  const words = new RegExp("\\\\b(" + NAMES.map((n) => n.replace(/ /g, "\\\\s+")).join("|") + ")\\\\b", "gi");
  window.__rm = [];
  // the log only grows: its entries are read once (a reload reads them again)
  let logRead = 0;
  let logHits = new Set();
  const scan = (text, into) => {
    for (const m of text.matchAll(words)) into.add(m[1].toLowerCase().replace(/\\s+/g, " "));
  };
  const note = () => {
    const main = document.getElementById("main");
    const board = document.getElementById("board");
    if (!main || !board || !board.querySelector(".rm-box")) return;
    const log = document.getElementById("log");
    const items = log ? log.children : [];
    if (items.length < logRead) {
      logRead = 0;
      logHits = new Set();
    }
    for (; logRead < items.length; logRead++) scan(items[logRead].outerHTML, logHits);
    // everything else on the page: text, attributes, titles, labels, a hidden flash
    const hits = new Set(logHits);
    const parts = [...document.querySelectorAll("#main > section:not(#table), #table > :not(.frame), #table .play")];
    scan(parts.map((n) => n.outerHTML).join(" ") + document.title, hits);
    const box = board.querySelector(".rm-box");
    window.__rm.push({
      seen: window.obelisk ? window.obelisk.seen : -1,
      hits: [...hits],
      tokens: [...board.querySelectorAll("[data-token]")].map((n) => n.dataset.token),
      turns: box.dataset.turns,
      north: box.dataset.north,
      pyramids: board.querySelectorAll(".rm-pyr").length,
      choosing: !!board.querySelector(".rm-treasures"),
      animations: document.getAnimations().filter((a) => a.effect && a.effect.target && a.effect.target.closest && a.effect.target.closest(".rm-box")).length,
      turning: box.classList.contains("rm-turning"),
    });
  };
  const start = () => {
    const board = document.getElementById("board");
    // the table is updated in place: a drawing changes nodes anywhere under the board
    if (board) new MutationObserver(note).observe(board, { childList: true, subtree: true, attributes: true, characterData: true });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
"""


def install_recorder(p: Person) -> None:
    """Record every drawn position of ``p``'s page (call before the page is opened)."""
    names = [*TOKENS.values(), *TOKENS.keys()]
    p.page.add_init_script(RECORDER % json.dumps(names))


def notes(p: Person) -> list[dict[str, Any]]:
    """What the recorder noted on ``p``'s page (and start afresh)."""
    got = p.page.evaluate("() => { const n = window.__rm || []; window.__rm = []; return n; }")
    return list(got)


@dataclass
class MemoryReport:
    """What the memory check saw: positions checked, of them with a covered token that had
    been shown and is not public (the ones that prove something), animations."""

    checked: int = 0
    with_secrets: int = 0
    secrets_named: list[str] = field(default_factory=list)
    slides_animated: int = 0
    turns_animated: int = 0
    turns_seen: set[str] = field(default_factory=set)


def check_memory(
    state: State, seat: int, names: tuple[str, ...], noted: list[dict[str, Any]]
) -> MemoryReport:
    """Check every noted position of ``seat``'s page against the full game ``state``.

    Tokens never move after the deal (ramses:2.2), so the final state's tokens are the
    tokens of every position; the seat's events say where the empty place was and which
    tokens a slide showed it. A noted position at event count k may name a treasure only
    if it shows now (at the empty place) or a lasting sentence the seat got before k named
    it (the card turned over, found, declared, a shown transfer)."""
    game = get_game("ramses")
    voice = Voice(names, seat)
    events = state.events_for(seat)
    tokens = [TIDS[t] for t in state.tokens]  # type: ignore[attr-defined]
    # per event count: the empty place, the orientation, treasures shown by a slide, public names
    empty, orient = -1, 0
    shown: set[str] = set()
    public: set[str] = set()
    at: list[tuple[int, int, frozenset[str], frozenset[str]]] = []
    for e in events:
        at.append((empty, orient, frozenset(shown), frozenset(public)))
        kind = e.get("kind")
        if kind == "setup":
            empty, orient = int(e["empty"]), int(e["orientation"])
        elif kind == "rotated":
            orient = int(e["orientation"])
        elif kind == "action" and (e.get("action") or {}).get("kind") == "slide":
            empty = int(e["action"]["place"])
            if e.get("token") and e["token"] != "blank":
                shown.add(e["token"])
        sentence = game.narrate(e, voice) or ""
        for tid, name in TOKENS.items():
            if re.search(rf"\b{name}\b", sentence, re.I):
                public.add(tid)
    at.append((empty, orient, frozenset(shown), frozenset(public)))
    rep = MemoryReport()
    for n in noted:
        k = int(n["seen"])
        assert 0 <= k < len(at), f"seat {seat + 1}: a position at event {k} of {len(at) - 1}"
        empty_k, orient_k, shown_k, public_k = at[k]
        rep.checked += 1
        rep.slides_animated += int(n["animations"] > 0 and not n["turning"])
        rep.turns_animated += int(n["turning"])
        rep.turns_seen.add(str(n["turns"]))
        assert n["turns"] == str(orient_k), (
            f"seat {seat + 1} at event {k}: the box is turned {n['turns']}, not {orient_k}"
        )
        if empty_k < 0:
            continue  # players still hiding the treasures: every placement is public
        assert n["tokens"] == [tokens[empty_k]], (
            f"seat {seat + 1} at event {k}: the box shows {n['tokens']}, the empty place holds {tokens[empty_k]}"
        )
        assert n["pyramids"] == 47
        covered = {tokens[p] for p in range(48) if p != empty_k} - {"blank"}
        secret = (shown_k & covered) - public_k
        if not secret:
            continue
        rep.with_secrets += 1
        if n["choosing"]:
            continue  # the twelve treasures to choose from are on the page by name
        hits = set(n["hits"])
        for tid in secret:
            named = {tid.lower(), TOKENS[tid].lower()} & hits
            if named:
                rep.secrets_named.append(f"seat {seat + 1} at event {k}: {sorted(named)} (covered)")
    assert not rep.secrets_named, rep.secrets_named[:5]
    return rep


OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}


#: How long a click may wait for the server's answer to be drawn (ms). Generous: in a full
#: parallel run at load average 20 the answer of one click (committed to SQLite before it
#: is sent) and its drawing took more than the pages' default 15 s once.
ANSWER_MS = 90000


def play_click(p: Person, rng: random.Random, last: dict[str, str]) -> str:
    """One decision of ``p``'s by clicking the drawing: a slide that does not go straight
    back when there is another, the stack, a treasure (two clicks for a pair or for a
    treasure and a player), a card. Returns the action's text."""
    acts = p.places()
    if not acts:
        # a choice made in two clicks: first a treasure or a card, then the rest
        picks = p.page.locator("[data-pick]:not(.chosen-pick), [data-pick-card]:not(.chosen-pick)")
        assert picks.count() > 0, f"{p.label}: nothing to click on its turn"
        picks.nth(rng.randrange(picks.count())).click()
        p.page.wait_for_selector(PLACES, timeout=ANSWER_MS)
        acts = p.places()
    slides = [a for a in acts if a.startswith("slide ")]
    if slides:
        back = OPPOSITE.get(last.get("slide", ""), "")
        fresh = [a for a in slides if a != f"slide {back}"] or slides
        choice = rng.choice(fresh)
        last["slide"] = choice.split(" ", 1)[1]
    else:
        choice = rng.choice(acts)
        last["slide"] = ""
    before = int(p.hook("answers") or 0)
    sent = int(p.hook("sent") or 0)
    p.page.locator(f'{PLACES}[data-action="{choice}"]').first.click(timeout=ANSWER_MS)
    try:
        p.page.wait_for_function(f"window.obelisk.answers > {before}", timeout=ANSWER_MS)
    except Exception as e:
        # say whether the click was lost on the page or the server never answered
        now = int(p.hook("sent") or 0)
        raise AssertionError(
            f"{p.label}: no answer to {choice!r} in {ANSWER_MS} ms; the page sent "
            f"{now - sent} messages after the click"
        ) from e
    return choice


def finish_animations(p: Person) -> None:
    """End the page's animations (a screenshot shows the table at rest)."""
    p.page.evaluate("document.getAnimations().forEach((a) => a.finish())")


def play_seat(
    url: str,
    token: str,
    stop: Callable[[dict[str, Any]], bool],
    rng: random.Random,
    limit: int = 5000,
) -> dict[str, Any] | None:
    """Play a seat over the protocol (a quick hand for the routine moves: the draws and
    slides between the choices a test wants a person to click): random legal moves, a
    slide that does not go straight back when there is another, until a state to act on
    satisfies ``stop``. Returns that state (the connection is closed, so the page takes
    over), or None when the game ends first."""
    back = ""
    acted: set[int] = set()
    with connect(url, max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "v": 1, "token": token}))
        for _ in range(limit * 4):
            m = json.loads(ws.recv(timeout=120))
            if m["type"] == "game_over":
                return None
            # a state is known by its event count (the decision counter stays the same when
            # a seat draws again after a Sandstorm: the same choice offered anew)
            if m["type"] != "state" or not m["legal"] or m["seen"] in acted:
                continue
            if stop(m):
                return dict(m)
            legal = m["legal"]
            slides = [e for e in legal if e["text"].startswith("slide ")]
            fresh = [e for e in slides if e["text"] != f"slide {OPPOSITE.get(back, '')}"]
            entry = rng.choice(fresh or legal)
            back = entry["text"].split(" ", 1)[1] if slides else ""
            acted.add(m["seen"])
            ws.send(
                json.dumps({"type": "action", "action": entry["action"], "decision": m["decision"]})
            )
    raise AssertionError("the seat played too long")
