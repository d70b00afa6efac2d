"""Shared set-up for the mummy tests: positions by (row, col), scripted rolls."""

from __future__ import annotations

from typing import Any

import rulebook
from obelisk.core import get_game
from obelisk.games.mummy.components import roll_value
from obelisk.games.mummy.rules import MummyState

GAME = get_game("mummy")


def new(n: int = 3, seed: int = 1, **options: Any) -> MummyState:
    """A fresh game (the first explorer has already made its first, random roll)."""
    state = rulebook.new(GAME, n, seed, **options)
    assert isinstance(state, MummyState)
    return state


def cell(state: MummyState, rc: tuple[int, int]) -> int:
    return state.board.cell(*rc)


def rcs(state: MummyState, mask: int) -> set[tuple[int, int]]:
    return {state.board.rc(c) for c in state.board.cells_of(mask)}


def place(
    state: MummyState,
    positions: dict[int, tuple[int, int] | None] | None = None,
    mummy: tuple[int, int] | None = None,
) -> None:
    """Put figures (by figure index) and the mummy on fields; others keep theirs.
    The public belief of the moved figures is widened so that it stays true."""
    b = state.board
    for f, rc in (positions or {}).items():
        state.pos[f] = -1 if rc is None else b.cell(*rc)
        state.belief.cells[f] = 0 if rc is None else b.full
    if mummy is not None:
        state.mummy = b.cell(*mummy)


def start_turn(
    state: MummyState,
    fig: int = 0,
    roll: list[str] | None = None,
    aside: int = 0,
) -> None:
    """Begin figure ``fig``'s turn now, with ``aside`` dice set aside and the first roll
    (if one happens) scripted as ``roll``."""
    state.fig = fig
    state.aside = state.aside_public = aside
    if roll is not None:
        state.chance.force(roll_value(roll), label="roll")
    state._begin_turn()


def roll(state: MummyState, faces: list[str]) -> None:
    """Script the next roll."""
    state.chance.force(roll_value(faces), label="roll")


def kinds(state: MummyState, seat: int | None, start: int = 0) -> list[str]:
    return [e["kind"] for e in state.events_for(seat, start)]


def dests(state: MummyState, k: int) -> set[tuple[int, int]]:
    return rcs(state, state.dest[k - 1])


def arrows(state: MummyState) -> dict[str, tuple[int, int]]:
    return {"NESW"[d]: state.board.rc(end) for d, end in state.arrows}
