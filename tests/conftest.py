"""Shared test set-up: the test-only game is registered beside the real ones."""

from __future__ import annotations

from obelisk.core import register
from tinycards import TINY

register(TINY)
