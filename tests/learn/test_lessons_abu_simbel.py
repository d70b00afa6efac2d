"""Abu Simbel's lessons: way in, way out in reverse, referee mode, end to end."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest
from rich.console import Console

from obelisk.core import get_game
from obelisk.learn import ConsoleTeacher, run_lesson


def _lessons() -> list[dict[str, Any]]:
    return get_game("abu_simbel").lessons()


def _run(name: str, lines: list[str]) -> tuple[Any, str]:
    feed = list(lines)

    def answer(prompt: str) -> str:
        assert feed, f"the lesson asked for more input than scripted: {prompt!r}"
        return feed.pop(0)

    console = Console(file=io.StringIO(), record=True, width=120)
    lesson = next(x for x in _lessons() if x["name"] == name)
    state = run_lesson(
        get_game("abu_simbel"), lesson, ConsoleTeacher(console, answer), random.Random(0)
    )
    assert not feed, f"unused input: {feed}"
    return state, " ".join(console.export_text().split())


SCRIPTS = {
    "way_in": (
        ["deck 1", "jump", "SWIM", "jump", "stomp 3", "STOMP_x2", "deck 1", "1", "2"],
        ["Not allowed (rule abu_simbel:5.2)", "Legal, but not what we are practising"],
    ),
    "way_out": (
        ["deck 2", "swim", "stomp 2", "jump", "swim", "2", "2"],
        ["Not allowed (rule abu_simbel:5.2)", "chamber 1, next to the vault, had the scorpions"],
    ),
    "referee": (
        ["move SWIM", "ok 1", "ok 2", "ok 3", "ok 1", "ok 2", "fail 2", "1", "2"],
        ["Not allowed (rule abu_simbel:10.2)", "the lava asks for a jump"],
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
    state, _ = _run("way_out", SCRIPTS["way_out"][0])
    obs = state.observation(0)
    assert "URN:3" in json.dumps(obs)  # the treasure got out with the learner
    state, out = _run("referee", SCRIPTS["referee"][0])
    assert "Ann loses a charm card: 2 left." in out  # Ann's mistake cost her a charm


def test_the_lessons_claims_match_the_position():
    """What the lessons say about the route is what the state holds (issue 22)."""
    from obelisk.games.abu_simbel.narration import chamber_name

    lessons = {x["name"]: x for x in _lessons()}
    for name in SCRIPTS:
        setup = next(s["setup"] for s in lessons[name]["steps"] if "setup" in s)
        state = get_game("abu_simbel").new_state(
            setup["players"], setup["seed"], setup.get("options"), forced=setup["forced"]
        )
        assert state.route == ["SCORPIONS_2", "LAVA", "DIVE"]
        said = " ".join(str(s.get("say", "")) for s in lessons[name]["steps"])
        for card in state.route:
            assert chamber_name(card).removeprefix("the ") in said, (name, card)
    state, out = _run("way_out", SCRIPTS["way_out"][0])
    assert state.route[-1] == "GAS" and "the poison gas, is laid at the far end" in out
    assert len(state.route) == 4 and "4 chambers to remember" in out


@pytest.mark.rules("abu_simbel:10.2")
def test_the_referee_lesson_teaches_the_seed():
    """Seed: "The other players check to see if you fail." The lesson's quiz answer is every
    other player, not the left neighbour (the engine's rule before issue 27)."""
    lesson = next(x for x in _lessons() if x["name"] == "referee")
    quiz = next(s["quiz"] for s in lesson["steps"] if "quiz" in s)
    right = quiz["choices"][quiz["answer"]]
    assert right.startswith("every other player") and "one fail is enough" in right
    setup = next(s["setup"] for s in lesson["steps"] if "setup" in s)
    assert setup["players"] == 3  # two checkers, so the turn order of the answers shows
    _, out = _run("referee", SCRIPTS["referee"][0])
    assert "Ben is asked next" in out and "Cat" not in out
