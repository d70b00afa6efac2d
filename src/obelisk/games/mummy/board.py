"""The maze: the ASCII map format, its parser, and fast movement on bit boards.

Rules: mummy:4.1 (format), mummy:4.2 (special fields), mummy:8 (explorer movement),
mummy:9 (mummy movement). A field ``(r, c)`` is the cell index ``r * cols + c``; a set of
cells is an ``int`` with bit ``i`` set for cell ``i``, so a whole set moves one step with
four shifts. The default map is the data file ``board.txt`` next to this module.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from pathlib import Path

from obelisk.core import InvalidOptions
from obelisk.core.i18n import Words

from .components import SYMBOLS

DIRECTIONS = ("N", "E", "S", "W")
N, E, S, W = 0, 1, 2, 3
#: The direction opposite each direction.
OPPOSITE = (S, W, N, E)

PLAIN, START, MUMMY_START, DUNGEON = ".", "S", "M", "V"
FIELD_CHARS = frozenset({PLAIN, START, MUMMY_START, DUNGEON, *SYMBOLS})


WORDS = Words(__package__)
_ = WORDS.gettext


class MapError(InvalidOptions):
    """A malformed map, with the (1-based) line and column of the fault."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        self.line = line
        self.column = column
        if line is not None:
            text = _("bad mummy map: line {line}, column {column}: {message}")
        else:
            text = _("bad mummy map: {message}")
        super().__init__(text.format(line=line, column=column, message=message))


class Board:
    """A parsed maze. Immutable after construction; shared by every state that uses it."""

    def __init__(self, rows: int, cols: int, content: list[str], walls: set[tuple[int, int]]):
        #: ``walls`` holds the pairs (cell, direction) whose side is closed.
        self.rows = rows
        self.cols = cols
        self.size = rows * cols
        self.content = tuple(content)
        self.full = (1 << self.size) - 1
        nbr: list[list[int]] = [[-1] * self.size for _ in range(4)]
        for i in range(self.size):
            r, c = divmod(i, cols)
            for d, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols and (i, d) not in walls:
                    nbr[d][i] = rr * cols + cc
        #: ``nbr[d][i]``: the neighbour of cell ``i`` through its open side ``d``, or -1.
        self.nbr = tuple(tuple(x) for x in nbr)
        self.open_mask = tuple(
            sum(1 << i for i in range(self.size) if nbr[d][i] >= 0) for d in range(4)
        )
        #: Per direction ``(open sides, left shift, right shift)``: :meth:`shift` of a bit
        #: set is ``(mask & open) << left >> right``, for loops that shift many times.
        self.shifts = tuple(
            (self.open_mask[d], up, down)
            for d, (up, down) in enumerate(((0, cols), (1, 0), (cols, 0), (0, 1)))
        )
        self.start = content.index(START)
        self.mummy_start = content.index(MUMMY_START)
        self.dungeon = content.index(DUNGEON)
        self.sv_mask = (1 << self.start) | (1 << self.dungeon)
        self.symbol_cell = {ch: i for i, ch in enumerate(content) if ch in SYMBOLS}
        self.cell_symbol = tuple(ch if ch in SYMBOLS else "" for ch in content)
        self.symbol_mask = sum(1 << i for i in self.symbol_cell.values())
        #: For each cell, the directions the mummy may step in (never into S or V; mummy:9).
        self.mummy_dirs = tuple(
            tuple(
                d
                for d in range(4)
                if nbr[d][i] >= 0 and nbr[d][i] != self.start and nbr[d][i] != self.dungeon
            )
            for i in range(self.size)
        )
        self.adj = tuple(
            tuple(nbr[d][i] for d in range(4) if nbr[d][i] >= 0) for i in range(self.size)
        )
        #: ``adj_mask[i]``: the bit set of :attr:`adj` (the first step of every walk).
        self.adj_mask = tuple(sum(1 << j for j in a) for a in self.adj)
        #: ``rays[d][i]``: the bit set of the cells straight from ``i`` in direction ``d``
        #: up to the first closed side, and ``ray_end[d][i]`` the last of them (``i`` when
        #: none): a slide (:meth:`slides`) in a few bit operations instead of a walk.
        rays: list[list[int]] = [[0] * self.size for _ in range(4)]
        ends: list[list[int]] = [list(range(self.size)) for _ in range(4)]
        for d in range(4):
            for i in range(self.size):
                cur = i
                while nbr[d][cur] >= 0:
                    cur = nbr[d][cur]
                    rays[d][i] |= 1 << cur
                ends[d][i] = cur
        self.rays = tuple(tuple(x) for x in rays)
        self.ray_end = tuple(tuple(x) for x in ends)
        #: ``chunks[k][byte]``: the cells of bit set ``byte << 8 * k`` (for :meth:`cells_of`).
        self._chunks = tuple(
            tuple(tuple(8 * k + i for i in range(8) if byte >> i & 1) for byte in range(256))
            for k in range((self.size + 7) // 8)
        )
        self._dist: tuple[tuple[int, ...], ...] | None = None
        self._mdist: tuple[tuple[int, ...], ...] | None = None
        #: The map file it was loaded from ("" built-in; None: parsed from text), or its
        #: share code, and the function that loads it again (for pickling).
        self.source: str | None = None
        self.loader: Callable[[str], Board] | None = None

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # Pickled by reference to its map file: states are pickled often (fingerprints).
        if self.source is None:
            raise TypeError("a board parsed from text cannot be pickled; load it from a file")
        return (self.loader or load_board, (self.source,))

    # -- coordinates ---------------------------------------------------------
    def cell(self, row: int, col: int) -> int:
        """The cell index of ``(row, col)``."""
        return row * self.cols + col

    def rc(self, cell: int) -> tuple[int, int]:
        """``(row, col)`` of a cell index."""
        return divmod(cell, self.cols)

    def cells_of(self, mask: int) -> list[int]:
        """The cells of a bit set, ascending."""
        out: list[int] = []
        if mask.bit_count() <= 8:  # a few cells: bit by bit
            while mask:
                low = mask & -mask
                out.append(low.bit_length() - 1)
                mask ^= low
            return out
        for chunk in self._chunks:  # many cells: eight at a time
            out += chunk[mask & 0xFF]
            mask >>= 8
            if not mask:
                break
        return out

    # -- bit-board movement -------------------------------------------------------
    def expand(self, mask: int) -> int:
        """Every cell one open step away from a cell of ``mask``."""
        o = self.open_mask
        c = self.cols
        return (
            ((mask & o[0]) >> c)
            | ((mask & o[2]) << c)
            | ((mask & o[1]) << 1)
            | ((mask & o[3]) >> 1)
        )

    def shift(self, mask: int, d: int) -> int:
        """The cells one open step in direction ``d`` from the cells of ``mask``."""
        m = mask & self.open_mask[d]
        if d == 0:
            return m >> self.cols
        if d == 2:
            return m << self.cols
        if d == 1:
            return m << 1
        return m >> 1

    def back(self, mask: int, d: int) -> int:
        """The cells whose open neighbour in direction ``d`` lies in ``mask``."""
        if d == 0:
            m = mask << self.cols
        elif d == 2:
            m = mask >> self.cols
        elif d == 1:
            m = mask >> 1
        else:
            m = mask << 1
        return m & self.open_mask[d] & self.full

    def walk_ends(self, origins: int, k: int, passable: int) -> int:
        """End fields of walks of exactly ``k`` steps from ``origins`` through ``passable``
        cells (revisits allowed; mummy:8.1 reference algorithm)."""
        r = origins
        for _ in range(k):
            r = self.expand(r) & passable
            if not r:
                break
        return r

    def walks(self, origin: int, passable: int) -> tuple[int, ...]:
        """The end fields of walks of exactly 1, 2, 3 and 4 steps from the field ``origin``
        through ``passable`` cells (revisits allowed; mummy:8.1), as four bit sets
        (:meth:`walk_ends` for each length, in one pass)."""
        o0, o1, o2, o3 = self.open_mask
        c = self.cols
        out = []
        r = 1 << origin
        for _ in range(4):
            r = (((r & o0) >> c) | ((r & o2) << c) | ((r & o1) << 1) | ((r & o3) >> 1)) & passable
            out.append(r)
        return tuple(out)

    def slides(self, cell: int, blocked: int) -> tuple[tuple[int, int], ...]:
        """``(direction, end field)`` of every straight slide from ``cell`` that moves at
        all (see :meth:`slide`), in the order N, E, S, W."""
        # the first blocked field of a ray is its lowest cell going E or S (the indices
        # grow), its highest going N or W; the slide ends one field before it
        out = []
        rays, ends, c = self.rays, self.ray_end, self.cols
        ray = rays[0][cell]  # N
        if ray:
            x = blocked & ray
            end = x.bit_length() - 1 + c if x else ends[0][cell]
            if end != cell:
                out.append((0, end))
        ray = rays[1][cell]  # E
        if ray:
            x = blocked & ray
            end = (x & -x).bit_length() - 2 if x else ends[1][cell]
            if end != cell:
                out.append((1, end))
        ray = rays[2][cell]  # S
        if ray:
            x = blocked & ray
            end = (x & -x).bit_length() - 1 - c if x else ends[2][cell]
            if end != cell:
                out.append((2, end))
        ray = rays[3][cell]  # W
        if ray:
            x = blocked & ray
            end = x.bit_length() if x else ends[3][cell]
            if end != cell:
                out.append((3, end))
        return tuple(out)

    def slide(self, cell: int, d: int, blocked: int) -> int:
        """The last field before the first obstacle going straight from ``cell`` (mummy:8.2);
        ``cell`` itself when the first field is already blocked."""
        nbr = self.nbr[d]
        cur = cell
        while True:
            nxt = nbr[cur]
            if nxt < 0 or (blocked >> nxt) & 1:
                return cur
            cur = nxt

    # -- distances ------------------------------------------------------------------
    def _bfs_all(self, forbidden: frozenset[int]) -> tuple[tuple[int, ...], ...]:
        big = 10**6
        rows = []
        for src in range(self.size):
            dist = [big] * self.size
            if src not in forbidden:
                dist[src] = 0
                q = deque([src])
                while q:
                    x = q.popleft()
                    for y in self.adj[x]:
                        if dist[y] == big and y not in forbidden:
                            dist[y] = dist[x] + 1
                            q.append(y)
            rows.append(tuple(dist))
        return tuple(rows)

    @property
    def dist(self) -> tuple[tuple[int, ...], ...]:
        """All-pairs shortest path lengths for explorers (no figures; S and V crossable)."""
        if self._dist is None:
            self._dist = self._bfs_all(frozenset())
        return self._dist

    @property
    def mummy_dist(self) -> tuple[tuple[int, ...], ...]:
        """All-pairs shortest path lengths in the mummy's graph (without S and V)."""
        if self._mdist is None:
            self._mdist = self._bfs_all(frozenset({self.start, self.dungeon}))
        return self._mdist

    # -- text -----------------------------------------------------------------------
    def to_ascii(self, marks: dict[int, str] | None = None) -> str:
        """The map in the format of mummy:4.1. ``marks`` replaces the 3 characters of a
        field (``" . "``) by other text of width 3, for the text view."""
        marks = marks or {}
        lines = []
        for r in range(self.rows + 1):
            parts = ["+"]
            for c in range(self.cols):
                i = r * self.cols + c
                wall = True if r == 0 or r == self.rows else self.nbr[N][i] < 0
                parts.append("---+" if wall else "   +")
            lines.append("".join(parts))
            if r == self.rows:
                break
            parts = []
            for c in range(self.cols):
                i = r * self.cols + c
                parts.append("|" if self.nbr[W][i] < 0 else " ")
                parts.append(marks.get(i, f" {self.content[i]} "))
            parts.append("|")
            lines.append("".join(parts))
        return "\n".join(lines) + "\n"


def parse_board(text: str) -> Board:
    """Parse a map in the ASCII format of mummy:4.1; raises :class:`MapError` at the fault."""
    lines = text.split("\n")
    while lines and lines[-1].strip() == "":
        lines.pop()
    if len(lines) < 3 or len(lines) % 2 == 0:
        raise MapError(
            _("a map has an odd number (>= 3) of lines, this one has {n}").format(n=len(lines))
        )
    width = len(lines[0])
    if width < 5 or (width - 1) % 4:
        raise MapError(
            _("the first line must be 4*COLS+1 characters long, not {n}").format(n=width), 1, 1
        )
    rows, cols = (len(lines) - 1) // 2, (width - 1) // 4
    content: list[str] = []
    walls: set[tuple[int, int]] = set()
    seen: dict[str, tuple[int, int]] = {}
    for ln, line in enumerate(lines):
        if len(line) != width:
            raise MapError(
                _("every line must be {width} characters long, this one has {n}").format(
                    width=width, n=len(line)
                ),
                ln + 1,
                min(len(line), width) + 1,
            )
        if ln % 2 == 0:
            r = ln // 2
            border = r in (0, rows)
            for c in range(cols + 1):
                if line[4 * c] != "+":
                    raise MapError(
                        _("expected '+' at a corner, found {found}").format(
                            found=repr(line[4 * c])
                        ),
                        ln + 1,
                        4 * c + 1,
                    )
                if c == cols:
                    break
                seg = line[4 * c + 1 : 4 * c + 4]
                if seg not in ("---", "   "):
                    raise MapError(
                        _("a wall segment is '---' or three spaces, found {found}").format(
                            found=repr(seg)
                        ),
                        ln + 1,
                        4 * c + 2,
                    )
                if border and seg != "---":
                    raise MapError(_("the outer border must be wall"), ln + 1, 4 * c + 2)
                if seg == "---" and 0 < r < rows:
                    walls.add((r * cols + c, N))
                    walls.add(((r - 1) * cols + c, S))
        else:
            r = ln // 2
            for c in range(cols + 1):
                ch = line[4 * c]
                if ch not in "| ":
                    raise MapError(
                        _("a side is '|' or a space, found {found}").format(found=repr(ch)),
                        ln + 1,
                        4 * c + 1,
                    )
                if c in (0, cols) and ch != "|":
                    raise MapError(_("the outer border must be wall"), ln + 1, 4 * c + 1)
                if c == cols:
                    break
                if ch == "|" and c > 0:
                    walls.add((r * cols + c, W))
                    walls.add((r * cols + c - 1, E))
                for off in (1, 3):
                    if line[4 * c + off] != " ":
                        raise MapError(
                            _(
                                "a field is written as one character between spaces, found {found}"
                            ).format(found=repr(line[4 * c + off])),
                            ln + 1,
                            4 * c + off + 1,
                        )
                f = line[4 * c + 2]
                if f not in FIELD_CHARS:
                    raise MapError(
                        _("unknown field {field} (use . S M V or a symbol a-w)").format(
                            field=repr(f)
                        ),
                        ln + 1,
                        4 * c + 3,
                    )
                if f != PLAIN and f in seen:
                    raise MapError(
                        _("field {field} appears twice").format(field=repr(f)), ln + 1, 4 * c + 3
                    )
                seen[f] = (ln + 1, 4 * c + 3)
                content.append(f)
    for special in (START, MUMMY_START, DUNGEON, *sorted(SYMBOLS)):
        if special not in seen:
            raise MapError(_("the map has no field {field}").format(field=repr(special)))
    return Board(rows, cols, content, walls)


DEFAULT_MAP = "board.txt"


@lru_cache(maxsize=16)
def load_board(path: str = "") -> Board:
    """The board of a map file (``""``: the built-in map of mummy:4), parsed once and cached
    (a share code is loaded by :func:`.maze.load`)."""
    if not path:
        text = resources.files(__package__).joinpath(DEFAULT_MAP).read_text(encoding="utf-8")
    else:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as e:
            raise MapError(
                _("cannot read map file {path}: {error}").format(path=path, error=e.strerror)
            ) from None
    board = parse_board(text)
    board.source = path
    return board
