"""Khufu's options: every variant switch and every [DESIGN] number of the spec."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from obelisk.core import option
from obelisk.core.i18n import N_

from .components import DEFAULT_BOARD, DEFAULT_CURSE_COPIES, DEFAULT_EVENT_WEIGHTS


@dataclass(frozen=True)
class KhufuOptions:
    """Options of Khufu, each with its help and rule IDs (see docs/rules/khufu.md)."""

    allow_two_players: bool = option(
        False, help=N_("Accept a 2-player game (the standard game is 3-6)."), rules="khufu:2.3"
    )
    # "seat_order" restores the old fixed assignment.
    pieces: str = option(
        "choose",
        help=N_(
            'The playing pieces: "choose" (every seat chooses one at set-up, in seat order; '
            'seed: "Everybody choose a playing piece"), "seat_order" (Witch, Zombie, Vampire, '
            "Werewolf, Poltergeist, Gorgon by seat: the old fixed assignment), or one piece per "
            'seat, comma-separated ("gorgon,witch,zombie").'
        ),
        rules="khufu:4.1",
    )
    # "realtime": the host feeds wall time as Tick system actions (the server turns it on).
    clock: Literal["simulated", "realtime"] = option(
        "simulated",
        help=N_(
            '"simulated" (each step costs game seconds) or "realtime" (the clock runs on the '
            "wall clock)."
        ),
        realtime="realtime",
        rules=("khufu:12.3", "khufu:12.4"),
    )
    schedule: Literal["seconds", "turns"] = option(
        "seconds",
        help=N_('The Director\'s schedule: "seconds" of game clock or completed "turns".'),
        rules="khufu:14.2",
    )
    director: bool = option(
        True,
        help=N_("False switches Khufu's random appearances off (calibration, tests)."),
        rules="khufu:14",
    )
    # False is the behaviour before the seed was followed: only at turn boundaries.
    sim_interrupts: bool = option(
        True,
        help=N_(
            "Simulated clock: Khufu may appear at any decision of a turn and end that turn, as "
            'in real time (seed: "If you\'re in the middle of a turn, your turn is now over"); '
            "false: only between turns, so no turn is interrupted. Real-time play always checks "
            "between actions."
        ),
        rules=("khufu:14.3", "khufu:14.4"),
    )
    countdown: int = option(
        2700,
        help=N_("The countdown in seconds (45 minutes)."),
        range=(60, 36_000),
        rules="khufu:12.1",
    )
    final_minutes_at: int = option(
        300,
        help=N_("The numeric timer shows when this many seconds remain."),
        range=(0, 36_000),
        rules=("khufu:12.2", "khufu:14.9"),
    )
    cost_turn: int = option(
        10, help=N_("Simulated seconds a turn costs (moving included)."), rules="khufu:12.4"
    )
    cost_missed_turn: int = option(
        3, help=N_("Simulated seconds a missed turn costs."), rules="khufu:12.4"
    )
    cost_treasure_space: int = option(
        2, help=N_("Simulated seconds ending a move on a treasure space costs."), rules="khufu:12.4"
    )
    cost_curse: int = option(
        6, help=N_("Simulated seconds each curse card costs."), rules="khufu:12.4"
    )
    cost_steal: int = option(5, help=N_("Simulated seconds a steal costs."), rules="khufu:12.4")
    cost_table: int = option(
        8, help=N_("Simulated seconds playing a chamber table costs."), rules="khufu:12.4"
    )
    cost_event: int = option(
        20,
        help=N_("Simulated seconds one of Khufu's events costs."),
        range=(0, 3_600),
        rules="khufu:12.4",
    )
    first_gap_seconds: tuple[int, ...] = option(
        (60, 180),
        help=N_(
            'First gap of the "seconds" schedule: its shortest and longest (inclusive, whole '
            "seconds)."
        ),
        range=(0, 3_600),
        rules="khufu:14.2",
    )
    gap_seconds: tuple[int, ...] = option(
        (90, 210),
        help=N_(
            'Later gaps of the "seconds" schedule: their shortest and longest (inclusive, '
            "whole seconds)."
        ),
        range=(0, 3_600),
        rules="khufu:14.2",
    )
    first_gap_turns: tuple[int, ...] = option(
        (3, 8),
        help=N_('First gap of the "turns" schedule: its fewest and most completed turns.'),
        rules="khufu:14.2",
    )
    gap_turns: tuple[int, ...] = option(
        (3, 8),
        help=N_('Later gaps of the "turns" schedule: their fewest and most completed turns.'),
        rules="khufu:14.2",
    )
    event_weights: tuple[int, ...] = option(
        DEFAULT_EVENT_WEIGHTS,
        help=N_("The weight of each event E01..E20 (table order)."),
        rules="khufu:14.7",
    )
    block_rounds: int = option(
        2,
        help=N_("A chamber blocked by E03 stays blocked this many rounds (x players turn ends)."),
        rules="khufu:14.6",
    )
    max_blocked: int = option(
        2, help=N_("At most this many chambers are blocked at once."), rules="khufu:14.6"
    )
    sands_seconds: int = option(
        60,
        help=N_("Seconds lost when the sands run fast (E19)."),
        range=(0, 3_600),
        rules="khufu:14.7",
    )
    board: str = option(
        DEFAULT_BOARD,
        help=N_(
            "The track, one letter per space clockwise from 0: T treasure, C curse, S steal, "
            "digits 0-3 the doors of the Servant's, High-Priest's, Queen's, King's."
        ),
        rules=("khufu:3.1", "khufu:3.2"),
    )
    cards_per_symbol: int = option(10, help=N_("Treasure cards per symbol."), rules="khufu:2.2")
    cobras_per_symbol: int = option(
        2, help=N_("Treasure cards per symbol that carry a cobra."), rules="khufu:2.2"
    )
    curse_copies: tuple[int, ...] = option(
        DEFAULT_CURSE_COPIES,
        help=N_("Copies of each curse card, in the order of the curse table."),
        rules="khufu:15",
    )
    min_wagers: tuple[int, ...] = option(
        (1, 2, 3, 4),
        help=N_("Minimum wager of the Servant's, High-Priest's, Queen's and King's chambers."),
        rules="khufu:8.1",
    )
    qualify_treasures: int = option(
        3, help=N_("Treasures a player with 4 Scarabs needs to be qualified."), rules="khufu:9.2"
    )
    challenge_deal: int = option(
        5,
        help=N_("At most this many cards are dealt in the Ultimate Challenge."),
        rules="khufu:10.2",
    )
    decision_timeout: int = option(
        60,
        help=N_("Seconds a player has for a decision in real-time play."),
        range=(1, 3_600),
        rules="khufu:5.7",
    )
    mummy_timeout: int = option(
        5,
        help=N_('Seconds each player has to answer "Who is the mummy?" in real-time play.'),
        range=(1, 600),
        rules="khufu:5.7",
    )
