"""The components of Fluch der Mumie as data: symbols, card colours, figures, dice, thresholds.

Rules: mummy:3 (components), mummy:4.3 (symbols and colour areas), mummy:12 (thresholds).
The letters of the symbols are the ones the board map uses (``board.txt``).
"""

from __future__ import annotations

from typing import Final

from obelisk.core.i18n import N_

#: Task-card colours in a fixed canonical order (mummy:3).
CARD_COLOURS: Final = ("yellow", "green", "white", "red", "blue")

#: Symbol letter -> (colour, cosmetic name) (mummy:4.3; letters a-d yellow, e-h green,
#: i-m white, n-r red, s-w blue). One task card per symbol, 23 in all: 5/5/5/4/4 by colour.
SYMBOLS: Final[dict[str, tuple[str, str]]] = {
    "a": ("yellow", N_("sun disc")),
    "b": ("yellow", N_("golden mask")),
    "c": ("yellow", N_("crook")),
    "d": ("yellow", N_("flail")),
    "e": ("green", N_("scarab")),
    "f": ("green", N_("lotus")),
    "g": ("green", N_("cobra")),
    "h": ("green", N_("papyrus")),
    "i": ("white", N_("moon amulet")),
    "j": ("white", N_("feather")),
    "k": ("white", N_("eye")),
    "l": ("white", N_("oil lamp")),
    "m": ("white", N_("key")),
    "n": ("red", N_("vase")),
    "o": ("red", N_("crown")),
    "p": ("red", N_("jewel")),
    "q": ("red", N_("bow")),
    "r": ("red", N_("chariot wheel")),
    "s": ("blue", N_("cat statue")),
    "t": ("blue", N_("ship")),
    "u": ("blue", N_("jar")),
    "v": ("blue", N_("necklace")),
    "w": ("blue", N_("sceptre")),
}

#: The symbols of each colour, sorted.
SYMBOLS_BY_COLOUR: Final[dict[str, tuple[str, ...]]] = {
    col: tuple(sorted(s for s, (c, _) in SYMBOLS.items() if c == col)) for col in CARD_COLOURS
}

#: Explorer figure colours in seating order (mummy:3; cosmetic, Pengqueen colours).
FIGURE_COLOURS: Final = ("red", "green", "blue", "yellow")

#: One-letter marks of the figures in the text view.
FIGURE_MARKS: Final = {"red": "R", "green": "G", "blue": "B", "yellow": "Y"}

#: The faces of each white explorer die (mummy:3): exactly one of each.
ONE, TWO, THREE, FOUR, ARROW, MUMMY = "1", "2", "3", "4", "arrow", "mummy"
DIE_FACES: Final = (ONE, TWO, THREE, FOUR, ARROW, MUMMY)
NUMBER_FACES: Final = {ONE: 1, TWO: 2, THREE: 3, FOUR: 4}
#: The faces an explorer may choose, in the order the engine offers them.
CHOOSABLE: Final = (ONE, TWO, THREE, FOUR, ARROW)
NUM_DICE: Final = 5

#: Default mummy-die faces (mummy:3, DESIGN: the real values are unknown).
MUMMY_DIE_FACES: Final = (1, 2, 3, 4, 5, 6)

#: Ankhs the mummy needs to win, for 2, 3, 4 and 5 players (mummy:12).
THRESHOLDS: Final = (3, 4, 6, 7)

#: Ankhs per explorer colour (mummy:5).
ANKHS_PER_EXPLORER: Final = 3


def roll_value(faces: list[str] | tuple[str, ...]) -> int:
    """The chance outcome of one roll that shows ``faces`` (die by die, in index order).

    A roll of ``m`` dice is drawn as one integer in ``0 .. 6**m - 1`` whose base-6 digits
    (lowest first) are the indices of the faces in :data:`DIE_FACES`. Tests script a
    roll with ``state.chance.force(roll_value(["1", "mummy", "arrow"]))``.
    """
    value = 0
    for i, f in enumerate(faces):
        value += DIE_FACES.index(f) * 6**i
    return value


def roll_faces(value: int, m: int) -> list[str]:
    """The faces of a roll of ``m`` dice drawn as ``value`` (the inverse of :func:`roll_value`)."""
    out = []
    for _ in range(m):
        value, d = divmod(value, 6)
        out.append(DIE_FACES[d])
    return out


#: The names of the four directions, as a person reads them.
DIRECTION_WORDS: Final = {"N": "north", "E": "east", "S": "south", "W": "west"}


def column_letter(col: int) -> str:
    """The label of a maze column: ``A`` for the leftmost, then ``B``… (``AA`` after ``Z``)."""
    out = ""
    n = col + 1
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(ord("A") + r) + out
    return out


def label(row: int, col: int) -> str:
    """The label a person reads for the field (row, col): columns A.. from the left, rows
    1.. from the top (the apex). ``label(9, 4)`` is ``"E10"``, the field above the stairs."""
    return f"{column_letter(col)}{row + 1}"


def parse_label(text: str) -> tuple[int, int] | None:
    """The (row, col) of a label such as ``E10`` (any case), or None if it is not one."""
    word = text.strip().upper()
    i = 0
    while i < len(word) and "A" <= word[i] <= "Z":
        i += 1
    letters, digits = word[:i], word[i:]
    if not letters or not digits.isdigit() or int(digits) < 1:
        return None
    col = 0
    for ch in letters:
        col = col * 26 + (ord(ch) - ord("A") + 1)
    return int(digits) - 1, col - 1
