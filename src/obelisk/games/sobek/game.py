"""The Sobek game: its description, options, variants and hooks (the rules are in
``rules.py``, the words in ``narration.py``, ``choices.py``, ``refusals.py``, ``render.py``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from obelisk.core import Action, Capabilities, Game, ScoreMeaning, State
from obelisk.core.i18n import N_

from . import components as C
from . import words as W
from .actions import ACTION_TYPES
from .choices import SobekChoices
from .determinize import redraw_hidden
from .narration import SobekNarrator
from .options import SobekOptions, check_options
from .refusals import SobekRefusals
from .render import SobekRenderer
from .rules import SobekState


class SobekGame(Game):
    """Sobek (Bruno Cathala, 2010): collect goods at the market, lay sets, avoid corruption."""

    name = "sobek"
    title = "Sobek"
    min_players = 2
    max_players = 4
    Options = SobekOptions
    # sobek:5 every action lowers 2*(market+deck)+hands; <= 4 steps per unit, 3 rounds
    capabilities = Capabilities(max_steps=1500)
    action_types = ACTION_TYPES
    narrator = SobekNarrator()
    choices = SobekChoices()
    refusals = SobekRefusals()
    renderer = SobekRenderer()
    variants: ClassVar[dict[str, dict[str, Any]]] = {
        "open": {
            "corruption_counts_public": True,
            "hand_backs_public": True,
            "owner_sees_own_corruption": False,
            "penalty_mode": "matching_types",
        },
        "harsh": {
            "penalty_mode": "half_round",
            "round_end_mode": "immediate",
            "tiebreak": "shared",
            "hand_to_corruption_at_round_end": False,
            "new_set_needs_goods_card": False,
            "extra_action_compulsory": False,
            "early_end_over": None,
            "events": C.INVENTED_EVENTS,  # so that an extra action exists to be passed
        },
        # the inventions before issue 27: the forum's early end, the spec's first tokens and
        # its one set per goods
        "invented": {
            "early_end_over": 100,
            "events": C.INVENTED_EVENTS,
            "second_set": "add",
        },
    }
    summary = N_(
        "2-4 merchants, 3 rounds. On your turn take one of the first four market cards "
        "(every card you skip goes under your corruption tile), play a character for its "
        "power, or lay a set of 3+ cards of one goods type (amulets are wild). The first "
        "five sets of a round each take an event token. Each set scores cards x scarabs; "
        "the most corrupt player loses their best set. Highest total after 3 rounds wins."
    )

    def typed_words(self) -> dict[str, str]:
        """Each typed command word in the reader's language, to the action kind it means
        (``{"nimm": "take", …}`` in German; only the words that differ from the kinds)."""
        return {word: kind for kind, word in W.commands().items() if word != kind}

    def in_english(self, typed: str) -> str:
        """A typed line in English: the command word (:meth:`typed_words`) and what follows
        it (``lege fisch`` → ``set fish``, ``spiele dieb`` → ``play thief``)."""
        line = super().in_english(typed)
        kind, _sp, rest = line.partition(" ")
        english = W.english_args(rest) if rest else None
        return f"{kind} {english}" if english else line

    def check_options(self, options: Any, num_players: int) -> None:
        check_options(options, num_players)

    def score_meaning(self, options: Any) -> ScoreMeaning:
        """Points: the sum of the three rounds' sets less the corruption penalty (sobek:11)."""
        return ScoreMeaning("points", N_("points after three rounds (sets less corruption)"))

    def _make_state(self, num_players: int, seed: int, options: Any) -> State:
        return SobekState(self, num_players, seed, options)

    def redraw_hidden(self, state: State, seat: int, rng: random.Random) -> None:
        """Re-deal what ``seat`` does not know (sobek:14, ``determinize.py``)."""
        assert isinstance(state, SobekState)
        redraw_hidden(state, seat, rng)

    def heuristic_agent(self) -> Any:
        from .bot import SobekHeuristic

        return SobekHeuristic()

    def action_space(self, num_players: int, options: Any) -> Sequence[Action]:
        """Every action any seat may take, in a fixed order (for the research adapters)."""
        from .space import action_space

        return action_space(num_players, self.make_options(options))


#: The name the class had before issue 39 (records and plug-ins may import it).
Sobek = SobekGame
