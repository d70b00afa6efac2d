"""The server offers each game's ladder, with ``normal`` first of the defaults, and never an
oracle (issue 23): a network client cannot seat a player that remembers more than a person."""

from __future__ import annotations

import pytest
from server_helpers import ServerProc


def test_the_games_list_offers_the_ladder_and_no_oracle(server: ServerProc) -> None:
    games = {g["name"]: g for g in server.get("/api/games").json()}
    for name in ("ramses", "abu_simbel"):
        offered = games[name]["levels"]
        assert offered[:4] == ["easy", "normal", "hard", "expert"]
        assert "perfect" not in offered and f"{name}-perfect" not in offered
    assert games["khufu"]["levels"][:2] == ["easy", "normal"]
    assert "hard" not in games["khufu"]["levels"]


@pytest.mark.parametrize("level", ["perfect", "ramses-perfect"])
def test_an_oracle_seat_is_refused(server: ServerProc, level: str) -> None:
    r = server.post(
        "/api/rooms",
        {"game": "ramses", "seats": [{"kind": "human"}, {"kind": "bot", "level": level}]},
    )
    assert r.status_code == 400, r.text
    assert level in r.text
