"""A family's own maze (issue 36): the share code, the checks of the seed's rules, and the
engine playing on a maze given as the room option ``maze`` (mummy:4, 4.1)."""

from __future__ import annotations

import random

import pytest

from obelisk.core import InvalidOptions, get_game
from obelisk.games.mummy.board import load_board, parse_board
from obelisk.games.mummy.maze import PREFIX, decode, encode, load, problems

GAME = get_game("mummy")


def mirrored_map() -> str:
    """The built-in maze mirrored east-west, a maze different from ours but playable."""
    lines = load_board("").to_ascii().splitlines()
    return "\n".join(line[::-1] for line in lines) + "\n"


@pytest.mark.rules("mummy:4.1")
def test_a_share_code_is_short_and_gives_back_the_same_maze():
    board = load_board("")
    code = encode(board)
    assert code.startswith(PREFIX) and len(code) < 90
    assert decode(code) == board.to_ascii()
    again = load(code)
    assert again.content == board.content and again.nbr == board.nbr


@pytest.mark.rules("mummy:4.1")
def test_a_mistyped_code_is_refused_by_its_check_byte():
    code = encode(load_board(""))
    bad = code[:20] + ("A" if code[20] != "A" else "B") + code[21:]
    with pytest.raises(InvalidOptions, match="damaged"):
        decode(bad)
    with pytest.raises(InvalidOptions, match="starts with M1-"):
        decode("X" + code)


@pytest.mark.rules("mummy:4", "mummy:4.2")
def test_an_unplayable_maze_is_named_and_refused_as_a_room_option():
    text = load_board("").to_ascii()
    lines = text.splitlines()
    # the stairs (E11) get a second way out: open their west side
    row = list(lines[21])
    row[16] = " "
    lines[21] = "".join(row)
    board = parse_board("\n".join(lines) + "\n")
    found = problems(board)
    assert any("exactly one way out" in p for p in found), found
    with pytest.raises(InvalidOptions, match="cannot be played"):
        GAME.new_state(3, 1, {"maze": encode(board)})


@pytest.mark.rules("mummy:4")
def test_the_engine_plays_a_whole_game_on_a_familys_maze():
    code = encode(parse_board(mirrored_map()))
    s = GAME.new_state(3, 4, {"maze": code})
    assert s.board.to_ascii() == mirrored_map()
    rng = random.Random(4)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    assert s.options.maze == code
