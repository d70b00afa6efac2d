"""Debian's Chromium for the browser tests: the names kept for the tests that import them
from here; the one definition is ``tests/browser_fixtures.py``."""

from __future__ import annotations

from browser_fixtures import CHROMIUM, CHROMIUM_ARGS, chromium, screenshot_folder

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "chromium", "screenshot_folder"]
