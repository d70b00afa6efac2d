"""A real server and Debian's Chromium for the web app's tests (one of each per session)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "server"))

from chromium_helpers import CHROMIUM, chromium, screenshot_folder  # noqa: E402
from server_helpers import ServerProc  # noqa: E402

sync_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("websockets")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if CHROMIUM is None:
        skip = pytest.mark.skip(reason="Debian's chromium is not installed (.ci/run installs it)")
        for item in items:
            if "tests/web" in str(item.fspath):
                item.add_marker(skip)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A server on a free port with a fresh SQLite file; bots move at once."""
    db = Path(tmp_path_factory.mktemp("websrv")) / "rooms.sqlite3"
    proc = ServerProc(str(db), *("--rate", "300", "--room-rate", "0", "--grace", "1")).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium (never a downloaded browser). One per test module: the sync
    API runs an event loop in the thread while it is open, so it is closed before tests
    of other folders (which call asyncio.run) run in the same worker."""
    with chromium() as b:
        yield b


@pytest.fixture(scope="session")
def shots() -> Path:
    """Where the tests save their screenshots ($OBELISK_SCREENSHOTS, else a temp folder)."""
    return screenshot_folder()
