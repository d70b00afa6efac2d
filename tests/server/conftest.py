"""A real server for the tests of this folder (one per module; SQLite in a temp dir)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import ServerProc

pytest.importorskip("websockets")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A server on a free port with a fresh SQLite file; real-time games run 600x fast."""
    db = Path(tmp_path_factory.mktemp("srv")) / "rooms.sqlite3"
    proc = ServerProc(str(db), "--clock-speed", "600", "--tick", "0.05", "--rate", "5000").start()
    yield proc
    proc.stop()
