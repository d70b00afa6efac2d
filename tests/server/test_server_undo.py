"""Undo over the server (issue 40, item 10): ``{"type": "undo"}`` takes back a seat's last
decision where the core's undo policy allows it; everybody is told who took back a move and
gets a fresh state; the store keeps it across a restart; a refusal says why; whether a seat
may undo (``can_undo``) and the refusal never depend on what the seat cannot know."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from server_helpers import ADMIN, Client, ServerProc

TINY = [{"kind": "human"}, {"kind": "human"}]


async def _seated(server: ServerProc, seed: int) -> tuple[str, list[Client], Client]:
    """A Tiny Tricks room (two people, Ann and Bob, and a spectator), every state drawn."""
    room = server.create("tiny", TINY, seed=seed)["id"]
    tokens = []
    for seat, name in enumerate(("Ann", "Bob")):
        r = server.post(f"/api/rooms/{room}/join", {"seat": seat, "name": name})
        tokens.append(r.json()["token"])
    people = [await Client(server.ws(room), t).connect() for t in tokens]
    watcher = await Client(server.ws(room), None).connect()
    for c in (*people, watcher):
        await c.until("state")
        await c.drain(0.2)
    return room, people, watcher


def _entry(state: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(e for e in state["legal"] if e["action"]["kind"] == kind)


async def _play(c: Client, kind: str) -> None:
    st = c.last_state
    assert st is not None
    await c.send(
        {"type": "action", "action": _entry(st, kind)["action"], "decision": st["decision"]}
    )
    await c.until("ack")


async def _undo(c: Client) -> dict[str, Any]:
    await c.send({"type": "undo"})
    while True:
        m = await c.recv()
        if m["type"] in ("ack", "error"):
            return m


async def _since(c: Client, mark: int, kind: str) -> dict[str, Any]:
    """The first message of ``kind`` received after the ``mark``-th (read on if needed)."""
    while True:
        for m in c.received[mark:]:
            if m["type"] == kind:
                return m
        await c.recv()


def _mover(people: list[Client]) -> tuple[Client, Client]:
    first = next(c for c in people if c.last_state and c.last_state["legal"])
    return first, people[1 - people.index(first)]


def test_a_knock_is_taken_back_and_everybody_reads_it(server: ServerProc) -> None:
    async def go() -> None:
        room, people, watcher = await _seated(server, seed=4)
        mover, other = _mover(people)
        name = "Ann" if mover is people[0] else "Bob"
        assert mover.last_state and not mover.last_state["can_undo"]
        before = server.full_record(room)["steps"]
        await _play(mover, "knock")
        for c in (*people, watcher):
            await c.drain(0.2)
        assert mover.last_state and mover.last_state["can_undo"]
        assert other.last_state and not other.last_state["can_undo"]
        assert watcher.last_state and not watcher.last_state["can_undo"]
        marks = [len(c.received) for c in (*people, watcher)]
        assert (await _undo(mover))["type"] == "ack"
        for c, mark in zip((*people, watcher), marks, strict=True):
            told = await _since(c, mark, "undo")
            assert told["text"] == f"{name} took back the last move."
            fresh = await _since(c, c.received.index(told), "state")
            assert not fresh["can_undo"]
        assert server.full_record(room)["steps"] == before
        assert any(e["action"]["kind"] == "knock" for e in mover.last_state["legal"])
        for c in (*people, watcher):
            await c.close()

    asyncio.run(go())


def test_a_refusal_says_why(server: ServerProc) -> None:
    async def go() -> None:
        _room, people, watcher = await _seated(server, seed=4)
        mover, other = _mover(people)
        nothing = await _undo(other)
        assert nothing["type"] == "error" and nothing["code"] == "cannot_undo"
        assert nothing["message"]
        await _play(mover, "play")  # a card is drawn: chance is never taken back
        await mover.drain(0.2)
        drawn = await _undo(mover)
        assert drawn["type"] == "error" and drawn["code"] == "cannot_undo", drawn
        await watcher.send({"type": "undo"})
        spectator = await watcher.until("error")
        assert spectator["code"] == "spectator"
        for c in (*people, watcher):
            await c.close()

    asyncio.run(go())


def test_undo_and_its_refusals_do_not_depend_on_hidden_cards(server: ServerProc) -> None:
    """Two worlds that differ only in the cards dealt (another seed): the same public moves
    give every reader the same ``can_undo`` and the same answers to ``undo``."""

    async def world(seed: int) -> list[Any]:
        _room, people, watcher = await _seated(server, seed=seed)
        seen: list[Any] = []
        mover, other = _mover(people)
        order = [people.index(mover), people.index(other)]
        seen.append(order)
        for step in ("other-undo", "knock", "look", "other-undo", "undo", "look", "knock"):
            if step == "knock":
                await _play(mover, "knock")
            elif step == "undo":
                seen.append(await _undo(mover))
            elif step == "other-undo":
                seen.append(await _undo(other))
            for c in (*people, watcher):
                await c.drain(0.2)
            seen.append([c.last_state["can_undo"] for c in (*people, watcher) if c.last_state])
        for c in (*people, watcher):
            await c.close()
        return [_public(x) for x in seen]

    async def go() -> None:
        assert await world(4) == await world(11)

    asyncio.run(go())


def _public(x: Any) -> Any:
    """A message without its ids (which differ between rooms)."""
    if isinstance(x, dict):
        return {k: v for k, v in x.items() if k not in ("id", "room")}
    return x


def test_an_undo_is_kept_across_a_restart(tmp_path: Path) -> None:
    server = ServerProc(str(tmp_path / "rooms.sqlite3"), "--rate", "300").start()
    try:

        async def go() -> tuple[str, list[Any]]:
            room, people, watcher = await _seated(server, seed=4)
            mover, _other = _mover(people)
            before = server.full_record(room)["steps"]
            await _play(mover, "knock")
            assert (await _undo(mover))["type"] == "ack"
            for c in (*people, watcher):
                await c.close()
            return room, before

        room, before = asyncio.run(go())
        server.kill()
        server.start()
        after = server.get(f"/api/rooms/{room}/record", token=ADMIN).json()["steps"]
        assert after == before
        assert server.get(f"/api/rooms/{room}").json()["status"] == "playing"
    finally:
        server.stop()
