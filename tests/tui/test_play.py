"""`obelisk play`: games at the terminal, driven with scripted input on a recorded console."""

from __future__ import annotations

import io
import itertools
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

from obelisk.core import all_games, get_game
from obelisk.core.conformance import views
from obelisk.tui import PlaySession, Quit, SeatSpec, parse_seats
from tinycards import TINY

ROOT = Path(__file__).resolve().parents[2]


class Script:
    """Answers prompts from a list of lines, then with ``default`` forever (up to a bound)."""

    def __init__(self, lines=(), default="1", limit=5000):
        self.lines = list(lines)
        self.default = default
        self.prompts: list[str] = []
        self.limit = limit

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if len(self.prompts) > self.limit:
            raise AssertionError("the game asked for too many inputs")
        return self.lines.pop(0) if self.lines else self.default


def console():
    return Console(file=io.StringIO(), record=True, width=110, force_terminal=False)


def fake_clock():
    t = itertools.count(0.0, 1.5)
    return lambda: next(t)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_a_full_game_against_bots_to_the_end(game):
    from obelisk.agents import levels

    fast = "heuristic" if "heuristic" in levels(game) else "random"
    n = min(game.max_players, max(game.min_players, 3))
    seats = parse_seats(game, ",".join(["human"] + [fast] * (n - 1)), None)
    c = console()
    # always answering "1" may slide over blanks for ever in Ramses without its
    # simulation bound (a person can do that too); the bound keeps this game short
    opts = {"max_slides_per_search": 300} if game.name == "ramses" else None
    s = PlaySession.new(
        game, seats, 7, opts, console=c, input_fn=Script(), fast=True, clock=fake_clock()
    )
    state = s.run()
    out = c.export_text()
    assert state.is_terminal()
    assert "Final result" in out and "You" in out


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_bots_only_run_unattended(game):
    seats = [SeatSpec(f"B{i}", "random") for i in range(game.min_players)]
    c = console()
    script = Script(limit=0)
    PlaySession.new(game, seats, 3, console=c, input_fn=script, fast=True).run()
    assert script.prompts == [] and "Final result" in c.export_text()


def test_an_illegal_entry_is_explained_and_asked_again():
    c = console()
    script = Script(["play 99", "fly", "42", "1"], default="1")
    PlaySession.new(
        TINY, [SeatSpec("Ann"), SeatSpec("Bot", "random")], 1, console=c, input_fn=script, fast=True
    ).run()
    out = c.export_text()
    assert "Not allowed (rule tiny:" in out  # a move the game knows, refused with its rule
    assert "'fly' is not a legal action here" in out
    assert "there is no choice number 42" in out
    assert script.prompts[:4] == ["Ann> "] * 4


def test_undo_takes_back_a_decision_of_this_turn():
    c = console()
    script = Script(["knock", "undo", "undo", "quit"])
    s = PlaySession.new(
        TINY,
        [SeatSpec("Ann"), SeatSpec("Bot", "random")],
        1,
        console=c,
        input_fn=script,
        fast=True,
        save_path=None,
    )
    with pytest.raises(Quit) as q:
        s.run()
    out = c.export_text()
    assert "Taken back." in out and "Nothing to take back" in out
    assert s.state.history == [] and s.state.knocked == [False, False]
    Path(str(q.value)).unlink()


def test_save_quit_and_resume_to_the_identical_position(tmp_path):
    path = tmp_path / "game.json"
    c = console()
    s = PlaySession.new(
        TINY,
        [SeatSpec("Ann"), SeatSpec("Bot", "random")],
        5,
        console=c,
        input_fn=Script(["1", "1", "2", "quit"]),
        fast=True,
        save_path=path,
    )
    with pytest.raises(Quit):
        s.run()
    before = views(s.state)
    c2 = console()
    again = PlaySession.resume(path, console=c2, input_fn=Script(limit=0), fast=True)
    assert views(again.state) == before
    assert again.seats == s.seats
    assert "Resume with:\n  obelisk play --resume " in c.export_text()


def test_pass_screen_hides_the_other_seats_hand():
    c = console()
    s = PlaySession.new(
        TINY,
        [SeatSpec("Ann"), SeatSpec("Bob")],
        2,
        console=c,
        input_fn=Script(default="1"),
        fast=True,
    )
    hands = [list(h) for h in s.state.hands]
    s.run()
    out = c.export_text()
    first_bob = out.index("Pass the screen to Bob")
    ann_part = out[:first_bob]
    bob_part = out[first_bob : out.index("Pass the screen to Ann", first_bob)]
    assert f"hand: {hands[0]}" in ann_part and f"hand: {hands[1]}" not in ann_part
    assert f"hand: {hands[1]}" in bob_part and f"hand: {hands[0]}" not in bob_part


def test_hint_shows_a_legal_choice():
    c = console()
    s = PlaySession.new(
        TINY,
        [SeatSpec("Ann"), SeatSpec("Bot", "random")],
        1,
        console=c,
        input_fn=Script(["hint", "help", "rules", "list", "quit"]),
        fast=True,
    )
    with pytest.raises(Quit) as q:
        s.run()
    out = c.export_text()
    assert "Hint (" in out and "Commands:" in out and "Tiny Tricks: rules" in out
    Path(str(q.value)).unlink()


def test_obelisk_play_in_a_real_terminal(tmp_path):
    """The real command in a pseudo-terminal: a newcomer's game to the end."""
    env = {
        **os.environ,
        "OBELISK_PLUGINS": "tinycards",
        # the tests folder, then whatever path already finds obelisk (a worktree's src)
        "PYTHONPATH": os.pathsep.join(
            p for p in (str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")) if p
        ),
        "COLUMNS": "100",
        "TERM": "xterm",
    }
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "obelisk.cli.main",
            "play",
            "tiny",
            "--seed",
            "4",
            "--delay",
            "0.05",
            "--save",
            str(tmp_path / "g.json"),
        ],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        cwd=tmp_path,
    )
    os.close(slave)
    out = b""
    deadline = time.time() + 60
    while proc.poll() is None and time.time() < deadline:
        r, _, _ = select.select([master], [], [], 0.2)
        if r:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            out += chunk
            if chunk.rstrip().endswith(b">"):
                os.write(master, b"1\n")
    proc.wait(timeout=10)
    try:
        while True:
            r, _, _ = select.select([master], [], [], 0.2)
            if not r:
                break
            out += os.read(master, 65536)
    except OSError:
        pass
    text = out.decode(errors="replace")
    assert proc.returncode == 0, text[-2000:]
    assert "Final result" in text and (tmp_path / "g.json").exists()


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_every_game_refuses_a_bad_entry_saves_and_resumes_identically(game, tmp_path):
    """An unknown entry is explained and asked again; quit saves; resume is identical."""
    from obelisk.agents import levels

    fast = "heuristic" if "heuristic" in levels(game) else "random"
    n = min(game.max_players, max(game.min_players, 3))
    seats = parse_seats(game, ",".join(["human"] + [fast] * (n - 1)), None)
    path = tmp_path / "saved.json"
    c = console()
    script = Script(["xyzzy", "1", "1", "quit"])
    s = PlaySession.new(
        game, seats, 11, console=c, input_fn=script, fast=True, save_path=path, clock=fake_clock()
    )
    with pytest.raises(Quit):
        s.run()
    out = c.export_text()
    assert "'xyzzy'" in out
    assert script.prompts[0] == script.prompts[1]  # asked again
    again = PlaySession.resume(path, console=console(), input_fn=Script(limit=0), fast=True)
    assert views(again.state) == views(s.state)


def test_a_rung_the_game_does_not_offer_is_refused_with_the_ladder():
    """The Mummy and Khufu offer two rungs (docs/levels.md): asking for a missing one
    names the rungs there are and the research players, and where to read why."""
    from obelisk.core import InvalidOptions

    with pytest.raises(InvalidOptions, match="has no 'expert' level: it offers easy"):
        parse_seats(get_game("mummy"), "human,expert", None)
    parse_seats(get_game("sobek"), "human,expert", None)  # Sobek offers four (7 December)
    with pytest.raises(InvalidOptions, match="obelisk levels khufu") as e:
        parse_seats(get_game("khufu"), "human,hard,normal", None)
    assert "planner" in str(e.value)
    with pytest.raises(InvalidOptions, match="unknown seat 'grandmaster'"):
        parse_seats(get_game("sobek"), "human,grandmaster", None)
