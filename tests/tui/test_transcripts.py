"""What a person reads at the terminal is words (issue 22's "done means").

A watched game of every game (`obelisk play GAME --seats heuristic,… --fast --seed S`) has
no `key=value`, no `{'`, no `(label: number)` and no seat counted from 0; and a person
playing against computer players reads the same.
"""

from __future__ import annotations

import contextlib
import io
import itertools

import pytest
from rich.console import Console

from narration_check import ZERO_SEAT
from obelisk.core import all_games, get_game, raw_fragment
from obelisk.tui import PlaySession, Quit, parse_seats

GAMES = ["sobek", "ramses", "abu_simbel", "mummy", "khufu"]


def players(name: str) -> int:
    g = get_game(name)
    return 3 if g.min_players <= 3 <= g.max_players and name == "khufu" else 2


#: A person's answers before quitting (always choosing "1" may never end a Ramses search).
PROMPTS = 300


def transcript(name: str, seed: int, seats: str) -> str:
    g = get_game(name)
    c = Console(file=io.StringIO(), record=True, width=100)
    t = itertools.count(0.0, 1.5)
    specs = parse_seats(g, seats, None)
    asked = itertools.count(1)
    with contextlib.suppress(Quit):
        PlaySession.new(
            g,
            specs,
            seed,
            console=c,
            input_fn=lambda _p: "1" if next(asked) < PROMPTS else "quit",
            fast=True,
            delay=0,
            clock=lambda: next(t),
        ).run()
    return c.export_text()


def problems(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        if raw_fragment(line) or ZERO_SEAT.search(line):
            out.append(line.strip())
    return out


def test_every_registered_game_is_covered():
    assert set(GAMES) <= {g.name for g in all_games()}


@pytest.mark.parametrize("seed", [1, 2, 5])
@pytest.mark.parametrize("name", GAMES)
def test_a_watched_game_reads_as_words(name, seed):
    seats = ",".join(["heuristic"] * players(name))
    text = transcript(name, seed, seats)
    assert "Final result" in text
    assert problems(text) == []


@pytest.mark.parametrize("name", GAMES)
def test_a_person_against_computer_players_reads_words(name):
    seats = ",".join(["human"] + ["heuristic"] * (players(name) - 1))
    text = transcript(name, 4, seats)
    assert "Final result" in text or "Game saved" in text
    assert problems(text) == []
