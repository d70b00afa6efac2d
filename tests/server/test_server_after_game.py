"""After a game: its replay for a seat, the record download with sentences, the rematch,
and the games' option explanations.

One Sobek room of two people (random moves over the socket) is played to its end once per
module; every test reads it.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import ADMIN, Client, ServerProc, play_humans
from typer.testing import CliRunner

from obelisk.cli.main import app
from obelisk.core import Record, Voice, get_game, replay


def _finish_by_bots(server: ServerProc, room: str, tokens: list[str]) -> None:
    """Each person hands their seat to a random computer player, which play to the end
    (a player who handed over its seat keeps its token for the record, replay, rematch)."""
    for i, t in enumerate(tokens):
        r = server.post(f"/api/rooms/{room}/seats/{i}/bot", {"level": "random"}, t)
        assert r.status_code == 200, r.text
    deadline = time.monotonic() + 120
    while server.get(f"/api/rooms/{room}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)


@pytest.fixture(scope="module")
def finished(server: ServerProc) -> dict[str, Any]:
    """A finished two-person Sobek room: its id and both seat tokens."""
    room = server.create(
        "sobek", [{"kind": "human"}, {"kind": "human"}], seed=21, options={"rounds": 1}
    )["id"]
    tokens = [server.join(room, i) for i in range(2)]

    async def go() -> None:
        # a few moves by the people, then their seats go to computer players
        clients = [await Client(server.ws(room), t).connect() for t in tokens]
        await play_humans(clients, random.Random(2), max_actions=6, timeout=60)
        for c in clients:
            await c.close()

    asyncio.run(go())
    _finish_by_bots(server, room, tokens)
    return {"room": room, "tokens": tokens}


def test_a_seat_replays_its_own_game_with_every_position(
    server: ServerProc, finished: dict[str, Any]
) -> None:
    room, tokens = finished["room"], finished["tokens"]
    full = Record.from_json(server.full_record(room))
    r = server.get(f"/api/rooms/{room}/replay?seat=1", token=tokens[1])
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["seat"] == 1 and data["complete"] is True
    assert data["result"]["winners"] == replay(full).winners()
    # every frame is a position as seat 1 saw it: its own hand only
    final = replay(full)
    assert data["frames"][-1]["obs"] == final.observation(1)
    assert data["frames"][0]["obs"] == replay(full, upto=0).observation(1)
    assert len(data["frames"]) > len(full.steps) // 3
    game = get_game("sobek")
    voice = Voice(tuple(s["name"] for s in full.seats), 1)
    said = [game.narrate(e, voice) for e in final.events_for(1)]
    assert [e["text"] for f in data["frames"] for e in f["entries"]] == [t for t in said if t]
    # it travels compressed to a client that asks (httpx does)
    assert r.headers.get("content-encoding") == "gzip"
    # the spectator's view needs no token and holds no hand
    spec = server.get(f"/api/rooms/{room}/replay").json()
    assert spec["seat"] is None
    assert all("hand" not in f["obs"] for f in spec["frames"])
    assert spec["frames"][-1]["obs"] == final.observation(None)


def test_another_seats_view_needs_that_seats_token(
    server: ServerProc, finished: dict[str, Any]
) -> None:
    room, tokens = finished["room"], finished["tokens"]
    for path, token, status, code in [
        (f"/api/rooms/{room}/replay?seat=1", None, 401, "unauthorized"),
        (f"/api/rooms/{room}/replay?seat=1", tokens[0], 403, "forbidden"),
        (f"/api/rooms/{room}/replay?seat=1", "not-a-token", 403, "unauthorized"),
        (f"/api/rooms/{room}/replay?seat=5", tokens[0], 400, "no_seat"),
        (f"/api/rooms/{room}/replay?seat=-1", tokens[0], 422, "invalid_request"),
        ("/api/rooms/nosuchroom/replay", None, 404, "no_room"),
    ]:
        r = server.get(path, token=token)
        assert (r.status_code, r.json()["error"]) == (status, code), (path, r.text)
        assert r.json()["message"]
    # the admin token sees any seat
    assert server.get(f"/api/rooms/{room}/replay?seat=1", token=ADMIN).status_code == 200


def test_a_live_room_is_replayed_only_for_its_own_seat_and_never_in_a_memory_game(
    server: ServerProc,
) -> None:
    sobek = server.create("sobek", [{"kind": "human"}, {"kind": "bot", "level": "random"}])["id"]
    token = server.join(sobek, 0)
    r = server.get(f"/api/rooms/{sobek}/replay?seat=0", token=token)
    assert r.status_code == 200, r.text
    assert server.get(f"/api/rooms/{sobek}/replay").json()["error"] == "not_finished"
    abu = server.create("abu_simbel", [{"kind": "human"}, {"kind": "bot", "level": "random"}])["id"]
    token = server.join(abu, 0)
    r = server.get(f"/api/rooms/{abu}/replay?seat=0", token=token)
    assert r.status_code == 409 and r.json()["error"] == "not_finished", r.text
    assert "memory" in r.json()["message"]


def test_the_record_download_has_the_seats_sentences_and_old_readers_still_read_it(
    server: ServerProc, finished: dict[str, Any], tmp_path: Path
) -> None:
    room, tokens = finished["room"], finished["tokens"]
    rec = server.get(f"/api/rooms/{room}/record", token=tokens[0]).json()
    assert rec["format"] == "obelisk-record-redacted" and rec["for_seat"] == 0
    assert len(rec["sentences"]) == len(rec["events"])
    game = get_game("sobek")
    voice = Voice(tuple(s["name"] for s in rec["seats"]), 0)
    assert rec["sentences"] == [game.narrate(e, voice) for e in rec["events"]]
    assert any(rec["sentences"]) and not any("{" in (t or "") for t in rec["sentences"])
    # the replay viewer's reader takes it as before
    r = server.post("/replay/frames", rec)
    assert r.status_code == 200 and r.json()["frames"][0]["obs"] == rec["observation"]
    # `obelisk replay` tells the download (it holds no chance outcomes to replay) with the
    # seat's own sentences; the full one replays
    path = tmp_path / "download.json"
    path.write_text(json.dumps(rec))
    out = CliRunner().invoke(app, ["replay", str(path)])
    assert out.exit_code == 0 and "told, not replayed" in out.output
    assert next(t for t in rec["sentences"] if t).split()[0] in out.output
    assert out.exception is None or isinstance(out.exception, SystemExit)
    full = tmp_path / "full.json"
    full.write_text(json.dumps(server.full_record(room)))
    out = CliRunner().invoke(app, ["replay", str(full)])
    assert out.exit_code == 0 and "replay OK" in out.output, out.output


def test_a_rematch_seats_each_caller_once_in_one_new_room(
    server: ServerProc, finished: dict[str, Any]
) -> None:
    room, tokens = finished["room"], finished["tokens"]
    old = server.get(f"/api/rooms/{room}").json()
    assert old["rematch"] is None
    assert server.post(f"/api/rooms/{room}/rematch", None).json()["error"] == "unauthorized"
    first = server.post(f"/api/rooms/{room}/rematch", None, tokens[1])
    assert first.status_code == 200, first.text
    new = first.json()
    assert new["seat"] == 1 and new["room"] != room
    assert new["summary"]["game"] == "sobek" and new["summary"]["options"] == old["options"]
    assert new["summary"]["status"] == "waiting"
    # the old room points to it; the other player joins the same room; asking again is the same
    assert server.get(f"/api/rooms/{room}").json()["rematch"] == new["room"]
    again = server.post(f"/api/rooms/{room}/rematch", None, tokens[1]).json()
    assert (again["room"], again["seat"], again["token"]) == (
        new["room"],
        new["seat"],
        new["token"],
    )
    second = server.post(f"/api/rooms/{room}/rematch", None, tokens[0]).json()
    assert second["room"] == new["room"] and second["seat"] == 0
    assert second["token"] != new["token"]
    assert server.get(f"/api/rooms/{new['room']}").json()["status"] == "playing"
    # the new tokens hold their seats in the new room (and nothing in the old one)
    rec = server.get(f"/api/rooms/{room}/record", token=new["token"])
    assert rec.status_code == 403


def test_a_rematch_keeps_the_computer_players_and_needs_a_finished_game(
    server: ServerProc,
) -> None:
    room = server.create("sobek", [{"kind": "human"}, {"kind": "bot", "level": "random"}])["id"]
    token = server.join(room, 0)
    r = server.post(f"/api/rooms/{room}/rematch", None, token)
    assert r.status_code == 409 and r.json()["error"] == "not_finished"

    _finish_by_bots(server, room, [token])
    r = server.post(f"/api/rooms/{room}/rematch", None, token)
    assert r.status_code == 200, r.text
    seats = r.json()["summary"]["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot"]
    assert seats[1]["level"] == "random"
    assert r.json()["summary"]["status"] == "playing"


def test_the_games_list_explains_every_option(server: ServerProc) -> None:
    games = {g["name"]: g for g in server.get("/api/games").json()}
    sobek = {o["name"]: o for o in games["sobek"]["options"]}
    rules = server.get("/rules/sobek").json()["options"]
    assert sobek["rounds"]["help"] == rules["rounds"]["help"]
    assert sobek["rounds"]["help"] and "min" in sobek["rounds"]
    for g in games.values():
        for o in g["options"]:
            assert "help" in o, (g["name"], o["name"])
    explained = sum(1 for g in games.values() for o in g["options"] if o["help"])
    assert explained > len(games) * 3
    # written for players: no module names, no notes in square brackets, no rule steps
    for g in games.values():
        for o in g["options"]:
            h = o["help"] or ""
            assert ".py" not in h and "[" not in h and "determiniz" not in h, (o["name"], h)
            assert not h.startswith("/"), (o["name"], h)
