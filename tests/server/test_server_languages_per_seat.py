"""Each seat of a room reads its own language (issue 34): the language a client names in
its hello decides the words of everything the server says to it (sentences, refusals,
the undo line), while the game's JSON stays the same for every language."""

from __future__ import annotations

import asyncio

from server_helpers import Client, ServerProc

TINY = [{"kind": "human"}, {"kind": "human"}]


def _entry(state: dict, kind: str) -> dict:
    return next(e for e in state["legal"] if e["action"]["kind"] == kind)


async def _answer(c: Client) -> dict:
    while True:
        m = await c.recv()
        if m["type"] in ("ack", "error"):
            return m


async def _two_languages(server: ServerProc) -> None:
    room = server.create("tiny", TINY, seed=4)["id"]
    tokens = [
        server.post(f"/api/rooms/{room}/join", {"seat": s, "name": n}).json()["token"]
        for s, n in enumerate(("Ann", "Bob"))
    ]
    ann = await Client(server.ws(room), tokens[0]).connect(lang="de")
    bob = await Client(server.ws(room), tokens[1]).connect(lang="en")
    for c in (ann, bob):
        await c.until("state")
        await c.drain(0.2)
    first = ann if ann.last_state and ann.last_state["your_turn"] else bob
    other = bob if first is ann else ann
    # out of turn: each hears the refusal in its own language
    st = first.last_state
    assert st is not None
    await other.send({"type": "action", "action": st["legal"][0]["action"], "decision": 0})
    refused = await _answer(other)
    expected = "du bist nicht am Zug" if other is ann else "it is not your turn"
    assert refused["type"] == "error" and refused["message"] == expected
    # a move, then taken back: the undo line in each reader's language
    knock = _entry(st, "knock")["action"]
    await first.send({"type": "action", "action": knock, "decision": st["decision"]})
    assert (await _answer(first))["type"] == "ack"
    await first.drain(0.2)
    await other.drain(0.2)
    mark_a, mark_b = len(ann.received), len(bob.received)
    await first.send({"type": "undo"})
    assert (await _answer(first))["type"] == "ack"
    await ann.drain(0.3)
    await bob.drain(0.3)
    name = "Ann" if first is ann else "Bob"
    told_a = next(m for m in ann.received[mark_a:] if m["type"] == "undo")
    told_b = next(m for m in bob.received[mark_b:] if m["type"] == "undo")
    assert told_a["text"] == f"{name} hat den letzten Zug zurückgenommen."
    assert told_b["text"] == f"{name} took back the last move."
    # the game's JSON is the same whatever the language
    assert {k: told_a[k] for k in ("seat", "count")} == {k: told_b[k] for k in ("seat", "count")}
    for c in (ann, bob):
        await c.close()


def test_each_seat_reads_its_own_language(server: ServerProc) -> None:
    asyncio.run(_two_languages(server))


async def _unknown(server: ServerProc) -> dict:
    room = server.create("tiny", TINY, seed=4)["id"]
    c = await Client(server.ws(room), None).connect(lang="fr")
    m = await c.until("error")
    await c.close()
    return m


def test_a_language_the_server_does_not_speak_is_refused_by_name(server: ServerProc) -> None:
    m = asyncio.run(_unknown(server))
    assert m["code"] == "unknown_language"
    assert "lang must be one of en, de" in m["message"]
