"""Computer players: the level names every program accepts, and the agents behind them.

A level is a string: ``random``, the generic levels defined here, or one of a
game's own levels (``Game.agent_levels()``: ``heuristic`` and human-like
levels). :func:`make_agent` turns a level name into a fresh agent for a game.
"""

from __future__ import annotations

from collections.abc import Callable

from obelisk.core import Agent, Game, InvalidOptions

from .random_agent import RandomAgent

#: Generic levels: name -> factory(game). Extended by the ISMCTS module.
GENERIC_LEVELS: dict[str, Callable[[Game], Agent]] = {
    "random": lambda game: RandomAgent(),
}


def levels(game: Game) -> list[str]:
    """Every level name this game accepts, generic first."""
    return [*GENERIC_LEVELS, *(k for k in game.agent_levels() if k not in GENERIC_LEVELS)]


def make_agent(game: Game, level: str) -> Agent:
    """A new agent of ``level`` for ``game``; unknown levels raise InvalidOptions."""
    own = game.agent_levels()
    if level in own:
        return own[level]()
    if level in GENERIC_LEVELS:
        return GENERIC_LEVELS[level](game)
    raise InvalidOptions(
        f"unknown player level '{level}' for {game.title}; levels: {', '.join(levels(game))}"
    )


__all__ = ["GENERIC_LEVELS", "RandomAgent", "levels", "make_agent"]
