"""Issue 27: the seed's own set-up (``setup_mode=players_place``) at the terminal.

"When laying out the tokens with treasures ... you must choose for each token one of
the four places of each square" (ramses:4.2): played through ``obelisk.tui.PlaySession``
on a recorded console, a person hides treasures by row and column as the view numbers
them, sees every placement with its place, and is never shown an empty place or told to
slide before the pyramids cover the board.
"""

from __future__ import annotations

import io
import itertools
import re

import pytest
from rich.console import Console

from games.ramses.ramses_helpers import GAME
from obelisk.games.ramses.components import place_of
from obelisk.tui import PlaySession, SeatSpec


class Enough(Exception):
    """Stops the scripted person once the game has begun."""


def _session(answers):
    c = Console(file=io.StringIO(), record=True, width=120, force_terminal=False)
    tick = itertools.count(0.0, 1.5)
    s = PlaySession.new(
        GAME,
        [SeatSpec("Ann"), SeatSpec("Bot", "heuristic")],
        5,
        {"setup_mode": "players_place", "first_player": 0},
        console=c,
        input_fn=answers,
        fast=True,
        clock=lambda: next(tick),
    )
    return s, c


@pytest.mark.rules("ramses:4.2", "ramses:11.3")
def test_a_person_hides_treasures_by_row_and_column_at_the_terminal():
    """The seed: players lay out the tokens, "one of the four places of each square"."""
    prompts: list[str] = []
    typed = ["place Golden Sphinx, row 2, column 3"]
    box: dict[str, PlaySession] = {}

    def answers(prompt: str) -> str:
        prompts.append(prompt)
        if box["s"].state.phase != "place" or len(prompts) > 200:
            raise Enough
        return typed.pop(0) if typed else "1"

    s, c = _session(answers)
    box["s"] = s
    with pytest.raises(Enough):
        s.run()
    st = s.state
    out = c.export_text()
    hiding, _, playing = out.partition("The pyramids cover the treasures.")
    assert playing, "the placements ended and the game began"
    assert st.tokens[place_of(1, 2)] == 3  # the Golden Sphinx on row 2, column 3
    assert st.placed == 12 and st.phase in ("draw", "search")
    st.check_invariants()
    # the grid numbers its columns and rows, as the placing choices name them
    assert "  1   2   3   4   5   6   7   8" in hiding
    assert re.search(r"│\s+1\s+\| <Pa>", hiding) and re.search(r"│\s+6\s+\|", hiding)
    # every placement is listed with its place
    assert "<Go> Golden Sphinx (row 2, column 3)" in hiding
    # the prompt speaks of placing; no empty place is drawn and nothing says slide
    assert "Your move: hide a treasure" in hiding
    assert "place Parrot, row 1, column 1 — hide it there" in hiding
    assert "[  ]" not in hiding and "Under the empty place" not in hiding
    assert "slide" not in hiding.lower()
    # once the box is covered, the play view is the usual one
    assert "Under the empty place" in playing and "Hidden so far" not in playing
