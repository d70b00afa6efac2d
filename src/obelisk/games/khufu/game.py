"""The Khufu game description: capabilities, options, variants, factory."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from obelisk.core import (
    Action,
    Agent,
    Capabilities,
    ClockTick,
    Game,
    GameClock,
    InvalidOptions,
    ScoreMeaning,
    State,
)
from obelisk.core.i18n import N_, Words

from .actions import ACTION_TYPES, Tick
from .choices import KhufuChoices, typed_words
from .components import (
    CHAMBERS,
    CHARACTERS,
    CURSE_TYPES,
    EVENT_TYPES,
    SYMBOLS,
    first_curse_after,
    initial_pieces,
    parse_board,
)
from .determinize import redraw_hidden
from .narration import KhufuNarrator
from .options import KhufuOptions
from .refusals import KhufuRefusals
from .render import KhufuRenderer
from .rules import KhufuState

W = Words(__package__)

#: Options added after records were first saved, with the value that plays as the engine
#: did before them (issue 27: the seed's rules became the defaults). A record stores every
#: option it was played with, so a record that holds all the older options but lacks one of
#: these was saved before it existed and must replay the old way.
LEGACY_VALUES: dict[str, object] = {"sim_interrupts": False, "pieces": "seat_order"}
_OLDER_OPTIONS = frozenset(
    f.name for f in dataclasses.fields(KhufuOptions) if f.name not in LEGACY_VALUES
)


class KhufuGame(Game):
    """Khufu, the DVD board game, with a seeded Khufu Director in place of the DVD."""

    name = "khufu"
    title = "Khufu"
    min_players = 3
    max_players = 6
    Options = KhufuOptions
    capabilities = Capabilities(
        hidden_information=True,
        chance=True,
        realtime_clock=True,
        elimination=False,
        cooperative=False,
        system_actions=("tick",),
        tick=ClockTick(Tick, "seconds"),
        # Simulated clock: at most 270 played turns (10 s each) of at most ~70 steps,
        # plus at most 135 events (20 s each) of at most ~20 steps (docs/rules/khufu.md).
        max_steps=25000,
    )
    action_types = ACTION_TYPES
    narrator = KhufuNarrator()
    choices = KhufuChoices()
    refusals = KhufuRefusals()
    renderer = KhufuRenderer()
    #: Named presets (the conformance suite runs each; the schedule and clock options are
    #: exercised by the game's own tests instead, to keep the suite's time budget).
    variants: ClassVar[dict[str, dict[str, Any]]] = {}
    summary = N_(
        "Race a 45-minute countdown around a 36-space loop. Collect face-down Treasure\n"
        "cards, steal (beware cobras), suffer Curse cards, and beat the gambling table in\n"
        "each of four chambers (odd roll, even roll, coin, symbol die) to place your four\n"
        "Scarabs. Then, holding 3+ Treasures, reach the Sarcophagus chamber and beat\n"
        "Khufu's 5-symbol Ultimate Challenge hand. A seeded Khufu Director interrupts with\n"
        "random orders; if the clock runs out, Khufu wins and everybody loses."
    )

    def typed_words(self) -> dict[str, str]:
        """The command words a person may type in the reader's language, by the English
        action kind they stand for (``{"würfle": "roll"}`` in German)."""
        return typed_words()

    def clock(self, state: State) -> GameClock | None:
        """Khufu's countdown (khufu:4.9, 10.1, 11.2): public, paused in the Ultimate Challenge."""
        assert isinstance(state, KhufuState)
        total = state.options.countdown
        clock = GameClock(N_("Khufu's countdown"), max(0, total - state.elapsed), total=total)
        if state.over:
            return dataclasses.replace(clock, running=False)
        if state.in_challenge:
            return clock.paused(N_("the Ultimate Challenge"))  # khufu:10.1
        if state.dec is not None and state.dec[0] == "CHOOSE_PIECE":
            return clock.paused(N_("the pieces are being chosen"))  # khufu:4.9 starts with Lucky
        return clock

    def make_options(self, values: Any = None) -> Any:
        """The options; a full set of options saved before ``LEGACY_VALUES`` existed (an
        older record) gets their old values, so it replays as it was played."""
        if isinstance(values, Mapping) and set(values) >= _OLDER_OPTIONS:
            missing = {k: v for k, v in LEGACY_VALUES.items() if k not in values}
            if missing:
                values = {**values, **missing}
        return super().make_options(values)

    def check_players(self, num_players: int, options: Any) -> None:
        # khufu:2.3 two players only behind allow_two_players (check_options explains it).
        if num_players == 2:
            return
        super().check_players(num_players, options)

    def check_options(self, options: Any, num_players: int) -> None:
        o = options
        if num_players == 2 and not o.allow_two_players:
            raise InvalidOptions(
                W.gettext("Khufu is for 3-6 players; set allow_two_players=true for 2 (khufu:2.3)")
            )
        if not 2 <= num_players <= 6:
            raise InvalidOptions(
                W.gettext("Khufu is for 3-6 players, not {n} (khufu:2.3)").format(n=num_players)
            )
        if not set(o.board) <= set("TCS0123"):
            raise InvalidOptions(
                W.gettext("board: use only T, C, S and the door digits 0-3 (khufu:3.2)")
            )
        kinds, _, doors = parse_board(o.board)
        if sorted(c for c in o.board if c.isdigit()) != ["0", "1", "2", "3"]:
            raise InvalidOptions(
                W.gettext("board: each chamber door 0-3 must appear exactly once (khufu:3.2)")
            )
        if "C" not in o.board:
            raise InvalidOptions(W.gettext("board: at least one Curse space is needed (khufu:3.6)"))
        for d in doors:
            first_curse_after(kinds, d)
        if o.cards_per_symbol < 1 or not 0 <= o.cobras_per_symbol <= o.cards_per_symbol:
            raise InvalidOptions(
                W.gettext("cards_per_symbol >= 1 and 0 <= cobras_per_symbol <= it (khufu:2.2)")
            )
        if (
            len(o.curse_copies) != len(CURSE_TYPES)
            or min(o.curse_copies) < 0
            or not sum(o.curse_copies)
        ):
            raise InvalidOptions(
                W.gettext(
                    "curse_copies needs {n} non-negative counts, not all 0 (khufu:15)"
                ).format(n=len(CURSE_TYPES))
            )
        if (
            len(o.event_weights) != len(EVENT_TYPES)
            or min(o.event_weights) < 0
            or not sum(o.event_weights)
        ):
            raise InvalidOptions(
                W.gettext(
                    "event_weights needs {n} non-negative weights, not all 0 (khufu:14.7)"
                ).format(n=len(EVENT_TYPES))
            )
        if len(o.min_wagers) != len(CHAMBERS) or min(o.min_wagers) < 1:
            raise InvalidOptions(W.gettext("min_wagers needs 4 values of at least 1 (khufu:8.1)"))
        if o.min_wagers[3] < 2:
            raise InvalidOptions(
                W.gettext("the King's minimum wager must be at least 2 (khufu:8.2)")
            )
        if o.qualify_treasures < 3 or not o.challenge_deal >= 3:
            raise InvalidOptions(
                W.gettext(
                    "qualify_treasures and challenge_deal must be at least 3 (khufu:9.2, 10.2)"
                )
            )
        for name in ("first_gap_seconds", "gap_seconds", "first_gap_turns", "gap_turns"):
            lo_hi = getattr(o, name)
            if len(lo_hi) != 2 or not 1 <= lo_hi[0] <= lo_hi[1]:
                raise InvalidOptions(
                    W.gettext(
                        "{name} must be two whole numbers 1 <= low <= high (khufu:14.2)"
                    ).format(name=name)
                )
        costs = (
            o.cost_turn,
            o.cost_missed_turn,
            o.cost_treasure_space,
            o.cost_curse,
            o.cost_steal,
            o.cost_table,
            o.cost_event,
        )
        if min(costs) < 0 or o.cost_turn < 1 or o.cost_missed_turn < 1:
            raise InvalidOptions(
                W.gettext(
                    "simulated costs must be >= 0, and a turn and a missed turn >= 1 s (khufu:12.4)"
                )
            )
        if o.countdown < 1 or o.final_minutes_at < 0 or o.sands_seconds < 0:
            raise InvalidOptions(
                W.gettext("countdown >= 1, final_minutes_at >= 0, sands_seconds >= 0")
            )
        if o.block_rounds < 1 or not 0 <= o.max_blocked <= 4:
            raise InvalidOptions(
                W.gettext("block_rounds >= 1 and 0 <= max_blocked <= 4 (khufu:14.6)")
            )
        if o.decision_timeout < 1 or o.mummy_timeout < 1:
            raise InvalidOptions(W.gettext("decision timeouts must be at least 1 s (khufu:5.7)"))
        try:
            initial_pieces(o.pieces, num_players)
        except ValueError as e:
            raise InvalidOptions(
                W.gettext(
                    "pieces: {fault}; use choose, seat_order or a list of {pieces} (khufu:4.1)"
                ).format(fault=e, pieces=", ".join(c.lower() for c in CHARACTERS))
            ) from None
        if len(SYMBOLS) < num_players:
            raise InvalidOptions(W.gettext("not enough lucky symbols"))

    def action_space(self, num_players: int, options: Any) -> Sequence[Action]:
        """Every action any seat may take, in a fixed order (for the research adapters)."""
        from .actions import (
            ANSWER,
            CHALLENGE,
            DECLINE,
            ENTER,
            LEAVE,
            PASS,
            PLACE,
            ROLL,
            SILENT,
            STAY,
            TAKE,
            Bet,
            Give,
            Piece,
            Select,
            Steal,
        )
        from .components import selections, tables

        opts = self.make_options(options)
        t = tables(opts)
        acts: list[Action] = [ROLL, STAY, LEAVE, CHALLENGE, ENTER, PASS, TAKE, DECLINE, PLACE]
        acts += [ANSWER, SILENT]
        acts += [Steal(q) for q in range(num_players)]
        acts += [Give(c) for c in t.card_ids] + [Bet(c) for c in t.card_ids]
        ids = t.card_ids
        acts += [Select(tuple(ids[c] for c in s)) for s in selections(range(t.num_cards))]
        acts += [Piece(c) for c in CHARACTERS]  # khufu:4.1, last: the older numbers stay
        return acts

    def score_meaning(self, options: Any) -> ScoreMeaning:
        """Win or lose: 1 for the winner, 0 for everyone else; all 0 when Khufu wins."""
        return ScoreMeaning(
            "win_lose", "1 for the winner, 0 otherwise (khufu:11)", winner_always=False
        )

    def _make_state(self, num_players: int, seed: int, options: Any) -> State:
        return KhufuState(self, num_players, seed, options)

    def redraw_hidden(self, state: State, seat: int, rng: random.Random) -> None:
        """Re-deal what ``seat`` cannot know, re-draw the Director's future (``determinize.py``)."""
        assert isinstance(state, KhufuState)
        redraw_hidden(state, seat, rng)

    def heuristic_agent(self) -> Agent | None:
        from .bot import KhufuHeuristic

        return KhufuHeuristic()

    def agent_levels(self) -> dict[str, Callable[[], Agent]]:
        """The heuristic and the hand-planning player ``planner`` (docs/levels.md)."""
        from .bot import KhufuHeuristic
        from .planner import KhufuPlanner

        return {"heuristic": KhufuHeuristic, "planner": KhufuPlanner}
