"""A memory game's lesson in a real terminal (tmux): the fresh table before each question
keeps the lesson's words on screen and never the moment's sights (issue 38 item 1).
Piped output prints everything, so only a terminal shows the bug."""

from __future__ import annotations

import tmux_kit
from tmux_kit import needs_tmux

pytestmark = needs_tmux
term = tmux_kit.term  # the fixture: a test's terminals


def test_the_way_out_lesson_keeps_the_route_on_screen_at_the_question(term):
    t = term("learn", "abu_simbel", "--lesson", "way_out", "--no-play", height=50)
    screen = " ".join(t.wait_for("Which move?").split())
    assert "Abu Simbel: " in screen  # the lesson's title
    assert "You went in past the deep water, the lava and two scorpions" in screen
    t.line("stomp 2")
    screen = " ".join(t.wait_for("Chamber 2.").split())
    assert "You went in past the deep water" in screen
    assert "»" not in screen  # what the table showed for a moment is gone


def test_a_ramses_lesson_keeps_its_title_and_intro_at_the_question(term):
    from obelisk.core import get_game

    lesson = get_game("ramses").lessons()[0]
    intro = next(s["say"] for s in lesson["steps"] if "say" in s)
    t = term("learn", "ramses", "--lesson", lesson["name"], "--no-play", height=60)
    screen = " ".join(t.wait_for("> ").split())
    assert lesson["title"] in screen
    assert " ".join(intro.split())[:60] in screen
