"""The imperfect sequence memory of Abu Simbel's computer players (abu_simbel:12).

A bot reads the route while it is visible (the way in), stores it, and recalls it on the
way out through a noisy channel whose success falls with the route's length beyond the
bot's span. Everything here is [DESIGN]; the levels are the spec's presets (12.4).
All randomness comes from the ``rng`` the caller passes (one ``random()`` per draw, one
``randrange`` per uniform pick, exactly where the spec calls for one).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from obelisk.core import Event
from obelisk.core.i18n import N_

from .components import TYPE_TOKEN, TYPES, token_type


@dataclass(frozen=True)
class MemoryLevel:
    """One difficulty preset (abu_simbel:12.4)."""

    name: str
    label: str
    span: float  # S
    p_item: float
    overload: float
    r_rev: float
    g: float  # rehearsal bonus per extra exposure (at most 3)
    e: float  # edge bonus for the first and last position
    v: float  # way-in slip rate
    p_max: float

    def base(self, n: int, forward: bool = False) -> float:
        """``base_n = p_item · r_rev · overload^max(0, n − S)`` (abu_simbel:12.3)."""
        r = 1.0 if forward else self.r_rev
        extra = max(0.0, n - self.span)
        return self.p_item * r * (self.overload**extra if extra else 1.0)

    def p_recall(self, n: int, i: int, exposure: int, forward: bool = False) -> float:
        """Chance of recalling exit position ``i`` of ``n`` correctly (abu_simbel:12.3)."""
        edge = self.e if i == 0 or i == n - 1 else 0.0
        rehearsal = self.g * min(max(exposure, 1) - 1, 3)
        return min(self.p_max, self.base(n, forward) + rehearsal + edge)

    def model_exit_rate(self, n: int, with_edges: bool = True, forward: bool = False) -> float:
        """The spec's reference chance of a clean way out with every exposure 1 (12.4)."""
        b = self.base(n, forward)
        if not with_edges:
            return b**n
        if n == 1:
            return min(self.p_max, b + self.e)
        return b ** (n - 2) * min(self.p_max, b + self.e) ** 2


#: The levels (abu_simbel:12.4). Names are the project's; the spec's name is in the label.
LEVELS: dict[str, MemoryLevel] = {
    "child": MemoryLevel("child", N_("Easy"), 3, 0.95, 0.85, 0.97, 0.010, 0.02, 0.010, 0.99),
    "casual": MemoryLevel("casual", N_("Medium"), 5, 0.97, 0.90, 0.98, 0.015, 0.02, 0.005, 0.995),
    "hard": MemoryLevel("hard", N_("Hard"), 7, 0.985, 0.92, 0.99, 0.020, 0.01, 0.002, 0.998),
    "expert": MemoryLevel("expert", N_("Expert"), 9, 0.995, 0.95, 0.995, 0.020, 0.01, 0.000, 0.999),
    "perfect": MemoryLevel(
        "perfect",
        N_("Oracle: PERFECT memory, never makes a mistake (for tests; not human-like)"),
        math.inf,
        1.0,
        1.0,
        1.0,
        0.0,
        0.0,
        0.0,
        1.0,
    ),
}


def other_type_token(expected: str, rng: random.Random) -> str:
    """A random token of another chamber type (abu_simbel:12.2): a uniform pick of the 10
    other types in table order, then for SCORPIONS a uniform pick of STOMP_x1..x3."""
    mine = token_type(expected)
    others = [t for t in TYPES if t != mine]
    pick = others[rng.randrange(len(others))]
    if pick == "SCORPIONS":
        return f"STOMP_x{rng.randrange(3) + 1}"
    return TYPE_TOKEN[pick]


def way_in_token(level: MemoryLevel, expected: str, rng: random.Random) -> str:
    """The token a bot enters on the way in, cards visible (abu_simbel:12.2)."""
    if rng.random() < 1.0 - level.v:
        return expected
    return other_type_token(expected, rng)


def recall_token(
    level: MemoryLevel,
    remembered: Sequence[str],
    i: int,
    exposure: int,
    rng: random.Random,
    forward: bool = False,
) -> str:
    """The token a bot enters at exit position ``i`` from its stored sequence (12.3)."""
    n = len(remembered)
    want = remembered[i]
    if rng.random() < level.p_recall(n, i, exposure, forward):
        return want
    u2 = rng.random()
    if i < n - 1 and remembered[i + 1] != want and u2 < 0.5:
        return remembered[i + 1]  # anticipation error
    if want.startswith("STOMP_x") and u2 < 0.75:
        k = int(want[7:])
        if k == 1:
            return "STOMP_x2"
        if k == 6:
            return "STOMP_x5"
        return f"STOMP_x{k - 1}" if rng.random() < 0.5 else f"STOMP_x{k + 1}"
    return other_type_token(want, rng)


@dataclass
class RouteAsShown:
    """The current round's route as a seat's events showed it (abu_simbel:12.1)."""

    #: The face of each slot, route[0] (next to the vault) first ("?" where not shown).
    cards: list[str]
    #: The owner of the mummy cover on each slot, or -1.
    covers: list[int]
    #: The exposure count of each slot (abu_simbel:12.1).
    exposure: list[int]
    #: The index (among the given events) of the round's ROUND_STARTED, or 0.
    start: int


def route_as_shown(events: Sequence[Any]) -> RouteAsShown:
    """Read this round's route from a seat's events (engine events or their JSON form).

    The faces come from ROUND_STARTED and CHAMBER_ADDED, the covers from COVER_PLACED; the
    exposure of a slot counts the TURN_STARTED events since it appeared, and a slot covered
    in a cover window restarts at 1 (abu_simbel:12.1). Nothing else changes a route within a
    round (a failure ends it), so this is exactly the route the seat was last shown.
    """
    items = events[:]  # a list, whatever the sequence type
    engine = bool(items) and isinstance(items[0], Event)
    kinds = [e.kind for e in items] if engine else [e["kind"] for e in items]
    try:
        start = len(kinds) - 1 - kinds[::-1].index("round_started")
    except ValueError:
        start = 0
    cards: list[str] = []
    covers: list[int] = []
    x: list[int] = []
    for k in range(start, len(items)):
        kind = kinds[k]
        data: Mapping[str, Any] = items[k].data if engine else items[k]
        if kind == "round_started":
            cards = list(data["route"])
            covers = [-1] * len(cards)
            x = [0] * len(cards)
        elif kind == "turn_started":
            x = [v + 1 for v in x]
        elif kind == "chamber_added":
            cards.append(data["card"])
            covers.append(-1)
            x.append(0)
        elif kind == "cover_placed":
            covers[data["slot"]] = data["seat"]
            x[data["slot"]] = 1
    return RouteAsShown(cards, covers, x, start)
