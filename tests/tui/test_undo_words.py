"""`undo` at the terminal says plainly why nothing can be taken back (issue 38 item 3)."""

from __future__ import annotations

import pytest
from test_play import Script, console

from obelisk.core import get_game
from obelisk.tui import PlaySession, Quit, SeatSpec


def run_session(game: str, seats: list[SeatSpec], lines: list[str], tmp_path, seed: int = 5):
    """Play ``game`` at a recorded console with typed ``lines`` (then ``quit``): the
    session and the console's text."""
    c = console()
    s = PlaySession.new(
        get_game(game),
        seats,
        seed,
        console=c,
        input_fn=Script(lines, default="quit"),
        fast=True,
        delay=0,
        save_path=tmp_path / "g.json",
    )
    with pytest.raises(Quit):
        s.run()
    return s, c.export_text()


def play(game: str, seats: list[SeatSpec], lines: list[str], tmp_path, seed: int = 5) -> str:
    return " ".join(run_session(game, seats, lines, tmp_path, seed)[1].split())


def test_the_mummy_says_undo_is_switched_off(tmp_path):
    out = play("mummy", [SeatSpec("Ann"), SeatSpec("Bob")], ["1", "undo"], tmp_path)
    assert "Nothing to take back: Undo is switched off in Fluch der Mumie" in out
    assert "this turn" not in out


def test_after_a_computer_player_moved_it_is_named(tmp_path):
    seats = [SeatSpec("Ann"), SeatSpec("Bot 2", "random"), SeatSpec("Bot 3", "random")]
    out = play("sobek", seats, ["1", "undo"], tmp_path, seed=7)
    assert "Nothing to take back: Bot 3 has played since." in out or (
        "Nothing to take back: Bot 2 has played since." in out
    )
