"""A choice built in several steps: previews of the steps so far, then all of them played at once.

``preview`` (the ``preview`` message) shows a seat the table after the steps it has chosen
so far only while those steps draw no chance, show it nothing privately and keep the turn;
``action`` with ``then`` plays a whole choice, every step checked before any is played.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from server_helpers import Client, ServerProc

from obelisk.core import State, get_game
from obelisk.server.config import ServerError
from obelisk.server.preview import preview


def _sobek_with_a_set(seed: int) -> State:
    """A Sobek position where the seat to move may lay a set."""
    rng = random.Random(seed)
    s = get_game("sobek").new_state(2, seed)
    while not s.is_terminal():
        if any(a.kind == "set" for a in s.legal_actions()):
            return s
        s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("no set in this game")


@pytest.mark.rules("sobek:6.3")
def test_a_set_is_previewed_card_by_card_and_the_preview_is_what_playing_shows() -> None:
    s = _sobek_with_a_set(3)
    seat = s.current_player
    start = s.observation(seat)
    steps = [next(a for a in s.legal_actions() if a.kind == "set")]
    real = s.clone()
    while True:
        got = preview(s, seat, steps, 1)
        assert s.observation(seat) == start, "a preview changed the position"
        real.apply(steps[-1])
        if not got["continues"]:
            break
        # what the preview shows is exactly what the seat sees after playing those steps
        assert got["observation"] == real.observation(seat)
        assert [e["text"] for e in got["legal"]] == [a.text() for a in real.legal_actions()]
        adds = [a for a in real.legal_actions() if a.kind == "add"]
        steps.append(adds[0] if adds else next(a for a in real.legal_actions() if a.kind == "done"))
    assert len(steps) >= 2
    # the set is complete: the step that completed it is not previewed further
    assert steps[-1].kind in ("add", "done")


@pytest.mark.rules("sobek:6.1", "sobek:7")
def test_a_step_that_draws_chance_completes_the_choice() -> None:
    s = get_game("sobek").new_state(2, 5)
    take = next(a for a in s.legal_actions() if a.kind == "take")
    got = preview(s, s.current_player, [take], 2)
    assert got == {"continues": False}


def test_an_illegal_step_is_refused_with_its_rule_and_changes_nothing() -> None:
    s = _sobek_with_a_set(4)
    seat = s.current_player
    before = s.observation(seat)
    done = get_game("sobek").action_from_json({"kind": "done"})
    with pytest.raises(ServerError) as e:
        preview(s, seat, [done], 3)
    assert e.value.code == "illegal_action"
    with pytest.raises(ServerError) as e:
        preview(s, 1 - seat, [s.legal_actions()[0]], 3)
    assert e.value.code == "not_your_turn"
    assert s.observation(seat) == before


async def _game_with_a_set(server: ServerProc) -> tuple[Client, dict, str]:
    """A two-person Sobek room played at random until a seat may lay a set."""
    room = server.create("sobek", [{"kind": "human"}, {"kind": "human"}], seed=11)["id"]
    tokens = [server.join(room, i) for i in range(2)]
    clients = [await Client(server.ws(room), t).connect() for t in tokens]
    rng = random.Random(4)
    while True:
        for c in clients:
            await c.drain(0.05)
        turn = next(c for c in clients if c.last_state and c.last_state["your_turn"])
        legal = turn.last_state["legal"]
        if any(e["action"]["kind"] == "set" for e in legal):
            other = clients[1 - clients.index(turn)]
            await other.close()
            return turn, turn.last_state, room
        await turn.send({"type": "action", "action": rng.choice(legal)["action"]})
        await turn.until("ack")


def test_a_built_choice_over_the_socket_previews_then_plays_in_one_message(
    server: ServerProc,
) -> None:
    async def go() -> None:
        c, state, room = await _game_with_a_set(server)
        set_ = next(e for e in state["legal"] if e["action"]["kind"] == "set")["action"]
        await c.send({"type": "preview", "actions": [set_], "id": 7})
        got = await c.until("preview")
        assert got["id"] == 7 and got["continues"] is True
        steps = [set_]
        legal = got["legal"]
        while True:
            adds = [e["action"] for e in legal if e["action"]["kind"] == "add"]
            nxt = adds[0] if adds else {"kind": "done"}
            steps.append(nxt)
            await c.send({"type": "preview", "actions": steps})
            got = await c.until("preview")
            if not got["continues"]:
                break
            legal = got["legal"]
        # a bad step anywhere refuses the whole choice and plays nothing
        steps_before = len(server.full_record(room)["steps"])
        await c.send({"type": "action", "action": steps[0], "then": [*steps[1:], {"kind": "done"}]})
        err = await c.until("error")
        assert err["code"] in ("illegal_action", "not_your_turn")
        assert len(server.full_record(room)["steps"]) == steps_before
        # the whole choice: one state message after it, then the ack
        n_states = sum(1 for m in c.received if m["type"] == "state")
        await c.send({"type": "action", "action": steps[0], "then": steps[1:], "id": 8})
        ack = await c.until("ack")
        assert ack["id"] == 8
        assert sum(1 for m in c.received if m["type"] == "state") == n_states + 1
        record = server.full_record(room)["steps"]
        assert [st["action"] for st in record[steps_before:]][: len(steps)] == steps
        assert any(e["kind"] == "set" for e in c.last_state["events"])
        await c.close()

    asyncio.run(go())


def test_preview_refusals(server: ServerProc) -> None:
    async def go() -> None:
        room = server.create("sobek", [{"kind": "human"}, {"kind": "bot", "level": "random"}])
        token = server.join(room["id"], 0)
        c = await Client(server.ws(room["id"]), token).connect()
        await c.until("state")
        watcher = await Client(server.ws(room["id"]), None).connect()
        await watcher.until("state")
        for who, msg, code in [
            (
                watcher,
                {"type": "preview", "actions": [{"kind": "take", "position": 1}]},
                "spectator",
            ),
            (c, {"type": "preview", "actions": []}, "malformed"),
            (c, {"type": "preview", "actions": [{"kind": "nonsense"}]}, "bad_action"),
            (
                c,
                {"type": "action", "action": {"kind": "take", "position": 1}, "then": 3},
                "malformed",
            ),
        ]:
            await who.send(msg)
            err = await who.until("error")
            assert err["code"] == code, err
        await c.close()
        await watcher.close()

    asyncio.run(go())
