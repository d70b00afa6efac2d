"""Nothing lost on a restart (issue 36 item 5): every companion's live sessions are kept in
the server's database (SQLite by default; PostgreSQL with ``OBELISK_TEST_PG_URL``), written
after every input, and a new server on the same database opens them with the same key,
exactly where they were."""

from __future__ import annotations

import os
import uuid
import warnings
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from obelisk.companion import persist, web_abu_simbel, web_khufu, web_mummy
from obelisk.companion.http import KEY_HEADER
from obelisk.companion.saves import SaveSealer

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on httpx, not ours
    from fastapi.testclient import TestClient

PLAYERS = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cleo"}]
#: companion: (module, new game, inputs told before the restart, the input path)
GAMES: dict[str, tuple[Any, dict[str, Any], list[dict[str, Any]], str]] = {
    "abu_simbel": (
        web_abu_simbel,
        {"names": ["Ann", "Bob", "Cat"], "seed": 1},
        [{"text": t} for t in ("lay lava", "lay blades", "lay gas", "ok 1", "fail 2")],
        "say",
    ),
    "mummy": (
        web_mummy,
        {"names": ["Ann", "Bob"], "seed": 2, "level": "fair"},
        [{"text": t} for t in ("aside 1", "3", "no card", "2", "no card", "roll")],
        "say",
    ),
    "khufu": (web_khufu, {"players": PLAYERS, "seed": 4}, [{}], "start"),
}
DATABASES = ["sqlite"] + (["postgresql"] if os.environ.get("OBELISK_TEST_PG_URL") else [])


def _server(name: str, db: str, tmp: Path) -> TestClient:
    """A fresh server process's companion (a new table object: nothing shared in memory)."""
    persist._TABLES.pop(db, None)
    app = FastAPI()
    GAMES[name][0].register(app, tmp, sealer=SaveSealer(tmp / "key"), db=db)
    return TestClient(app, client=("10.0.0.1", 40000))


@pytest.mark.parametrize("database", DATABASES)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_goes_on_after_a_server_restart(name: str, database: str, tmp_path: Path) -> None:
    _module, body, inputs, what = GAMES[name]
    db = str(tmp_path / "obelisk.db")
    if database == "postgresql":
        db = os.environ["OBELISK_TEST_PG_URL"]
    base = f"/api/companion/{name}/sessions"
    first = _server(name, db, tmp_path)
    made = first.post(base, json=body)
    assert made.status_code == 201, made.text
    sid, key = made.json()["id"], made.json()["key"]
    url = f"{base}/{sid}"
    for step in inputs:
        r = first.post(f"{url}/{what}", json=step, headers={KEY_HEADER: key})
        assert r.status_code == 200, r.text
    before = first.get(url, headers={KEY_HEADER: key}).json()
    again = _server(name, db, tmp_path)  # the server restarted
    after = again.get(url, headers={KEY_HEADER: key})
    assert after.status_code == 200, after.text
    if name == "khufu":  # the countdown's seconds run from wall time: compare the game
        keep = ("started", "over", "players", "moments", "lucky")
        assert {k: after.json()[k] for k in keep} == {k: before[k] for k in keep}
    else:
        assert after.json() == before
    assert again.get(url, headers={KEY_HEADER: "wrong" + key}).status_code == 403
    row = persist.table_for(db).load(name, 3600)
    assert key not in str(row) and any(r.sid == sid for r in row)  # the key's hash only
    if database == "postgresql":
        persist.table_for(db).drop([sid])


def test_a_session_of_another_database_is_not_found(tmp_path: Path) -> None:
    one = _server("mummy", str(tmp_path / "one.db"), tmp_path)
    made = one.post("/api/companion/mummy/sessions", json={"names": ["Ann"], "seed": 1}).json()
    other = _server("mummy", str(tmp_path / f"{uuid.uuid4().hex}.db"), tmp_path)
    r = other.get(f"/api/companion/mummy/sessions/{made['id']}", headers={KEY_HEADER: made["key"]})
    assert r.status_code == 404
