"""A family's own maze (issue 36): the checks of the seed's rules, and a short share code.

The box's maze is typed once (the companion's editor, on the page or in the terminal) and
then travels as a *share code*: ``M1-`` and the maze in base64url, about 80 characters:
the size, every inner wall (north sides, then west sides, one bit each) and the field of
each special field (``S``, ``M``, ``V``, then the symbols ``a``-``w``), and a check byte.
The option ``maze`` (a room may set it from any device) holds such a code; ``map_file``
(the terminal only) may name an ASCII map file or hold a code too (:func:`board_source`).

:func:`problems` lists, in words, what makes a maze unplayable by the seed's rules
(mummy:4): a field that cannot be reached, the stairs with other than one way out, the
dungeon without a breach, the sarcophagus walled in. The parser (:func:`.board.parse_board`)
already refuses a maze without every special field, or with one twice.
"""

from __future__ import annotations

import base64
from collections import deque
from functools import lru_cache
from typing import Any

from obelisk.core.i18n import Words

from .board import (
    DUNGEON,
    MUMMY_START,
    PLAIN,
    START,
    Board,
    MapError,
    W,
    load_board,
    parse_board,
)
from .components import SYMBOLS, label

PREFIX = "M1-"
#: The special fields in the order the code lists them.
SPECIALS = (START, MUMMY_START, DUNGEON, *sorted(SYMBOLS))

WORDS = Words(__package__)
_ = WORDS.gettext


def encode(board: Board) -> str:
    """The share code of ``board``."""
    bits: list[int] = []
    for r in range(1, board.rows):
        for c in range(board.cols):
            bits.append(int(board.nbr[0][board.cell(r, c)] < 0))
    for r in range(board.rows):
        for c in range(1, board.cols):
            bits.append(int(board.nbr[W][board.cell(r, c)] < 0))
    packed = bytearray([board.rows, board.cols])
    for i in range(0, len(bits), 8):
        chunk = bits[i : i + 8] + [0] * (8 - len(bits[i : i + 8]))
        packed.append(sum(b << k for k, b in enumerate(chunk)))
    packed += bytes(board.content.index(ch) for ch in SPECIALS)
    packed.append(sum(packed) % 251)
    return PREFIX + base64.urlsafe_b64encode(bytes(packed)).decode().rstrip("=")


def decode(code: str) -> str:
    """The ASCII map (mummy:4.1) of a share code; :class:`MapError` for a code that is not
    one (a typing slip is caught by the check byte)."""
    text = "".join(str(code).split())
    if not text.startswith(PREFIX):
        raise MapError(_("a maze code starts with {prefix}").format(prefix=PREFIX))
    body = text[len(PREFIX) :]
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except ValueError:
        raise MapError(_("this maze code has a character that is not in a code")) from None
    if len(raw) < 4 or sum(raw[:-1]) % 251 != raw[-1]:
        raise MapError(_("this maze code is damaged: check every character"))
    rows, cols = raw[0], raw[1]
    if not (3 <= rows <= 20 and 3 <= cols <= 20):
        raise MapError(_("this maze code holds a maze of an impossible size"))
    nwalls = (rows - 1) * cols + rows * (cols - 1)
    nbytes = (nwalls + 7) // 8
    if len(raw) != 2 + nbytes + len(SPECIALS) + 1:
        raise MapError("this maze code is too short or too long")
    bits = [(raw[2 + i // 8] >> (i % 8)) & 1 for i in range(nwalls)]
    north = bits[: (rows - 1) * cols]
    west = bits[(rows - 1) * cols :]
    content = [PLAIN] * (rows * cols)
    for ch, cell in zip(SPECIALS, raw[2 + nbytes : -1], strict=True):
        if cell >= rows * cols or content[cell] != PLAIN:
            raise MapError("this maze code puts a special field outside the maze or twice")
        content[cell] = ch
    lines = []
    for r in range(rows):
        top = "+"
        for c in range(cols):
            wall = r == 0 or north[(r - 1) * cols + c]
            top += ("---" if wall else "   ") + "+"
        lines.append(top)
        row = ""
        for c in range(cols):
            wall = c == 0 or west[r * (cols - 1) + c - 1]
            row += ("|" if wall else " ") + f" {content[r * cols + c]} "
        lines.append(row + "|")
    lines.append("+" + "---+" * cols)
    return "\n".join(lines) + "\n"


def problems(board: Board) -> list[str]:
    """What makes ``board`` unplayable by the seed's rules, in words (empty: playable)."""
    out = []
    s_ways = len(board.adj[board.start])
    if s_ways != 1:
        out.append(
            _("the stairs S at {field} must have exactly one way out, not {n}").format(
                field=label(*board.rc(board.start)), n=s_ways
            )
        )
    if not board.adj[board.dungeon]:
        out.append(
            _("the dungeon V at {field} needs a breach (an open side)").format(
                field=label(*board.rc(board.dungeon))
            )
        )
    if not board.mummy_dirs[board.mummy_start]:
        out.append(
            _("the sarcophagus M at {field} is walled in: the mummy could never leave it").format(
                field=label(*board.rc(board.mummy_start))
            )
        )
    seen = {board.start}
    todo = deque([board.start])
    while todo:
        for n in board.adj[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    lost = [label(*board.rc(i)) for i in range(board.size) if i not in seen]
    if lost:
        fields = ", ".join(lost[:6])
        if len(lost) > 6:
            out.append(
                _("no way leads from the stairs to {fields} and {n} more").format(
                    fields=fields, n=len(lost) - 6
                )
            )
        else:
            out.append(_("no way leads from the stairs to {fields}").format(fields=fields))
    return out


@lru_cache(maxsize=16)
def load(source: str) -> Board:
    """The board of ``source``: a share code (``M1-…``), else a map file or ``""`` (the
    built-in maze, :func:`.board.load_board`); parsed once and cached."""
    if not source.startswith(PREFIX):
        return load_board(source)
    board = parse_board(decode(source))
    board.source = source
    board.loader = load
    return board


def board_source(options: Any) -> str:
    """What :func:`.board.load_board` loads for ``options``: the room's ``maze`` code if
    set, else ``map_file`` (a path, or a code typed on the command line)."""
    maze = getattr(options, "maze", "")
    return str(maze) if maze else str(options.map_file)


def checked(code: str) -> Board:
    """The board of a share code, refused (:class:`MapError`) unless playable."""
    board = load(code)
    bad = problems(board)
    if bad:
        raise MapError("this maze cannot be played: " + "; ".join(bad))
    return board


__all__ = ["PREFIX", "board_source", "checked", "decode", "encode", "load", "problems"]
