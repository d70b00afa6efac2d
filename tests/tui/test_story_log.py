"""`log`: the story so far, with only what may be shown (issue 38 item 8): in a memory
game never a sentence that the table showed only for a moment."""

from __future__ import annotations

from test_undo_words import run_session

from obelisk.core import Voice
from obelisk.tui import SeatSpec


def _play(game: str, lines: list[str], tmp_path, seed: int = 2):
    seats = [SeatSpec("You"), SeatSpec("Bot 2", "random")]
    return run_session(game, seats, lines, tmp_path, seed)


def test_a_memory_games_log_never_retells_a_flash(tmp_path):
    # after the failed move the next player lays the route (abu_simbel:5.1): Enter lets it go
    s, out = _play("abu_simbel", ["1", "", "log"], tmp_path)
    story = out[out.rindex("The story so far") :]
    voice = Voice(("You", "Bot 2"), 0)
    flashes = {s.game.flash(e, voice) for e in s.state.events_for(0)} - {None}
    assert flashes  # the game did show something for a moment
    for f in flashes:
        assert f not in story, f
    assert len([x for x in story.splitlines() if x.strip("│ ")]) > 2


def test_sobek_log_tells_the_story(tmp_path):
    _, out = _play("sobek", ["1", "log"], tmp_path)
    story = out[out.rindex("The story so far") :]
    assert "You" in story and "Bot 2" in story
