"""Fluch der Mumie lessons (explorers: dice, arrow, mummy faces; the mummy: deducing), end to end."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

from obelisk.core import get_game
from obelisk.learn import ConsoleTeacher, find_lesson, run_lesson, validate_lessons


def _run(name: str, lines: list[str]) -> tuple[Any, str]:
    feed = list(lines)

    def answer(prompt: str) -> str:
        assert feed, f"the lesson asked for more input than scripted: {prompt!r}"
        return feed.pop(0)

    g = get_game("mummy")
    console = Console(file=io.StringIO(), record=True, width=120)
    state = run_lesson(g, find_lesson(g, name), ConsoleTeacher(console, answer), random.Random(0))
    assert not feed, f"unused input: {feed}"
    return state, " ".join(console.export_text().split())


SCRIPTS = {
    "dice_and_arrow": (
        [
            "choose 4",
            "choose 3",
            "move D9",
            "resolve no",
            "choose arrow",
            "arrow N",
            "1",
            "2",
            "2",
        ],
        ["Not allowed (rule mummy:7.2): no free die shows 4", "Not quite"],
    ),
    "mummy_faces": (
        ["reroll", "choose 1", "lost", "2"],
        ["Not allowed (rule mummy:11.1): all five dice show the mummy"],
    ),
    "deducing": (
        ["1", "2", "step W", "step N", "step E", "step N", "2"],
        ["Not allowed (rule mummy:9.1): the mummy cannot step west"],
    ),
}


def test_every_lesson_is_listed_and_well_formed():
    g = get_game("mummy")
    assert validate_lessons(g) == []
    assert [x["name"] for x in g.lessons()] == list(SCRIPTS)


@pytest.mark.parametrize("name", list(SCRIPTS))
def test_lesson_runs_to_the_end_with_wrong_answers_refused(name):
    lines, refusals = SCRIPTS[name]
    state, out = _run(name, lines)
    for r in refusals:
        assert r in out, r
    assert "Lesson complete" in out and state is not None


def test_the_lessons_reach_what_they_teach():
    state, _ = _run("mummy_faces", SCRIPTS["mummy_faces"][0])
    assert state.aside == 0  # the forced resolution freed the dice
    state, _ = _run("dice_and_arrow", SCRIPTS["dice_and_arrow"][0])
    assert "on E10" in state.to_text(1)  # green's arrow stopped under the wall
