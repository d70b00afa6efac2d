"""Computer players: the level names every program accepts, and the agents behind them.

A level is a string: ``random``, the generic search levels (``easy``,
``normal``, ``hard``, ``expert``: ISMCTS of increasing budget, see
:mod:`obelisk.agents.levels`), or one of a game's own levels
(``Game.agent_levels()``: ``heuristic`` and human-like levels). A string
``ismcts:iterations=500,rollout=random`` asks for any other search budget.
:func:`make_agent` turns a level name into a fresh agent for a game.
"""

from __future__ import annotations

from collections.abc import Callable

from obelisk.core import Agent, Game, InvalidOptions

from .ismcts import ISMCTSAgent
from .levels import SEARCH_LEVELS, describe_level, generic_levels, parse_search_spec
from .random_agent import RandomAgent

#: Generic levels: name -> factory(game).
GENERIC_LEVELS: dict[str, Callable[[Game], Agent]] = generic_levels()

#: The level the programs use when none is given.
DEFAULT_LEVEL = "normal"


def _own_levels(game: Game) -> dict[str, Callable[[], Agent]]:
    """The game's own levels under the names the programs accept.

    A generic name means the same search in every game, so a game level that
    has a generic name (Ramses' memory level ``hard``) is offered as
    ``GAME-NAME`` (``ramses-hard``). ``GAME-NAME`` works for every own level.
    """
    out: dict[str, Callable[[], Agent]] = {}
    for name, factory in game.agent_levels().items():
        out[f"{game.name}-{name}" if name in GENERIC_LEVELS else name] = factory
    return out


def levels(game: Game) -> list[str]:
    """Every level name this game accepts, generic first (``ismcts:…`` specs aside)."""
    return [*GENERIC_LEVELS, *_own_levels(game)]


def make_agent(game: Game, level: str) -> Agent:
    """A new agent of ``level`` for ``game``; unknown levels raise InvalidOptions."""
    if level in GENERIC_LEVELS:
        return GENERIC_LEVELS[level](game)
    own = _own_levels(game)
    if level in own:
        return own[level]()
    prefix = f"{game.name}-"
    if level.startswith(prefix):
        factory = game.agent_levels().get(level[len(prefix) :])
        if factory is not None:
            return factory()
    if level == "ismcts" or level.startswith("ismcts:"):
        return parse_search_spec(game, level)
    raise InvalidOptions(
        f"unknown player level '{level}' for {game.title}; levels: {', '.join(levels(game))} "
        "(or ismcts:iterations=N,…)"
    )


__all__ = [
    "DEFAULT_LEVEL",
    "GENERIC_LEVELS",
    "SEARCH_LEVELS",
    "ISMCTSAgent",
    "RandomAgent",
    "describe_level",
    "levels",
    "make_agent",
]
