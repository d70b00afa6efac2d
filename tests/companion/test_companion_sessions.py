"""Companion sessions belong to whoever created them (issue 33, item 5): the store of
``companion/http.py`` and the three companions' APIs.

A session opens only with its key; a stranger (no key, a wrong key) can neither read it,
act on it, save it nor push it out; new sessions are limited per address and in all, and
past a limit they are refused, never made by evicting a live one; an idle session expires.
Time is a fake clock: no test sleeps.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from obelisk.companion import web_abu_simbel, web_khufu, web_mummy
from obelisk.companion.http import KEY_HEADER, SessionLimits, SessionRefused, SessionStore
from obelisk.companion.saves import SaveSealer

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on httpx, not ours
    from fastapi.testclient import TestClient

PLAYERS = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cleo"}]


class FakeClock:
    """Seconds that move only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def store(clock: FakeClock, **limits: Any) -> SessionStore[str]:
    return SessionStore(SessionLimits(**limits), clock=clock)


def refused(call: Any, status: int, code: str) -> str:
    with pytest.raises(SessionRefused) as err:
        call()
    assert (err.value.status, err.value.code) == (status, code), err.value.message
    return err.value.message


# -- the store ---------------------------------------------------------------------------
def test_a_session_opens_only_with_its_own_key() -> None:
    s = store(FakeClock())
    sid, key = s.add("family", "10.0.0.1")
    _other, other_key = s.add("other", "10.0.0.1")
    assert s.get(sid, key) == "family"
    assert "no session key" in refused(lambda: s.get(sid, None), 403, "forbidden")
    assert "wrong session key" in refused(lambda: s.get(sid, other_key), 403, "forbidden")
    refused(lambda: s.get(sid, key + "x"), 403, "forbidden")
    assert "no such game here" in refused(lambda: s.get("nope", key), 404, "not_found")


def test_ids_and_keys_are_unguessable_and_never_repeat() -> None:
    s = store(FakeClock(), max_sessions=500, per_address=500, per_minute=500)
    made = [s.add(str(i), "10.0.0.1") for i in range(300)]
    for sid, key in made:
        assert len(sid) >= 22 and len(key) >= 43  # 128 and 256 bits of base64
    assert len({sid for sid, _ in made}) == len({key for _, key in made}) == 300


def test_a_full_store_refuses_new_sessions_and_keeps_every_live_one() -> None:
    clock = FakeClock()
    s = store(clock, max_sessions=3, idle_seconds=100)
    live = [s.add(name, f"10.0.0.{i}") for i, name in enumerate("abc")]
    message = refused(lambda: s.add("d", "10.0.0.9"), 503, "busy")
    assert "no game is ever pushed out" in message and "(3)" in message
    assert refused(lambda: s.admit("10.0.0.9"), 503, "busy")
    assert [s.get(sid, key) for sid, key in live] == ["a", "b", "c"]


@pytest.mark.parametrize("quiet", [99.0, 100.0])
def test_a_session_lives_while_requests_keep_coming(quiet: float) -> None:
    clock = FakeClock()
    s = store(clock, idle_seconds=100)
    sid, key = s.add("a", "10.0.0.1")
    for _ in range(10):
        clock.now += quiet
        assert s.get(sid, key) == "a"
    assert s.last_seen(sid) == 1000.0 + 10 * quiet


def test_an_idle_session_expires_and_frees_its_place() -> None:
    clock = FakeClock()
    s = store(clock, max_sessions=2, idle_seconds=100)
    a = s.add("a", "10.0.0.1")
    b = s.add("b", "10.0.0.2")
    clock.now += 60
    s.get(*a)  # a is seen: it lives on
    clock.now += 41  # b has had no request for 101 s
    assert b[0] not in s and a[0] in s
    assert "2 minutes without a request" in refused(lambda: s.get(*b), 404, "not_found")
    c = s.add("c", "10.0.0.3")  # b's place
    assert s.get(*a) == "a" and s.get(*c) == "c"


def test_one_address_may_start_so_many_a_minute() -> None:
    clock = FakeClock()
    s = store(clock, per_minute=3, per_address=100)
    for _ in range(3):
        s.admit("10.0.0.1")
    message = refused(lambda: s.admit("10.0.0.1"), 429, "rate_limited")
    assert "at most 3 a minute" in message
    s.admit("10.0.0.2")  # another address has its own count
    clock.now += 20  # a third of a minute: one more
    s.admit("10.0.0.1")
    refused(lambda: s.admit("10.0.0.1"), 429, "rate_limited")


def test_one_address_may_keep_so_many_games_open() -> None:
    clock = FakeClock()
    s = store(clock, per_address=2, idle_seconds=100)
    s.add("a", "10.0.0.1")
    s.add("b", "10.0.0.1")
    assert "already has 2 games open" in refused(
        lambda: s.add("c", "10.0.0.1"), 429, "rate_limited"
    )
    s.add("c", "10.0.0.2")
    clock.now += 101  # both idle: expired, the address may start again
    s.add("d", "10.0.0.1")


# -- the three companions' APIs ----------------------------------------------------------
SPECS: dict[str, tuple[Any, dict[str, Any], str]] = {
    "abu_simbel": (web_abu_simbel, {"names": ["Ann", "Bob"], "seed": 1}, "say"),
    "mummy": (web_mummy, {"names": ["Ann", "Bob"], "seed": 2}, "say"),
    "khufu": (web_khufu, {"players": PLAYERS, "seed": 4}, "start"),
}


class Api:
    """One companion's API on a bare app, with a fake clock and small limits."""

    def __init__(self, name: str, tmp: Path, **limits: Any) -> None:
        self.name = name
        self.module, self.new_body, self.what = SPECS[name]
        self.clock = FakeClock()
        self.sessions: SessionStore[Any] = SessionStore(SessionLimits(**limits), self.clock)
        self.app = FastAPI()
        self.module.register(self.app, tmp, self.sessions, SaveSealer(tmp / "key"))
        self.base = f"/api/companion/{name}/sessions"

    def client(self, address: str = "10.0.0.1") -> TestClient:
        return TestClient(self.app, client=(address, 40000))

    def create(self, address: str = "10.0.0.1") -> Any:
        return self.client(address).post(self.base, json=self.new_body)

    def input(self, view: dict[str, Any]) -> dict[str, Any]:
        """A body for the companion's first input (a button of the view)."""
        if self.what == "start":
            return {}
        return {"text": view["choices"][0]["action"]}


@pytest.fixture(params=sorted(SPECS))
def api(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Api]:
    yield Api(request.param, tmp_path, max_sessions=16, per_address=4, per_minute=6)


def test_a_stranger_can_neither_read_act_on_nor_save_a_session(api: Api) -> None:
    family = api.client()
    made = family.post(api.base, json=api.new_body)
    assert made.status_code == 201
    sid, key = made.json()["id"], made.json()["key"]
    assert key not in made.headers.get("location", "") and sid != key
    url = f"{api.base}/{sid}"
    before = family.get(url, headers={KEY_HEADER: key})
    assert before.status_code == 200
    assert before.headers["cache-control"] == "no-store"  # a shared phone keeps no copy
    stranger = api.client("10.6.6.6")
    step = api.input(made.json()["view"])
    for headers in ({}, {KEY_HEADER: "guess"}, {KEY_HEADER: ""}):
        for r in (
            stranger.get(url, headers=headers),
            stranger.post(f"{url}/{api.what}", json=step, headers=headers),
            stranger.get(f"{url}/record", headers=headers),
        ):
            assert r.status_code == 403, r.text
            body = r.json()
            assert (
                body["error"] == "forbidden"
                and "belongs to the page that started it" in (body["message"])
            )
            assert set(body) == {"error", "message"}  # no view, nothing of the game
    if api.name == "khufu":
        r = stranger.get(f"{url}/audio/0")
        assert r.status_code == 403 and r.json()["error"] == "forbidden"
    assert family.get(url, headers={KEY_HEADER: key}).json() == before.json()  # unchanged
    acted = family.post(f"{url}/{api.what}", json=step, headers={KEY_HEADER: key})
    assert acted.status_code == 200, acted.text
    saved = family.get(f"{url}/record", headers={KEY_HEADER: key})
    # the referee's game starts with its first route: until then there is nothing to save
    assert saved.status_code == (409 if api.name == "abu_simbel" else 200), saved.text


def test_sixty_five_anonymous_creations_do_not_evict_a_live_session(api: Api) -> None:
    made = api.create("10.0.0.1").json()
    sid, key = made["id"], made["key"]
    # one stranger's address: its rate and its open games are limited
    one = [api.create("10.6.6.6").status_code for _ in range(65)]
    assert one[:4] == [201] * 4 and set(one[4:]) == {429}
    # 65 addresses: the server's cap refuses the newest, never evicts the family's
    many = [api.create(f"10.7.{i // 250}.{i % 250}") for i in range(65)]
    codes = [r.status_code for r in many]
    assert codes.count(201) == 16 - 1 - 4 and set(codes[11:]) == {503}
    assert many[-1].json()["error"] == "busy" and "try again in" in many[-1].json()["message"]
    assert int(many[-1].headers["retry-after"]) >= 60
    family = api.client()
    for _ in range(3):  # two hours of play, a request every hour
        api.clock.now += 3600
        assert family.get(f"{api.base}/{sid}", headers={KEY_HEADER: key}).status_code == 200
    # the strangers' sessions have expired; their places are free again
    assert len(api.sessions) == 1
    assert api.create("10.0.0.2").status_code == 201


def test_an_idle_session_expires_with_a_clear_message(api: Api) -> None:
    made = api.create().json()
    api.clock.now += 2 * 3600 + 1
    r = api.client().get(f"{api.base}/{made['id']}", headers={KEY_HEADER: made["key"]})
    assert r.status_code == 404 and r.json()["error"] == "not_found"
    assert "2 hours without a request" in r.json()["message"]
    assert "resume it from a saved game" in r.json()["message"]


def test_errors_come_in_the_servers_one_shape(api: Api) -> None:
    c = api.client()
    r = c.post(api.base, content=b"[1, 2")
    assert r.status_code == 400 and r.json() == {
        "error": "bad_request",
        "message": "The request is not JSON",
    }
    r = c.post(api.base, json={"record": {"format": "nope"}})
    assert r.status_code == 400 and r.json()["error"] == "bad_request"
    assert r.json()["message"][:1].isupper()
    made = api.create().json()
    r = c.post(
        f"{api.base}/{made['id']}/{api.what}",
        content=b"x" * 5000,
        headers={KEY_HEADER: made["key"]},
    )
    assert r.status_code == 413 and r.json()["error"] == "too_large"


def test_the_three_companions_keep_their_sessions_in_the_shared_store() -> None:
    for module in (web_khufu, web_mummy, web_abu_simbel):
        assert "SessionStore" in vars(module), module.__name__
