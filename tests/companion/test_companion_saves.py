"""A saved companion game hides its secrets from whoever opens the file (issue 33, item 5).

The Abu Simbel referee's mid-game save must not show the route or the walker's treasure:
two games that differ only in those give files whose visible parts are identical, and each
resumes to its own game. Khufu's and the mummy's saves hide their seed (it tells Khufu's
coming orders and hand, the mummy's coming rolls and choices). The key stays on the server:
a save resumes there after a restart, another server refuses it with the reason.
"""

from __future__ import annotations

import base64
import json
import os
import stat
import warnings
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from obelisk.companion import web_abu_simbel, web_khufu, web_mummy
from obelisk.companion.http import KEY_HEADER
from obelisk.companion.saves import KEY_FILE, SAVE_FORMAT, SaveError, SaveSealer, data_dir
from obelisk.core import Record, replay
from obelisk.games.abu_simbel.components import card_token, card_type
from obelisk.games.abu_simbel.narration import chamber_name, move_phrase, treasure_words

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on httpx, not ours
    from fastapi.testclient import TestClient

ABU = "/api/companion/abu_simbel/sessions"
KHUFU = "/api/companion/khufu/sessions"
MUMMY = "/api/companion/mummy/sessions"
MODULES = (web_abu_simbel, web_khufu, web_mummy)


def server(key_dir: Path) -> TestClient:
    """The three companions on a bare app whose saves are sealed with ``key_dir``'s key."""
    app = FastAPI()
    sealer = SaveSealer(key_dir / KEY_FILE)
    for module in MODULES:
        module.register(app, key_dir, None, sealer)
    return TestClient(app)


class Game:
    """One session on a test server: its id, key and requests."""

    def __init__(self, client: TestClient, base: str, body: dict[str, Any]) -> None:
        self.client = client
        self.base = base
        made = client.post(base, json=body)
        assert made.status_code == 201, made.text
        self.id, self.key = made.json()["id"], made.json()["key"]
        self.first_view = made.json()["view"]

    def get(self, path: str = "") -> Any:
        r = self.client.get(f"{self.base}/{self.id}{path}", headers={KEY_HEADER: self.key})
        assert r.status_code == 200, r.text
        return r.json()

    def post(self, what: str, body: dict[str, Any]) -> Any:
        r = self.client.post(
            f"{self.base}/{self.id}/{what}", json=body, headers={KEY_HEADER: self.key}
        )
        assert r.status_code == 200, r.text
        return r.json()

    def say(self, *texts: str) -> Any:
        view = None
        for t in texts:
            view = self.post("say", {"text": t})
        return view


def _marks(cards: list[str]) -> list[str]:
    """What would betray a chamber: its card id, kind, name and move."""
    out = []
    for c in cards:
        out += [c, card_type(c), chamber_name(c).removeprefix("the "), move_phrase(card_token(c))]
    return out


def _referee_game(client: TestClient, route: list[str], treasure: str) -> Game:
    """Ann lays ``route``, walks in, draws ``treasure`` from deck 1 and hands the phone over;
    the checkers pass her first chamber out."""
    g = Game(client, ABU, {"names": ["Ann", "Bob", "Cat"], "seed": 11})
    g.say(*route, "ok 1", "ok 2", "ok 3", "deck 1", treasure, "turned away", "ok 1")
    return g


def _visible(saved: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in saved.items() if k != "sealed"}


@pytest.mark.rules("abu_simbel:11")
def test_two_referee_saves_that_differ_only_in_route_and_treasure_look_the_same(
    tmp_path: Path,
) -> None:
    client = server(tmp_path)
    one = _referee_game(client, ["lay lava", "lay blades", "lay gas"], "drew urn 3")
    two = _referee_game(client, ["lay pit", "lay scorpions 2", "lay crawl"], "drew chest 1")
    a, b = one.get("/record"), two.get("/record")
    assert a["format"] == SAVE_FORMAT and a["companion"] == "abu_simbel"
    assert _visible(a) == _visible(b)
    assert len(a["sealed"]) == len(b["sealed"])  # the padding hides the lengths too
    assert a["summary"] == {"players": ["Ann", "Bob", "Cat"], "round": 1}
    for saved, cards, treasure in (
        (a, ["LAVA", "BLADES", "GAS"], "URN:3"),
        (b, ["PIT", "SCORPIONS_2", "CRAWL"], "CHEST:1"),
    ):
        text = json.dumps(_visible(saved)).lower()
        for mark in [*_marks(cards), treasure, treasure_words(treasure), "seed", "steps"]:
            assert mark.lower() not in text, mark
        sealed = base64.urlsafe_b64decode(saved["sealed"])  # cipher text, not the record
        assert b'"steps"' not in sealed and b'"seed"' not in sealed
    # each resumes to its own game, and goes on
    for game, saved in ((one, a), (two, b)):
        again = Game(client, ABU, {"record": saved})
        assert again.first_view == game.get()
        assert again.say("ok 2") == game.say("ok 2")


def test_a_save_resumes_after_a_restart_and_not_on_another_server(tmp_path: Path) -> None:
    here, elsewhere = tmp_path / "here", tmp_path / "elsewhere"
    here.mkdir()
    elsewhere.mkdir()
    game = _referee_game(server(here), ["lay lava", "lay blades", "lay gas"], "drew ark 2")
    saved = game.get("/record")
    restarted = server(here)  # a new process: same key file, no sessions
    again = Game(restarted, ABU, {"record": saved})
    assert again.first_view == game.get()
    r = server(elsewhere).post(ABU, json={"record": saved})
    assert r.status_code == 400 and r.json()["error"] == "bad_request"
    assert "saved by another Obelisk server" in r.json()["message"]


def test_a_changed_save_is_refused(tmp_path: Path) -> None:
    client = server(tmp_path)
    saved = _referee_game(client, ["lay lava", "lay blades", "lay gas"], "drew urn 1")
    saved = saved.get("/record")
    for change in (
        {"summary": {"players": ["Ann", "Bob", "Eve"], "round": 1}},
        {"sealed": saved["sealed"][:-8] + "AAAAAAAA"},
    ):
        r = client.post(ABU, json={"record": {**saved, **change}})
        assert r.status_code == 400 and "changed since it was saved" in r.json()["message"]
    r = client.post(ABU, json={"record": {**saved, "sealed": "short"}})
    assert r.status_code == 400 and "cut short" in r.json()["message"]
    r = client.post(MUMMY, json={"record": saved})
    assert r.status_code == 400 and "not of 'mummy'" in r.json()["message"]


def test_a_finished_referee_game_saves_as_its_plain_record(tmp_path: Path) -> None:
    g = Game(server(tmp_path), ABU, {"names": ["Ann", "Bob"], "seed": 4, "together": True})
    g.say("lay lava", "lay blades", "lay gas")
    for _ in range(5):
        g.say("fail 1", "lay pit", "lay dive", "lay crack")
    assert g.say("fail 1")["over"]  # the sixth team charm: the temple wins
    saved = g.get("/record")
    assert saved.get("format") != SAVE_FORMAT
    assert replay(Record.from_json(saved)).is_terminal()


def test_khufu_saves_hide_the_seed_that_tells_his_coming_orders(tmp_path: Path) -> None:
    client = server(tmp_path)
    players = [{"name": n} for n in ("Ann", "Bob", "Cleo")]
    games = [Game(client, KHUFU, {"players": players, "seed": s}) for s in (123456, 654321)]
    for g in games:
        g.post("start", {})
    a, b = (g.get("/record") for g in games)
    assert a["format"] == SAVE_FORMAT and _visible(a) == _visible(b)
    assert "123456" not in json.dumps(a) and "seed" not in json.dumps(a)
    again = Game(client, KHUFU, {"record": a})
    assert again.first_view["moments"] == games[0].get()["moments"]


def test_mummy_saves_hide_the_seed_that_tells_her_coming_rolls(tmp_path: Path) -> None:
    client = server(tmp_path)
    games = [Game(client, MUMMY, {"names": ["Ann", "Bob"], "seed": s}) for s in (987654, 456789)]
    a, b = (g.get("/record") for g in games)
    assert a["format"] == SAVE_FORMAT and _visible(a) == _visible(b)
    assert "987654" not in json.dumps(a) and "seed" not in json.dumps(a)
    again = Game(client, MUMMY, {"record": a})
    assert again.first_view == games[0].get()


def test_the_key_is_made_on_first_use_readable_by_the_server_alone(tmp_path: Path) -> None:
    key_dir = tmp_path / "data"
    client = server(key_dir)
    assert not (key_dir / KEY_FILE).exists()  # nothing written before a save is made
    game = _referee_game(client, ["lay lava", "lay blades", "lay gas"], "drew urn 2")
    saved = game.get("/record")
    Game(client, ABU, {"record": saved}).say("ok 2")
    mode = stat.S_IMODE(os.stat(key_dir / KEY_FILE).st_mode)
    assert mode == 0o600
    assert os.listdir(key_dir) == [KEY_FILE]  # the key, and nothing a client sent
    again = SaveSealer(key_dir / KEY_FILE)
    assert again.key() == SaveSealer(key_dir / KEY_FILE).key() and len(again.key()) == 32


def test_the_key_lives_in_the_servers_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("OBELISK_DATA_DIR", str(tmp_path / "srv"))
    assert data_dir() == tmp_path / "srv"
    assert SaveSealer().key_path == tmp_path / "srv" / KEY_FILE
    (tmp_path / "srv").mkdir()
    (tmp_path / "srv" / KEY_FILE).write_text("not a key\n")
    with pytest.raises(SaveError, match="is damaged"):
        SaveSealer().key()


def test_a_server_that_cannot_keep_its_key_says_so_without_its_paths(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("a file where the data folder should be")
    client = server(blocked / "data")
    game = _referee_game(client, ["lay lava", "lay blades", "lay gas"], "drew urn 2")
    r = game.client.get(f"{ABU}/{game.id}/record", headers={KEY_HEADER: game.key})
    assert r.status_code == 503 and r.json()["error"] == "cannot_save"
    assert "save the game at its end" in r.json()["message"] and str(tmp_path) not in r.text
