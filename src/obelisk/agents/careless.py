"""The ``careless:…`` level: a good player who now and then plays without thinking.

``careless:p=0.3`` is the game's heuristic player with a 30% chance, at each decision
with more than one choice, of a random legal move instead; ``careless:p=0.2,player=belief``
does the same with another player. The player behind it is asked at every decision, so its
memory and its tree follow the game as they would; the slip only replaces the move played.
People meet it as a game's ``easy`` level where the heuristic is the strongest cheap player.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from obelisk.core import Action, Agent, Game, InvalidOptions, PlayerView


class CarelessAgent:
    """Plays as ``base`` but with probability ``slip`` a uniformly random legal move."""

    def __init__(self, base: Agent, slip: float, name: str = "careless") -> None:
        self.base = base
        self.slip = slip
        self.name = name

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The base player's move, or with probability ``slip`` a random legal one."""
        legal = view.legal_actions()
        chosen = self.base.act(view, rng)
        if len(legal) > 1 and rng.random() < self.slip:
            return rng.choice(legal)
        return chosen


def parse_careless_spec(game: Game, spec: str, make: Callable[[Game, str], Agent]) -> CarelessAgent:
    """A careless agent from ``careless:p=0.3[,player=LEVEL]``; bad specs raise
    :class:`InvalidOptions` naming the problem. ``make`` builds the player behind it."""
    _, _, body = spec.partition(":")
    values: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in body.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if not eq or key not in {"p", "player"}:
            raise InvalidOptions(
                f"bad setting '{part}' in '{spec}'; use careless:p=0.3 or careless:p=0.3,player=LEVEL"
            )
        values[key] = value.strip()
    try:
        slip = float(values.get("p", "0.3"))
    except ValueError:
        raise InvalidOptions(f"'{spec}': p must be a number between 0 and 1") from None
    if not 0.0 <= slip <= 1.0:
        raise InvalidOptions(f"'{spec}': p must be between 0 and 1, not {slip:g}")
    player = values.get("player", "heuristic")
    if player.startswith("careless"):
        raise InvalidOptions(f"'{spec}': a careless player cannot stand behind another")
    return CarelessAgent(make(game, player), slip, name=spec)
