"""What a room computes once per position (issue 37) is what it would compute at every
message: the turn context counted on step by step equals the core's, over whole games of
every game; and a message many readers get is encoded once."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from obelisk.core import TurnContext, all_games
from obelisk.server import protocol
from obelisk.server.config import ServerConfig
from obelisk.server.conn import Conn
from obelisk.server.lobby import Lobby
from obelisk.server.moment import Moment


@pytest.mark.parametrize("name", sorted(g.name for g in all_games()))
def test_the_turn_context_counted_on_is_the_cores(name: str) -> None:
    game = next(g for g in all_games() if g.name == name)
    rng = random.Random(7)
    state = game.new_state(3, 11, game.make_options())
    moment = Moment()
    for _ in range(150):
        assert moment.at(state).context() == TurnContext.of(state).to_json()
        assert moment.context("held") == TurnContext.of(state, paused_by="held").to_json()
        if state.is_terminal():
            break
        assert list(moment.legal()) == state.legal_actions()
        state.apply(rng.choice(state.legal_actions()))
    # another position (an undo, a rebuild: another state) is counted from its start
    other = game.new_state(3, 12, game.make_options())
    for _ in range(40):
        assert moment.at(other).context() == TurnContext.of(other).to_json()
        if other.is_terminal():
            break
        other.apply(rng.choice(other.legal_actions()))


def test_spectators_at_one_point_of_the_story_share_one_encoded_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    encoded: list[str] = []
    real = protocol.encode

    def counting(msg: object) -> str:
        text = real(msg)
        if isinstance(msg, dict) and msg.get("type") == "state":
            encoded.append(text)
        return text

    monkeypatch.setattr(protocol, "encode", counting)

    async def go() -> list[list[object]]:
        lobby = Lobby(ServerConfig(db=str(tmp_path / "m.sqlite3")))
        try:
            room = await lobby.create(
                "sobek", 2, [{"kind": "human"}, {"kind": "human"}], trusted=True
            )
            _, token = await room.join(0, "Ann")
            await room.join(1, "Bob")
            assert room.seat_of(token) == 0
            watchers = [Conn(None, lobby.config, clock=room.clock) for _ in range(5)]
            for w in watchers:
                await room.attach(w, 0)
            players = [Conn(i, lobby.config, clock=room.clock) for i in range(2)]
            for p in players:
                await room.attach(p, 0)
            mover, legal = None, []
            for p in players:
                while not p.outbox.empty():
                    msg = p.outbox.get_nowait()
                    data = json.loads(msg) if isinstance(msg, str) else msg
                    if data and data.get("type") == "state" and data["legal"]:
                        mover, legal = p.seat, data["legal"]
            assert mover is not None
            encoded.clear()
            await room.act(mover, {"type": "action", "action": legal[0]["action"]})
            got = []
            for w in watchers:
                mine = []
                while not w.outbox.empty():
                    mine.append(w.outbox.get_nowait())
                got.append(mine)
            await room.close()
            return got
        finally:
            await lobby.stop()

    got = asyncio.run(go())
    # one state message for each player, one for all five spectators: the same text
    assert len(encoded) == 3
    last = [m[-1] for m in got]
    assert all(isinstance(m, str) for m in last)
    assert len(set(last)) == 1 and json.loads(str(last[0]))["seat"] is None
