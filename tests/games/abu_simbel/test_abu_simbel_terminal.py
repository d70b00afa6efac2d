"""Abu Simbel at the terminal (issue 22): a watched game and a person's game read cleanly.

The watched transcript has no debug text (``key=value``, ``{'``, ``(label: 12)``) and no
seat counted from 0; a person's game shows the moves in words and, on the way out, no
lasting line names a chamber of the route (abu_simbel:11).
"""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest
from abu_simbel_helpers import CHAMBER_WORDS
from rich.console import Console

from narration_check import ZERO_SEAT
from obelisk.core import get_game, raw_fragment
from obelisk.games.abu_simbel.actions import EnterMove
from obelisk.tui import PlaySession, SeatSpec

GAME = get_game("abu_simbel")


def _clean(text: str) -> None:
    for line in text.splitlines():
        assert raw_fragment(line) is None, line
        assert not ZERO_SEAT.search(line), line
        assert not re.search(r"\b(STOMP_x\d|COVER_NOSE|CRAB_2|ROPE_2|STEP_2|URN:\d)", line), line


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_watched_game_reads_cleanly(seed):
    r = subprocess.run(
        [
            *(sys.executable, "-m", "obelisk.cli.main", "play", "abu_simbel"),
            *("--seats", "heuristic,heuristic", "--fast", "--seed", str(seed)),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert "Final result" in r.stdout and "Game over" in r.stdout
    _clean(r.stdout)


def _person_game(seed: int, n: int = 2, **options):
    """A person (seat 1) who makes every move right, against heuristic players; the
    screen drawn before each of the person's answers, with the state at that moment."""
    console = Console(file=io.StringIO(), record=True, width=100)
    screens: list[tuple[str, str, list[str], bool]] = []
    box: dict[str, PlaySession] = {}
    mark = [0]

    def answer(prompt: str) -> str:
        session = box["s"]
        st = session.state
        text = console.file.getvalue()
        screen = text[mark[0] :]
        mark[0] = len(text)
        if len(screens) > 400:
            raise AssertionError("too many prompts")
        if st.is_terminal() or st.current_player != 0 or not prompt.startswith("You>"):
            screens.append((prompt, screen, [], False))
            return ""
        out = st.phase == "way_out"
        screens.append((prompt, screen, list(st.route), out))
        if st.phase in ("way_in", "way_out"):
            return EnterMove(st.expected_token(st.slot_at(st.progress))).text()
        return "1"

    seats = [SeatSpec("You")] + [SeatSpec(f"Bot {i + 1}", "heuristic") for i in range(1, n)]
    session = PlaySession.new(
        GAME, seats, seed, options or None, console=console, input_fn=answer, fast=True, delay=0
    )
    box["s"] = session
    session.run()
    return console.file.getvalue(), screens


def test_a_persons_game_reads_cleanly():
    text, screens = _person_game(5)
    _clean(text)
    assert "You get past chamber" in text and "Your choices" in text
    assert any(out for *_, out in screens)  # the person walked out at least once


def _names(text: str, route: list[str]) -> list[str]:
    found = []
    for card in route:
        kind = "SCORPIONS" if card.startswith("SCORPIONS_") else card
        for w in CHAMBER_WORDS[kind]:
            if re.search(rf"\b{re.escape(w)}", text, re.IGNORECASE):
                found.append(w)
    return found


def _lasting_part(screen: str) -> str:
    """What the redrawn table shows but the moment's flashes (``» …``), the choices and
    the prompt: the log and the view."""
    lines = screen.splitlines()
    rules = [i for i, line in enumerate(lines) if line and set(line) == {"─"}]
    if rules:  # the last redraw (off a terminal, a rule marks where the screen was cleared)
        lines = lines[rules[-1] + 1 :]
    keep = []
    flash = False
    for line in lines:
        if line.lstrip().startswith("»"):  # the flashes, drawn above the view
            flash = True
        elif line.startswith("╭"):
            flash = False
        if flash or "Your choices" in line:
            continue
        if line.startswith("│") and " — " in line:  # a choice: a move described
            continue
        keep.append(line)
    return "\n".join(keep)


def test_the_way_out_sentences_on_screen_name_no_chamber():
    """The lasting sentences on a person's screen on the way out name no chamber of the
    route (the game's own lines; the chamber explanations are checked below)."""
    _, screens = _person_game(5)
    checked = 0
    for _prompt, screen, route, out in screens:
        if not out:
            continue
        shown = " ".join(_lasting_part(screen).split())
        for term, text in GAME.narrator.glossary().items():  # the face's explanations
            shown = shown.replace(f"({term}: {text})", "")
        assert not _names(shown, route), (route, screen)
        checked += 1
    assert checked


def test_the_way_out_screen_names_no_chamber_at_all():
    """Not even a term's explanation: in a memory game the terminal shows those only for
    the moment (they would retell the route in the order its chambers came up)."""
    _, screens = _person_game(5)
    for _prompt, screen, route, out in screens:
        if out:
            assert not _names(_lasting_part(screen), route), (route, screen)
