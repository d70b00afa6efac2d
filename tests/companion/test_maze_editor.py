"""The maze editor (issue 36): typed edits, the checks, the file and the code, in the
terminal (``obelisk companion maze``) and behind the page (``/api/companion/maze/check``)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from fastapi import FastAPI
from typer.testing import CliRunner

from obelisk.cli.main import app
from obelisk.companion import web_maze
from obelisk.companion.maze_editor import Draft, EditorError
from obelisk.games.mummy.board import load_board
from obelisk.games.mummy.maze import encode

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def test_typed_edits_build_the_maze_and_refusals_say_what_to_type():
    d = Draft(3, 3)
    assert "place S, M, V" in d.check()[0]
    assert d.command("wall B2 n") == "The n side of B2 is closed."
    assert (4, 0) in d.walls
    d.command("wall B2 e")
    assert (5, 3) in d.walls  # the east side of B2 is the west side of C2
    d.command("open B2 e")
    assert (5, 3) not in d.walls
    d.command("put s A3")
    assert d.content[6] == "S"
    d.command("put s C3")  # a special field moves
    assert d.content[6] == "." and d.content[8] == "S"
    for bad, hint in (
        ("wall Z9 n", "'A1 to C3'"),
        ("wall A1 n", "inner side"),
        ("put x A1", "'.'"),
    ):
        with pytest.raises(EditorError) as err:
            d.command(bad)
        assert hint.strip("'") in str(err.value)
    with pytest.raises(EditorError, match="Type 'wall"):
        d.command("dance")


def test_the_built_in_maze_round_trips_through_the_editor():
    board = load_board("")
    d = Draft.from_text(board.to_ascii())
    assert d.to_ascii() == board.to_ascii() and d.check() == []
    assert d.code() == encode(board)
    assert Draft.from_text(d.code()).to_ascii() == board.to_ascii()


def test_the_terminal_editor_saves_a_file_and_shows_the_code(tmp_path: Path):
    start = tmp_path / "start.txt"
    text = load_board("").to_ascii()
    start.write_text(text)
    out = tmp_path / "mine.txt"
    typed = "\n".join(["wall A1 e", "check", "open A1 e", "check", "code", f"save {out}", "quit"])
    done = CliRunner().invoke(app, ["companion", "maze", "--load", str(start)], input=typed)
    assert done.exit_code == 0, done.output
    assert "The e side of A1 is closed." in done.output and "Playable." in done.output
    assert encode(load_board("")) in done.output
    assert out.read_text() == text


def test_the_page_s_check_names_the_problems_and_gives_the_code():
    api = FastAPI()
    web_maze.register(api, Path(__file__).parent)
    client = TestClient(api)
    ok = client.post("/api/companion/maze/check", json={"text": load_board("").to_ascii()})
    assert ok.status_code == 200 and ok.json()["ok"] and ok.json()["code"].startswith("M1-")
    half = Draft(11, 11).to_ascii()
    bad = client.post("/api/companion/maze/check", json={"text": half}).json()
    assert not bad["ok"] and "place S, M, V" in bad["problems"][0]
    assert client.post("/api/companion/maze/check", json={"text": "M1-xyz"}).json()["ok"] is False
    assert client.post("/api/companion/maze/check", json={"nope": 1}).status_code == 400
