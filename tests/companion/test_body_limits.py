"""What each companion endpoint accepts (``companion.http.BODY_LIMITS``, issue 33 item 7):
the resume body of the longest game we can make fits four times over, a larger body is
refused with 413 in the server's error shape, an input is small."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from companion_games import long_khufu_game, long_mummy_game, longest_referee_game
from fastapi import FastAPI

from obelisk.companion import web_abu_simbel, web_khufu, web_mummy
from obelisk.companion.http import BODY_LIMITS, KEY_HEADER, SMALL_BODY, body_limit
from obelisk.companion.saves import SaveSealer

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on httpx, not ours
    from fastapi.testclient import TestClient

#: The server's global body limit today (ServerConfig.max_body).
GLOBAL_LIMIT = 65_536


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[dict[str, Any], Path]]:
    """A sealed mid-game save of the longest game of each companion, and its key folder."""
    folder = tmp_path_factory.mktemp("keys")
    sealer = SaveSealer(folder / "key")
    _, referee = longest_referee_game()
    mummy = long_mummy_game()
    khufu = long_khufu_game()
    return {
        "abu_simbel": (sealer.seal("abu_simbel", referee, {"players": [], "round": 1}), folder),
        "mummy": (sealer.seal("mummy", mummy.record().to_json(), {}), folder),
        "khufu": (sealer.seal("khufu", khufu.record(), {}), folder),
    }


@pytest.mark.parametrize("name", ["abu_simbel", "khufu", "mummy"])
def test_the_longest_games_resume_body_fits_four_times(name: str, saves: Any) -> None:
    save, folder = saves[name]
    size = len(json.dumps({"record": save}).encode())
    limit = body_limit(f"/api/companion/{name}/sessions")
    assert limit == BODY_LIMITS[f"/api/companion/{name}/"]
    print(f"{name}: the longest game's resume body is {size} bytes, the limit {limit}")
    assert 4 * size <= limit
    app = FastAPI()
    module = {"abu_simbel": web_abu_simbel, "khufu": web_khufu, "mummy": web_mummy}[name]
    module.register(app, folder, None, SaveSealer(folder / "key"))
    client = TestClient(app)
    r = client.post(f"/api/companion/{name}/sessions", json={"record": save})
    assert r.status_code == 201, r.text
    made = r.json()
    too_big = b'{"names": ["' + b"x" * limit + b'"]}'
    r = client.post(f"/api/companion/{name}/sessions", content=too_big)
    assert r.status_code == 413 and r.json()["error"] == "too_large"
    what = "start" if name == "khufu" else "say"
    r = client.post(
        f"/api/companion/{name}/sessions/{made['id']}/{what}",
        content=b'{"text": "' + b"x" * SMALL_BODY + b'"}',
        headers={KEY_HEADER: made["key"]},
    )
    assert r.status_code == 413 and r.json()["error"] == "too_large"


def test_the_limits_name_every_companion_and_nothing_else() -> None:
    assert body_limit("/api/rooms") is None
    assert (
        body_limit("/api/companion/khufu/sessions/x/judge") == BODY_LIMITS["/api/companion/khufu/"]
    )
    assert set(BODY_LIMITS) == {f"/api/companion/{n}/" for n in ("abu_simbel", "khufu", "mummy")}


def test_the_server_takes_a_resume_body_up_to_the_companions_limit(saves: Any) -> None:
    """Through the whole server app (its body guard): the longest referee game resumes; a
    body above the global 64 KiB and within the companion's limit needs the guard to read
    ``BODY_LIMITS``."""
    from obelisk.server.app import create_app
    from obelisk.server.config import ServerConfig

    save, _ = saves["abu_simbel"]
    app = create_app(ServerConfig(db="sqlite://"))
    client = TestClient(app)
    url = "/api/companion/abu_simbel/sessions"
    r = client.post(url, json={"record": save})
    # the save was sealed with another key than the server's: refused for that, not for size
    assert r.status_code == 400 and "another Obelisk server" in r.json()["message"]
    padded = {"record": save, "note": "x" * (GLOBAL_LIMIT + 1000)}
    assert len(json.dumps(padded)) < BODY_LIMITS["/api/companion/abu_simbel/"]
    r = client.post(url, json=padded)
    assert r.status_code == 400 and "another Obelisk server" in r.json()["message"]
