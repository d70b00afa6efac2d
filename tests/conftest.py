"""Shared test set-up: the test-only game is registered beside the real ones."""

from __future__ import annotations

from browser_fixtures import browser, shots  # noqa: F401  (the one browser of every browser test)
from obelisk.core import register
from tinycards import TINY

register(TINY)


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _saves_go_to_a_temporary_folder(tmp_path_factory, monkeypatch):
    """A game a test quits without --save lands in a temporary data folder, not the home."""
    monkeypatch.setenv("OBELISK_DATA_DIR", str(tmp_path_factory.getbasetemp() / "obelisk-data"))


@pytest.fixture(autouse=True)
def _no_pacing_in_tests(monkeypatch):
    """A memory game paces each computer move for a person watching (0.8 s, even under
    --fast); in-process tests read the screen, not the pace, so a session made without an
    explicit ``delay`` does not wait."""
    from obelisk.tui import session

    original = session.PlaySession.__init__

    def init(self, *args, **kw):
        kw.setdefault("delay", 0)
        original(self, *args, **kw)

    monkeypatch.setattr(session.PlaySession, "__init__", init)
