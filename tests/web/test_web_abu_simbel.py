"""Abu Simbel in the browser: two people (a window and a phone) and a computer player, seats
opened by #token= links, played to the end by clicking the moves, the treasure decks and
the route; the memory rule on the page (face-down chambers on the way out, no chamber named
in the log); then the referee's pass/fail buttons."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

from server_helpers import ServerProc
from web_helpers import Person, check_p95, state_now

from obelisk.core import State
from obelisk.games.abu_simbel.narration import CHAMBER_NAME


def _seat(p: Person, server: ServerProc, room: str, seat: int, name: str) -> None:
    """Open a seat through a #token= link: the token leaves the address bar at once."""
    r = server.post(f"/api/rooms/{room}/join", {"seat": seat, "name": name})
    assert r.status_code == 200, r.text
    p.goto(f"/rooms/{room}#token={r.json()['token']}")
    p.page.wait_for_function("window.obelisk && window.obelisk.states > 0")
    assert "token" not in p.page.url


def _token(text: str) -> str:
    """A move's typed text as its token: "crab 2" -> CRAB_2, "stomp 3" -> STOMP_X3."""
    return text.upper().replace(" ", "_").replace("STOMP_", "STOMP_X")


def _check_pages(state: State, people: dict[int, Person]) -> None:
    """Each page shows the chambers its observation shows, and only its own treasures."""
    for seat, p in people.items():
        p.page.wait_for_function(f"window.obelisk.seen === {len(state.events_for(seat))}")
        obs = state.observation(seat)
        shown = p.page.eval_on_selector_all(
            "#board [data-chamber]", "ns => ns.map(n => [+n.dataset.slot - 1, n.dataset.chamber])"
        )
        want = [[c["slot"], c["type"]] for c in obs["route"] if not c.get("face_down")]
        assert sorted(shown) == sorted(want), p.label
        if obs["route_hidden"]:
            assert shown == [], f"{p.label} sees chambers on the way out"
        treasures = p.page.eval_on_selector_all(
            "#mine-area [data-treasure]", "ns => ns.map(n => n.dataset.treasure)"
        )
        mine = list(obs["my_treasures"]) + (
            [obs["drawn_treasure"]] if obs["drawn_treasure"] else []
        )
        assert Counter(treasures) == Counter(mine), p.label
        log = p.page.inner_text("#log").lower()
        for name in CHAMBER_NAME.values():
            assert name not in log, f"{p.label}'s log names {name}"


def test_abu_simbel_two_people_and_a_bot_play_to_the_end(
    server: ServerProc, browser: Any, shots: Path
) -> None:
    room = server.create(
        "abu_simbel",
        [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "heuristic"}],
        seed=11,
    )["id"]
    ann = Person(browser, server.http, 1280, 800, "Ann")
    bob = Person(browser, server.http, 390, 844, "Bob")
    try:
        _seat(ann, server, room, 0, "Ann")
        _seat(bob, server, room, 1, "Bob")
        for p in (ann, bob):
            p.page.wait_for_function("window.obelisk.status === 'playing'")
        people = {0: ann, 1: bob}
        ann.shot(shots, "abu_simbel-1280-start")
        bob.shot(shots, "abu_simbel-390-start")
        rng = random.Random(3)
        moves = 0
        way_out_seen = False
        while not (ann.hook("over") and bob.hook("over")):
            mover = next((p for p in (ann, bob) if p.hook("yourTurn")), None)
            if mover is None:
                if not ann.wait_turn_or_over(200):
                    bob.wait_turn_or_over(200)
                continue
            for p in (ann, bob):
                p.check_words()
            state = state_now(server, room)
            _check_pages(state, people)
            out = mover.page.locator(".chamber.face-down").count() > 0
            if out and not way_out_seen:
                way_out_seen = True
                mover.shot(shots, f"abu_simbel-{'1280' if mover is ann else '390'}-way-out")
            if moves == 3:
                sent = mover.hook("sent")
                mover.page.locator(".route-end").first.click()
                mover.page.locator(".as-counts").click()
                assert mover.hook("sent") == sent
            if moves == 5:
                board = mover.page.inner_text("#board")
                log = mover.page.inner_text("#log")
                mover.page.reload()
                mover.page.wait_for_function("window.obelisk.states > 0 && window.obelisk.yourTurn")
                assert mover.page.inner_text("#board") == board
                assert mover.page.inner_text("#log") == log
            if moves == 6:
                ann.shot(shots, "abu_simbel-1280-mid")
                bob.shot(shots, "abu_simbel-390-mid")
            # the right move most of the time while the chambers show, so rounds go on
            acts = mover.places()
            right = None
            obs = state.observation(mover.hook("seat"))
            odds = {"way_in": 0.97, "way_out": 0.93}.get(obs["phase"], 0.0)
            if rng.random() < odds:
                # the test knows the route from the full record; the page does not show it
                slot = obs["way_order"][obs["progress"]]
                token = state.observation(None)["route"][slot]["token"]
                right = next((a for a in acts if _token(a) == token.upper()), None)
            if right:
                mover.click_action(right)
            else:
                mover.click_random(rng)
            moves += 1
            assert moves < 400, "the game did not end"
        assert way_out_seen
        for p in (ann, bob):
            p.page.wait_for_selector("#gameover:not([hidden])")
            p.check_words()
        ann.shot(shots, "abu_simbel-1280-end")
        bob.shot(shots, "abu_simbel-390-end")

        bob.page.click("#gameover >> text=Watch the replay")
        bob.page.wait_for_selector("#replay-viewer:not([hidden])")
        counter = bob.page.locator("#replay-step")
        total = int(counter.inner_text().rsplit(" ", 1)[1])
        bob.page.click("#replay-last")
        assert counter.inner_text() == f"Step {total} of {total}"
        bob.page.keyboard.press("ArrowLeft")
        assert counter.inner_text() == f"Step {total - 1} of {total}"
        bob.check_words()
        bob.shot(shots, "abu_simbel-390-replay")

        check_p95(shots, "abu_simbel", [ann, bob])
        assert ann.errors == [] and bob.errors == []
    finally:
        ann.close()
        bob.close()


def test_abu_simbel_referee_passes_and_fails(server: ServerProc, browser: Any) -> None:
    room = server.create(
        "abu_simbel", [{"kind": "human"}, {"kind": "human"}], variant="referee", seed=2
    )["id"]
    ann = Person(browser, server.http, 1280, 800, "Ann")
    bob = Person(browser, server.http, 390, 844, "Bob")
    try:
        _seat(ann, server, room, 0, "Ann")
        _seat(bob, server, room, 1, "Bob")
        bob.page.wait_for_function("window.obelisk.yourTurn")
        assert bob.page.locator(".referee button.verdict.pass").count() == 1
        assert bob.page.locator(".referee button.verdict.fail").count() == 1
        assert set(bob.places()) == {"ok 1", "fail 1"}
        bob.click_action("ok 1")
        bob.page.wait_for_function("window.obelisk.yourTurn")
        assert set(bob.places()) == {"ok 2", "fail 2"}
        assert ann.places() == []
        bob.check_words()
        ann.check_words()
        # a spectator: the route of the way in, no treasure of anybody's, nothing to click
        carl = Person(browser, server.http, 390, 844, "spectator")
        try:
            carl.goto(f"/rooms/{room}?watch=1")
            carl.page.wait_for_function("window.obelisk && window.obelisk.states > 0")
            assert carl.page.locator("#mine-area [data-treasure], .abu-mine").count() == 0
            assert carl.places() == []
            assert "You are watching" in carl.page.inner_text("#who")
            carl.check_words()
        finally:
            carl.close()
    finally:
        ann.close()
        bob.close()
