"""Every game watched in the terminal in German (issue 34): ``obelisk play GAME --lang de
--seats random,random --fast`` prints not one English sentence or untranslated word (the
catalogs' missing words are marked ``⟦…⟧`` for the test), nor do ``obelisk rules GAME`` and
``obelisk learn GAME --list``; and ``--help`` reads German."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from german_check import english_left

GAMES = ["sobek", "abu_simbel", "ramses", "mummy", "khufu"]
NAMES = ("Ann", "Bob", "Cy", "Sobek", "Abu Simbel", "Ramses II", "Fluch der Mumie", "Khufu")


def obelisk(*args: str) -> str:
    """Run the ``obelisk`` command in German with missing words marked; its output."""
    env = {**os.environ, "OBELISK_I18N_MARK_MISSING": "1", "COLUMNS": "100", "PAGER": "cat"}
    done = subprocess.run(
        [sys.executable, "-c", "from obelisk.cli.main import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("game", GAMES)
def test_a_watched_game_is_german_from_start_to_end(game: str) -> None:
    three = game == "khufu"  # Khufu is for 3 to 6
    seats, names = ("random,random,random", "Ann,Bob,Cy") if three else ("random,random", "Ann,Bob")
    out = obelisk(
        *("play", game, "--lang", "de", "--seats", seats, "--names", names),
        *("--fast", "--seed", "7"),
    )
    assert "Endergebnis" in out
    left = [
        (line, english_left(line, NAMES)) for line in out.splitlines() if english_left(line, NAMES)
    ]
    assert not left, f"{len(left)} lines with English: {left[:5]}"


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_and_the_lessons_list_are_german(game: str) -> None:
    # (the players' rules page and the lessons themselves are checked word by word in
    # tests/i18n/test_german_<game>.py; here the commands that show them)
    for args in (("rules", game), ("learn", game, "--list")):
        out = obelisk(*args, "--lang", "de")
        # an option's line is its name and value as typed (identifiers); its help is German
        text = "\n".join(line for line in out.splitlines() if not re.match(r"\s*\w+ = ", line))
        left = english_left(text.replace("--option", " ").replace("--variant", " "), NAMES)
        assert not left, f"{' '.join(args)}: {left[:20]}"


def test_the_help_of_play_is_german() -> None:
    out = obelisk("play", "--help", "--lang", "de")
    assert "Aufruf: obelisk play [OPTIONEN]" in out
    assert "Eine Partie im Terminal spielen" in out
    assert "Anzahl der Spieler." in out
