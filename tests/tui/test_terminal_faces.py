"""What a newcomer met at the terminal (issue 22): each bug with the test that shows it fixed."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest
from rich.console import Console

from obelisk.core import get_game
from obelisk.tui import PlaySession, Quit, SeatSpec, parse_seats
from obelisk.tui.session import default_save_path
from tinycards import TINY


class Script:
    """Answers prompts from a list, then ``default``; ``on_read`` runs before each answer."""

    def __init__(self, lines=(), default="1", limit=3000, on_read=None):
        self.lines = list(lines)
        self.default = default
        self.limit = limit
        self.prompts: list[str] = []
        self.on_read = on_read

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if len(self.prompts) > self.limit:
            raise AssertionError("the game asked for too many inputs: " + repr(self.prompts[-3:]))
        if self.on_read:
            self.on_read(len(self.prompts))
        return self.lines.pop(0) if self.lines else self.default


def console(terminal: bool = False) -> Console:
    return Console(file=io.StringIO(), record=True, width=100, force_terminal=terminal)


class Clock:
    """A wall clock the test moves by hand."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def obelisk(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "obelisk.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


# -- Khufu at the terminal --------------------------------------------------------------


def khufu_session(script, clock, seats=("human", "random", "random")):
    g = get_game("khufu")
    specs = parse_seats(g, ",".join(seats), None)
    opts = g.make_options({"clock": "realtime", "pieces": "seat_order"})
    c = console()
    s = PlaySession.new(g, specs, 3, opts, console=c, input_fn=script, fast=True, clock=clock)
    s.tick_every = 3600  # the background ticker stays out of the way; the test moves time
    return s, c


def test_khufu_the_opening_event_is_told():
    clock = Clock()
    s, c = khufu_session(Script(["quit"]), clock)
    with pytest.raises(Quit):
        s.run()
    setup_kinds = {e["kind"] for e in s.state.events_for(0)[:5]}
    assert setup_kinds, "Khufu's set-up has events"
    first = next(e for e in s.state.events_for(0) if e["kind"] == "khufu")
    sentence = s.game.narrate(first, s.voice())
    assert sentence and " ".join(sentence.split()) in " ".join(c.export_text().split())


def test_khufu_a_choice_typed_while_the_clock_moved_the_game_on_is_not_applied_to_another_seat():
    clock = Clock()
    prompted = []

    def late(n):
        # the person thinks for 20 minutes over the first prompt: timeouts fire meanwhile
        if n == 1:
            clock.t += 1200
        prompted.append(s.state.current_player)

    s, c = khufu_session(Script(["1", "quit"], on_read=late), clock)
    applied = []
    real_apply, real_bot_turn = s.state.apply, s._bot_turn
    bots = [False]

    def apply(action):
        if not bots[0]:
            applied.append((s.state.current_player, action))
        real_apply(action)

    def bot_turn(p):
        bots[0] = True
        try:
            real_bot_turn(p)
        finally:
            bots[0] = False

    s.state.apply = apply
    s._bot_turn = bot_turn
    with pytest.raises(Quit):
        s.run()
    # every action applied from a person's prompt was applied for the person's seat
    assert all(seat == 0 for seat, _ in applied), applied
    out = c.export_text()
    assert "The clock moved the game on" in out or s.state.current_player != 0


def test_khufu_time_running_out_at_a_prompt_ends_the_game_cleanly():
    clock = Clock()

    def late(n):
        clock.t += 3000  # longer than the whole 45 minutes

    s, c = khufu_session(Script(on_read=late, limit=20), clock)
    state = s.run()
    assert state.is_terminal()
    out = c.export_text()
    assert "Final result" in out
    assert "Your choices (0)" not in out


def test_khufu_quit_says_the_clock_stops_and_resume_says_how_much_time_is_left(tmp_path):
    clock = Clock()
    path = tmp_path / "k.json"
    s, c = khufu_session(Script(["quit"]), clock)
    s.save_path = path
    with pytest.raises(Quit):
        s.run()
    out = " ".join(c.export_text().split())
    assert "Khufu's countdown stops while the game is saved" in out
    c2 = console()
    again = PlaySession.resume(path, console=c2, input_fn=Script(["quit"]), fast=True)
    with pytest.raises(Quit):
        again.run()
    assert re.search(
        r"Khufu's countdown runs again now: \d+:\d\d left", " ".join(c2.export_text().split())
    )


def test_khufu_two_players_with_the_option_are_seated():
    g = get_game("khufu")
    seats = parse_seats(g, "human,random", None, options={"allow_two_players": True})
    assert len(seats) == 2
    r = obelisk("play", "khufu", "--seats", "human,random", "--seed", "1")
    assert r.returncode == 2 and "allow_two_players" in r.stderr


# -- every game ---------------------------------------------------------------------------


def test_a_refused_move_names_the_rule():
    c = console()
    s = PlaySession.new(
        TINY,
        [SeatSpec("Ann"), SeatSpec("Bot", "random")],
        1,
        console=c,
        input_fn=Script(["play 99", "quit"]),
        fast=True,
    )
    with pytest.raises(Quit):
        s.run()
    assert re.search(r"Not allowed|not a legal action", c.export_text())


def test_hot_seat_clears_the_scrollback_and_recaps_the_first_turn():
    c = console(terminal=True)
    s = PlaySession.new(
        TINY, [SeatSpec("Ann"), SeatSpec("Bob")], 2, console=c, input_fn=Script(), fast=True
    )
    s.run()
    raw = c.file.getvalue()
    assert "\x1b[3J" in raw  # the terminal's scrollback is cleared at a hand-over
    out = c.export_text()
    bob = out.index("Pass the screen to Bob")
    assert "Since your last turn, Bob" in out[bob:]


def test_quit_without_save_goes_to_the_data_folder_and_says_where(tmp_path, monkeypatch):
    monkeypatch.setenv("OBELISK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    c = console()
    s = PlaySession.new(
        TINY,
        [SeatSpec("Ann"), SeatSpec("Bot", "random")],
        8,
        console=c,
        input_fn=Script(["quit"]),
        fast=True,
    )
    with pytest.raises(Quit) as q:
        s.run()
    saved = default_save_path("tiny", 8)
    assert str(q.value) == str(saved) and saved.exists()
    assert saved.parent == tmp_path / "data"
    assert not list(tmp_path.glob("obelisk-*.json"))  # nothing in the current folder
    assert str(saved) in " ".join(c.export_text().split()).replace(" ", "") or "saved" in (
        c.export_text()
    )


def test_memory_games_redraw_in_place():
    from obelisk.core import Capabilities

    class Remembering(type(TINY)):
        name = "tiny_memory"
        capabilities = Capabilities(memory=True)

    game = Remembering()
    c = console(terminal=True)
    s = PlaySession.new(
        game,
        [SeatSpec("Ann"), SeatSpec("Bot", "random")],
        3,
        console=c,
        input_fn=Script(),
        fast=True,
        delay=0,
    )
    s.run()
    raw = c.file.getvalue()
    assert raw.count("\x1b[3J") >= 2


# -- the command line ---------------------------------------------------------------------


def test_version():
    r = obelisk("--version")
    assert r.returncode == 0 and r.stdout.startswith("obelisk ")


@pytest.mark.parametrize("args", [["--runs", "0"], ["--seconds", "-1"]])
def test_bench_refuses_impossible_runs(args):
    r = obelisk("bench", "sobek", *args)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "Invalid value" in r.stderr


def test_rules_print_option_text_as_written_and_the_full_rules_from_the_package():
    r = obelisk("rules", "sobek")
    assert r.returncode == 0
    assert ":fish:" in r.stdout.replace("\n", "").replace("│", "").replace(" ", "") or (
        "fish" in r.stdout and "\U0001f41f" not in r.stdout
    )
    assert "\U0001f41f" not in r.stdout  # no emoji made of ':fish:'
    assert "docs/rules" not in r.stdout
    full = obelisk("rules", "sobek", "--full")
    assert full.returncode == 0 and "sobek:" in full.stdout.lower()


def test_levels_print_no_markup():
    r = obelisk("levels", "mummy")
    assert r.returncode == 0 and ":class:" not in r.stdout and "``" not in r.stdout


def test_learn_help_example_names_a_real_lesson():
    r = obelisk("learn", "--help")
    names = {lesson["name"] for lesson in get_game("khufu").lessons()}
    for m in re.finditer(r"--lesson (\w+)", r.stdout):
        assert m.group(1) in names
