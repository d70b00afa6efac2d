"""Sobek in the browser: two people (a 1280 px window and a 390 px phone) and a computer
player. Created in the lobby, the second seat taken through the share link, played to the
end by clicking the drawing, then replayed. Every state is checked for raw text and
sideways scrolling; at quiet moments each page is checked against the full record."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from server_helpers import ServerProc
from web_helpers import Person, check_p95, sobek_cards, state_now

from obelisk.core import Record, replay


def _create_in_lobby(ann: Person) -> str:
    page = ann.page
    ann.goto("/")
    page.fill("#name", "Ann")
    page.select_option("#game", "sobek")
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    seats = page.locator("#seats select")
    assert seats.count() == 3
    seats.nth(0).select_option("human")
    seats.nth(1).select_option("human")
    seats.nth(2).select_option("bot:random")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#waiting .share-link")
    link = str(page.input_value("#waiting .share-link"))
    assert "token" not in link and "/rooms/" in link
    assert "token" not in page.url
    return link


def _check_pages(server: ServerProc, room: str, people: dict[int, Person]) -> None:
    """At a quiet moment: each page draws exactly the cards of its own observation (or, in
    the middle of a choice it is building, of the position after the steps chosen so far)."""
    state = state_now(server, room)
    for seat, p in people.items():
        seen = len(state.events_for(seat))
        p.page.wait_for_function(f"window.obelisk.seen === {seen}")
        view = state.clone()
        for text in p.hook("building") or []:
            view.apply(view.parse_action(text))
        assert p.cards() == sobek_cards(view.observation(seat), seat), p.label
        hand = p.page.eval_on_selector_all(".hand [data-card]", "ns => ns.map(n => n.dataset.card)")
        assert sorted(hand) == sorted(view.observation(seat)["hand"]), p.label


def _cancel_returns(
    server: ServerProc, room: str, p: Person, before: list[str], shots: Path
) -> None:
    """In the middle of a choice: Cancel returns to its start and plays nothing; built again
    click by click, Esc does the same."""
    steps = len(server.full_record(room)["steps"])
    built = list(p.hook("building"))
    bar = p.page.locator("#build")
    assert bar.is_visible() and "Your choice so far" in bar.inner_text()
    p.check_words()
    p.shot(shots, f"sobek-{(p.page.viewport_size or {}).get('width')}-building")
    for key in (False, True):
        if key:  # the same steps again, then Esc
            for text in built:
                p.click_action(text)
            assert p.hook("building") == built
        if key:
            p.page.keyboard.press("Escape")
        else:
            p.page.click("#build-cancel")
        p.page.wait_for_function("window.obelisk.building === null")
        assert not bar.is_visible()
        assert p.places() == before
        assert len(server.full_record(room)["steps"]) == steps


def _click_outside(p: Person) -> None:
    """Clicks on what is not a legal place change nothing and send nothing."""
    sent = p.hook("sent")
    board = p.page.inner_html("#board")
    for sel in (".nile-head", ".scard:not(.legal-place)", ".panel:not(.legal-place)", ".supply"):
        loc = p.page.locator(sel)
        if loc.count():
            loc.first.click()
    assert p.hook("sent") == sent
    assert p.page.inner_html("#board") == board


def _reload_returns(p: Person) -> None:
    """A reload comes back to the same table and the same log."""
    board = p.page.inner_text("#board")
    mine = p.page.inner_text("#mine-area")
    log = p.page.locator("#log li").count()
    p.page.reload()
    p.page.wait_for_function(
        "window.obelisk && window.obelisk.states > 0 && window.obelisk.yourTurn"
    )
    assert p.page.inner_text("#board") == board
    assert p.page.inner_text("#mine-area") == mine
    assert p.page.locator("#log li").count() == log


def _spectator(browser: Any, server: ServerProc, room: str) -> None:
    carl = Person(browser, server.http, 1280, 800, "spectator")
    try:
        carl.goto(f"/rooms/{room}?watch=1")
        carl.page.wait_for_function("window.obelisk && window.obelisk.states > 0")
        state = state_now(server, room)
        carl.page.wait_for_function(f"window.obelisk.seen === {len(state.events_for(None))}")
        assert carl.page.locator(".hand, .corruption").count() == 0
        assert "Your hand" not in carl.text()
        assert carl.cards() == sobek_cards(state.observation(None), None)
        assert carl.places() == []
        carl.check_words()
    finally:
        carl.close()


# two people and a bot to the end is 40 s on 2 cores: it runs with ``-m slow``; a whole game of
# Sobek by clicks runs every time in test_web_no_lost_click.py, and two people in the rounds
# tests here
@pytest.mark.slow
def test_sobek_two_people_and_a_bot_play_to_the_end(
    server: ServerProc, browser: Any, shots: Path
) -> None:
    ann = Person(browser, server.http, 1280, 800, "Ann")
    bob = Person(browser, server.http, 390, 844, "Bob")
    try:
        link = _create_in_lobby(ann)
        room = link.rsplit("/", 1)[1]
        bob.page.goto(link)
        bob.page.fill("#seat-name", "Bob")
        bob.page.click('.seat-offer button[data-seat="2"]')
        for p in (ann, bob):
            p.page.wait_for_function("window.obelisk && window.obelisk.status === 'playing'")
        people = {0: ann, 1: bob}
        ann.page.wait_for_selector('#panels .panel[data-seat="3"]')
        assert "Bob" in ann.page.inner_text('#panels .panel[data-seat="2"]')
        ann.shot(shots, "sobek-1280-start")
        bob.shot(shots, "sobek-390-start")

        rng = random.Random(5)
        moves = 0
        cancels = 0
        reloaded = False
        before: list[str] = []
        while not (ann.hook("over") and bob.hook("over")):
            mover = next((p for p in (ann, bob) if p.hook("yourTurn")), None)
            if mover is None:
                if not ann.wait_turn_or_over(200):
                    bob.wait_turn_or_over(200)
                continue
            for p in (ann, bob):
                p.check_words()
            if moves % 12 == 0:
                _check_pages(server, room, people)
            if moves == 4:
                _click_outside(mover)
            building = mover.hook("building")
            if building and len(building) >= 2 and not cancels:
                _cancel_returns(server, room, mover, before, shots)
                cancels += 1
                continue
            if moves >= 8 and not reloaded and not building:
                _reload_returns(mover)
                reloaded = True
            if moves == 14:
                _spectator(browser, server, room)
            if moves == 24:
                ann.shot(shots, "sobek-1280-mid")
                bob.shot(shots, "sobek-390-mid")
            if not building:
                before = mover.places()
            mover.click_random(rng, prefer=("take", "add", "set", "done", "token"))
            moves += 1
            assert moves < 800, "the game did not end"

        for p in (ann, bob):
            p.page.wait_for_selector("#gameover:not([hidden])")
            assert "Game over" in p.page.inner_text("#gameover")
            assert "Game over" in p.page.inner_text("#status")
            p.check_words()
        ann.shot(shots, "sobek-1280-end")
        bob.shot(shots, "sobek-390-end")
        _check_pages(server, room, people)

        # Bob asks for the rematch; Ann's page offers to join it
        bob.page.click("#again")
        bob.page.wait_for_function(f"window.obelisk.room && window.obelisk.room !== '{room}'")
        again = str(bob.hook("room"))
        bob.page.wait_for_selector("#waiting .share-link")
        ann.page.wait_for_function(
            "document.getElementById('again') && "
            "document.getElementById('again').textContent === 'Join the rematch'"
        )
        ann.check_words()

        # the replay of it, from the server: every position as Ann saw it
        ann.page.click("#gameover >> text=Watch the replay")
        ann.page.wait_for_selector("#replay-viewer:not([hidden])")
        counter = ann.page.locator("#replay-step")
        assert counter.inner_text().startswith("Step 1 of ")
        total = int(counter.inner_text().rsplit(" ", 1)[1])
        assert total > moves / 2
        full = Record.from_json(server.full_record(room))
        first = replay(full, upto=0).observation(0)
        hand = ann.page.eval_on_selector_all(
            "#replay-viewer .hand [data-card]", "ns => ns.map(n => n.dataset.card)"
        )
        assert sorted(hand) == sorted(first["hand"])
        ann.page.click("#replay-next")
        assert counter.inner_text().startswith("Step 2 of ")
        ann.page.keyboard.press("End")
        assert counter.inner_text() == f"Step {total} of {total}"
        entries = ann.page.locator("#replay-log li").count()
        ann.page.click("#replay-back")
        assert counter.inner_text() == f"Step {total - 1} of {total}"
        assert ann.page.locator("#replay-log li").count() <= entries
        ann.check_words()
        ann.shot(shots, "sobek-1280-replay")
        last = replay(full).observation(0)
        ann.page.keyboard.press("End")
        hand = ann.page.eval_on_selector_all(
            "#replay-viewer .hand [data-card]", "ns => ns.map(n => n.dataset.card)"
        )
        assert sorted(hand) == sorted(last["hand"])

        # Ann joins the rematch from her game's end: both seated again, the bot kept
        ann.goto(f"/rooms/{room}")
        ann.page.click("#again")
        for p in (ann, bob):
            p.page.wait_for_function(
                f"window.obelisk.room === '{again}' && window.obelisk.status === 'playing'"
            )
        summary = server.get(f"/api/rooms/{again}").json()
        assert [s["kind"] for s in summary["seats"]] == ["human", "human", "bot"]
        assert [s["name"] for s in summary["seats"][:2]] == ["Ann", "Bob"]
        assert ann.hook("seat") == 0 and bob.hook("seat") == 1

        assert cancels == 1, "no choice of several clicks was built and cancelled"
        check_p95(shots, "sobek", [ann, bob])
        assert ann.errors == [] and bob.errors == []
    finally:
        ann.close()
        bob.close()
