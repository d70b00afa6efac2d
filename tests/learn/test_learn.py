"""The lesson runner: lessons as data, scripted positions, refusals naming the rule."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

from obelisk.cli.main import app
from obelisk.core import all_games
from obelisk.learn import ConsoleTeacher, LessonError, find_lesson, run_lesson, validate_lessons
from tinycards import TINY


class Script:
    def __init__(self, lines):
        self.lines = list(lines)
        self.prompts = []

    def __call__(self, prompt):
        self.prompts.append(prompt)
        if not self.lines:
            raise AssertionError(f"the lesson asked for more input than scripted: {prompt!r}")
        return self.lines.pop(0)


def teacher(lines):
    c = Console(file=io.StringIO(), record=True, width=100)
    return ConsoleTeacher(c, Script(lines)), c


def test_a_lesson_runs_to_the_end_with_wrong_answers_refused():
    t, c = teacher(["knock", "play 3", "play 2", "play 9", "1", "2", "1"])
    state = run_lesson(TINY, find_lesson(TINY, "beat_the_pile"), t)
    out = c.export_text()
    assert "Not allowed (rule tiny:2): card 3 is not in your hand" in out
    assert "Legal, but not what we are practising: that card does not beat the 7" in out
    assert "Not quite." in out and "Right." in out
    assert "Lesson complete: Beat the pile" in out
    assert state.points == [7, 9] and state.hands[1] == [2, 4, 5]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_every_games_lessons_are_well_formed(game):
    assert validate_lessons(game) == []


def test_unknown_lesson_lists_the_lessons():
    with pytest.raises(LessonError, match="lessons: beat_the_pile"):
        find_lesson(TINY, "nope")


def test_a_broken_lesson_names_its_step():
    bad = {"name": "bad", "title": "Bad", "steps": [{"ask": {"expect": []}}]}
    t, _ = teacher([])
    with pytest.raises(LessonError, match="lesson 'bad' step 0: 'ask' before any 'setup'"):
        run_lesson(TINY, bad, t)


def test_learn_command_lists_and_runs(monkeypatch):
    r = CliRunner().invoke(app, ["learn", "tiny", "--list"])
    assert r.exit_code == 0 and "beat_the_pile" in r.output
    r = CliRunner().invoke(app, ["learn", "tiny", "--no-play"], input="play 9\n2\n1\n")
    assert r.exit_code == 0, r.output
    assert "Lesson complete" in r.output
    r = CliRunner().invoke(app, ["learn", "tiny", "--lesson", "zzz"])
    assert r.exit_code == 2 and "no lesson 'zzz'" in r.output


def test_help_and_quit_work_inside_a_lesson():
    from obelisk.learn import LessonQuit

    t, c = teacher(["help", "rules", "quit"])
    with pytest.raises(LessonQuit):
        run_lesson(TINY, find_lesson(TINY, "beat_the_pile"), t)
    out = c.export_text()
    assert "'quit' to stop the lessons" in " ".join(out.split())


@pytest.mark.parametrize("game", ["abu_simbel", "sobek"])
def test_quitting_the_real_game_after_the_lessons_ends_cleanly(game, tmp_path, monkeypatch):
    """Finishing the lessons, then `quit` in the try-it-for-real game: no traceback."""
    from obelisk.core import get_game

    g = get_game(game)
    # the lessons themselves are tested per game: here each one ends at once, then the
    # learner presses Enter between lessons, says "y" to a real game, and types "quit"
    monkeypatch.setattr("obelisk.learn.run_lesson", lambda game, lesson, teacher, rng=None: None)
    monkeypatch.setenv("OBELISK_DATA_DIR", str(tmp_path))
    answers = "\n".join([""] * len(g.lessons()) + ["y", "quit"]) + "\n"
    result = CliRunner().invoke(app, ["learn", game], input=answers)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output


def test_quit_inside_a_lesson_from_the_command_line():
    result = CliRunner().invoke(app, ["learn", "sobek"], input="quit\n")
    assert result.exit_code == 0 and "Lesson stopped" in result.output


def test_a_memory_games_lesson_shows_a_reveal_for_the_moment_only():
    """In a memory game's lesson a flash is shown after the step that reveals it, and the
    screen and scrollback are cleared before the next question (issue 22)."""
    from obelisk.core import Capabilities, Narrator

    class Flashing(Narrator):
        def flash_action(self, event, voice):
            return f"For a moment you see: {event.get('text')}."

    class Remembering(type(TINY)):
        name = "tiny_memory"
        capabilities = Capabilities(memory=True)
        narrator = Flashing()

    c = Console(file=io.StringIO(), record=True, width=100, force_terminal=True)
    t = ConsoleTeacher(c, Script(["knock", "play 3", "play 2", "play 9", "1", "2", "1"]))
    game = Remembering()
    run_lesson(game, find_lesson(TINY, "beat_the_pile"), t)
    raw = c.file.getvalue()
    assert "For a moment you see" in raw
    last_flash = raw.rfind("For a moment you see")
    assert "\x1b[3J" in raw[:last_flash] or "\x1b[3J" in raw[last_flash:]
