"""The one browser for every browser test (web, companion, server): Debian's Chromium.

Never a downloaded browser: Playwright drives ``/usr/bin/chromium`` through
``executable_path``, headless, with the flags the project's machines need. The fixtures
``browser`` (one per test module) and ``shots`` (where screenshots go) are made available
to every test by ``tests/conftest.py``; ``serve`` starts a real server for a folder's own
``server`` fixture (each folder keeps the flags its tests need).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

#: Debian's Chromium, or None where it is not installed (the browser tests then skip).
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

#: The flags Chromium starts with on these machines (no sandbox in containers, no GPU,
#: nothing fetched in the background).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


class TestBrowser:
    """The browser with pages that let a test's own scripts run under the server's
    Content-Security-Policy (Playwright's ``wait_for_function`` evaluates a string, which
    ``script-src 'self'`` forbids); the pages' own code still runs as in service. A test of
    the policy itself opens its page with ``bypass_csp=False`` or asks :func:`chromium`
    for ``strict_csp``."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_page(self, **kw: Any) -> Any:
        """A page (bypassing the CSP for the test's own scripts unless told otherwise)."""
        kw.setdefault("bypass_csp", True)
        return self._browser.new_page(**kw)

    def new_context(self, **kw: Any) -> Any:
        """A context (bypassing the CSP for the test's own scripts unless told otherwise)."""
        kw.setdefault("bypass_csp", True)
        return self._browser.new_context(**kw)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@contextmanager
def chromium(strict_csp: bool = False) -> Iterator[Any]:
    """A headless Debian Chromium driven by Playwright's sync API, closed on exit.

    The sync API runs an event loop in the thread while it is open, so callers hold it for
    one test module at most (tests of other folders call ``asyncio.run`` in the same worker).
    Its pages bypass the server's Content-Security-Policy for the test's own scripts unless
    ``strict_csp`` (see :class:`TestBrowser`).
    """
    from playwright import sync_api

    if CHROMIUM is None:
        raise RuntimeError("Debian's chromium is not installed (.ci/run installs it)")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser if strict_csp else TestBrowser(browser)
        finally:
            browser.close()


def screenshot_folder() -> Path:
    """Where the tests save their screenshots ($OBELISK_SCREENSHOTS, else a temp folder)."""
    folder = Path(os.environ.get("OBELISK_SCREENSHOTS") or "/tmp/obelisk-web-screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def serve(tmp_path_factory: pytest.TempPathFactory, name: str, *flags: str) -> Any:
    """A started server (``server_helpers.ServerProc``) on a free port with a fresh SQLite
    file, run with ``flags``; the caller stops it."""
    from server_helpers import ServerProc

    db = Path(tmp_path_factory.mktemp(name)) / "rooms.sqlite3"
    return ServerProc(str(db), *flags).start()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium (never a downloaded browser), one per test module; skips
    the test where Playwright or Chromium is missing."""
    pytest.importorskip("playwright.sync_api")
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed (.ci/run installs it)")
    with chromium() as b:
        yield b


@pytest.fixture(scope="session")
def shots() -> Path:
    """Where the tests save their screenshots ($OBELISK_SCREENSHOTS, else a temp folder)."""
    return screenshot_folder()
