"""The terminal as a person meets it, driven in tmux (piped output hides what the screen
does): Ctrl-C keeps the game (issue 38 item 4), the resume command pastes whole (item 7)."""

from __future__ import annotations

import re

import tmux_kit
from obelisk.core import Record
from tmux_kit import needs_tmux

pytestmark = needs_tmux
term = tmux_kit.term  # the fixture: a test's terminals


def test_ctrl_c_saves_the_game_and_prints_one_pasteable_resume_line(term, tmp_path):
    # a narrow terminal: the resume command must still be one line to paste
    t = term(
        "play", "sobek", "--seed", "3", "--fast", width=60, env={"OBELISK_DATA_DIR": str(tmp_path)}
    )
    t.wait_for("You>")
    t.line("1")
    t.wait_for("You>", times=2)
    t.send("C-c")
    screen = t.wait_for("EXIT=")
    assert "Traceback" not in screen
    assert "Stopped. Game saved to" in " ".join(screen.split())
    lines = [x.strip() for x in t.screen(history=True).splitlines()]
    command = next(x for x in lines if x.startswith("obelisk play --resume "))
    path = command.removeprefix("obelisk play --resume ")
    assert path.startswith(str(tmp_path)) and path.endswith(".json"), command
    assert len(Record.load(path).steps) >= 1
    assert re.search(r"EXIT=0\b", screen)


def test_the_saved_game_resumes_where_ctrl_c_stopped_it(term, tmp_path):
    save = tmp_path / "g.json"
    t = term("play", "sobek", "--seed", "3", "--fast", "--save", str(save))
    t.wait_for("You>")
    t.line("1")
    t.wait_for("You>", times=2)
    t.send("C-c")
    t.wait_for("EXIT=")
    steps = len(Record.load(save).steps)
    again = term("play", "--resume", str(save), "--fast")
    screen = again.wait_for("You>")
    assert f"Resumed after {steps} steps" in screen
