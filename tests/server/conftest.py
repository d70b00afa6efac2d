"""A real server for the tests of this folder (one per module; SQLite in a temp dir)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from server_helpers import ServerProc

from browser_fixtures import serve

pytest.importorskip("websockets")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A server on a free port with a fresh SQLite file, shared by the tests of this
    folder; real-time games run 600x fast; a connection may send 300 messages a second;
    a seat may be handed over 1 s after its player left; no limit on rooms per address."""
    proc = serve(
        tmp_path_factory,
        "srv",
        *("--clock-speed", "600", "--tick", "0.05", "--rate", "300"),
        *("--grace", "1", "--room-rate", "0"),
    )
    yield proc
    proc.stop()
