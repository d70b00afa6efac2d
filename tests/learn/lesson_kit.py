"""The lessons' scripted runs, one per lesson of every game, and the runner they share:
``test_lessons.py`` plays each to its end; each game's ``test_lessons_<game>.py`` checks
what its lessons claim.

``SCRIPTS[game][lesson]`` is (the input a learner types, refusals the lesson must print).
"""

from __future__ import annotations

import io
import random
from typing import Any

from rich.console import Console

from obelisk.core import get_game
from obelisk.learn import ConsoleTeacher, find_lesson, run_lesson


def teacher(lines: list[str]) -> tuple[ConsoleTeacher, Console, list[str]]:
    """A console teacher fed ``lines`` (it fails if the lesson asks for more), its console,
    and what is left of the feed."""
    feed = list(lines)

    def answer(prompt: str) -> str:
        assert feed, f"the lesson asked for more input than scripted: {prompt!r}"
        return feed.pop(0)

    console = Console(file=io.StringIO(), record=True, width=120)
    return ConsoleTeacher(console, answer), console, feed


def run(game: str, name: str, lines: list[str], seed: int = 0) -> tuple[Any, str]:
    """Play lesson ``name`` of ``game`` with the scripted ``lines`` (all of them must be read):
    the final state and the console's text, its whitespace runs made single spaces."""
    g = get_game(game)
    t, console, feed = teacher(lines)
    state = run_lesson(g, find_lesson(g, name), t, random.Random(seed))
    assert not feed, f"unused input: {feed}"
    return state, " ".join(console.export_text().split())


SCRIPTS: dict[str, dict[str, tuple[list[str], list[str]]]] = {
    "abu_simbel": {
        "way_in": (
            ["deck 1", "jump", "SWIM", "jump", "stomp 3", "STOMP_x2", "deck 1", "1", "2"],
            ["Not allowed (rule abu_simbel:5.2)", "Legal, but not what we are practising"],
        ),
        "way_out": (
            ["deck 2", "swim", "stomp 2", "jump", "swim", "2", "2"],
            [
                "Not allowed (rule abu_simbel:5.2)",
                "chamber 1, next to the vault, had the scorpions",
            ],
        ),
        "referee": (
            ["move SWIM", "ok 1", "ok 2", "ok 3", "ok 1", "ok 2", "fail 2", "1", "2"],
            ["Not allowed (rule abu_simbel:10.2)", "the lava asks for a jump"],
        ),
    },
    "khufu": {
        "servant": (
            [
                "stay",
                "leave",
                "decline",
                "take",
                "pass",
                "enter",
                "place",
                "bet T41",
                "place",
                "2",
                "1",
                "1",
                "3",
            ],
            [
                "Not allowed (rule khufu:8.1): staying in the Servant's Chamber needs a wager of at least 1",
                "Not allowed (rule khufu:8.1): the Servant's Chamber's minimum wager is 1",
                "Legal, but not what we are practising",
            ],
        ),
        "high_priest": (
            [
                "enter",
                "bet T13",
                "place",
                "bet T14",
                "place",
                "leave",
                "stay",
                "bet T13",
                "bet T14",
                "place",
                "1",
                "2",
                "2",
                "3",
            ],
            [
                "Not allowed (rule khufu:8.1): the High-Priest's Chamber's minimum wager is 2",
                "Legal, but not what we are practising: we want to try doubling",
            ],
        ),
        "queen": (
            [
                "enter",
                "bet T41",
                "bet T52",
                "place",
                "bet T24",
                "place",
                "stay",
                "bet T13",
                "bet T14",
                "bet T23",
                "place",
                "3",
                "2",
            ],
            ["Not allowed (rule khufu:8.1): the Queen's Chamber's minimum wager is 3"],
        ),
        "king": (
            [
                "enter",
                "bet falcon",
                "bet falcon",
                "bet T23",
                "bet T14",
                "place",
                "bet T25",
                "place",
                "4",
                "1",
                "2",
                "1",
            ],
            [
                "Legal, but not what we are practising: that is another Falcon",
                "Not allowed (rule khufu:8.1): the King's Chamber's minimum wager is 4",
            ],
        ),
        "steal_cobra": (
            ["steal 3", "steal 2", "give eye of horus", "2", "2"],
            ["Not allowed (rule khufu:7.3): you may steal only from another player"],
        ),
        "ultimate_challenge": (
            [
                "challenge",
                "select cat falcon falcon",
                "select T13,T23,T33",
                "select falcon falcon jackal",
                "1",
                "3",
                "1",
                "2",
                "3",
                "4",
                "1",
                "1",
                "1",
                "2",
            ],
            [
                "Not allowed (rule khufu:10.2): choose",
                "Legal, but not what we are practising: that choice wins fewer",
            ],
        ),
    },
    "mummy": {
        "dice_and_arrow": (
            [
                "choose 4",
                "choose 3",
                "move D9",
                "resolve no",
                "choose arrow",
                "arrow N",
                "1",
                "2",
                "2",
            ],
            ["Not allowed (rule mummy:7.2): no free die shows 4", "Not quite"],
        ),
        "mummy_faces": (
            ["reroll", "choose 1", "lost", "2"],
            ["Not allowed (rule mummy:11.1): all five dice show the mummy"],
        ),
        "deducing": (
            ["1", "2", "step W", "step N", "step E", "step N", "2"],
            ["Not allowed (rule mummy:9.1): the mummy cannot step west"],
        ),
    },
    "ramses": {
        "sliding": (
            ["draw", "draw", "slide down", "slide left", "2"],
            ["Not allowed (rule ramses:6.2)"],
        ),
        "remembering": (
            [
                "1",
                "draw",
                "slide up",
                "draw",
                "slide left",
                "slide down",
                "slide right",
                "slide right",
                "2",
            ],
            ["Not allowed (rule ramses:6.2)", "Legal, but not what we are practising"],
        ),
        "quarter_turn": (
            [
                "draw",
                "slide down",
                "slide left",
                "2",
                "draw",
                "draw",
                "slide right",
                "slide right",
                "4",
            ],
            ["Not allowed (rule ramses:6.2)"],
        ),
        "events": (
            [
                "draw",
                "draw",
                "gift parrot",
                "slide up",
                "slide right",
                "slide right",
                "slide up",
                "2",
            ],
            ["Not allowed (rule ramses:6.2): you cannot draw now"],
        ),
    },
    "sobek": {
        "market_corruption": (
            ["take 5", "take 1", "take 3", "1", "3", "2"],
            ["Not allowed (rule sobek:6.1)", "Legal, but not what we are practising"],
        ),
        "characters": (
            ["take 1", "play queen", "play thief", "2"],
            ["Not allowed (rule sobek:6.2)"],
        ),
        "sets_events_scoring": (
            [
                "set ivory",
                "set fish",
                "add fish 0",
                "add fish 1",
                "add fish 1",
                "add fish 0",
                "token bonus",
                "token absolution",
                "purge amulet",
                "purge wheat 0",
                "3",
                "2",
            ],
            ["Not allowed (rule sobek:6.3)", "choose absolution"],
        ),
    },
}
