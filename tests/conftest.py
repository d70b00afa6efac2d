"""Shared test set-up: the test-only game is registered beside the real ones."""

from __future__ import annotations

from obelisk.core import register
from tinycards import TINY

register(TINY)


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _saves_go_to_a_temporary_folder(tmp_path_factory, monkeypatch):
    """A game a test quits without --save lands in a temporary data folder, not the home."""
    monkeypatch.setenv("OBELISK_DATA_DIR", str(tmp_path_factory.getbasetemp() / "obelisk-data"))
