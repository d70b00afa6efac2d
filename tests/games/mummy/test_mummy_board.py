"""The maze as data: the ASCII format, its parser, special fields, symbols, invariants."""

from __future__ import annotations

from pathlib import Path

import pytest
from mummy_helpers import GAME, new

from obelisk.core import InvalidOptions
from obelisk.games.mummy.board import MapError, load_board, parse_board
from obelisk.games.mummy.components import (
    DIE_FACES,
    MUMMY_DIE_FACES,
    SYMBOLS,
    SYMBOLS_BY_COLOUR,
)

MAP = (Path(__file__).parents[3] / "src/obelisk/games/mummy/board.txt").read_text()
B = load_board()


def rc(c):
    return B.rc(c)


@pytest.mark.rules("mummy:4.1")
def test_map_round_trips():
    """The built-in map is 11x11 and writes back exactly as read (mummy:4.1)."""
    assert (B.rows, B.cols, B.size) == (11, 11, 121)
    assert B.to_ascii() == MAP
    assert parse_board(B.to_ascii()).to_ascii() == MAP
    # field (r,c) sits at line 2r+1, column 4c+2
    lines = MAP.splitlines()
    for cell in range(B.size):
        r, c = rc(cell)
        assert lines[2 * r + 1][4 * c + 2] == B.content[cell]


@pytest.mark.rules("mummy:4.1")
@pytest.mark.parametrize(
    ("line", "col", "new", "fault"),
    [
        (1, 6, "x", (2, 7)),  # unknown field character
        (1, 4, "-", (2, 5)),  # a side that is neither | nor space
        (2, 4, "*", (3, 5)),  # a corner that is not +
        (2, 1, "-", (3, 2)),  # half a wall
        (1, 0, " ", (2, 1)),  # open outer border
        (0, 5, " ", (1, 6)),  # open top border
        (1, 5, ".", (2, 6)),  # field text not between spaces
    ],
)
def test_parser_names_line_and_column(line, col, new, fault):
    """A malformed map is rejected with the (1-based) line and column of the fault."""
    lines = MAP.splitlines()
    lines[line] = lines[line][:col] + new + lines[line][col + 1 :]
    with pytest.raises(MapError) as e:
        parse_board("\n".join(lines))
    assert (e.value.line, e.value.column) == fault
    assert f"line {fault[0]}, column {fault[1]}" in str(e.value)


@pytest.mark.rules("mummy:4.1")
def test_parser_rejects_short_line_duplicates_and_missing_fields():
    lines = MAP.splitlines()
    short = [*lines[:3], lines[3][:-1], *lines[4:]]
    with pytest.raises(MapError) as e:
        parse_board("\n".join(short))
    assert e.value.line == 4
    dup = MAP.replace(" b ", " a ", 1)
    with pytest.raises(MapError, match="twice"):
        parse_board(dup)
    missing = MAP.replace(" V ", " . ")
    with pytest.raises(MapError, match="no field 'V'"):
        parse_board(missing)
    with pytest.raises(MapError, match="odd number"):
        parse_board("\n".join(lines[:-1]))


@pytest.mark.rules("mummy:4.1", "mummy:4")
def test_another_map_file_is_an_option(tmp_path):
    """Option map_file: another maze (here the built-in one with a wall removed)."""
    lines = MAP.splitlines()
    # open the wall west of (0,3): line 1, column 12
    lines[1] = lines[1][:12] + " " + lines[1][13:]
    f = tmp_path / "open.txt"
    f.write_text("\n".join(lines) + "\n")
    s = new(3, map_file=str(f))
    assert s.board.nbr[3][s.board.cell(0, 3)] == s.board.cell(0, 2)
    assert B.nbr[3][B.cell(0, 3)] == -1
    bad = tmp_path / "bad.txt"
    bad.write_text(MAP.replace(" e ", " # "))
    with pytest.raises(InvalidOptions) as e:
        GAME.new_state(3, 0, {"map_file": str(bad)})
    assert "line 2, column 11" in str(e.value)
    with pytest.raises(InvalidOptions, match="cannot read"):
        GAME.new_state(3, 0, {"map_file": str(tmp_path / "nope.txt")})


@pytest.mark.rules("mummy:4.2")
def test_special_fields():
    """S (10,4) opens only north, M (10,5) only north, V (10,9) only west and east."""
    assert rc(B.start) == (10, 4) and rc(B.mummy_start) == (10, 5) and rc(B.dungeon) == (10, 9)
    assert [rc(x) for x in B.adj[B.start]] == [(9, 4)]
    assert [rc(x) for x in B.adj[B.mummy_start]] == [(9, 5)]
    assert sorted(rc(x) for x in B.adj[B.dungeon]) == [(10, 8), (10, 10)]
    # S beside M with a wall between
    assert B.nbr[1][B.start] == -1
    # the mummy may never step into S or V
    for cell in range(B.size):
        for d in B.mummy_dirs[cell]:
            assert B.nbr[d][cell] not in (B.start, B.dungeon)


SPEC_SYMBOLS = {
    "a": ((0, 5), 19, 20), "b": ((2, 5), 15, 16), "c": ((4, 4), 10, 9), "d": ((4, 6), 10, 9),
    "e": ((0, 2), 18, 21), "f": ((2, 0), 14, 17), "g": ((4, 1), 11, 14), "h": ((3, 3), 12, 13),
    "i": ((0, 10), 18, 17), "j": ((1, 8), 19, 18), "k": ((2, 9), 17, 16), "l": ((3, 7), 14, 13),
    "m": ((4, 10), 14, 13), "n": ((10, 3), 9, 16), "o": ((8, 4), 8, 5), "p": ((6, 0), 8, 13),
    "q": ((5, 2), 9, 10), "r": ((7, 1), 6, 11), "s": ((9, 8), 11, 4), "t": ((10, 6), 12, 5),
    "u": ((6, 9), 13, 10), "v": ((8, 10), 14, 9), "w": ((7, 7), 10, 5),
}  # fmt: skip


@pytest.mark.rules("mummy:4.3")
@pytest.mark.parametrize("sym", sorted(SPEC_SYMBOLS))
def test_symbol_table(sym):
    """Each symbol's field and its distances from S and M match the spec's table."""
    where, from_s, from_m = SPEC_SYMBOLS[sym]
    cell = B.symbol_cell[sym]
    assert rc(cell) == where
    assert B.dist[B.start][cell] == from_s
    assert B.mummy_dist[B.mummy_start][cell] == from_m


@pytest.mark.rules("mummy:4.3", "mummy:3")
def test_colours_and_cards():
    """23 cards, 5 red/blue/white and 4 green/yellow; letter ranges encode the colour."""
    assert len(SYMBOLS) == 23
    counts = {c: len(v) for c, v in SYMBOLS_BY_COLOUR.items()}
    assert counts == {"yellow": 4, "green": 4, "white": 5, "red": 5, "blue": 5}
    assert SYMBOLS_BY_COLOUR["yellow"] == ("a", "b", "c", "d")
    assert SYMBOLS_BY_COLOUR["blue"] == ("s", "t", "u", "v", "w")
    assert DIE_FACES == ("1", "2", "3", "4", "arrow", "mummy")
    assert MUMMY_DIE_FACES == (1, 2, 3, 4, 5, 6)


@pytest.mark.rules("mummy:4.4")
def test_board_invariants():
    """121 fields, 136 open edges, 84 internal walls, connected, cycle rank 16."""
    edges = sum(len(a) for a in B.adj) // 2
    assert edges == 136
    internal = 2 * 11 * 10
    assert internal - edges == 84
    assert all(d < 10**6 for d in B.dist[0])
    assert edges - B.size + 1 == 16
    dead = sorted(rc(c) for c in range(B.size) if len(B.adj[c]) == 1)
    assert dead == sorted(
        [(0, 2), (2, 5), (4, 4), (4, 6), (5, 4), (8, 4), (9, 8), (10, 3), (10, 4), (10, 5), (10, 6)]
    )
    plain_dead = [c for c in dead if not B.cell_symbol[B.cell(*c)]]
    assert sorted(plain_dead) == [(5, 4), (10, 4), (10, 5)]
    reach = [c for c in range(B.size) if B.mummy_dist[B.mummy_start][c] < 10**6]
    assert len(reach) == 119 and B.start not in reach and B.dungeon not in reach
    for cell in B.symbol_cell.values():
        assert B.dist[B.start][cell] < 10**6 and B.mummy_dist[B.mummy_start][cell] < 10**6
    assert B.dist[B.start][B.dungeon] == 13
    assert B.mummy_dist[B.mummy_start][B.cell(9, 4)] == 10


@pytest.mark.rules("mummy:4.4")
def test_longest_straight_corridors():
    """Row 0 (0,3)-(0,10) has 8 fields; arrow slides of 1 to 7 steps occur."""

    def run(cell, d):
        n = 0
        while B.nbr[d][cell] >= 0:
            cell = B.nbr[d][cell]
            n += 1
        return n

    assert run(B.cell(0, 3), 1) == 7
    assert max(run(c, d) for c in range(B.size) for d in range(4)) == 7
    assert run(B.cell(3, 2), 1) == 6 and run(B.cell(5, 4), 1) == 6 and run(B.cell(4, 0), 2) == 6
    lengths = {run(c, d) for c in range(B.size) for d in range(4)}
    assert set(range(1, 8)) <= lengths


@pytest.mark.rules("mummy:8.1", "mummy:8.2")
def test_fast_move_helpers_agree_with_the_reference_ones():
    """``walks``, ``slides`` and ``cells_of`` (the engine's fast paths) give exactly what the
    step-by-step reference algorithms give, on random positions and bit sets."""
    import random

    rng = random.Random(4)
    for _ in range(300):
        cell = rng.randrange(B.size)
        passable = rng.getrandbits(B.size) | rng.getrandbits(B.size)
        blocked = rng.getrandbits(B.size) & rng.getrandbits(B.size) & ~(1 << cell)
        assert B.walks(cell, passable) == tuple(
            B.walk_ends(1 << cell, k, passable) for k in (1, 2, 3, 4)
        )
        slides = tuple((d, B.slide(cell, d, blocked)) for d in range(4))
        assert B.slides(cell, blocked) == tuple((d, e) for d, e in slides if e != cell)
        for mask in (passable, blocked, 1 << cell, 0, B.full):
            assert B.cells_of(mask) == [i for i in range(B.size) if mask >> i & 1]


@pytest.mark.rules("mummy:8.2")
def test_slides_from_rays_end_where_a_walk_field_by_field_ends():
    """A slide read off the precomputed rays (a few bit operations, issue 37) ends where
    walking the direction field by field to the first obstacle ends (mummy:8.2)."""
    import random

    rng = random.Random(7)
    for _ in range(3000):
        cell = rng.randrange(B.size)
        blocked = B.sv_mask if rng.random() < 0.5 else 0
        for _ in range(rng.randrange(12)):
            blocked |= 1 << rng.randrange(B.size)
        walked = []
        for d in range(4):
            end = B.slide(cell, d, blocked)
            if end != cell:
                walked.append((d, end))
        assert B.slides(cell, blocked) == tuple(walked)
