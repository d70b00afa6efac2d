"""A real server for the web app's tests (one per session); the browser is the one of
``tests/browser_fixtures.py`` (``browser``, ``shots``), shared with every browser test."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "server"))

from server_helpers import ServerProc  # noqa: E402

from browser_fixtures import CHROMIUM, serve  # noqa: E402

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
    proc = serve(tmp_path_factory, "websrv", "--rate", "300", "--room-rate", "0", "--grace", "1")
    yield proc
    proc.stop()
