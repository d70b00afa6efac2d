"""The imperfect memory of a Ramses II computer player (ramses:12.2 - 12.5).

A bot remembers what it watched being uncovered as location entries with a
strength that decays every turn, a capacity per kind, and a count of the
quarter turns of the box since it encoded them; recall is a fresh random draw
at the start of every search, in which old memories across rotations land on
a confused place (``components.confuse``). Everything here is [DESIGN].
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from operator import attrgetter

from .components import BLANK, BLOCK, BLOCK_PLACES, PLACES, confuse

#: The token of a place inferred to hold its block's treasure, identity unknown (ramses:12.5).
SOME_TREASURE = -1


@dataclass(frozen=True)
class Level:
    """One difficulty preset (a row of the table in ramses:12.8)."""

    name: str
    cap_t: float
    cap_b: float
    cap_o: float
    s0: float
    refresh_bonus: float
    decay: float
    theta: float
    q_rot: float
    use_block_rule: bool
    w_base: float


INF = math.inf
#: ramses:12.8. ``perfect`` is the spec's Oracle: perfect recall of every public reveal.
#: It never reads hidden state, but no person remembers like this: cheating-strength.
LEVELS: dict[str, Level] = {
    "easy": Level("easy", 4, 6, 4, 0.80, 0.05, 0.12, 0.25, 0.25, False, 2),
    "medium": Level("medium", 7, 14, 8, 0.90, 0.10, 0.06, 0.20, 0.12, True, 5),
    "hard": Level("hard", 10, 24, 16, 0.95, 0.15, 0.03, 0.15, 0.06, True, 10),
    "expert": Level("expert", 12, 36, 36, 1.00, 0.20, 0.01, 0.10, 0.02, True, 20),
    "perfect": Level("perfect", INF, INF, INF, 1.0, 0.0, 0.0, 0.0, 0.0, True, 1000),
}


@dataclass(slots=True)
class LocEntry:
    """ramses:12.2: a remembered token at a place."""

    place: int
    token: int
    s: float
    k: int
    encoded_turn: int


@dataclass(slots=True)
class OwnEntry:
    """ramses:12.2: a remembered card owner (stack 0 when the stack was not shown)."""

    seat: int
    treasure: int
    stack: int
    s: float


def _copy_loc(e: LocEntry) -> LocEntry:
    return LocEntry(e.place, e.token, e.s, e.k, e.encoded_turn)


#: The entry a full store forgets first: the weakest, then the oldest, then the lowest place.
_WEAKEST = attrgetter("s", "encoded_turn", "place")


class Memory:
    """The store of ramses:12.2 with the updates of ramses:12.3."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self.treasures: dict[int, LocEntry] = {}  # place -> entry
        self.blanks: dict[int, LocEntry] = {}
        self.owners: list[OwnEntry] = []
        self.turn = 0

    def copy(self) -> Memory:
        """An independent copy (same entries, in the same order)."""
        new = Memory(self.level)  # (not __new__: mypyc-compiled classes need __init__)
        new.treasures = {p: _copy_loc(e) for p, e in self.treasures.items()}
        new.blanks = {p: _copy_loc(e) for p, e in self.blanks.items()}
        new.owners = [OwnEntry(o.seat, o.treasure, o.stack, o.s) for o in self.owners]
        new.turn = self.turn
        return new

    # -- ramses:12.3 ----------------------------------------------------------------
    def encode(self, place: int, token: int) -> None:
        """A reveal (or the showing token at a search start) of ``token`` at ``place``."""
        lv = self.level
        store = self.treasures if token != BLANK else self.blanks
        e = store.get(place)
        if e is not None and e.token == token:
            e.s = min(1.0, max(e.s, lv.s0) + lv.refresh_bonus)
            e.k = 0
            e.encoded_turn = self.turn
            return
        other = self.blanks if token != BLANK else self.treasures
        other.pop(place, None)
        if token != BLANK:  # a treasure has one place
            for p in [p for p, x in self.treasures.items() if x.token == token]:
                del self.treasures[p]
        store[place] = LocEntry(place, token, lv.s0, 0, self.turn)
        cap = lv.cap_t if token != BLANK else lv.cap_b
        while len(store) > cap:
            del store[min(store.values(), key=_WEAKEST).place]

    def rotated(self, quarters: int) -> None:
        """ROTATED(+-90): k += 1; ROTATED(180): k += 2."""
        add = 2 if abs(quarters) == 2 else 1
        for e in self.entries():
            e.k += add

    def turn_ended(self) -> None:
        """Decay every entry by d and forget those below theta."""
        self.turn += 1
        lv = self.level
        if lv.decay == 0:
            return
        f = 1.0 - lv.decay
        theta = lv.theta
        for store in (self.treasures, self.blanks):
            for p, e in list(store.items()):
                e.s *= f
                if e.s < theta:
                    del store[p]
        for o in self.owners:
            o.s *= f
        self.owners = [o for o in self.owners if o.s >= theta]

    def owner_seen(self, seat: int, treasure: int, stack: int) -> None:
        """A public find or named transfer: ``seat`` now holds a ``treasure`` card."""
        lv = self.level
        for o in self.owners:
            if o.seat == seat and o.treasure == treasure and o.stack == stack:
                o.s = min(1.0, max(o.s, lv.s0) + lv.refresh_bonus)
                return
        self.owners.append(OwnEntry(seat, treasure, stack, lv.s0))
        while len(self.owners) > lv.cap_o:
            self.owners.remove(min(self.owners, key=lambda o: o.s))

    def owner_lost(self, seat: int, treasure: int, stack: int) -> None:
        """A named transfer away from ``seat`` (stack 0: any stack of that treasure)."""
        for o in self.owners:
            if o.seat == seat and o.treasure == treasure and (stack == 0 or o.stack in (0, stack)):
                self.owners.remove(o)
                return

    def holds(self, seat: int, treasure: int) -> float:
        """P(seat holds a treasure card) as ramses:12.7 reads it: the strongest entry."""
        return max(
            (o.s for o in self.owners if o.seat == seat and o.treasure == treasure), default=0.0
        )

    def entries(self) -> list[LocEntry]:
        """Every location entry."""
        return [*self.treasures.values(), *self.blanks.values()]

    # -- ramses:12.4 -------------------------------------------------------------------
    def recall(
        self, rng: random.Random, professional: bool = False, factor: float = 1.5
    ) -> dict[int, int]:
        """One recall: place -> token, with forgetting and rotation confusion."""
        q = self.level.q_rot
        out: dict[int, int] = {}
        have: set[int] = set()
        for e in sorted(self.entries(), key=lambda x: (-x.s, x.place)):
            if rng.random() >= e.s:
                continue
            place = e.place
            rho = 1.0 - (1.0 - q) ** e.k if q > 0 and e.k else 0.0
            if professional:
                rho = min(0.95, rho * factor)
            if rho > 0 and rng.random() < rho:
                u = rng.random()
                place = confuse(place, 1 if u < 0.4 else (3 if u < 0.8 else 2))
            if place in out or (e.token != BLANK and e.token in have):
                continue
            out[place] = e.token
            if e.token != BLANK:
                have.add(e.token)
        return out


def infer(known: dict[int, int]) -> dict[int, int]:
    """ramses:12.5: the block rules, added to a copy of ``known``."""
    out = dict(known)
    get = out.get
    for places in BLOCK_PLACES:
        a, b, c, d = places
        tokens = (get(a), get(b), get(c), get(d))  # None: unknown
        unknown = tokens.count(None)
        if unknown == 1 and tokens.count(BLANK) == 3:
            out[places[tokens.index(None)]] = SOME_TREASURE  # the last place left
        elif 0 < unknown < 4 and max(t for t in tokens if t is not None) > 0:
            for p, t in zip(places, tokens, strict=True):
                if t is None:
                    out[p] = BLANK  # the block's treasure is elsewhere
    return out


def located_blocks(known: dict[int, int]) -> set[int]:
    """Blocks whose treasure place is known (an identified treasure or an inferred spot)."""
    return {BLOCK[p] for p, t in known.items() if t != BLANK}


__all__ = [
    "INF",
    "LEVELS",
    "PLACES",
    "SOME_TREASURE",
    "Level",
    "LocEntry",
    "Memory",
    "OwnEntry",
    "infer",
]
