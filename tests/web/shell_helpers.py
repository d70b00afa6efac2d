"""Helpers for the shell's browser tests (lobby, your turn, undo, handing a seat over):
a person seated in a room by its token, and browser stand-ins for notifications."""

from __future__ import annotations

import json
from typing import Any

from server_helpers import ServerProc
from web_helpers import Person

#: A stand-in for the browser's Notification (headless Chromium has none to show) and a
#: tab that can be hidden: ``window.__notes`` records every notification, ``__asks`` every
#: permission request; ``__hidden`` says whether the tab is hidden.
FAKE_NOTIFICATIONS = """(() => {
  const permission = %s;
  window.__notes = []; window.__asks = 0; window.__hidden = false;
  class FakeNotification {
    constructor(title, opts) { window.__notes.push({ title, body: (opts || {}).body || '' }); }
    close() {}
  }
  FakeNotification.permission = permission;
  FakeNotification.requestPermission = async () => {
    window.__asks++; FakeNotification.permission = 'granted'; return 'granted';
  };
  window.Notification = FakeNotification;
  Object.defineProperty(document, 'hidden', { get: () => window.__hidden, configurable: true });
})();"""


def fake_notifications(permission: str) -> str:
    """The init script of :data:`FAKE_NOTIFICATIONS` with the browser's answer so far."""
    return FAKE_NOTIFICATIONS % json.dumps(permission)


def seated(
    browser: Any,
    server: ServerProc,
    room: str,
    seat: int,
    token: str,
    label: str,
    size: tuple[int, int] = (1280, 800),
    init: str | None = None,
) -> Person:
    """A person at ``seat`` of ``room`` (its token put in the page's storage, as joining
    does), the room opened and its first state drawn."""
    p = Person(browser, server.http, size[0], size[1], label)
    if init:
        p.ctx.add_init_script(init)
    p.goto("/")
    p.page.evaluate(
        "([room, seat, token]) => localStorage.setItem('obelisk:seat:' + room,"
        " JSON.stringify({ seat, token }))",
        [room, seat, token],
    )
    p.goto(f"/rooms/{room}")
    p.wait_drawn(0)
    return p


def join_as(server: ServerProc, room: str, seat: int, name: str) -> str:
    """Take ``seat`` of ``room`` under ``name``; the seat's token."""
    r = server.post(f"/api/rooms/{room}/join", {"seat": seat, "name": name})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def against_a_bot(
    browser: Any, server: ServerProc, label: str, init: str | None = None
) -> tuple[str, Person]:
    """Ann at seat 1 of a new Sobek room against a random computer player: the room and
    her page (its first state drawn)."""
    room = str(
        server.create("sobek", [{"kind": "human"}, {"kind": "bot", "level": "random"}])["id"]
    )
    token = join_as(server, room, 0, "Ann")
    return room, seated(browser, server, room, 0, token, label, init=init)
