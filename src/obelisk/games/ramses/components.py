"""Ramses II components as data: the board geometry, the views, the deck, the treasures.

Everything here is read once at import (or once per deck file) and never
changes: the rules code only looks things up.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from obelisk.core import InvalidOptions

# -- the board (ramses:2.1, ramses:3.1) -------------------------------------------
ROWS = 6
COLS = 8
PLACES = ROWS * COLS  # 48
NUM_TREASURES = 12
NUM_PYRAMIDS = PLACES - 1  # 47
BLANK = 0  # the token of a neutral chip; treasures are 1..12

#: Default treasure names T01..T12 (ramses:2.4); T09-T12 are placeholders (D-10).
TREASURE_NAMES: tuple[str, ...] = (
    "Parrot",
    "Trumpet",
    "Golden Sphinx",
    "Sacred Dog",
    "Mummy",
    "Dentures",
    "Spectacles",
    "Stone Duck",
    "Scarab",
    "Crown",
    "Vase",
    "Cat",
)

#: Pyramid colours (ramses:2.3), by the letter used in grids.
COLOUR_NAMES = {"G": "gold", "R": "red", "B": "blue", "W": "white", "K": "black"}
COLOUR_LETTERS = "GRBWK"


def _tid_text(t: int) -> str:
    return "blank" if t == BLANK else f"T{t:02d}"


#: ``tid`` of every token 0..12, looked up instead of formatted on every slide.
TIDS: tuple[str, ...] = tuple(_tid_text(t) for t in range(NUM_TREASURES + 1))


def tid(t: int) -> str:
    """The id text of a treasure: ``tid(3) == "T03"``; 0 is a blank."""
    return TIDS[t] if 0 <= t <= NUM_TREASURES else _tid_text(t)


def rc(place: int) -> tuple[int, int]:
    """Board (row, column) of a place id (ramses:3.1)."""
    return divmod(place, COLS)


def place_of(r: int, c: int) -> int:
    """Place id of board (row, column)."""
    return COLS * r + c


def block_of(place: int) -> int:
    """The 2x2 block (0..11) a place belongs to (ramses:3.1)."""
    r, c = divmod(place, COLS)
    return 4 * (r // 2) + (c // 2)


BLOCK: tuple[int, ...] = tuple(block_of(p) for p in range(PLACES))
#: The four places of each block, ascending.
BLOCK_PLACES: tuple[tuple[int, ...], ...] = tuple(
    tuple(p for p in range(PLACES) if BLOCK[p] == b) for b in range(12)
)

# Neighbour offsets in board coordinates, orthogonal first in the order N, E, S, W.
_ORTH = ((-1, 0), (0, 1), (1, 0), (0, -1))
_DIAG = ((-1, 1), (1, 1), (1, -1), (-1, -1))


def _neigh(offsets: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    out = []
    for p in range(PLACES):
        r, c = divmod(p, COLS)
        out.append(
            tuple(
                place_of(r + dr, c + dc)
                for dr, dc in offsets
                if 0 <= r + dr < ROWS and 0 <= c + dc < COLS
            )
        )
    return tuple(out)


#: Orthogonal neighbours of each place, in the order N, E, S, W (ramses:3.1).
NEIGHBOURS: tuple[tuple[int, ...], ...] = _neigh(_ORTH)
#: Orthogonal then diagonal neighbours (the ``allow_diagonal_slides`` option).
NEIGHBOURS_DIAG: tuple[tuple[int, ...], ...] = _neigh(_ORTH + _DIAG)


# -- views (ramses:3.3) ----------------------------------------------------------
def to_screen(place: int, turns: int) -> tuple[int, int]:
    """Screen (row, col) of a board place when the board is drawn turned by ``turns``
    clockwise quarter turns (the table of ramses:3.3)."""
    r, c = divmod(place, COLS)
    t = turns % 4
    if t == 0:
        return r, c
    if t == 1:
        return c, ROWS - 1 - r
    if t == 2:
        return ROWS - 1 - r, COLS - 1 - c
    return COLS - 1 - c, r


def from_screen(sr: int, sc: int, turns: int) -> int:
    """The board place shown at screen (row, col) under ``turns`` (the inverse map)."""
    t = turns % 4
    if t == 0:
        r, c = sr, sc
    elif t == 1:
        r, c = ROWS - 1 - sc, sr
    elif t == 2:
        r, c = ROWS - 1 - sr, COLS - 1 - sc
    else:
        r, c = sc, COLS - 1 - sr
    return place_of(r, c)


def screen_shape(turns: int) -> tuple[int, int]:
    """(rows, cols) of the screen grid: 8 x 6 for an odd number of quarter turns."""
    return (COLS, ROWS) if turns % 2 else (ROWS, COLS)


SCREEN: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(to_screen(p, t) for p in range(PLACES)) for t in range(4)
)
#: For each turn, the board places in screen reading order (row by row).
SCREEN_ORDER: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        from_screen(sr, sc, t)
        for sr in range(screen_shape(t)[0])
        for sc in range(screen_shape(t)[1])
    )
    for t in range(4)
)

#: A slide's direction as the pyramid moves on the searcher's screen.
DIRECTION_NAMES = {
    (-1, 0): "up",
    (0, 1): "right",
    (1, 0): "down",
    (0, -1): "left",
    (-1, 1): "up-right",
    (1, 1): "down-right",
    (1, -1): "down-left",
    (-1, -1): "up-left",
}
DIRECTION_ORDER = tuple(DIRECTION_NAMES.values())


def slide_direction(source: int, empty: int, turns: int) -> str:
    """Where the pyramid on ``source`` moves, on a screen turned by ``turns``."""
    sr, sc = SCREEN[turns % 4][source]
    er, ec = SCREEN[turns % 4][empty]
    return DIRECTION_NAMES[(er - sr, ec - sc)]


# -- the memory model's rotation confusion (ramses:12.4) ---------------------------
def confuse(place: int, delta: int) -> int:
    """``E_delta``: the place a memory lands on after a confusion by ``delta`` clockwise
    quarter turns, on the 6 x 8 board (exact integer forms of ramses:12.4)."""
    r, c = divmod(place, COLS)
    d = delta % 4
    if d == 0:
        return place
    if d == 1:
        return place_of((6 * c + 3) // 8, 8 - (4 * r + 4) // 3)
    if d == 2:
        return place_of(5 - r, 7 - c)
    return place_of(6 - (6 * c + 10) // 8, (4 * r + 2) // 3)


# -- the deck (ramses:2.5) ---------------------------------------------------------
KINDS = ("search", "sandstorm", "gift", "risk", "mirage", "poker", "end")
EVENT_KINDS = ("sandstorm", "gift", "risk", "mirage", "poker")
DATA_DIR = Path(__file__).with_name("data")


@dataclass(frozen=True, slots=True)
class Card:
    """One row of the deck table; ``cid`` is its row index."""

    cid: int
    stack: int
    kind: str
    treasure: int = 0
    value: int = 0

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (Card, (self.cid, self.stack, self.kind, self.treasure, self.value))

    def to_json(self) -> dict[str, object]:
        """The card as seats see it once it is face up."""
        out: dict[str, object] = {"card": self.cid, "stack": self.stack, "type": self.kind}
        if self.kind == "search":
            out["treasure"] = tid(self.treasure)
            out["value"] = self.value
        return out

    def label(self) -> str:
        """Short text: ``#17 T05 (2)`` or ``#30 gift``."""
        if self.kind == "search":
            return f"#{self.cid} {tid(self.treasure)} ({self.value})"
        return f"#{self.cid} {self.kind}"


@cache
def load_deck(name: str) -> tuple[Card, ...]:
    """The deck table named ``name`` (a file in ``data/deck_<name>.json``) or a path to
    a JSON file of the same shape. Raises :class:`InvalidOptions` naming the fault."""
    path = DATA_DIR / f"deck_{name}.json"
    if not path.exists():
        path = Path(name)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise InvalidOptions(f"option 'deck': cannot read deck '{name}': {e}") from None
    rows = doc.get("cards") if isinstance(doc, dict) else doc
    if not isinstance(rows, list) or not rows:
        raise InvalidOptions(f"option 'deck': '{name}' has no list of cards")
    cards = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise InvalidOptions(f"deck '{name}' row {i}: not an object")
        stack, kind = row.get("stack"), row.get("kind")
        if stack not in (1, 2, 3) or kind not in KINDS:
            raise InvalidOptions(f"deck '{name}' row {i}: bad stack {stack!r} or kind {kind!r}")
        t, v = row.get("treasure", 0), row.get("value", 0)
        if kind == "search" and (
            not isinstance(t, int) or not 1 <= t <= 12 or not isinstance(v, int) or v < 0
        ):
            raise InvalidOptions(
                f"deck '{name}' row {i}: a search card needs treasure 1-12 and a value"
            )
        cards.append(
            Card(i, stack, kind, t if kind == "search" else 0, v if kind == "search" else 0)
        )
    return tuple(cards)


@cache
def deck_json(name: str) -> tuple[dict[str, object], ...]:
    """``to_json()`` of every card of deck ``name``, computed once (callers copy a row
    before handing it out, so nobody can change the table)."""
    return tuple(card.to_json() for card in load_deck(name))


def default_sides(num_players: int) -> tuple[int, ...]:
    """Which side of the virtual table each seat sits on (ramses:3.4)."""
    return {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3), 5: (0, 1, 2, 3, 3)}[num_players]
