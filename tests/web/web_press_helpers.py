"""A person who clicks at human speed: a press held 150 ms (mousedown, 150 ms, mouseup) at
a random moment, and the count of presses the page lost (issue 40, item 1).

A press is *lost* when the page sent nothing for it although the place pressed is still
there to play: the table was redrawn under the press (the node pressed was replaced, so
the browser fired no click). A press whose place went away before the release (the game
moved on) is *overtaken*, not lost: a person sees the table change under the finger.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from server_helpers import ServerProc
from web_helpers import PLACES, Person

#: How long a person holds the button down, in milliseconds.
PRESS_MS = 150
#: The longest a page may take to send what a press played (ms), then it is lost.
SEND_MS = 5000
#: The longest wait for the answer to a press (ms).
ANSWER_MS = 20000
#: Action words pressed first when offered (so that a game moves on rather than circling).
PREFER = ("take", "piece", "place", "enter", "bet", "roll", "draw", "build", "choose", "move")


@dataclass
class Presses:
    """What the presses of one person came to."""

    pressed: int = 0
    lost: int = 0
    overtaken: int = 0
    kinds: set[str] = field(default_factory=set)
    lost_what: list[str] = field(default_factory=list)


def _pick(p: Person, rng: random.Random, last: dict[str, str]) -> str | None:
    """A place to press now (a Ramses two-click choice: its first click is made here, held
    like a press too), or None when there is none."""
    acts = p.places()
    if not acts:
        picks = p.page.locator("[data-pick]:not(.chosen-pick), [data-pick-card]:not(.chosen-pick)")
        if picks.count() == 0:
            return None
        picks.nth(rng.randrange(picks.count())).click(delay=PRESS_MS)
        try:
            p.page.wait_for_selector(PLACES, timeout=ANSWER_MS)
        except Exception:
            return None
        acts = p.places()
    # a Ramses slide that does not go straight back, when there is another
    slides = [a for a in acts if a.startswith("slide ")]
    if slides:
        back = {"up": "down", "down": "up", "left": "right", "right": "left"}
        undo = "slide " + back.get(last.get("slide", ""), "")
        choice = rng.choice([a for a in slides if a != undo] or slides)
        last["slide"] = choice.split(" ", 1)[1]
        return choice
    liked = [a for a in acts if a.split(" ")[0] in PREFER]
    return rng.choice(liked or acts)


def press(
    p: Person, rng: random.Random, got: Presses, last: dict[str, str], moment_ms: float
) -> None:
    """Wait a random moment (up to ``moment_ms``), then press a legal place for 150 ms and
    wait for the page's answer; counts the press as played, lost or overtaken."""
    p.page.wait_for_timeout(rng.uniform(0, moment_ms))
    if not p.hook("yourTurn"):
        return
    choice = _pick(p, rng, last)
    if choice is None:
        return
    place = p.page.locator(f'{PLACES}[data-action="{choice}"]').first
    sent = int(p.hook("sent") or 0)
    answers = int(p.hook("answers") or 0)
    try:
        place.click(delay=PRESS_MS, timeout=3000)
    except Exception:
        got.overtaken += 1  # the place went away before it could be pressed
        return
    got.pressed += 1
    got.kinds.add(choice.split(" ")[0])
    try:
        p.page.wait_for_function(f"window.obelisk.sent > {sent}", timeout=SEND_MS)
    except Exception:
        still = p.page.locator(f'{PLACES}[data-action="{choice}"]').count()
        if still and p.hook("yourTurn"):
            got.lost += 1
            got.lost_what.append(choice)
        else:
            got.overtaken += 1
        return
    p.page.wait_for_function(
        f"window.obelisk.answers > {answers} || window.obelisk.over", timeout=ANSWER_MS
    )


def play_whole_game(
    p: Person, rng: random.Random, moment_ms: float = 400.0, limit: int = 2000
) -> Presses:
    """Play ``p``'s seat by presses at human speed to the end of the game (or for
    ``limit`` presses)."""
    got = Presses()
    last: dict[str, str] = {}
    for _ in range(limit * 3):
        if p.hook("over"):
            return got
        if not p.wait_turn_or_over(120000):
            raise AssertionError(f"{p.label}: neither a turn nor the end in two minutes")
        if p.hook("over"):
            return got
        press(p, rng, got, last, moment_ms)
        if got.pressed >= limit:
            return got  # the presses asked for (the rest of the game is played on)
    raise AssertionError(f"{p.label}: the game did not end after {got.pressed} presses")


def timings(p: Person) -> list[dict[str, Any]]:
    """The page's click-to-painted timings (``window.obelisk.timings``)."""
    return list(p.page.evaluate("window.obelisk.timings"))


def seated_person(
    server: ServerProc,
    browser: Any,
    game: str,
    room: tuple[int, list[dict[str, Any]], dict[str, Any]],
    seed: int,
    size: tuple[int, int] = (1280, 800),
    before: Any = None,
) -> Person:
    """Ann at a new room of ``game`` (``room``: her seat, the seats, the options), her page
    open on it (``before(person)`` runs first: a media emulation, an init script)."""
    seat, seats, options = room
    rid = server.create(game, seats, seed=seed, options=options)["id"]
    p = Person(browser, server.http, size[0], size[1], "Ann")
    if before is not None:
        before(p)
    r = server.post(f"/api/rooms/{rid}/join", {"seat": seat, "name": "Ann"})
    assert r.status_code == 200, r.text
    p.goto(f"/rooms/{rid}#token={r.json()['token']}")
    return p
