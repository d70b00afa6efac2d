"""Where might each explorer be? The mummy's set belief of mummy:17, on bit boards.

One :class:`Belief` holds, for every explorer figure, the set of fields where it may
stand (an over-approximation that always contains the truth). It is updated only by
public facts, in game order, with the mummy's field valid at that moment. The rules
keep one (to re-draw hidden positions in ``determinize``) and the ``belief`` computer
mummy keeps her own, fed from her events; both use this class.
"""

from __future__ import annotations

from .board import Board


class Belief:
    """Possible fields of each figure as bit sets (see the module docstring)."""

    __slots__ = ("allow_cross", "allow_origin", "board", "cells")

    def __init__(
        self,
        board: Board,
        figures: int,
        allow_cross: bool = True,
        allow_origin: bool = True,
        cells: list[int] | None = None,
    ) -> None:
        self.board = board
        self.allow_cross = allow_cross
        self.allow_origin = allow_origin
        #: ``cells[f]``: the bit set of fields where figure ``f`` may stand (0: off the board).
        self.cells = list(cells) if cells is not None else [1 << board.start] * figures

    def copy(self) -> Belief:
        """An independent copy."""
        new = Belief.__new__(Belief)  # every clone of a state copies its belief
        new.board = self.board
        new.allow_cross = self.allow_cross
        new.allow_origin = self.allow_origin
        new.cells = self.cells.copy()
        return new

    def others(self, f: int) -> int:
        """Fields that may hold some figure other than ``f``."""
        u = 0
        for g, m in enumerate(self.cells):
            if g != f:
                u |= m
        return u

    # -- updates (mummy:17) ---------------------------------------------------------
    def number(self, f: int, k: int, mummy: int) -> None:
        """Figure ``f`` announced the number ``k`` and moved."""
        b = self.board
        passable = b.full & ~(1 << mummy)
        if not self.allow_cross:
            passable &= ~b.sv_mask
        # b.walk_ends with b.expand written out (a figure's every number move)
        o0, o1, o2, o3 = b.open_mask
        c = b.cols
        r = self.cells[f]
        for _ in range(k):
            r = (((r & o0) >> c) | ((r & o2) << c) | ((r & o1) << 1) | ((r & o3) >> 1)) & passable
            if not r:
                break
        self.cells[f] = r & ~b.sv_mask

    def arrow(self, f: int, mummy: int) -> None:
        """Figure ``f`` announced the arrow and slid in some direction.

        Every full-length stop is possible, and every field on a ray whose next field
        could hold another explorer (who would have stopped the slide there)."""
        b = self.board
        blocked = (1 << mummy) | b.sv_mask
        free = b.full & ~blocked
        others = self.others(f) & free
        new = 0
        for d, (opened, up, down) in enumerate(b.shifts):
            front = self.cells[f]
            ray = 0
            while front:
                front = ((front & opened) << up >> down) & free  # b.shift(front, d) & free
                ray |= front
            cont = b.back(free, d)
            new |= (ray & ~cont) | (ray & b.back(others, d))
        self.cells[f] = new

    def cannot_move(self, f: int, mummy: int) -> None:
        """Figure ``f`` announced that it cannot move: keep the fields where that is possible
        (every end field of every number is held by one of the other figures)."""
        b = self.board
        others = self.others(f) & ~b.sv_mask
        n_others = sum(1 for g, m in enumerate(self.cells) if g != f and m & ~b.sv_mask)
        passable = b.full & ~(1 << mummy)
        if not self.allow_cross:
            passable &= ~b.sv_mask
        keep = 0
        for c in b.cells_of(self.cells[f]):
            ends = 0
            r = 1 << c
            for _ in range(4):
                r = b.expand(r) & passable
                ends |= r
            ends &= ~b.sv_mask
            if not self.allow_origin:
                ends &= ~(1 << c)
            if ends & ~others == 0 and ends.bit_count() <= n_others:
                keep |= 1 << c
        self.cells[f] = keep

    def cannot_use(self, f: int, face: str, mummy: int) -> None:
        """Figure ``f`` announced ``face`` and could not walk it completely (mummy:7.2):
        keep the fields from which that face has no legal move, where every end field
        (or, for the arrow, every first field of a slide) may be held by one of the
        other figures."""
        b = self.board
        others = self.others(f) & ~b.sv_mask
        n_others = sum(1 for g, m in enumerate(self.cells) if g != f and m & ~b.sv_mask)
        mb = 1 << mummy
        passable = b.full & ~mb
        if not self.allow_cross:
            passable &= ~b.sv_mask
        k = 0 if face == "arrow" else int(face)
        keep = 0
        for c in b.cells_of(self.cells[f]):
            r = 1 << c
            if k:
                for _ in range(k):
                    r = b.expand(r) & passable
                ends = r & ~b.sv_mask
                if not self.allow_origin:
                    ends &= ~(1 << c)
            else:  # the arrow: the first field in each open direction
                ends = b.expand(r) & ~mb & ~b.sv_mask
            if ends & ~others == 0 and ends.bit_count() <= n_others:
                keep |= 1 << c
        self.cells[f] = keep

    def exact(self, f: int, cell: int) -> None:
        """Figure ``f`` is known to stand on ``cell`` (a card played there, mummy:7.4)."""
        self.cells[f] = 1 << cell

    def step(self, cell: int) -> None:
        """The mummy stepped on ``cell``: nobody stands there now (or was just caught)."""
        bit = 1 << cell
        cells = self.cells
        for f, c in enumerate(cells):
            if c & bit:  # (in place: a copy has its own list)
                cells[f] = c ^ bit

    def capture(self, f: int) -> None:
        """Figure ``f`` was caught: it is in the dungeon (mummy:10)."""
        self.cells[f] = 1 << self.board.dungeon

    def eliminate(self, f: int) -> None:
        """Figure ``f`` left the game."""
        self.cells[f] = 0

    def contains(self, f: int, cell: int) -> bool:
        """Whether ``cell`` is possible for figure ``f``."""
        return bool((self.cells[f] >> cell) & 1)
