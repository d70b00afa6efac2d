"""The game description of Fluch der Mumie: options, capabilities, variants, computer players."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from obelisk.core import Action, Agent, Capabilities, Game, InvalidOptions, ScoreMeaning, State
from obelisk.core.i18n import N_

from .actions import ACTION_TYPES
from .choices import MummyChoices
from .determinize import redraw
from .maze import board_source, checked
from .maze import load as load_maze
from .narration import MummyNarrator
from .options import MAX_STEPS, MummyOptions
from .refusals import MummyRefusals
from .render import MummyRenderer
from .rules import MummyState
from .typed import typed, typed_words

#: Options added after records were first saved, with the value that plays as the engine
#: did before them (issue 27: the seed's rules became the defaults). A record stores every
#: option it was played with, so a record that holds all the older options but lacks one of
#: these was saved before it existed and must replay the old way.
LEGACY_VALUES: dict[str, object] = {"only_usable_faces": True}
_OLDER_OPTIONS = frozenset(
    f.name for f in dataclasses.fields(MummyOptions) if f.name not in LEGACY_VALUES
)


class MummyGame(Game):
    """Fluch der Mumie (Curse of the Mummy): hidden movement in a maze, a mummy hunting by
    deduction."""

    name = "mummy"
    # a German reader reads the title without its English subtitle (the catalog says so)
    title = N_("Fluch der Mumie (Curse of the Mummy)")
    min_players = 2
    max_players = 5
    Options = MummyOptions
    capabilities = Capabilities(
        hidden_information=True,
        chance=True,
        realtime_clock=False,
        elimination=True,
        cooperative=False,
        system_actions=(),
        max_steps=MAX_STEPS,
        # Every decision draws chance or is announced to the mummy (a face, a move's card,
        # her steps), so there is nothing a seat could take back.
        undo=False,
    )
    action_types = ACTION_TYPES
    narrator = MummyNarrator()
    choices = MummyChoices()
    refusals = MummyRefusals()
    renderer = MummyRenderer()
    #: A round is about 12 moves (each figure's dice, moves and card, then the mummy's
    #: steps): with the default 10 a search never saw a symbol beyond this turn, and a
    #: ``hard`` explorer near the end stopped going anywhere (docs/levels.md).
    rollout_depth = 30
    #: No named presets: each full-length conformance run of this game is long (see
    #: docs/rules/mummy.md); every DESIGN value is an option (``--option name=value``).
    variants: ClassVar[dict[str, dict[str, Any]]] = {}
    summary = N_(
        "One player is the mummy, the others are explorers in a maze the mummy cannot see. "
        "Explorers roll five dice, set aside every mummy face and announce only the face they "
        "move by (1-4, or an arrow slide), collecting the symbols of their task cards. "
        "Set-aside mummy dice lengthen the mummy's moves; explorers may resolve them early for "
        "a short intermediate move. Stepping onto an explorer sends him to the dungeon for an "
        "ankh. An explorer wins with all his cards played, the mummy with 3/4/6/7 ankhs "
        "(2/3/4/5 players). With 2 players one explorer plays two figures."
    )

    def typed_words(self) -> dict[str, str]:
        """The command words a person may type in the reader's language, by action kind
        (``{"auflösen": "resolve", "zieh": "move", …}``; English: none)."""
        return typed_words()

    def typed_form(self, action: Action) -> str:
        """How ``action`` is typed in the reader's language: ``pfeil O`` for ``arrow E``,
        ``wähle pfeil`` for ``choose arrow``."""
        return typed(action)

    def make_options(self, values: Any = None) -> Any:
        """The options; a full set of options saved before ``LEGACY_VALUES`` existed (an
        older record) gets their old values, so it replays as it was played."""
        if isinstance(values, Mapping) and set(values) >= _OLDER_OPTIONS:
            missing = {k: v for k, v in LEGACY_VALUES.items() if k not in values}
            if missing:
                values = {**values, **missing}
        return super().make_options(values)

    def check_options(self, options: Any, num_players: int) -> None:
        o: MummyOptions = options
        load_maze(board_source(o))  # raises MapError (an InvalidOptions) with line and column
        if o.maze:
            checked(o.maze)  # a room's maze must be playable by the seed's rules
        if not o.mummy_die_faces or any(x < 0 for x in o.mummy_die_faces):
            raise InvalidOptions("mummy_die_faces must list at least one value >= 0 (mummy:3)")
        if o.ankhs_per_explorer < 1:
            raise InvalidOptions("ankhs_per_explorer must be at least 1 (mummy:5)")
        if len(o.thresholds) != 4:
            raise InvalidOptions("thresholds lists the mummy's target for 2, 3, 4 and 5 players")
        figures = 2 if num_players == 2 else num_players - 1
        total = figures * o.ankhs_per_explorer
        t = o.thresholds[num_players - 2]
        if not 1 <= t <= total:
            raise InvalidOptions(
                f"the mummy's threshold {t} must lie in 1..{total}, the explorers' ankhs "
                f"for {num_players} players (mummy:12)"
            )
        cpc = o.cards_per_colour_two_player if num_players == 2 else o.cards_per_colour
        if cpc < 1 or cpc * (num_players - 1) > 4:
            raise InvalidOptions(
                f"{cpc} cards of each colour for {num_players - 1} explorer(s) do not fit the "
                "4 cards of the smallest colour (mummy:5)"
            )
        if o.max_rounds is not None and o.max_rounds < 1:
            raise InvalidOptions("max_rounds must be at least 1, or none (mummy:6)")
        if not 1 <= o.step_limit <= MAX_STEPS:
            raise InvalidOptions(f"step_limit must lie in 1..{MAX_STEPS}")

    def seat_roles(self, num_players: int, options: Any) -> tuple[str, ...]:
        """Seat 1 is the mummy, every other seat an explorer (mummy:2)."""
        return ("mummy",) + ("explorer",) * (num_players - 1)

    def score_meaning(self, options: Any) -> ScoreMeaning:
        """Composite: the mummy's score counts ankhs, an explorer's his played cards."""
        return ScoreMeaning(
            "composite",
            "the mummy: ankhs taken; an explorer: task cards played (mummy:12)",
            winner_always=getattr(options, "max_rounds", None) is None,
        )

    def _make_state(self, num_players: int, seed: int, options: Any) -> State:
        return MummyState(self, num_players, seed, options)

    def redraw_hidden(self, state: State, seat: int, rng: random.Random) -> None:
        """Re-draw what ``seat`` cannot know (``determinize.py``)."""
        assert isinstance(state, MummyState)
        redraw(state, seat, rng)

    def heuristic_agent(self) -> Agent:
        from .bot import MummyHeuristic

        return MummyHeuristic()

    def action_space(self, num_players: int, options: Any) -> Sequence[Action]:
        """Every action any seat may take, in a fixed order (for the research adapters)."""
        from .space import action_space

        return action_space(num_players, self.make_options(options))

    def agent_levels(self) -> dict[str, Callable[[], Agent]]:
        from .bot import MummyBelief, MummyHeuristic

        return {"heuristic": MummyHeuristic, "belief": MummyBelief}
