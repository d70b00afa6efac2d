"""The companions' one session store (companion/http.py), and the Khufu page's use of it."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from obelisk.companion import web_abu_simbel, web_khufu, web_mummy
from obelisk.companion.http import SessionStore
from obelisk.companion.khufu import CompanionError

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on httpx, not ours
    from fastapi.testclient import TestClient

KAPI = "/api/companion/khufu/sessions"
PLAYERS = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cleo"}]


class FakeClock:
    """Seconds that move only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def store(clock: FakeClock, most: int = 3, idle: float = 100) -> SessionStore[str]:
    return SessionStore(CompanionError, most, idle, clock=clock)


def test_the_store_remembers_when_each_session_was_last_seen() -> None:
    clock = FakeClock()
    s = store(clock)
    a = s.add("a")
    assert s.last_seen(a) == 1000.0
    clock.now += 30
    assert s.get(a) == "a" and s.last_seen(a) == 1030.0
    with pytest.raises(CompanionError, match="no such game here"):
        s.get("nope")
    with pytest.raises(CompanionError, match="no such game here"):
        s.last_seen("nope")


def test_idle_sessions_go_and_the_least_recently_seen_makes_room() -> None:
    clock = FakeClock()
    s = store(clock)
    a, b, c = s.add("a"), s.add("b"), s.add("c")
    s.get(a)  # a is seen again: b is now the least recently seen
    d = s.add("d")
    assert b not in s and {a, c, d} <= set(s.held) and len(s) == 3
    clock.now += 60
    s.get(c)
    clock.now += 60  # a and d untouched for 120 s, c for 60 s
    e = s.add("e")
    assert a not in s and d not in s and c in s and e in s and len(s) == 2


def test_the_three_companions_keep_their_sessions_in_the_shared_store() -> None:
    for module in (web_khufu, web_mummy, web_abu_simbel):
        assert "SessionStore" in vars(module), module.__name__
    assert not hasattr(web_khufu, "Sessions")


@pytest.fixture()
def khufu_api(tmp_path: Path) -> Any:
    clock = FakeClock()
    sessions: SessionStore[web_khufu.Held] = SessionStore(CompanionError, 2, 100, clock=clock)
    app = FastAPI()
    web_khufu.register(app, tmp_path, sessions)
    with TestClient(app) as client:
        yield client, sessions, clock


def test_the_khufu_page_keeps_its_sessions_in_the_shared_store(khufu_api: Any) -> None:
    client, sessions, clock = khufu_api
    first = client.post(KAPI, json={"players": PLAYERS, "seed": 4})
    assert first.status_code == 201
    a = first.json()["id"]
    assert sessions.last_seen(a) == 1000.0
    clock.now += 50
    assert client.get(f"{KAPI}/{a}").status_code == 200  # polling keeps it alive
    assert sessions.last_seen(a) == 1050.0
    b = client.post(KAPI, json={"players": PLAYERS}).json()["id"]
    clock.now += 80  # a seen 80 s ago, b 80 s ago too: both still live
    assert client.post(f"{KAPI}/{a}/start").status_code == 200
    c = client.post(KAPI, json={"players": PLAYERS}).json()["id"]
    assert b not in sessions and a in sessions and c in sessions  # b was the least recent
    gone = client.get(f"{KAPI}/{b}")
    assert gone.status_code == 404
    assert gone.json() == {"error": "no such game here (the server may have restarted)"}
    clock.now += 101
    client.post(KAPI, json={"players": PLAYERS})
    assert a not in sessions and c not in sessions and len(sessions) == 1
    assert client.get(f"{KAPI}/{a}/record").status_code == 404
