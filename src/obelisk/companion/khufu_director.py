"""The engine's Khufu Director, read by the companion for the same seed (khufu:14.10)."""

from __future__ import annotations

from obelisk.games.khufu.director import Appearance
from obelisk.games.khufu.director import Director as EngineDirector
from obelisk.games.khufu.game import KhufuGame
from obelisk.games.khufu.options import KhufuOptions


class Director:
    """The engine's Khufu Director for one seed and table size (khufu:14.10).

    Khufu's orders and their due seconds are the engine's public schedule
    (:meth:`obelisk.games.khufu.director.Director.schedule`), the stream the engine
    itself draws from, so they are exactly those of a real-time engine game of the
    same seed; they depend on the seed only, never on play. The initial Lucky
    (khufu:4.7) is the one an engine game of that seed names, read from its
    observation.
    """

    def __init__(self, seed: int, num_players: int) -> None:
        self._schedule = EngineDirector.schedule(seed, KhufuOptions())
        self._next: Appearance = next(self._schedule)
        options = {
            "clock": "realtime",
            "pieces": "seat_order",
            "allow_two_players": num_players == 2,
        }
        state = KhufuGame().new_state(num_players, seed, options)
        #: khufu:4.7 the Lucky Khufu names at the start.
        self.lucky: int = int(state.observation(None)["lucky"])

    @property
    def next_due(self) -> int:
        """The game-clock second at which the next order is due."""
        return self._next.at

    def next_order(self) -> Appearance:
        """The next order (its id, its due second, the gap after it); the one after is next."""
        now = self._next
        self._next = next(self._schedule)
        return now
