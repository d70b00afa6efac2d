"""Sobek's lessons (market and corruption, characters, sets, events, scoring), end to end."""

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

    g = get_game("sobek")
    console = Console(file=io.StringIO(), record=True, width=120)
    state = run_lesson(g, find_lesson(g, name), ConsoleTeacher(console, answer), random.Random(0))
    assert not feed, f"unused input: {feed}"
    return state, " ".join(console.export_text().split())


SCRIPTS = {
    "market_corruption": (
        ["take 5", "take 1", "take 3", "1", "3", "2"],
        ["Not allowed (rule sobek:6.1)", "Legal, but not what we are practising"],
    ),
    "characters": (["take 1", "play queen", "play thief", "2"], ["Not allowed (rule sobek:6.2)"]),
    "sets_events_scoring": (
        [
            "set ivory",
            "set fish",
            "add fish 0",
            "add fish 1",
            "add fish 1",
            "add fish 0",
            "token bonus",
            "token absolution",
            "purge amulet",
            "purge wheat 0",
            "3",
            "2",
        ],
        ["Not allowed (rule sobek:6.3)", "choose absolution"],
    ),
}


def test_every_lesson_is_listed_and_well_formed():
    g = get_game("sobek")
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
    state, _ = _run("market_corruption", SCRIPTS["market_corruption"][0])
    assert len(state.corr[0]) == 2  # two skipped cards are bribes
    state, _ = _run("characters", SCRIPTS["characters"][0])
    assert "ivory 3" in state.to_text(0)  # the thief brought Ann's ivory
    state, _ = _run("sets_events_scoring", SCRIPTS["sets_events_scoring"][0])
    assert state.corr[0] == [] and "sets: fish 1 1 0 (6)" in state.to_text(0)


def _lesson(name: str) -> dict[str, Any]:
    return find_lesson(get_game("sobek"), name)


def _quiz(name: str, i: int) -> str:
    quizzes = [s["quiz"] for s in _lesson(name)["steps"] if "quiz" in s]
    q = quizzes[i]
    return str(q["choices"][q["answer"]])


def _setup_state(name: str):
    from obelisk.learn.runner import _setup

    spec = next(s["setup"] for s in _lesson(name)["steps"] if "setup" in s)
    return _setup(get_game("sobek"), spec)


def test_every_claim_the_lessons_make_matches_the_state():
    """Each sentence of a Sobek lesson about the position is checked against the state."""
    # market_corruption: "How many cards lie under your corruption tile now?" after take 3
    state, _ = _run("market_corruption", SCRIPTS["market_corruption"][0])
    assert state.observation(0)["corruption_count"] == int(_quiz("market_corruption", 0))
    # characters: "The character is at position 1"
    assert _setup_state("characters").observation(0)["market"][0] == "character"
    # sets_events_scoring: "You hold fish 1, fish 1, fish 0 and an ivory 3."
    start = _setup_state("sets_events_scoring").observation(0)
    assert sorted(start["hand"]) == sorted(["fish1", "fish1", "fish0", "ivory3"])
    say = " ".join(s["say"] for s in _lesson("sets_events_scoring")["steps"] if "say" in s)
    assert "You hold fish 1, fish 1, fish 0 and an ivory 3" in say
    # the corruption the absolution token purges is the wheat 0 and the amulet
    assert sorted(start["corruption"]) == ["amulet", "wheat0"]
    state, _ = _run("sets_events_scoring", SCRIPTS["sets_events_scoring"][0])
    # "Your fish set is fish 1, fish 1, fish 0. What does it score?" -- the state's value
    assert "fish 1 1 0 (6)" in state.to_text(0)
    assert int(_quiz("sets_events_scoring", 0)) == 6 == 3 * (1 + 1 + 0)
    # "You add 3 more fish 0 ... What does it score then?" -- cards x scarabs, as the game
    from obelisk.games.sobek.components import build_table
    from obelisk.games.sobek.scoring import set_value

    table = build_table(state.options)
    names = ["fish1", "fish1", "fish0", "fish0", "fish0", "fish0"]
    cards = [table.kind_first[table.kind_index[c]] for c in names]  # one card of each kind
    assert set_value(table, cards) == int(_quiz("sets_events_scoring", 1)) == 12
