"""Abu Simbel computer players with imperfect sequence memory (abu_simbel:12).

A :class:`MemoryBot` sees only its ``PlayerView``. On the way in (cards visible) it stores
the route as shown; on the way out its observation has no faces, and it answers from that
stored copy through the level's recall model (memory.py). It never reads a face from the
event log: from the events it takes only *when* each chamber appeared (its exposure count,
abu_simbel:12.1).
"""

from __future__ import annotations

import random
from typing import Any

from obelisk.core import Action, PlayerView

from .actions import (
    ChooseTreasureDeck,
    ConfirmTurnedAway,
    EnterMove,
    PassCover,
    PlaceCover,
    Verdict,
)
from .components import TOKENS
from .memory import LEVELS, MemoryLevel, recall_token, route_as_shown, way_in_token


def exposures(events: list[dict[str, Any]]) -> list[int]:
    """Exposure count of each route slot this round (abu_simbel:12.1).

    Counts TURN_STARTED events since the slot appeared; a slot covered in a cover window
    restarts at 1. The bot uses only this part of :func:`~.memory.route_as_shown` (event
    kinds and slot numbers), never a face.
    """
    return route_as_shown(events).exposure


class MemoryBot:
    """A human-like Abu Simbel player of one memory level (abu_simbel:12)."""

    def __init__(self, level: str | MemoryLevel = "expert") -> None:
        self.level = LEVELS[level] if isinstance(level, str) else level
        self.name = self.level.name
        self.label = self.level.label
        #: seat -> (round, route length, tokens by slot) as last seen on its own way in
        self._memory: dict[int, tuple[int, int, list[str]]] = {}

    def reset(self) -> None:
        """Forget everything (a new game)."""
        self._memory.clear()

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal_actions()
        if not legal:
            raise ValueError("it is not this seat's turn")
        obs = view.observation()
        seat = view.seat
        first = legal[0]
        if isinstance(first, EnterMove):
            if obs["phase"] == "way_in":
                return self._way_in(obs, seat, rng)
            return self._way_out(view, obs, seat, rng)
        if isinstance(first, ChooseTreasureDeck):
            return legal[rng.randrange(len(legal))]  # abu_simbel:12.5 — decks are blind
        if isinstance(first, PassCover):
            return self._cover(obs, seat, legal)
        if isinstance(first, ConfirmTurnedAway):
            return first
        if isinstance(first, Verdict):
            # abu_simbel:12.5 — bots never referee; if asked anyway, pass the player.
            return next(a for a in legal if isinstance(a, Verdict) and a.passed)
        return legal[0]

    # -- the ways ------------------------------------------------------------------
    def _way_in(self, obs: dict[str, Any], seat: int, rng: random.Random) -> Action:
        tokens = [slot["token"] for slot in obs["route"]]
        self._memory[seat] = (obs["round"], len(tokens), tokens)  # the route as shown
        slot = obs["way_order"][obs["progress"]]
        return EnterMove(way_in_token(self.level, tokens[slot], rng))

    def _way_out(
        self, view: PlayerView, obs: dict[str, Any], seat: int, rng: random.Random
    ) -> Action:
        n = obs["route_len"]
        i = obs["progress"]
        mem = self._memory.get(seat)
        if mem is None or mem[0] != obs["round"] or mem[1] != n:
            return EnterMove(TOKENS[rng.randrange(len(TOKENS))])  # nothing remembered
        tokens = mem[2]
        forward = obs["players"][seat]["forward_exit"]
        order = list(range(n - 1, -1, -1)) if forward else list(range(n))
        remembered = [tokens[s] for s in order]
        x = exposures(view.events())
        slot = order[i]
        exposure = x[slot] if slot < len(x) else 1
        return EnterMove(recall_token(self.level, remembered, i, exposure, rng, forward))

    # -- the Ultimate Adventure ----------------------------------------------------------
    def _cover(self, obs: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        """abu_simbel:12.5 — cover the middle chamber of the leader's route, else pass."""
        players = obs["players"]
        others = [s for s in range(len(players)) if s != seat]
        leader = min(others, key=lambda s: (-players[s]["treasures"], -players[s]["charms"], s))
        if obs["active"] != leader:
            return legal[0]
        n = obs["route_len"]
        coverable = {a.slot for a in legal if isinstance(a, PlaceCover)}
        for slot in [*range(n // 2, -1, -1), *range(n // 2 + 1, n)]:
            if slot in coverable:
                return PlaceCover(slot)
        return legal[0]


class AbuSimbelHeuristic(MemoryBot):
    """The default computer player: an expert memory (abu_simbel:12.4)."""

    def __init__(self) -> None:
        super().__init__("expert")


class TableHint:
    """A person's ``hint``, from the table as it is now (abu_simbel:11: no memory aids).

    On the way in it reads the current chamber's face from the observation; it never
    answers from a memory of faces that are hidden now (the game refuses a hint there,
    ``AbuSimbelState.hint_refusal``). The other choices are the heuristic's, which read
    only the observation too.
    """

    name = "table"

    def __init__(self) -> None:
        self._bot = MemoryBot("expert")

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal_actions()
        if not legal:
            raise ValueError("it is not this seat's turn")
        obs = view.observation()
        if isinstance(legal[0], EnterMove):
            if obs["route_hidden"] or not obs["way_order"]:
                raise ValueError("the route is hidden: only memory can tell the move now")
            slot = obs["way_order"][obs["progress"]]
            return EnterMove(obs["route"][slot]["token"])
        if isinstance(legal[0], ChooseTreasureDeck):
            # the backs are all alike (abu_simbel:11): the fullest deck, for something to say
            decks = obs["treasure_decks"]
            return max(
                (a for a in legal if isinstance(a, ChooseTreasureDeck)),
                key=lambda a: (decks[a.deck], -a.deck),
            )
        return self._bot.act(view, rng)


def level_factory(name: str) -> Any:
    """A no-argument factory of a MemoryBot of level ``name``."""

    def make() -> MemoryBot:
        return MemoryBot(name)

    make.__name__ = f"abu_simbel_{name}"
    make.__doc__ = f"Abu Simbel memory bot, level {name} ({LEVELS[name].label})"
    return make
