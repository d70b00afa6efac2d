"""Ramses II lessons: sliding, remembering, the quarter turn, events, end to end."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

from obelisk.core import get_game
from obelisk.learn import ConsoleTeacher, run_lesson


def _lessons() -> list[dict[str, Any]]:
    return get_game("ramses").lessons()


def _run(name: str, lines: list[str]) -> tuple[Any, str]:
    feed = list(lines)

    def answer(prompt: str) -> str:
        assert feed, f"the lesson asked for more input than scripted: {prompt!r}"
        return feed.pop(0)

    console = Console(file=io.StringIO(), record=True, width=120)
    lesson = next(x for x in _lessons() if x["name"] == name)
    state = run_lesson(
        get_game("ramses"), lesson, ConsoleTeacher(console, answer), random.Random(0)
    )
    assert not feed, f"unused input: {feed}"
    return state, " ".join(console.export_text().split())


SCRIPTS = {
    "sliding": (
        ["draw", "draw", "slide down", "slide left", "2"],
        ["Not allowed (rule ramses:6.2)"],
    ),
    "remembering": (
        [
            "1",
            "draw",
            "slide up",
            "draw",
            "slide left",
            "slide down",
            "slide right",
            "slide right",
            "2",
        ],
        ["Not allowed (rule ramses:6.2)", "Legal, but not what we are practising"],
    ),
    "quarter_turn": (
        [
            "draw",
            "slide down",
            "slide left",
            "2",
            "draw",
            "draw",
            "slide right",
            "slide right",
            "3",
        ],
        ["Not allowed (rule ramses:6.2)"],
    ),
    "events": (
        ["draw", "draw", "gift T01", "slide up", "slide right", "slide right", "slide up", "2"],
        ["Not allowed (rule ramses:6.2): you cannot draw now"],
    ),
}


def test_every_lesson_is_listed():
    assert [x["name"] for x in _lessons()] == list(SCRIPTS)


@pytest.mark.parametrize("name", list(SCRIPTS))
def test_lesson_runs_to_the_end_with_wrong_answers_refused(name):
    lines, refusals = SCRIPTS[name]
    state, out = _run(name, lines)
    for r in refusals:
        assert r in out, r
    assert "Lesson complete" in out
    assert state is not None


def test_the_lessons_end_where_they_should():
    state, _ = _run("remembering", SCRIPTS["remembering"][0])
    assert "T02 Trumpet" in state.to_text(0)  # found from memory
    state, _ = _run("quarter_turn", SCRIPTS["quarter_turn"][0])
    assert state.observation(0)["orientation"] % 4 == 3  # three finds, three quarter turns
    state, out = _run("events", SCRIPTS["events"][0])
    assert "Ann gives you the Parrot card" in out  # the Gift brought Ann's card
