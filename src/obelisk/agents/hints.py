"""Hints for people: the seat's best honest player, and one line saying why.

A hint is played by the game's ``hint_agent`` where it has one (a memory game's hint reads
only the table as it is now), else by the strongest rung of the game's ladder that
answers within a few seconds (``hard``, else the default). It never uses an oracle.
The reason is the game's own (``State.hint_reason``) where it gives one, else what the
search found (how the choice did in the games it imagined, against the next best).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from obelisk.core import Action, Game, PlayerView, State

from . import default_level, ladder_of, make_agent
from .ismcts import ISMCTSAgent

#: The ladder rung that gives hints where the game has no hint player of its own.
HINT_LEVEL = "hard"


@dataclass(frozen=True)
class Hint:
    """A hint: the action (None when the game declines), its words, and why."""

    action: Action | None
    text: str
    reason: str
    #: Who gave it, in words ("the hard player", "the table as it is now").
    source: str

    def line(self) -> str:
        """The hint as one line: ``take 1 — … : no corruption, and …``."""
        if self.action is None:
            return self.reason
        return f"{self.text}. Why: {self.reason}"


def hint_level(game: Game) -> str:
    """The ladder rung whose player gives hints: ``hard`` if the game has it."""
    ladder = ladder_of(game)
    return HINT_LEVEL if HINT_LEVEL in ladder else default_level(game)


def search_reason(agent: ISMCTSAgent, action: Action, state: State) -> str | None:
    """How the chosen action did in the search's imagined games, against the next best."""
    ranking = agent.last.get("ranking") or []
    mine = next((r for r in ranking if r[0] == action), None)
    if mine is None or mine[1] < 2:
        return None
    others = [r for r in ranking if r[0] != action]
    total = sum(r[1] for r in ranking)
    if others:
        nxt = max(others, key=lambda r: r[2])
        if mine[2] >= nxt[2]:
            name = state.choice_text(nxt[0]).split(" — ")[0]
            return (
                f"in {mine[1]} imagined games it came out at {mine[2]:.0%}, "
                f"the best of the other choices ({name}) at {nxt[2]:.0%}"
            )
    return f"the look-ahead trusted it most: {mine[1]} of {total} imagined games, {mine[2]:.0%} won"


def hint(game: Game, state: State, seat: int, rng: random.Random | None = None) -> Hint:
    """A hint for ``seat`` in ``state`` (whose decision it must be)."""
    refusal = state.hint_refusal(seat)
    if refusal:
        return Hint(None, "", refusal, "the rules")
    agent = game.hint_agent()
    if agent is not None:
        source = "the table as it is now"
    else:
        level = hint_level(game)
        agent = make_agent(game, level)
        source = f"the {level} player"
    rng = rng if rng is not None else random.Random(len(state.history))
    action = agent.act(PlayerView(state, seat), rng)
    reason = state.hint_reason(seat, action)
    if reason is None and isinstance(agent, ISMCTSAgent):
        reason = search_reason(agent, action, state)
    if reason is None:
        reason = (
            "it is what the table shows best now"
            if source.startswith("the table")
            else f"it is what {source} would play here"
        )
    return Hint(action, state.choice_text(action), reason, source)
