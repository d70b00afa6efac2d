"""The engine's Khufu Director, reused by the companion for the same seed (khufu:14.10)."""

from __future__ import annotations

from typing import Any

from obelisk.games.khufu import components as K
from obelisk.games.khufu.game import KhufuGame


class Director:
    """The engine's Khufu Director for one seed and table size (khufu:14.10).

    It holds a scratch real-time engine state of that seed and draws from that
    state's own Director stream with the engine's own methods, so the order ids and
    gaps are exactly those of an engine game with the same seed; the stream depends
    on the seed only, never on play. The same state gives the initial Lucky (khufu:4.7).
    """

    def __init__(self, seed: int, num_players: int) -> None:
        options = {
            "clock": "realtime",
            "pieces": "seat_order",
            "allow_two_players": num_players == 2,
        }
        state: Any = KhufuGame().new_state(num_players, seed, options)
        self._state = state
        #: The first order is due at this many seconds of the countdown.
        self.first_due: int = int(state.next_due)
        #: khufu:4.7 the Lucky Khufu names at the start.
        self.lucky: int = int(state.lucky)

    def next_order(self) -> tuple[str, int]:
        """The next order's event id and the gap after it (khufu:14.10: id, then gap)."""
        state = self._state
        e = state._draw_event()
        gap = state._draw_gap(state.options.gap_seconds)
        return K.EVENT_IDS[e], int(gap)
