"""A server plug-in for the tests: Tiny Tricks as a memory game whose narrator flashes.

Every action event gets a ``flash`` ("<who> shows a card for a moment"), so the
tests can check the server sends a flash live and never in a catch-up batch.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from obelisk.core import Narrator, Voice
from tinycards import TinyTricks


class FlashNarrator(Narrator):
    """The generic narration, plus a flash for each action."""

    def flash_action(self, event: Mapping[str, Any], voice: Voice) -> str | None:
        return f"{voice.name(event.get('seat'))} flashes a card"


class FlashTricks(TinyTricks):
    """Tiny Tricks, declared a memory game, with a flashing narrator."""

    name = "tiny_flash"
    title = "Tiny Tricks (flash)"
    capabilities = dataclasses.replace(TinyTricks.capabilities, memory=True)
    narrator = FlashNarrator()


GAME = FlashTricks()
