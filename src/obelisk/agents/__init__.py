"""Computer players: the level names every program accepts, and the agents behind them.

People choose from a game's **ladder**: ``easy``, ``normal``, ``hard``, ``expert``, each the
best player of that strength the project has for that game (``Game.player_ladder()``:
a memory model in Ramses II and Abu Simbel, the deducing mummy in Fluch der Mumie, search
where search is strongest). ``normal`` is the default opponent.

The **research names** stay available everywhere: ``random``, ``heuristic``, the generic
searches ``search-easy`` … ``search-expert`` (see :mod:`obelisk.agents.levels`),
``ismcts:iterations=500,…`` for any other budget, ``careless:p=0.3`` (the heuristic with
slips), and a game's own players (``Game.agent_levels()``; one whose name is a ladder name
is ``GAME-NAME``, e.g. ``ramses-hard``). **Oracles** (``Game.oracle_levels()``: perfect
memory) are for analysis only: :func:`levels` never lists them, so ``play`` and the server
refuse them; :func:`analysis_levels` and :func:`make_agent` accept them.
"""

from __future__ import annotations

from obelisk.core import Agent, Game, InvalidOptions

from .careless import CarelessAgent, parse_careless_spec
from .ismcts import ISMCTSAgent
from .levels import (
    GENERIC_LEVELS,
    SEARCH_LEVELS,
    _own_levels,
    describe_level,
    ladder_of,
    parse_search_spec,
)
from .random_agent import RandomAgent

#: The level the programs use when none is given.
DEFAULT_LEVEL = "normal"


def default_level(game: Game) -> str:
    """The default opponent: ``normal`` where the ladder has it, else its strongest rung."""
    ladder = ladder_of(game)
    return DEFAULT_LEVEL if DEFAULT_LEVEL in ladder else list(ladder)[-1]


def _oracles(game: Game) -> set[str]:
    names = game.oracle_levels()
    return {n for n in _own_levels(game) if n in names or n.removeprefix(f"{game.name}-") in names}


def is_oracle(game: Game, level: str) -> bool:
    """Whether ``level`` names one of the game's analysis-only players."""
    return level in _oracles(game) or level.removeprefix(f"{game.name}-") in game.oracle_levels()


def levels(game: Game) -> list[str]:
    """The level names people may choose (``ismcts:…`` and ``careless:…`` specs aside):
    the ladder first, then the research names; never an oracle."""
    oracles = _oracles(game)
    return [*ladder_of(game), *GENERIC_LEVELS, *(n for n in _own_levels(game) if n not in oracles)]


def analysis_levels(game: Game) -> list[str]:
    """Every level name, oracles included (for ladders, simulations and tests)."""
    return [*levels(game), *sorted(_oracles(game))]


def accepts(game: Game, level: str) -> bool:
    """Whether people may choose ``level`` (a listed name, or an ismcts/careless spec)."""
    if level in levels(game):
        return True
    return level.startswith(("ismcts:", "careless:")) or level == "ismcts"


def make_agent(game: Game, level: str) -> Agent:
    """A new agent of ``level`` for ``game``; unknown levels raise InvalidOptions."""
    ladder = ladder_of(game)
    if level in ladder:
        plays_as = ladder[level].plays_as
        if plays_as in ladder:
            raise InvalidOptions(f"{game.title}'s level '{level}' plays as another rung")
        return make_agent(game, plays_as)
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
    if level.startswith("careless:"):
        return parse_careless_spec(game, level, make_agent)
    raise InvalidOptions(
        f"unknown player level '{level}' for {game.title}; levels: {', '.join(levels(game))} "
        "(or ismcts:iterations=N,… or careless:p=0.3)"
    )


__all__ = [
    "DEFAULT_LEVEL",
    "GENERIC_LEVELS",
    "SEARCH_LEVELS",
    "CarelessAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "accepts",
    "analysis_levels",
    "default_level",
    "describe_level",
    "is_oracle",
    "ladder_of",
    "levels",
    "make_agent",
]
