"""Whole games over real WebSockets: two people and computer players, for every game.

Each game runs in a room of the shared test server: two human seats played by
WebSocket clients choosing random legal actions, the others by ``random``
bots, plus a spectator. In the default run the two people hand their seats to
bots after ``HUMAN_ACTIONS`` actions (so a 2 000-step game stays quick, and the
hand-over is tested on every game); ``-m slow`` plays every game to the end by
hand. Afterwards every message each client received is checked against the
omniscient record for leaks (``server_leakcheck``).
"""

from __future__ import annotations

import asyncio
import random
import time

import pytest
from server_helpers import Client, ServerProc, play_humans, served_games
from server_leakcheck import check_messages

from obelisk.core import get_game

HUMAN_ACTIONS = 60


def _games() -> list[str]:
    return served_games()


def _seat_plan(name: str) -> list[dict[str, str]]:
    g = get_game(name)
    n = min(g.max_players, max(g.min_players, 3))
    humans = min(2, n)
    return [{"kind": "human"}] * humans + [{"kind": "bot", "level": "random"}] * (n - humans)


async def _play(server: ServerProc, name: str, seed: int, human_actions: int) -> None:
    seats = _seat_plan(name)
    room = server.create(name, seats, seed=seed)["id"]
    humans = [i for i, s in enumerate(seats) if s["kind"] == "human"]
    tokens = {i: server.join(room, i) for i in humans}
    clients = [await Client(server.ws(room), tokens[i]).connect(text=True) for i in humans]
    watcher = await Client(server.ws(room), None).connect()
    watching = asyncio.create_task(watcher.until("game_over", timeout=240))
    t0 = time.perf_counter()
    made = await play_humans(clients, random.Random(seed), human_actions, timeout=240)
    if not all(c.over for c in clients):
        for i, c in zip(humans, clients, strict=True):
            r = server.post(f"/api/rooms/{room}/seats/{i}/bot", {"level": "random"}, tokens[i])
            assert r.status_code == 200, r.text
            await c.read_to_end()
            assert c.received[-1]["code"] == "replaced"
    await watching
    for c in clients:
        await c.close()
    await watcher.close()
    full = server.full_record(room)
    assert full["result"] is not None, "the game did not finish"
    assert made == sum(len(c.acked) for c in clients)
    for i, c in zip(humans, clients, strict=True):
        mine = [s["action"] for s in full["steps"] if s["seat"] == i]
        assert mine[: len(c.acked)] == c.acked, "every acknowledged action is in the record"
    received: dict[int | None, list[list[dict]]] = {
        i: [c.received] for i, c in zip(humans, clients, strict=True)
    }
    received[None] = [watcher.received]
    t1 = time.perf_counter()
    assert check_messages(full, received) > 0
    print(
        f"{name}: {len(full['steps'])} steps; play {t1 - t0:.1f}s, check {time.perf_counter() - t1:.1f}s"
    )
    # the redacted record a seat downloads holds its own events, as the seat saw them
    # (compared in their lasting form: a catch-up of a live memory game blanks its flashes)
    lasting = get_game(name).lasting
    mine = server.get(f"/api/rooms/{room}/record", token=tokens[humans[0]]).json()
    assert mine["for_seat"] == humans[0]
    got = [lasting(e) for e in mine["events"][: len(clients[0].events)]]
    assert got == [lasting(e) for e in clients[0].events]
    public = server.get(f"/api/rooms/{room}/record").json()
    assert public["for_seat"] is None
    assert [lasting(e) for e in public["events"]] == [lasting(e) for e in watcher.events]


@pytest.mark.parametrize("name", _games())
def test_full_game_two_humans_then_bots(server: ServerProc, name: str) -> None:
    asyncio.run(_play(server, name, seed=11, human_actions=HUMAN_ACTIONS))


@pytest.mark.slow
@pytest.mark.parametrize("name", _games())
def test_full_game_played_by_hand_to_the_end(server: ServerProc, name: str) -> None:
    asyncio.run(_play(server, name, seed=12, human_actions=1_000_000))


def test_search_level_bot_plays_within_its_budget(server: ServerProc) -> None:
    """A search level (ISMCTS) thinks in the server's thread pool and finishes the game."""
    levels = server.get("/api/games").json()
    tiny = next(g for g in levels if g["name"] == "tiny")
    level = "easy" if "easy" in tiny["levels"] else tiny["levels"][-1]
    room = server.create("tiny", [{"kind": "human"}, {"kind": "bot", "level": level}], seed=8)
    token = server.join(room["id"], 0)

    async def go() -> None:
        c = await Client(server.ws(room["id"]), token).connect()
        await play_humans([c], random.Random(8), timeout=60)
        assert c.over is not None
        await c.close()

    asyncio.run(go())
    full = server.full_record(room["id"])
    assert any(s["seat"] == 1 for s in full["steps"])
