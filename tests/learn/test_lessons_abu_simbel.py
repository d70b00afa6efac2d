"""Abu Simbel's lessons: way in, way out in reverse, referee mode, end to end."""

from __future__ import annotations

import json
from typing import Any

import pytest
from lesson_kit import SCRIPTS, run

from obelisk.core import get_game


def _lessons() -> list[dict[str, Any]]:
    return get_game("abu_simbel").lessons()


def test_the_lessons_end_where_they_should():
    state, _ = run("abu_simbel", "way_out", SCRIPTS["abu_simbel"]["way_out"][0])
    obs = state.observation(0)
    assert "URN:3" in json.dumps(obs)  # the treasure got out with the learner
    state, out = run("abu_simbel", "referee", SCRIPTS["abu_simbel"]["referee"][0])
    assert "Ann loses a charm card: 2 left." in out  # Ann's mistake cost her a charm


def test_the_lessons_claims_match_the_position():
    """What the lessons say about the route is what the state holds (issue 22)."""
    from obelisk.games.abu_simbel.narration import chamber_name

    lessons = {x["name"]: x for x in _lessons()}
    for name in SCRIPTS["abu_simbel"]:
        setup = next(s["setup"] for s in lessons[name]["steps"] if "setup" in s)
        state = get_game("abu_simbel").new_state(
            setup["players"], setup["seed"], setup.get("options"), forced=setup["forced"]
        )
        assert state.route == ["SCORPIONS_2", "LAVA", "DIVE"]
        said = " ".join(str(s.get("say", "")) for s in lessons[name]["steps"])
        for card in state.route:
            assert chamber_name(card).removeprefix("the ") in said, (name, card)
    state, out = run("abu_simbel", "way_out", SCRIPTS["abu_simbel"]["way_out"][0])
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
    _, out = run("abu_simbel", "referee", SCRIPTS["abu_simbel"]["referee"][0])
    assert "Ben is asked next" in out and "Cat" not in out
