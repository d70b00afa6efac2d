"""The ``random`` level: a uniformly random legal action."""

from __future__ import annotations

import random

from obelisk.core import Action, PlayerView


class RandomAgent:
    """Chooses uniformly among the legal actions, with the rng it is given."""

    name = "random"
    #: It reads only the legal actions, so it may play a quiet state (``State.quiet``).
    reads_events = False

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(view.legal_actions())
