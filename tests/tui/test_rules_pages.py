"""Rules a player can read (issue 38 item 2): a page per game written for players, paged
with colour on a terminal (tmux), plain text through a pipe."""

from __future__ import annotations

import re

import pytest

from obelisk.core import get_game
from tmux_kit import Tmux, needs_tmux

#: What a developer's page says that a player's page must not.
DEVELOPER = re.compile(
    r"src/|\.py\b|\.\./shared|JSON|Code:|Tests?:|DESIGN|Literal|int \| None|seed rulebook"
)


@pytest.mark.parametrize("name", ["abu_simbel", "ramses", "sobek", "mummy", "khufu"])
def test_every_game_has_a_players_page_without_developer_words(name):
    game = get_game(name)
    page = game.player_rules()
    assert page.startswith(f"# {game.title.split(' (')[0]}")
    assert "## At the terminal" in page
    assert not DEVELOPER.search(page), DEVELOPER.search(page)


def test_piped_the_page_is_plain_text(capsys):
    from typer.testing import CliRunner

    from obelisk.cli.main import app

    out = CliRunner().invoke(app, ["rules", "sobek", "--full"]).output
    assert "Sobek — how to play" in out and "\x1b[" not in out


@needs_tmux
def test_in_a_terminal_the_pager_shows_colour_not_raw_codes():
    t = Tmux(["rules", "sobek", "--full"], unset=("PAGER", "LESS"), height=30)
    try:
        screen = t.wait_for("how to play")
        assert "ESC[" not in screen and "[1;" not in screen and "\x1b" not in screen
        assert "Your turn: one action" in screen or "What is on the table" in screen
        t.send("q")
        t.wait_for("EXIT=0")
    finally:
        t.close()


@needs_tmux
def test_in_game_rules_full_pages_the_players_page(tmp_path):
    t = Tmux(
        ["play", "ramses", "--seed", "2", "--fast"],
        unset=("PAGER", "LESS"),
        height=30,
        env={"OBELISK_DATA_DIR": str(tmp_path)},
    )
    try:
        t.wait_for("You>")
        t.line("rules full")
        screen = t.wait_for("how to play")
        assert "ESC[" not in screen and "gold" in screen
        t.send("q")
        t.wait_for("You>", times=2)
    finally:
        t.close()
