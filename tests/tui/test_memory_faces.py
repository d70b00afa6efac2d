"""Memory games at the terminal keep no picture of a past reveal (issue 22).

In Ramses II and Abu Simbel what the table shows only for a moment may be on the screen
only for that moment. A person plays against a computer player on a real-terminal console;
at every prompt the screen (everything written since the last clear of screen and
scrollback) may name a treasure or chamber only where the table shows it now (the seat's
current view), where a lasting sentence named it (those are memory-honest by the games'
own narration tests), in this moment's flash, or in the current choices.
"""

from __future__ import annotations

import contextlib
import io
import random
import re

import pytest
from rich.console import Console

from obelisk.agents import make_agent
from obelisk.core import PlayerView, get_game
from obelisk.tui import PlaySession, Quit, SeatSpec

CLEAR = "\x1b[3J"
#: Prompts answered before the person quits (a long stretch of play, a few seconds).
PROMPTS = 150
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def vocabulary(name: str) -> list[str]:
    if name == "ramses":
        from obelisk.games.ramses.components import TREASURE_NAMES

        return list(TREASURE_NAMES)
    from obelisk.games.abu_simbel.narration import CHAMBER_NAME

    return sorted(set(CHAMBER_NAME.values()), key=len, reverse=True)


def words(text: str, vocab: list[str]) -> set[str]:
    low = " ".join(text.lower().split())
    return {w for w in vocab if re.search(rf"\b{re.escape(w.lower())}\b", low)}


@pytest.mark.parametrize("seed", [1, 3])
@pytest.mark.parametrize("name", ["ramses", "abu_simbel"])
def test_no_past_reveal_stays_on_the_screen(name, seed):
    game = get_game(name)
    assert game.capabilities.memory
    vocab = vocabulary(name)
    c = Console(file=io.StringIO(), width=100, force_terminal=True, color_system=None)
    checked = [0]
    player = make_agent(game, "heuristic")
    rng = random.Random(seed)
    session: PlaySession

    def answer(prompt: str) -> str:
        s = session
        raw = c.file.getvalue()
        screen = ANSI.sub("", raw[raw.rfind(CLEAR) + len(CLEAR) :] if CLEAR in raw else raw)
        allowed = s.state.to_text(0) + "\n" + "\n".join(s.log) + "\n" + "\n".join(s.flashes)
        allowed += "\n" + "\n".join(s.state.choice_text(a) for a in s.state.legal_actions())
        extra = words(screen, vocab) - words(allowed, vocab)
        assert not extra, f"on screen but not on the table now: {extra}\n{screen[-1500:]}"
        checked[0] += 1
        if checked[0] >= PROMPTS:
            return "quit"
        if not prompt.rstrip().endswith(">") or s.state.current_player != 0:
            return ""  # "Press Enter to go on"
        # the person plays well (as the heuristic would), so the game goes on a while
        legal = s.state.legal_actions()
        return str(legal.index(player.act(PlayerView(s.state, 0), rng)) + 1)

    session = PlaySession.new(
        game,
        [SeatSpec("You"), SeatSpec("Bot 2 (heuristic)", "heuristic")],
        seed,
        console=c,
        input_fn=answer,
        fast=True,
        delay=0,
    )
    with contextlib.suppress(Quit):  # the person quits after PROMPTS answers
        session.run()
    assert checked[0] > 5
