"""Khufu in the browser: a person and two computer players on the real-time clock. The person
chooses a piece and plays two full rounds and more by clicking the board (the die, the
Treasure deck, a chamber, a door, the hand's cards), the page's countdown agrees with the
server's clock, a reload returns to the same position, then the computer players finish the
game. A second room shows Khufu interrupting the person's turn as a full-screen moment with
his words and the turn passing, then the five-minute warning."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import ServerProc
from web_helpers import PLACES, Person, check_p95, state_now
from web_khufu_helpers import OPTIONS, challenge_way, draw_states, play_moves
from websockets.sync.client import connect

#: What the person prefers to click (so that the game moves on: take, enter, wager…).
PREFER = (
    "piece",
    "take",
    "roll",
    "enter",
    "bet",
    "place",
    "stay",
    "challenge",
    "select",
    "answer",
    "steal",
    "give",
    "leave",
)
#: Actions that start one of the person's turns.
TURN_STARTS = ("roll", "leave", "stay", "challenge")


def _seat(p: Person, server: ServerProc, room: str, seat: int, name: str) -> None:
    r = server.post(f"/api/rooms/{room}/join", {"seat": seat, "name": name})
    assert r.status_code == 200, r.text
    p.goto(f"/rooms/{room}#token={r.json()['token']}")
    p.page.wait_for_function("window.obelisk && window.obelisk.states > 0")


def _listen_clock(p: Person) -> list[tuple[float, float, bool]]:
    """Every ``clock`` message the page receives: (arrival, remaining seconds, running)."""
    got: list[tuple[float, float, bool]] = []

    def on_frame(payload: Any) -> None:
        try:
            m = json.loads(payload)
        except (TypeError, ValueError):
            return
        if isinstance(m, dict) and m.get("type") == "clock":
            c = (m.get("game") or {}).get("clock") or {}
            if isinstance(c.get("remaining"), (int, float)):
                got.append((time.monotonic(), float(c["remaining"]), bool(m.get("running"))))

    p.page.on("websocket", lambda ws: ws.on("framereceived", on_frame))
    return got


def _seconds(text: str) -> int:
    m = re.fullmatch(r"(\d+):(\d\d)", text.strip())
    assert m, f"the countdown reads {text!r}"
    return int(m.group(1)) * 60 + int(m.group(2))


def _check_countdown(p: Person, ticks: list[tuple[float, float, bool]], after: int = 0) -> float:
    """The page's countdown within 1 s of the server's clock: read just after a fresh tick
    (newer than the ``after``-th) has come in, against that tick run on by the time since."""
    p.page.wait_for_function("document.getElementById('kh-countdown') !== null")
    deadline = time.monotonic() + 20
    seen = max(after, len(ticks))
    # Playwright hands the frames to this thread between its calls: poll in short steps so
    # that a tick's arrival time is known to within a few tens of milliseconds
    while len(ticks) <= seen or not ticks[-1][2]:
        assert time.monotonic() < deadline, "no running clock message came"
        if len(ticks) > seen:
            seen = len(ticks)
        p.page.wait_for_timeout(30)
    shown = _seconds(p.page.inner_text("#kh-countdown"))
    at, remaining, _ = ticks[-1]
    server_now = remaining - (time.monotonic() - at)
    diff = abs(shown - server_now)
    assert diff <= 1.0, f"page {shown} s, server {server_now:.2f} s"
    return diff


def _position(p: Person) -> dict[str, Any]:
    """What a reload must bring back: panels, pieces, hand, chambers, the places to play."""
    return dict(
        p.page.evaluate(
            """() => ({
        panels: [...document.querySelectorAll('#panels .panel')].map(n => n.innerText),
        pieces: [...document.querySelectorAll('.kh-board .kh-piece')].map(n => n.getAttribute('transform')),
        hand: [...document.querySelectorAll('#mine-area [data-card]')].map(n => n.dataset.card),
        rooms: [...document.querySelectorAll('.kh-chamber')].map(n => n.querySelector('h3').innerText + n.querySelector('.kh-min').innerText),
        places: [...document.querySelectorAll('[data-action]')].map(n => n.dataset.action).sort(),
    })"""
        )
    )


def _cards_ok(p: Person, server: ServerProc, room: str, seat: int) -> None:
    """The page's hand is exactly the seat's hand, and no card another seat holds unseen is
    anywhere on the page: only its own cards, its wager, the Challenge's public cards and
    the King's table cards shown to all."""
    state = state_now(server, room)
    obs = state.observation(seat)
    p.page.wait_for_function(
        f"document.querySelectorAll('#mine-area [data-card]').length === {len(obs['hand'])}"
    )
    shown = p.page.eval_on_selector_all(
        "#mine-area [data-card]", "ns => ns.map(n => n.dataset.card)"
    )
    assert sorted(shown) == sorted(obs["hand"]), p.label
    public: set[str] = set()
    for e in state.events_for(None):
        if e.get("kind") == "wager":
            public.update(e.get("table") or [])
    ch = obs.get("challenge") or {}
    allowed = set(obs["hand"]) | set(obs.get("wager") or []) | public
    allowed |= set(ch.get("dealt") or []) | set(ch.get("khufu") or [])
    everywhere = p.page.eval_on_selector_all("[data-card]", "ns => ns.map(n => n.dataset.card)")
    assert set(everywhere) <= allowed, f"{p.label} shows {set(everywhere) - allowed}"


@pytest.mark.rules("khufu:5.3", "khufu:6.2", "khufu:7.1", "khufu:8.2", "khufu:12.3")
def test_khufu_person_plays_by_clicking_and_bots_finish(
    server: ServerProc, browser: Any, shots: Path
) -> None:
    room = server.create(
        "khufu",
        [
            {"kind": "human"},
            {"kind": "bot", "level": "heuristic"},
            {"kind": "bot", "level": "heuristic"},
        ],
        seed=21,
        # Khufu stays away in this room (the second test has him interrupt)
        options={"first_gap_seconds": [3600, 3600]},
    )["id"]
    ann = Person(browser, server.http, 1280, 800, "Ann")
    ticks = _listen_clock(ann)
    try:
        _seat(ann, server, room, 0, "Ann")
        ann.page.wait_for_function("window.obelisk.status === 'playing'")
        assert ann.wait_turn_or_over(20000)
        # the six pieces, the person's shape and colour chosen by a click
        assert sorted(ann.places()) == sorted(
            f"piece {n}"
            for n in ("Witch", "Zombie", "Vampire", "Werewolf", "Poltergeist", "Gorgon")
        )
        ann.check_words()
        ann.click_action("piece Gorgon")
        assert ann.wait_turn_or_over(20000)
        ann.shot(shots, "khufu-1280-start")
        drawn = ann.states()
        ann.page.set_viewport_size({"width": 390, "height": 844})
        ann.wait_drawn(drawn)  # drawn again at the phone's size
        ann.check_words()
        ann.shot(shots, "khufu-390-start")
        ann.page.set_viewport_size({"width": 1280, "height": 800})

        diffs = [_check_countdown(ann, ticks)]
        # the countdown changes every second between the server's ticks
        before = ann.page.inner_text("#kh-countdown")
        ann.page.wait_for_function(
            f"document.getElementById('kh-countdown').textContent !== {json.dumps(before)}",
            timeout=3000,
        )

        rng = random.Random(5)
        turns = 0
        clicks = 0
        played: list[str] = []
        reloaded = False
        # two full rounds and more, and on until the person has wagered at a chamber table
        while turns < 4 or ("place" not in played and turns < 16):
            assert ann.wait_turn_or_over(30000), "the person's turn never came"
            if ann.hook("over"):
                break
            ann.check_words()
            acts = ann.places()
            assert acts, "nothing to click on the person's turn"
            if clicks == 2 and not reloaded:
                reloaded = True
                pos = _position(ann)
                heard = len(ticks)
                ann.page.reload()
                ann.page.wait_for_function(
                    "window.obelisk && window.obelisk.states > 0 && window.obelisk.yourTurn"
                )
                assert _position(ann) == pos
                diffs.append(_check_countdown(ann, ticks, heard))
            if clicks % 5 == 0:
                _cards_ok(ann, server, room, 0)
            liked = [a for a in acts if a.split(" ")[0] in PREFER]
            # a door is entered, a card taken, a wager placed once it is big enough
            for first in ("place", "enter", "take", "challenge", "select"):
                hit = [a for a in liked if a.split(" ")[0] == first]
                if hit:
                    liked = hit
                    break
            choice = rng.choice(liked or acts)
            # every choice is on the drawing or its own button: never raw ids on the page
            if clicks == 1:
                # the keyboard: the place focused, Enter plays it
                answers = int(ann.hook("answers") or 0)
                ann.page.locator(f'{PLACES}[data-action="{choice}"]').first.focus()
                # the clock ticks on (a clock message redraws only the clock): the focus
                # stays on the same place, and the table is not drawn again
                drawn = ann.states()
                before = ann.page.inner_text("#kh-countdown")
                ann.page.wait_for_function(
                    "document.getElementById('kh-countdown').textContent !== " + json.dumps(before),
                    timeout=3000,
                )
                assert ann.states() == drawn, "a tick of the clock drew the table again"
                assert ann.page.evaluate("document.activeElement.dataset.action") == choice
                ann.page.keyboard.press("Enter")
                ann.page.wait_for_function(f"window.obelisk.answers > {answers}")
            else:
                ann.click_action(choice)
            played.append(choice)
            clicks += 1
            if choice.split(" ")[0] in TURN_STARTS:
                turns += 1
        assert turns >= 3, "the person did not play two full rounds"
        print("khufu: the person clicked", ", ".join(played))
        ann.check_words()
        diffs.append(_check_countdown(ann, ticks))
        ann.shot(shots, "khufu-1280-mid")
        ann.page.set_viewport_size({"width": 1920, "height": 1080})
        ann.check_words()
        drawn = ann.states()
        ann.page.set_viewport_size({"width": 390, "height": 844})
        ann.wait_drawn(drawn)
        ann.check_words()
        ann.shot(shots, "khufu-390-mid")
        ann.page.set_viewport_size({"width": 1280, "height": 800})

        # the computer players take over the person's seat and finish the game; the page
        # notes whether it drew the Ultimate Challenge and the stopped clock on the way
        ann.page.evaluate(
            """() => { window.khSeen = {challenge: false, paused: 0, running: 0};
            new MutationObserver(() => {
              if (document.querySelector('.kh-challenge')) window.khSeen.challenge = true;
              // a Challenge in progress: the countdown must show that it stands still
              if (document.querySelector('.kh-challenge.in-progress')) {
                if (document.querySelector('#kh-clock.paused')) window.khSeen.paused++;
                else window.khSeen.running++;
              }
            }).observe(document.getElementById('board'), {childList: true, subtree: true}); }"""
        )
        ann.page.select_option("#bot-level", "heuristic")
        ann.page.click("#to-bot")
        ann.page.click("#to-bot-yes")
        ann.page.wait_for_selector("#gameover:not([hidden])", timeout=120000)
        ann.check_words()
        ann.shot(shots, "khufu-1280-end")
        seen = ann.page.evaluate("window.khSeen")
        check_p95(shots, "khufu", [ann], limit=1000.0)
        ann.page.set_viewport_size({"width": 390, "height": 844})
        ann.page.reload()  # the finished table as a phone opens it
        ann.page.wait_for_selector("#gameover:not([hidden])")
        ann.page.wait_for_selector(".kh-over")
        ann.check_words()
        ann.shot(shots, "khufu-390-end")
        final = state_now(server, room).observation(None)
        over = ann.page.inner_text(".kh-over")
        if final["result"] == "KHUFU":
            assert "Khufu wins" in over
        else:
            assert "wins" in over
            assert seen["challenge"] and seen["running"] == 0, seen
            print(f"khufu: challenge positions drawn with the clock stopped: {seen['paused']}")
        # the replay: a step of the Ultimate Challenge drawn as its own scene (read-only)
        ann.page.set_viewport_size({"width": 1280, "height": 800})
        ann.page.click("#gameover >> text=Watch the replay")
        ann.page.wait_for_selector("#replay-viewer:not([hidden])")
        k = ann.page.evaluate(
            f"""async () => {{
            const r = await fetch('/api/rooms/{room}/replay');
            const frames = (await r.json()).frames;
            return frames.findIndex(f => f.obs && f.obs.challenge && f.obs.challenge.in_progress);
        }}"""
        )
        if k >= 0:
            ann.page.evaluate(
                f"""() => {{ const r = document.getElementById('replay-range');
                r.value = '{k}'; r.dispatchEvent(new Event('input')); }}"""
            )
            ann.page.wait_for_selector(".kh-challenge.in-progress")
            assert "stopped" in ann.page.inner_text("#kh-clock").lower()
            ann.check_words()
            ann.shot(shots, "khufu-1280-challenge")
        print(f"khufu countdown: page vs server clock, largest difference {max(diffs):.2f} s")
        assert ann.errors == []
    finally:
        ann.close()


@pytest.mark.rules("khufu:14.4", "khufu:14.9", "khufu:12.2")
def test_khufu_interruption_is_a_full_screen_moment_and_ends_the_turn(
    server: ServerProc, browser: Any, shots: Path
) -> None:
    weights = [0] * 20
    weights[0] = 100  # MUMMY_CALL: "Who is the mummy?"; a silent player returns a card
    room = server.create(
        "khufu",
        [
            {"kind": "human"},
            {"kind": "bot", "level": "heuristic"},
            {"kind": "bot", "level": "heuristic"},
        ],
        seed=4,
        # Khufu comes 3 s into the game and then not again; five minutes are left at 8 s
        options={
            "first_gap_seconds": [3, 3],
            "gap_seconds": [3600, 3600],
            "event_weights": weights,
            "countdown": 308,
            "mummy_timeout": 60,  # time to answer on a loaded machine
        },
    )["id"]
    ann = Person(browser, server.http, 1280, 800, "Ann")
    try:
        _seat(ann, server, room, 0, "Ann")
        # Khufu's words stay until closed (the moment's own setting, so a slow machine can read them)
        ann.page.evaluate("localStorage.setItem('khufu:linger', 'on')")
        assert ann.wait_turn_or_over(20000)
        ann.click_action("piece Witch")
        # the person does not move: Khufu comes while it is their turn
        moment = ann.page.wait_for_selector("#kh-moment", timeout=30000)
        assert moment is not None
        text = ann.page.inner_text("#kh-moment")
        assert "Khufu interrupts" in text and "your turn ends" in text, text
        assert "Who is the mummy?" in text, text
        assert ann.page.get_attribute("#kh-moment", "data-khufu") == "MUMMY_CALL"
        assert ann.page.get_attribute("#kh-moment", "data-interrupted") == "1"
        assert ann.page.get_attribute("#kh-moment", "data-sound") in (
            "played",
            "muted",
            "unavailable",
        )
        # the answer is played inside the moment, by a click
        ann.page.wait_for_selector("#kh-moment [data-action='answer']", timeout=20000)
        # the moment covers the screen: the window as the person sees it
        ann.page.screenshot(path=str(shots / "khufu-1280-interruption.png"))
        ann.page.set_viewport_size({"width": 390, "height": 844})
        ann.page.screenshot(path=str(shots / "khufu-390-interruption.png"))
        ann.page.set_viewport_size({"width": 1280, "height": 800})
        ann.click_action("answer")
        ann.page.wait_for_function(
            "(document.querySelector('#kh-moment .kh-moment-next') || {}).textContent"
            " && document.querySelector('#kh-moment .kh-moment-next').textContent.includes('The turn passes')",
            timeout=20000,
        )
        print("khufu: the moment's sound:", ann.page.get_attribute("#kh-moment", "data-sound"))
        ann.page.click("#kh-moment >> text=Carry on")
        assert ann.page.locator("#kh-moment").count() == 0
        # the turn passed: the interruption is in the log and other players moved after it
        log = ann.page.locator("#log li").all_inner_texts()
        at = next(i for i, t in enumerate(log) if "Khufu interrupts" in t)
        record = state_now(server, room)
        cut = [e for e in record.events_for(0) if e.get("kind") == "interrupt"]
        assert cut and cut[0]["seat"] == 0
        ann.page.wait_for_function(
            f"document.querySelectorAll('#log li').length > {at + 1}", timeout=20000
        )
        after = ann.page.locator("#log li").all_inner_texts()[at + 1 :]
        assert any(t.startswith("Bot ") for t in after), after
        ann.check_words()
        # five minutes left: Khufu says so, and the countdown turns into the ticking timer
        ann.page.wait_for_selector("#kh-clock.warning", timeout=30000)
        ann.page.wait_for_selector("#kh-moment[data-khufu='FIVE_MINUTES_LEFT']", timeout=10000)
        assert "five minutes left" in ann.page.inner_text("#kh-moment").lower()
        ann.page.keyboard.press("Escape")
        assert ann.page.locator("#kh-moment").count() == 0
        assert _seconds(ann.page.inner_text("#kh-countdown")) <= 300
        ann.shot(shots, "khufu-1280-warning")
        # a reload brings the past back as a catch-up: Khufu does not appear again for it
        ann.page.reload()
        ann.page.wait_for_function("window.obelisk && window.obelisk.states > 0")
        assert ann.page.locator("#kh-moment").count() == 0
        assert "Khufu interrupts" in ann.page.inner_text("#log")
        assert ann.errors == []
    finally:
        ann.close()


@pytest.mark.rules("khufu:10.1", "khufu:10.7", "khufu:12.3")
def test_khufu_live_challenge_stops_the_countdown(
    server: ServerProc, browser: Any, shots: Path
) -> None:
    """The Ultimate Challenge on the live clock: a real-time room played over the protocol
    up to the person's entry into the Sarcophagus' chamber (``web_khufu_helpers``); the
    person clicks into the Challenge, the countdown says in words that it is stopped, does
    not move while the person decides (read twice, ticks apart), agrees with the server's
    clock, and runs again once the Challenge is lost."""
    way = challenge_way()
    room = server.create("khufu", [{"kind": "human"}] * 3, seed=way.seed, options=OPTIONS)["id"]
    tokens = [
        server.post(f"/api/rooms/{room}/join", {"seat": s, "name": n}).json()["token"]
        for s, n in enumerate(("Ann", "Bob", "Cleo"))
    ]
    play_moves(server.ws(room), tokens, way.moves)
    ann = Person(browser, server.http, 1280, 800, "Ann")
    ticks = _listen_clock(ann)
    try:
        ann.goto(f"/rooms/{room}#token={tokens[0]}")
        ann.page.wait_for_function("window.obelisk && window.obelisk.yourTurn", timeout=30000)
        assert way.last.text() in ann.places(), ann.places()
        # a piece that is not to be stolen from lets a click through to the door or room
        # under it (a piece on a door once caught the click meant for "leave")
        through = ann.page.eval_on_selector_all(
            ".kh-board .kh-piece:not(.legal-place)",
            "ns => ns.map(n => getComputedStyle(n).pointerEvents)",
        )
        assert through and set(through) == {"none"}, through
        # before: the clock runs
        _check_countdown(ann, ticks)
        assert ann.page.get_attribute("#kh-clock", "data-state") == "running"
        ann.click_action(way.last.text())
        ann.page.wait_for_selector(".kh-challenge.in-progress")
        ann.page.wait_for_selector("#kh-clock.paused")
        clock = ann.page.inner_text("#kh-clock")
        assert "Clock stopped for the Ultimate Challenge" in clock, clock
        ann.check_words()
        # the countdown stands still: read, two of the server's ticks later read again
        first = ann.page.inner_text("#kh-countdown")
        heard = len(ticks)
        t0 = time.monotonic()
        deadline = t0 + 30
        while len(ticks) < heard + 2 or time.monotonic() - t0 < 1.2:
            assert time.monotonic() < deadline, "no clock message came during the Challenge"
            ann.page.wait_for_timeout(50)
        second = ann.page.inner_text("#kh-countdown")
        assert first == second, f"the countdown moved during the Challenge: {first} → {second}"
        # the server says the same: its clock is not running and has the page's time
        paused = ticks[heard:]
        assert all(not running for _, _, running in paused), paused
        assert len({rem for _, rem, _ in paused}) == 1, paused
        diff = abs(_seconds(second) - paused[-1][1])
        assert diff <= 1.0, f"page {second}, server {paused[-1][1]:.1f} s"
        record = state_now(server, room).observation(0)["clock"]
        assert record["paused"] and abs(record["remaining"] - _seconds(second)) <= 1.0, record
        print(
            f"khufu live challenge (seed {way.seed}, {len(way.moves) + 1} moves): the countdown "
            f"stood at {second} for {time.monotonic() - t0:.1f} s over {len(paused)} ticks, "
            f"{diff:.2f} s from the server's"
        )
        ann.page.evaluate("document.getAnimations().forEach((a) => a.finish())")
        ann.page.screenshot(path=str(shots / "khufu-1280-challenge-live.png"))
        ann.page.set_viewport_size({"width": 390, "height": 844})
        ann.check_words()
        ann.page.evaluate("document.getElementById('kh-clock').scrollIntoView()")
        ann.page.screenshot(path=str(shots / "khufu-390-challenge-live.png"))
        ann.page.set_viewport_size({"width": 1280, "height": 800})
        # the person chooses three cards that lose: the Challenge ends and the clock runs
        choice = next(a for a in way.not_winning if a in ann.places())
        ann.click_action(choice)
        ann.page.wait_for_selector("#kh-clock.running", timeout=20000)
        assert "stopped" not in ann.page.inner_text("#kh-clock").lower()
        _check_countdown(ann, ticks, len(ticks))
        before = ann.page.inner_text("#kh-countdown")
        ann.page.wait_for_function(
            f"document.getElementById('kh-countdown').textContent !== {json.dumps(before)}",
            timeout=5000,
        )
        assert not ann.hook("over")
        assert ann.errors == []
        # a move that goes on past a door (die 0, no roll of its own) as the last move of a
        # state: the table draws the last real roll, or none, and does not fail
        summary = server.get(f"/api/rooms/{room}").json()
        state = {**_last_state(server, room, tokens[1]), "legal": []}
        past = {"kind": "move", "seat": 2, "die": 0, "from": None, "start": 8, "space": 11}
        probe = Person(browser, server.http, 1280, 800, "a probe page")
        try:
            probe.goto("/api/health")
            drawn = draw_states(
                probe.page,
                [{**state, "events": [past]}],
                summary["seats"],
                summary.get("options") or {},
            )
            assert drawn["errors"] == [], drawn["errors"]
            assert "rolled 0" not in drawn["text"]
        finally:
            probe.close()
    finally:
        ann.close()


def _last_state(server: ServerProc, room: str, token: str) -> dict[str, Any]:
    """The state message the server sends a seat on connecting (over the protocol)."""
    with connect(server.ws(room), max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "v": 1, "token": token}))
        while True:
            m = json.loads(ws.recv(timeout=30))
            if m["type"] == "state":
                return dict(m)
