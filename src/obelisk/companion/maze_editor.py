"""The maze editor (issue 36): a family types the box's own maze once, on the page
(``/companion/maze``) or in the terminal (``obelisk companion maze``).

A :class:`Draft` is a grid being edited: walls between fields (the border is always wall),
and what each field holds (``.`` a corridor, ``S`` the stairs, ``M`` the sarcophagus, ``V``
the dungeon, ``a``-``w`` the symbols). :meth:`Draft.check` says what still keeps it from
being a playable maze (the parser's rules and :func:`obelisk.games.mummy.maze.problems`);
a playable draft has a share code (:meth:`Draft.code`) that the mummy companion, its page
and the engine (``--map CODE``, the room option ``maze``) take. Fields are named as the
explorers name them (``E10``: column E from the left, row 10 from the apex).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from obelisk.core.i18n import N_, Words
from obelisk.games.mummy.board import FIELD_CHARS, PLAIN, MapError, parse_board
from obelisk.games.mummy.components import SYMBOLS, label, parse_label
from obelisk.games.mummy.maze import decode, encode, problems

W = Words("obelisk.games.mummy")
_, pgettext = W.gettext, W.pgettext

#: Directions as typed: north, east, south, west (and their first letters).
SIDES = {"n": 0, "north": 0, "e": 1, "east": 1, "s": 2, "south": 2, "w": 3, "west": 3}
#: The same in German (``o`` Osten is east), always understood too.
SIDES_DE = {"norden": 0, "o": 1, "osten": 1, "süden": 2, "westen": 3}
#: German edit verbs, each with the English one it stands for.
VERBS_DE = {"wand": "wall", "öffne": "open", "offen": "open", "setze": "put", "leere": "clear"}
_STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))


class EditorError(ValueError):
    """An edit that cannot be made; the message says what to type instead."""


@dataclass
class Draft:
    """A maze being edited: ``rows`` × ``cols`` fields, the closed inner sides and contents."""

    rows: int = 11
    cols: int = 11
    content: list[str] = field(default_factory=list)
    #: closed inner sides, each as the (cell, direction) of its north or west field side
    walls: set[tuple[int, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not (3 <= self.rows <= 20 and 3 <= self.cols <= 20):
            raise EditorError(_("a maze has 3 to 20 rows and columns"))
        if not self.content:
            self.content = [PLAIN] * (self.rows * self.cols)

    # -- from and to text ---------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str) -> Draft:
        """A draft from an ASCII map (mummy:4.1) or a share code (``M1-…``)."""
        t = text.strip()
        ascii_map = decode(t) if t.startswith("M1-") else text
        lines = ascii_map.rstrip().split("\n")  # a draft may still lack fields: read leniently
        width = len(lines[0]) if lines else 0
        if len(lines) < 7 or len(lines) % 2 == 0 or width < 13 or (width - 1) % 4:
            raise EditorError(_("this is not a map: 2*ROWS+1 lines of 4*COLS+1 characters"))
        if any(len(line) != width for line in lines):
            raise EditorError(_("every line of a map has the same length"))
        d = cls((len(lines) - 1) // 2, (width - 1) // 4)
        for r in range(d.rows):
            for c in range(d.cols):
                i = r * d.cols + c
                ch = lines[2 * r + 1][4 * c + 2]
                if ch not in FIELD_CHARS:
                    raise EditorError(
                        _("unknown field {char} at {field}: use . S M V or a symbol a-w").format(
                            char=repr(ch), field=label(r, c)
                        )
                    )
                d.content[i] = ch
                if r > 0 and lines[2 * r][4 * c + 1 : 4 * c + 4] == "---":
                    d.walls.add((i, 0))
                if c > 0 and lines[2 * r + 1][4 * c] == "|":
                    d.walls.add((i, 3))
        return d

    def to_ascii(self) -> str:
        """The draft as an ASCII map (mummy:4.1), whatever it still lacks."""
        lines = []
        for r in range(self.rows):
            top = "+"
            for c in range(self.cols):
                wall = r == 0 or (r * self.cols + c, 0) in self.walls
                top += ("---" if wall else "   ") + "+"
            lines.append(top)
            row = ""
            for c in range(self.cols):
                i = r * self.cols + c
                wall = c == 0 or (i, 3) in self.walls
                row += ("|" if wall else " ") + f" {self.content[i]} "
            lines.append(row + "|")
        lines.append("+" + "---+" * self.cols)
        return "\n".join(lines) + "\n"

    # -- edits ----------------------------------------------------------------------------
    def cell(self, name: str) -> int:
        """The cell of a field name (``E10``), or :class:`EditorError`."""
        rc = parse_label(name)
        if rc is None or not (0 <= rc[0] < self.rows and 0 <= rc[1] < self.cols):
            last = label(self.rows - 1, self.cols - 1)
            raise EditorError(
                _("'{name}' is not a field: name one from A1 to {last}, like E10").format(
                    name=name, last=last
                )
            )
        return rc[0] * self.cols + rc[1]

    def side(self, cell: int, direction: int) -> tuple[int, int]:
        """The stored form of a side: (cell, north) or (cell, west), the border refused."""
        r, c = divmod(cell, self.cols)
        dr, dc = _STEP[direction]
        rr, cc = r + dr, c + dc
        if not (0 <= rr < self.rows and 0 <= cc < self.cols):
            raise EditorError(_("the outer border is always wall: name an inner side"))
        if direction in (0, 3):
            return cell, direction
        return rr * self.cols + cc, 3 if direction == 1 else 0  # the neighbour's west or north

    def set_wall(self, cell: int, direction: int, closed: bool) -> None:
        """Close (or open) one side of a field."""
        key = self.side(cell, direction)
        if closed:
            self.walls.add(key)
        else:
            self.walls.discard(key)

    def put(self, cell: int, what: str) -> None:
        """Put ``what`` on a field (a special field moves there from where it was)."""
        if what not in FIELD_CHARS:
            raise EditorError(
                _("'{what}' is not a field: type . (corridor), S, M, V or a symbol a to w").format(
                    what=what
                )
            )
        if what != PLAIN:
            for i, ch in enumerate(self.content):
                if ch == what:
                    self.content[i] = PLAIN
        self.content[cell] = what

    # -- checks ---------------------------------------------------------------------------
    def check(self) -> list[str]:
        """What keeps the draft from being a playable maze (empty: it is one)."""
        missing = [ch for ch in ("S", "M", "V", *sorted(SYMBOLS)) if ch not in self.content]
        if missing:
            return [_("place {fields} (each exactly once)").format(fields=", ".join(missing))]
        try:
            board = parse_board(self.to_ascii())
        except MapError as exc:
            return [str(exc)]
        return problems(board)

    def code(self) -> str:
        """The share code of a playable draft, or :class:`EditorError` with what is wrong."""
        bad = self.check()
        if bad:
            raise EditorError(_("not playable yet: {problems}").format(problems="; ".join(bad)))
        return encode(parse_board(self.to_ascii()))

    # -- typed commands (the terminal) ------------------------------------------------------
    def command(self, text: str) -> str:
        """One typed edit; returns what was done, or :class:`EditorError`."""
        words = re.sub(r"[,;]", " ", text.strip().lower()).split()
        if not words:
            raise EditorError(_(HELP))
        verb, rest = VERBS_DE.get(words[0], words[0]), words[1:]
        if verb in ("wall", "open") and len(rest) == 2:
            cell = self.cell(rest[0])
            side = SIDES.get(rest[1], SIDES_DE.get(rest[1]))
            if side is None:
                raise EditorError(_("'{side}' is no side: type n, e, s or w").format(side=rest[1]))
            self.set_wall(cell, side, verb == "wall")
            fields = {"side": rest[1], "field": rest[0].upper()}
            if verb == "wall":
                return _("The {side} side of {field} is closed.").format(**fields)
            return _("The {side} side of {field} is open.").format(**fields)
        if verb == "put" and len(rest) == 2:
            what = rest[0].upper() if rest[0] in ("s", "m", "v") else rest[0]
            self.put(self.cell(rest[1]), what)
            return _("{field} holds {what}.").format(field=rest[1].upper(), what=what)
        if verb == "clear" and len(rest) == 1:
            self.put(self.cell(rest[0]), PLAIN)
            return _("{field} is a corridor.").format(field=rest[0].upper())
        raise EditorError(_(HELP))


HELP = N_(
    "Type 'wall E10 n' (close a side: n, e, s or w), 'open E10 n', 'put a D9' (a symbol a-w, "
    "or S stairs, M sarcophagus, V dungeon), 'clear D9', 'show', 'check', 'code', "
    "'save FILE' or 'quit'."
)


def empty_draft(rows: int = 11, cols: int = 11) -> Draft:
    """A grid with no inner walls and nothing placed."""
    return Draft(rows, cols)


__all__ = ["HELP", "SIDES", "Draft", "EditorError", "empty_draft"]
