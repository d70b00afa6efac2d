"""Every lesson of every game, end to end: listed and well formed, played to its end with
the scripted input, the wrong answers refused with the words the lesson prints
(``lesson_kit.SCRIPTS``). What each game's lessons claim is in ``test_lessons_<game>.py``."""

from __future__ import annotations

import pytest
from lesson_kit import SCRIPTS, run

from obelisk.core import get_game
from obelisk.learn import validate_lessons


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_every_lesson_is_listed_and_well_formed(game):
    g = get_game(game)
    assert validate_lessons(g) == []
    assert [x["name"] for x in g.lessons()] == list(SCRIPTS[game])


def test_every_game_with_lessons_has_its_scripts():
    from obelisk.core import all_games

    with_lessons = {g.name for g in all_games() if g.lessons() and g.name in SCRIPTS}
    built_in = {g.name for g in all_games() if g.__module__.startswith("obelisk.games.")}
    assert built_in <= with_lessons


@pytest.mark.parametrize(
    ("game", "name"),
    [pytest.param(g, n, id=f"{g}-{n}") for g in sorted(SCRIPTS) for n in SCRIPTS[g]],
)
def test_lesson_runs_to_the_end_with_wrong_answers_refused(game, name):
    lines, refusals = SCRIPTS[game][name]
    state, out = run(game, name, lines)
    for r in refusals:
        assert " ".join(r.split()) in out, r
    assert "Lesson complete" in out
    assert state is not None
