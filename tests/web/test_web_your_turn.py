"""Your turn is noticed (issue 40, item 9): the tab's title and icon say it, a chime that is
off until the person turns it on (and remembered), a notification when the tab is hidden
(permission asked from a button, once, never on load), and a live region that says the
newest sentence of the story."""

from __future__ import annotations

import random
from typing import Any

from server_helpers import ServerProc
from shell_helpers import against_a_bot, fake_notifications, join_as, seated

TURN_ICON = "/static/img/icon-turn.svg"
PLAIN_ICON = "/static/img/icon.svg"


def _play_until_noticed(p: Any, rng: random.Random) -> None:
    """Play until the page notices a new turn (the computer player moved in between)."""
    before = p.hook("noticed")
    while p.hook("noticed") == before and not p.hook("over"):
        p.click_random(rng)
        p.wait_turn_or_over(5000)


def _tab(p: Any) -> tuple[str, str]:
    return (
        str(p.page.title()),
        str(p.page.get_attribute("#favicon", "href")),
    )


def test_the_tab_title_and_icon_say_whose_turn_it_is(server: ServerProc, browser: Any) -> None:
    room = server.create("sobek", [{"kind": "human"}, {"kind": "human"}], seed=1)["id"]
    tokens = [join_as(server, room, 0, "Ann"), join_as(server, room, 1, "Bob")]
    people = [
        seated(browser, server, room, i, tokens[i], name) for i, name in enumerate(("Ann", "Bob"))
    ]
    try:
        rng = random.Random(5)
        for _ in range(3):
            for p in people:
                p.page.wait_for_function("window.obelisk.status === 'playing'")
            mover = next(p for p in people if p.wait_turn_or_over(5000))
            other = people[1 - people.index(mover)]
            other.page.wait_for_function("!window.obelisk.yourTurn")
            assert _tab(mover) == ("▶ Your turn · Sobek · Obelisk", TURN_ICON), mover.label
            assert _tab(other) == ("Sobek · Obelisk", PLAIN_ICON), other.label
            # the mover plays until the turn passes
            while mover.wait_turn_or_over(300) and not mover.hook("over"):
                mover.click_random(rng)
                if other.wait_turn_or_over(300):
                    break
        people[0].page.click("#leave")
        people[0].page.wait_for_selector("#lobby:not([hidden])")
        assert _tab(people[0]) == ("Obelisk", PLAIN_ICON)
        for icon in (TURN_ICON, PLAIN_ICON):
            r = server.get(icon)
            assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    finally:
        for p in people:
            p.close()


def test_the_chime_is_off_until_turned_on_and_is_remembered(
    server: ServerProc, browser: Any
) -> None:
    _room, p = against_a_bot(browser, server, "chime")
    try:
        button = p.page.locator("#sound")
        assert button.get_attribute("aria-pressed") == "false"
        assert not p.hook("chimes"), "a chime played while the sound is off"
        button.click()
        assert button.get_attribute("aria-pressed") == "true"
        assert p.hook("chimes") == 1  # the sample the click plays
        p.page.reload()
        p.wait_drawn(0)
        assert p.page.get_attribute("#sound", "aria-pressed") == "true"
        button.click()
        assert p.page.evaluate("localStorage.getItem('obelisk:sound')") == "false"
    finally:
        p.close()


def test_a_hidden_tab_is_notified_when_the_turn_comes(server: ServerProc, browser: Any) -> None:
    _room, p = against_a_bot(browser, server, "notify", init=fake_notifications("granted"))
    try:
        assert p.page.locator("#notify").is_hidden(), "permission granted: nothing to ask"
        if not p.wait_turn_or_over(5000):
            raise AssertionError("Ann's turn never came")
        p.page.evaluate("window.__hidden = true; window.__notes = []")
        rng = random.Random(2)
        # Ann plays until the computer player has moved and her turn comes again
        _play_until_noticed(p, rng)
        notes = p.page.evaluate("window.__notes")
        assert notes, "no notification in the hidden tab"
        assert notes[-1]["title"] == "Your turn in Sobek"
        assert notes[-1]["body"].strip() == p.page.inner_text("#said").strip()
        # a visible tab is not notified
        p.page.evaluate("window.__hidden = false; window.__notes = []")
        _play_until_noticed(p, rng)
        assert p.page.evaluate("window.__notes") == []
    finally:
        p.close()


def test_notifications_are_asked_for_once_from_a_button(server: ServerProc, browser: Any) -> None:
    _room, p = against_a_bot(browser, server, "ask", init=fake_notifications("default"))
    try:
        assert p.page.evaluate("window.__asks") == 0, "permission asked on load"
        button = p.page.locator("#notify")
        assert button.is_visible()
        button.click()
        p.page.wait_for_selector("#notify", state="hidden")
        assert p.page.evaluate("window.__asks") == 1
        p.page.reload()
        p.wait_drawn(0)
        assert p.page.locator("#notify").is_hidden()
        assert p.page.evaluate("window.__asks") == 0
    finally:
        p.close()


def test_the_live_region_says_the_newest_sentence(server: ServerProc, browser: Any) -> None:
    _room, p = against_a_bot(browser, server, "live")
    try:
        assert p.page.get_attribute("#said", "aria-live") == "polite"
        assert p.page.get_attribute("#log", "aria-live") is None, "the whole log read out"
        rng = random.Random(3)
        for _ in range(3):
            assert p.wait_turn_or_over(5000)
            if p.hook("over"):
                break
            p.click_random(rng)
            p.wait_turn_or_over(5000)
            newest = p.page.locator("#log li").last.inner_text()
            assert p.page.inner_text("#said").strip() == newest.strip()
    finally:
        p.close()
