"""The Abu Simbel game: its description, options, variants and hooks (the rules are in
``rules.py``, the words in ``narration.py``, ``choices.py``, ``refusals.py``, ``render.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from obelisk.core import Action, Agent, Capabilities, Game, ScoreMeaning, State
from obelisk.core.i18n import N_

from .actions import ACTION_TYPES
from .bot import AbuSimbelHeuristic, TableHint, level_factory
from .choices import AbuSimbelChoices
from .determinize import redraw_hidden
from .memory import LEVELS
from .narration import NARRATOR
from .options import FIELDS_BEFORE_ISSUE_27, MAX_STEPS, VARIANTS, AbuSimbelOptions, check
from .refusals import AbuSimbelRefusals
from .render import AbuSimbelRenderer
from .rules import AbuSimbelState
from .typed import typed_action, typed_words

_DEFAULTS = AbuSimbelOptions()


class AbuSimbelGame(Game):
    """The game of Abu Simbel (base game, three variants, two judging modes)."""

    name = "abu_simbel"
    title = "Abu Simbel"
    min_players = 1  # a solo game is always All for One (abu_simbel:1); competitive needs 2
    max_players = 6
    Options = AbuSimbelOptions
    capabilities = Capabilities(
        hidden_information=True,
        chance=True,
        realtime_clock=False,
        elimination=False,
        cooperative=False,  # per game: All for One is a variant (see docs)
        system_actions=("timeout",),
        max_steps=MAX_STEPS,
        memory=True,  # the way out is recalled (abu_simbel:11: no memory aids)
    )
    action_types = ACTION_TYPES
    variants = VARIANTS
    narrator = NARRATOR
    choices = AbuSimbelChoices()
    refusals = AbuSimbelRefusals()
    renderer = AbuSimbelRenderer()
    summary = N_(
        "Walk into the temple by performing each chamber's move (duck, jump, crab steps, "
        "stomps...), farthest chamber first. Take a secret treasure, then walk out doing the "
        "moves in reverse order without looking. Get out and keep the treasure (the route "
        "grows by one chamber); make a mistake and lose the treasure and a charm, and a new "
        "route is laid. The game ends when someone loses a third charm, or (rarely) when a "
        "player reaches the vault and no treasure is left. Score treasure jewels, charm "
        "jewels, urn+ark+chest sets and the mummy card. Judging: self-entry (type each "
        "move: jump, duck, crab 2, stomp 3...) or referee (play on your feet while the other "
        "players check: ok N or fail N). Variants: little (option little_seats: which seats "
        "are young players, counted from 0), ultimate, all_for_one."
    )

    def make_options(self, values: Any = None) -> Any:
        """The options; a full mapping from before issue 27 (a record of that time names
        every option it had, and no ``checkers``) keeps its rule: the left neighbour alone
        referees (abu_simbel:10.2)."""
        if values is None:  # the defaults, built once (set-up speed)
            return _DEFAULTS
        if (
            isinstance(values, Mapping)
            and "checkers" not in values
            and values.keys() >= FIELDS_BEFORE_ISSUE_27
        ):
            values = {**values, "checkers": "left_neighbour"}
        return super().make_options(values)

    def typed_words(self) -> dict[str, str]:
        """The command words a person may type in the reader's language, each with the
        English it stands for (``stampfen`` → ``stomp``, ``fehler`` → ``fail``; ``typed.py``)."""
        return typed_words()

    def typed_form(self, action: Action) -> str:
        """How ``action`` is typed in the reader's language (``krebs 2``, ``fehler 3``)."""
        return typed_action(action)

    def check_options(self, options: Any, num_players: int) -> None:
        check(options, num_players)

    def player_counts(self) -> range:
        """The competitive counts (2-6); All for One also plays solo (abu_simbel:1)."""
        return range(2, self.max_players + 1)

    def score_meaning(self, options: Any) -> ScoreMeaning:
        """Points of the treasures kept; All for One: the team's treasures (abu_simbel:9)."""
        if options is not None and getattr(options, "cooperative", False):
            return ScoreMeaning("points", "treasures the team kept (All for One)")
        return ScoreMeaning("points", "points of the treasures kept")

    def _make_state(self, num_players: int, seed: int, options: Any) -> State:
        return AbuSimbelState(self, num_players, seed, options)

    def redraw_hidden(self, state: State, seat: int, rng: random.Random) -> None:
        """Re-draw what ``seat`` cannot know (abu_simbel:11, ``determinize.py``)."""
        assert isinstance(state, AbuSimbelState)
        redraw_hidden(state, seat, rng)

    def hint_agent(self) -> Agent | None:
        """A hint from the table as it is now, never from a memory of hidden faces."""
        return TableHint()

    def heuristic_agent(self) -> Agent | None:
        return AbuSimbelHeuristic()

    def action_space(self, num_players: int, options: Any) -> Sequence[Action]:
        """Every action any seat may take, in a fixed order (for the research adapters)."""
        from .space import action_space

        return action_space(num_players, self.make_options(options))

    def agent_levels(self) -> dict[str, Callable[[], Agent]]:
        levels: dict[str, Callable[[], Agent]] = {"heuristic": AbuSimbelHeuristic}
        for name in LEVELS:
            levels[name] = level_factory(name)
        return levels


#: The name the class had before issue 39 (records and plug-ins may import it).
AbuSimbel = AbuSimbelGame
