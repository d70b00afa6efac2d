"""Khufu's options: every variant switch and every [DESIGN] number of the spec."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .components import DEFAULT_BOARD, DEFAULT_CURSE_COPIES, DEFAULT_EVENT_WEIGHTS


@dataclass(frozen=True)
class KhufuOptions:
    """Options of Khufu. Each field names the rule it sets (see docs/rules/khufu.md)."""

    #: khufu:2.3 — accept a 2-player game (the standard game is 3-6).
    allow_two_players: bool = False
    #: khufu:4.1 — the playing pieces: "choose" (every seat chooses one at set-up, in seat
    #: order; seed: "Everybody choose a playing piece"), "seat_order" (Witch, Zombie,
    #: Vampire, Werewolf, Poltergeist, Gorgon by seat: the old fixed assignment), or one
    #: piece per seat, comma-separated ("gorgon,witch,zombie").
    pieces: str = "choose"
    #: khufu:12.3 / 12.4 — "simulated" (each step costs game seconds) or "realtime"
    #: (the host feeds wall time as Tick system actions).
    clock: Literal["simulated", "realtime"] = "simulated"
    #: khufu:14.2 — the Director's schedule: "seconds" of game clock or completed "turns".
    schedule: Literal["seconds", "turns"] = "seconds"
    #: khufu:14 — False switches Khufu's random appearances off (calibration, tests).
    director: bool = True
    #: khufu:14.3 / 14.4 — simulated clock: Khufu may appear at any decision of a turn and
    #: end that turn, as in real time (seed: "If you're in the middle of a turn, your turn
    #: is now over"). False: only at turn boundaries, so no turn is interrupted (the old
    #: behaviour). Real-time play always checks between actions.
    sim_interrupts: bool = True
    #: khufu:12.1 — the countdown in seconds (45 minutes).
    countdown: int = 2700
    #: khufu:12.2 / 14.9 F2 — the numeric timer shows when this many seconds remain.
    final_minutes_at: int = 300
    # khufu:12.4 — simulated seconds charged before each step.
    cost_turn: int = 10
    cost_missed_turn: int = 3
    cost_treasure_space: int = 2
    cost_curse: int = 6
    cost_steal: int = 5
    cost_table: int = 8
    cost_event: int = 20
    #: khufu:14.2 — first gap and later gaps of the "seconds" schedule (inclusive, whole seconds).
    first_gap_seconds: tuple[int, ...] = (60, 180)
    gap_seconds: tuple[int, ...] = (90, 210)
    #: khufu:14.2 — first gap and later gaps of the "turns" schedule (completed turns).
    first_gap_turns: tuple[int, ...] = (3, 8)
    gap_turns: tuple[int, ...] = (3, 8)
    #: khufu:14.7 — the weight of each event E01..E20 (table order).
    event_weights: tuple[int, ...] = DEFAULT_EVENT_WEIGHTS
    #: khufu:14.6 — a chamber blocked by E03 stays blocked this many rounds (x players turn ends).
    block_rounds: int = 2
    #: khufu:14.6 — at most this many chambers are blocked at once.
    max_blocked: int = 2
    #: khufu:14.7 E19 — seconds lost when the sands run fast.
    sands_seconds: int = 60
    #: khufu:3.1 / 3.2 — the track, one letter per space clockwise from 0: T treasure,
    #: C curse, S steal, digits 0-3 the doors of the Servant's, High-Priest's, Queen's, King's.
    board: str = DEFAULT_BOARD
    #: khufu:2.2 — Treasure cards per symbol and how many of them carry a cobra.
    cards_per_symbol: int = 10
    cobras_per_symbol: int = 2
    #: khufu:15 — copies of each curse card, in the order of the curse table.
    curse_copies: tuple[int, ...] = DEFAULT_CURSE_COPIES
    #: khufu:8.1 — minimum wager of the Servant's, High-Priest's, Queen's and King's chambers.
    min_wagers: tuple[int, ...] = (1, 2, 3, 4)
    #: khufu:9.2 — Treasures a player with 4 Scarabs needs to be qualified.
    qualify_treasures: int = 3
    #: khufu:10.2 — at most this many cards are dealt in the Ultimate Challenge.
    challenge_deal: int = 5
    #: khufu:5.7 — real-time decision timeouts in seconds (MUMMY_CALL_ANSWER has its own).
    decision_timeout: int = 60
    mummy_timeout: int = 5
