"""The generic research levels, and the ``ismcts:…`` form for any other budget.

People choose from each game's ladder (``easy`` … ``expert``, :meth:`Game.player_ladder`);
the rungs play as one of these research players or as one of the game's own:

=============  ====================================================================
random         a uniformly random legal move
search-easy    ISMCTS, 25 iterations (at most 0.25 s)
search-normal  ISMCTS, 100 iterations (at most 1 s)
search-hard    ISMCTS, 400 iterations (at most 4 s)
search-expert  ISMCTS, 1600 iterations (at most 15 s)
careless:p=P   the game's heuristic, with a random move at a share P of its decisions
=============  ====================================================================

Every search level rolls out with the game's heuristic player for at most
10 moves (the game's ``rollout_depth``: 30 in Fluch der Mumie, whose round is
about 12 moves) and then scores the position by the standing
(:func:`obelisk.agents.ismcts.evaluate`); UCB constant 0.7; the tree is kept
between moves; the heuristic's own choice gets a bonus of 0.3 × iterations
visits when the move is picked (the search overrules it only with clear
evidence). A game without a heuristic player rolls out at random, with no
bonus. The iteration budget
makes a level play the same on every machine; the time cap only bites on a
slow machine or a slow game, and keeps a bot from stalling a table. Games add
their own levels (``heuristic``, memory and belief models) through
``Game.agent_levels()``; their measured strength is in ``docs/levels.md``.

Any other search is one string away::

    ismcts:iterations=500,seconds=2,rollout=random,c=0.7,epsilon=0.1,depth=100,reuse=no
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from obelisk.core import LADDER, Agent, Game, InvalidOptions, PlayerLevel
from obelisk.core.i18n import SOURCE, Words, language, number

from .ismcts import DEFAULT_C, DEFAULT_PRIOR, ISMCTSAgent
from .random_agent import RandomAgent

_ = Words(__package__).gettext


@dataclass(frozen=True)
class SearchLevel:
    """A named ISMCTS budget."""

    name: str
    iterations: int
    seconds: float
    rollout: str = "heuristic"
    #: Rollout moves; ``None``: the game's ``rollout_depth`` (10 unless it says).
    depth: int | None = None
    prior: float = DEFAULT_PRIOR

    def make(self, game: Game) -> Agent:
        """A fresh agent of this level for ``game``."""
        return ISMCTSAgent(
            game,
            iterations=self.iterations,
            seconds=self.seconds,
            rollout=self.rollout,
            max_rollout=self.depth,
            prior=self.prior,
            name=self.name,
        )

    def describe(self, game: Game) -> str:
        """One line for tables and ``--help``, with the rollout depth ``game`` gets (random
        rollouts and no prior for a game without a heuristic), in the reader's language."""
        depth = game.rollout_depth if self.depth is None else self.depth
        fields = {"n": self.iterations, "s": number(self.seconds), "depth": depth}
        if game.heuristic_agent() is None:
            return _(
                "ISMCTS, {n} iterations (at most {s} s), random rollouts of {depth} moves"
            ).format(**fields)
        if self.rollout == "random":
            return _(
                "ISMCTS, {n} iterations (at most {s} s), random rollouts of {depth} moves, "
                "heuristic prior {prior}"
            ).format(prior=number(self.prior), **fields)
        return _(
            "ISMCTS, {n} iterations (at most {s} s), heuristic rollouts of {depth} moves, "
            "heuristic prior {prior}"
        ).format(prior=number(self.prior), **fields)


SEARCH_LEVELS: dict[str, SearchLevel] = {
    lv.name: lv
    for lv in (
        SearchLevel("search-easy", 25, 0.25),
        SearchLevel("search-normal", 100, 1.0),
        SearchLevel("search-hard", 400, 4.0),
        SearchLevel("search-expert", 1600, 15.0),
    )
}


def generic_levels() -> dict[str, Callable[[Game], Agent]]:
    """The generic level table: name -> factory(game)."""
    table: dict[str, Callable[[Game], Agent]] = {"random": lambda game: RandomAgent()}
    for name, lv in SEARCH_LEVELS.items():
        table[name] = lv.make
    return table


_KEYS = {"iterations", "seconds", "rollout", "c", "epsilon", "depth", "reuse", "prior"}


def parse_search_spec(game: Game, spec: str) -> ISMCTSAgent:
    """An agent from ``ismcts:key=value,…`` (see the module docstring); bad specs raise
    :class:`InvalidOptions` naming the problem."""
    _, _, body = spec.partition(":")
    values: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in body.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if not eq or key not in _KEYS:
            raise InvalidOptions(
                f"bad ISMCTS setting '{part}' in '{spec}'; use key=value with keys "
                f"{', '.join(sorted(_KEYS))}"
            )
        values[key] = value.strip()
    try:
        iterations = int(values["iterations"]) if "iterations" in values else None
        seconds = float(values["seconds"]) if "seconds" in values else None
        c = float(values.get("c", DEFAULT_C))
        epsilon = float(values.get("epsilon", 0.0))
        depth = int(values.get("depth", game.rollout_depth))
        prior = float(values.get("prior", 0.0))
    except ValueError as e:
        raise InvalidOptions(f"bad number in '{spec}': {e}") from None
    reuse = values.get("reuse", "yes").lower()
    if reuse not in {"yes", "no", "true", "false", "1", "0"}:
        raise InvalidOptions(f"reuse must be yes or no in '{spec}', not '{reuse}'")
    if iterations is None and seconds is None:
        iterations = 1000
    return ISMCTSAgent(
        game,
        iterations=iterations,
        seconds=seconds,
        c=c,
        rollout=values.get("rollout", "heuristic"),
        epsilon=epsilon,
        max_rollout=depth,
        reuse=reuse in {"yes", "true", "1"},
        prior=prior,
        name=spec,
    )


#: The generic ladder, for a game that defines none: the search levels under the ladder's names.
GENERIC_LADDER: dict[str, PlayerLevel] = {
    "easy": PlayerLevel("search-easy", "Looks a few moves ahead, now and then."),
    "normal": PlayerLevel(
        "search-normal", "Tries the likely moves and plays the one that works out best."
    ),
    "hard": PlayerLevel("search-hard", "Thinks every move through, several times over."),
    "expert": PlayerLevel("search-expert", "Thinks long and hard about every move."),
}


# The ladder and the own levels live here, below the package, so that describe_level
# needs no import of the package (which imports this module: an import circle).
#: Generic research levels: name -> factory(game).
GENERIC_LEVELS: dict[str, Callable[[Game], Agent]] = generic_levels()


def ladder_of(game: Game) -> dict[str, PlayerLevel]:
    """The levels offered to people for ``game``, weakest first."""
    own = game.player_ladder()
    if not own:
        return dict(GENERIC_LADDER)
    return {name: own[name] for name in LADDER if name in own}


def _own_levels(game: Game) -> dict[str, Callable[[], Agent]]:
    """The game's own players under the names the programs accept.

    A game player whose name is a ladder or generic name (Ramses' memory level ``hard``)
    is offered as ``GAME-NAME`` (``ramses-hard``); ``GAME-NAME`` works for every own level.
    """
    out: dict[str, Callable[[], Agent]] = {}
    for name, factory in game.agent_levels().items():
        clash = name in GENERIC_LEVELS or name in LADDER
        out[f"{game.name}-{name}" if clash else name] = factory
    return out


def describe_level(game: Game, level: str) -> str:
    """One line saying what a level does, for tables and docs."""
    rung = ladder_of(game).get(level)
    if rung is not None:
        return rung.words
    if level.startswith("careless:"):
        return _("the game's heuristic, with random moves ({slips})").format(
            slips=level.partition(":")[2]
        )
    if level == "random":
        return _("a uniformly random legal move")
    if level in SEARCH_LEVELS:
        return SEARCH_LEVELS[level].describe(game)
    own = _own_levels(game).get(level)
    if own is not None and language() != SOURCE:
        # a game's own research player is described by its docstring, in English: other
        # languages name it and point to the documentation
        return _("{game}'s own player '{level}' (docs/levels.md describes it)").format(
            game=game.show_title(), level=level
        )
    if own is not None:
        cls = type(own())
        doc = (cls.__doc__ or "").strip().split("\n\n")[0]
        # a docstring's first paragraph, without reST roles and literals
        doc = re.sub(r":[a-z]+:`~?([^`]+)`", r"\1", doc).replace("``", "")
        text = " ".join(doc.split()) or f"{game.title}'s own '{level}' player"
        shared = sum(type(f()) is cls for f in game.agent_levels().values()) > 1
        return f"{text} Level: {level}." if shared else text
    if level.startswith("ismcts:"):
        return _("ISMCTS with {settings}").format(settings=level.partition(":")[2])
    return level
