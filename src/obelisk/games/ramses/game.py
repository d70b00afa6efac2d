"""The Ramses II game: its description, options, variants and hooks (the rules are in
``rules.py``, the words in ``narration.py``, ``choices.py``, ``refusals.py``, ``render.py``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from obelisk.core import Action, Agent, Capabilities, Game, InvalidOptions, ScoreMeaning, State
from obelisk.core.i18n import N_

from .actions import ACTION_TYPES
from .choices import RamsesChoices
from .components import NUM_PYRAMIDS, load_deck
from .determinize import redraw_hidden
from .narration import NARRATOR
from .options import STEP_LIMIT, RamsesOptions
from .refusals import RamsesRefusals
from .render import RamsesRenderer
from .rules import RamsesState
from .typed import english_words, typed_words


class RamsesGame(Game):
    """Ramses II for 2-5 players."""

    name = "ramses"
    title = "Ramses II"
    min_players = 2
    max_players = 5
    Options = RamsesOptions
    # A true bound: the rules set no limit on slides or misses (ramses:6.4, 6.5, as the
    # seed), so the engine guard `step_limit` (ramses:9, default STEP_LIMIT) ends every
    # game by then. Real games are far shorter: ~400 steps between heuristic bots, ~950
    # between random players (docs/balance/ramses.md).
    capabilities = Capabilities(
        hidden_information=True,
        chance=True,
        elimination=True,
        max_steps=STEP_LIMIT,
        memory=True,
    )
    action_types = ACTION_TYPES
    narrator = NARRATOR
    choices = RamsesChoices()
    refusals = RamsesRefusals()
    renderer = RamsesRenderer()
    variants: ClassVar[dict[str, dict[str, Any]]] = {
        "small_children": {"small_children": True},
        "no_end_card": {"end_card": False},
        "professional": {"professional": True},
    }
    summary = N_(
        "Twelve treasures hide under 47 pyramids on a 6 x 8 board, one in each 2 x 2 square. "
        "On your turn you turn over a search card, then slide pyramids one at a time into the "
        "empty place, like a sliding puzzle. A blank lets you slide again; the wrong treasure "
        "ends your turn and the next player hunts the same card; the right one wins you the "
        "card.\n\nStack 2 adds events (Sandstorm, Gift, Risk, Mirage, Poker) and turns the box "
        "a quarter after every find; in stack 3 (4 points a card) a wrong treasure puts you "
        "out. Only the place that is open now shows its token: remember the rest."
    )

    def typed_words(self) -> dict[str, str]:
        """Each command word typed in the reader's language -> the English action kind
        (German ``schieb`` -> ``slide``)."""
        return typed_words()

    def in_english(self, typed: str) -> str:
        """A typed line in English: the command word, and also the slides' directions
        and the word ``seat`` (German ``schieb hoch`` -> ``slide up``)."""
        english = english_words()
        if english:
            typed = " ".join(english.get(w.lower(), w) for w in typed.split())
        return super().in_english(typed)

    def typed_form(self, action: Action) -> str:
        """How ``action`` is typed in the reader's language (``schieb hoch``)."""
        own = {english: word for word, english in english_words().items()}
        if not own:
            return action.text()
        return " ".join(own.get(w, w) for w in action.text().split())

    def check_options(self, options: Any, num_players: int) -> None:
        o = options
        load_deck(o.deck)
        if len(o.treasure_names) != 12:
            raise InvalidOptions("option 'treasure_names' needs exactly 12 names")
        if sum(o.colour_split) != NUM_PYRAMIDS or not 1 <= len(o.colour_split) <= 5:
            raise InvalidOptions("option 'colour_split' must give 1-5 colour counts summing to 47")
        if any(k < 0 for k in o.colour_split):
            raise InvalidOptions("option 'colour_split' counts must not be negative")
        for name in ("rotate_after_find_stacks", "elimination_stacks"):
            if any(s not in (1, 2, 3) for s in getattr(o, name)):
                raise InvalidOptions(f"option '{name}' may only name stacks 1, 2 and 3")
        # anti-stall caps for simulation (ramses:6.4 step 6, ramses:6.5), off by default
        for name, cap in (("max_slides_per_search", 300), ("max_misses_per_card", 12)):
            v = getattr(o, name)
            if v is not None and not 1 <= v <= cap:
                raise InvalidOptions(f"option '{name}' must be 1..{cap} (or None)")
        if not 1 <= o.step_limit <= STEP_LIMIT:
            raise InvalidOptions(f"option 'step_limit' must be 1..{STEP_LIMIT}")
        if len(load_deck(o.deck)) > 48:
            raise InvalidOptions("option 'deck': at most 48 cards")
        if o.first_player is not None and not 0 <= o.first_player < num_players:
            raise InvalidOptions(
                f"option 'first_player' counts seats from 0 in options: give 0 (the first "
                f"seat) to {num_players - 1} (the last), not {o.first_player}"
            )
        if o.seat_sides and (
            len(o.seat_sides) != num_players or any(s not in (0, 1, 2, 3) for s in o.seat_sides)
        ):
            raise InvalidOptions(
                f"option 'seat_sides' needs {num_players} sides, each 0-3 (south, west, north, east)"
            )
        if o.pro_rotation_factor < 0:
            raise InvalidOptions("option 'pro_rotation_factor' must not be negative")
        if o.small_children and not any(
            c.stack == 1 and c.kind == "search" for c in load_deck(o.deck)
        ):
            raise InvalidOptions("the small-children variant needs search cards in stack 1")

    def score_meaning(self, options: Any) -> ScoreMeaning:
        """Points: the values of the treasure cards in hand at the end (ramses:10)."""
        return ScoreMeaning("points", "points of the treasure cards held")

    def _make_state(self, num_players: int, seed: int, options: Any) -> State:
        return RamsesState(self, num_players, seed, options)

    def redraw_hidden(self, state: State, seat: int, rng: random.Random) -> None:
        """Re-draw what ``seat`` cannot know (ramses:11, ``determinize.py``)."""
        assert isinstance(state, RamsesState)
        redraw_hidden(state, seat, rng)

    def heuristic_agent(self) -> Agent:
        from .bot import RamsesHeuristic

        return RamsesHeuristic()

    def action_space(self, num_players: int, options: Any) -> Sequence[Action]:
        """Every action any seat may take, in a fixed order (for the research adapters)."""
        from .space import action_space

        return action_space(num_players, self.make_options(options))

    def hint_agent(self) -> Agent:
        """A player that reads only the table as it is now (ramses:11.3): a hint never
        remembers for a person where a treasure lies."""
        from .bot import TableBot

        return TableBot()

    def agent_levels(self) -> dict[str, Callable[[], Agent]]:
        from .bot import LEVELS, MemoryBot, RamsesHeuristic

        levels: dict[str, Callable[[], Agent]] = {"heuristic": RamsesHeuristic}
        for name in LEVELS:
            levels[name] = lambda name=name: MemoryBot(name)  # type: ignore[misc]
        return levels
