"""Khufu's Director (khufu:14.10): when Khufu appears and which order he gives.

The Director draws from a stream of its own, a splitmix64 generator seeded from the
game seed only, never from play: the first gap, then for every appearance the order
and the gap after it. The engine (:class:`obelisk.games.khufu.rules.KhufuState`) draws
every one of these with :func:`draw_gap` and :func:`draw_event` below, keeping the
stream's state in ``dir_state``, and feeds the values into its chance log so a
record replays them.

A program that plays the DVD's part beside a real board (the Khufu companion) needs
the same orders at the same times without running a game: :class:`Director` is the
same stream as an object, and :meth:`Director.schedule` lists Khufu's appearances as
(game-clock second, order) the way a real-time engine game of that seed meets them,
as long as every order is carried out at once (only khufu:14.7 E19, the sands running
fast, moves the clock while an order is carried out).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass

from . import components as K
from .options import KhufuOptions

__all__ = [
    "Appearance",
    "Director",
    "draw_below",
    "draw_event",
    "draw_gap",
    "event_of_roll",
    "stream_for_seed",
]

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def stream_for_seed(seed: int) -> int:
    """The Director stream's state at the start of the game of ``seed`` (khufu:14.10)."""
    return (seed * 0x9E3779B1 + 0xD1B54A32D192ED03) & MASK64


def draw_below(stream: int, n: int) -> tuple[int, int]:
    """A uniform value in ``0..n-1`` from the stream: ``(value, the stream after)``.

    splitmix64 with rejection, so every value is equally likely.
    """
    limit = MASK64 + 1 - ((MASK64 + 1) % n)
    while True:
        stream = z = (stream + _GOLDEN) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        if z < limit:
            return z % n, stream


def draw_gap(stream: int, bounds: tuple[int, ...]) -> tuple[int, int]:
    """khufu:14.2: a gap between ``bounds[0]`` and ``bounds[1]`` inclusive, and the stream."""
    lo, hi = bounds[0], bounds[1]
    value, stream = draw_below(stream, hi - lo + 1)
    return lo + value, stream


def draw_event(stream: int, tables: K.Tables) -> tuple[int, int]:
    """khufu:14.7: the raw roll ``1..event_total`` that picks an order, and the stream.

    :func:`event_of_roll` turns the roll into the order's index in the event table.
    """
    value, stream = draw_below(stream, tables.event_total)
    return 1 + value, stream


def event_of_roll(tables: K.Tables, roll: int) -> int:
    """khufu:14.7: the index (table order) of the order a roll ``1..event_total`` picks."""
    return bisect_left(tables.event_cum, roll)


@dataclass(frozen=True)
class Appearance:
    """One of Khufu's appearances in a :meth:`Director.schedule`.

    ``at`` is the Director's clock when the order is due (game seconds, or completed
    turns with the "turns" schedule), ``event`` the order's id (khufu:14.7, e.g.
    ``SANDSTORM``), ``index`` its place in the event table and ``gap`` the gap drawn
    after it (khufu:14.10: the order, then the gap).
    """

    at: int
    event: str
    index: int
    gap: int


class Director:
    """Khufu's Director for one seed (khufu:14.10), as the engine draws it.

    ``options`` are the game's (a :class:`KhufuOptions`, the defaults if left out): the
    gaps, the schedule's unit and the event weights come from them. :attr:`first_due`
    is when the first order is due; :meth:`next_order` draws the next order and its gap.
    """

    def __init__(self, seed: int, options: KhufuOptions | None = None) -> None:
        self.options = options if options is not None else KhufuOptions()
        self._tables = K.tables(self.options)
        self._turns = self.options.schedule == "turns"
        self._stream = stream_for_seed(seed)
        o = self.options
        first, self._stream = draw_gap(
            self._stream, o.first_gap_turns if self._turns else o.first_gap_seconds
        )
        #: The Director's clock value when the first order is due.
        self.first_due: int = first

    def next_order(self) -> tuple[int, int]:
        """The next order's index in the event table and the gap drawn after it."""
        o = self.options
        roll, self._stream = draw_event(self._stream, self._tables)
        gap, self._stream = draw_gap(self._stream, o.gap_turns if self._turns else o.gap_seconds)
        return event_of_roll(self._tables, roll), gap

    @classmethod
    def schedule(cls, seed: int, options: KhufuOptions | None = None) -> Iterator[Appearance]:
        """Khufu's appearances in a game of ``seed``, in order, without end.

        Each order is due at the clock value its predecessor ended at plus the gap
        drawn after it (khufu:14.10); an order is taken to be carried out at once,
        except that khufu:14.7 E19 (the sands run fast) moves the seconds clock on by
        ``sands_seconds`` before the gap counts. The caller stops reading when the
        countdown ends. This is what a real-time engine game of the same seed gives
        when the clock reaches each due second and every order is answered at once.
        """
        director = cls(seed, options)
        o = director.options
        at = director.first_due
        while True:
            index, gap = director.next_order()
            eid = K.EVENT_IDS[index]
            yield Appearance(at, eid, index, gap)
            ended = at
            if eid == "SANDS_RUN_FAST" and not director._turns:
                ended += o.sands_seconds
            at = ended + gap
