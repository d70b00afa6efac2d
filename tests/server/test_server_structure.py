"""The disclosure rule holds by construction: only the room's own modules read a game's
position; every other part of the server asks :mod:`obelisk.server.disclosure` (issue 33)."""

from __future__ import annotations

import ast
from pathlib import Path

import obelisk.server

SERVER = Path(obelisk.server.__file__).resolve().parent
#: The modules that may read ``Room._state``: the room itself, its computer players, the
#: lobby that builds rooms, and the disclosure layer that computes every reply.
OWNERS = {"room.py", "bots.py", "lobby.py", "disclosure.py"}


def test_only_the_room_and_the_disclosure_layer_read_the_position() -> None:
    offenders = []
    for path in sorted(SERVER.glob("*.py")):
        if path.name in OWNERS:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in ("_state", "state"):
                offenders.append(f"{path.name}:{node.lineno} reads .{node.attr}")
    assert not offenders, "replies must come from disclosure.py:\n" + "\n".join(offenders)


def test_the_room_keeps_its_position_private() -> None:
    from obelisk.server.room import Room

    assert not hasattr(Room, "state"), "Room.state would let any module read the position"
