"""Seeded, scriptable, logged chance.

Every die, draw and shuffle of a game goes through the state's :class:`Chance`.
Its generator is splitmix64, whose whole state is one integer, so copying it
for a search costs nothing (copying a ``random.Random`` costs tens of
microseconds). Each draw is

* logged as ``(label, raw)`` in :attr:`Chance.log` (the omniscient record),
* emitted as a ``chance`` event with the visibility the game gives it (to its
  ``sink``; a quiet state's chance has none and builds no event, ``State.quiet``),
* and can be scripted: :meth:`Chance.force` queues the values the next draws
  must return, so a test sets up any position exactly.

The raw form of a draw is what a record stores: the value for ``randint``,
the index for ``choice``, the indices for ``sample`` and the permutation for
``shuffle``. Replaying a record forces the raw outcomes, and each is checked
against the draw's domain, so a damaged record fails with a clear reason.

>>> c = Chance(7)
>>> c.force(6)
>>> c.randint(1, 6, "die")
6
>>> c.log[-1]
('die', 6)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, TypeVar

from .errors import ChanceError
from .events import Event
from .log import AppendLog

T = TypeVar("T")
#: Builds an :class:`Event` from one tuple (faster than ``Event(...)``, whose NamedTuple
#: ``__new__`` is a Python function).
_new_event: Callable[[type[Event], tuple[Any, ...]], Event] = tuple.__new__
MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

#: Per number of outcomes n, the largest multiple of n that fits 64 bits (draws at or
#: above it are redrawn, which keeps ``_below`` free of modulo bias).
_LIMITS: dict[int, int] = {}

#: A raw outcome as stored in a record: an int or a list of ints.
Raw = int | list[int]


class _Forced:
    """A queued outcome: a value the caller wants, or a raw outcome from a record."""

    __slots__ = ("is_raw", "label", "value")

    def __init__(self, value: Any, is_raw: bool, label: str | None) -> None:
        self.value = value
        self.is_raw = is_raw
        self.label = label


class Chance:
    """The random source of one game state. See the module docstring."""

    __slots__ = ("_forced", "log", "shown_to", "sink", "state")

    def __init__(self, seed: int = 0, sink: AppendLog[Event] | list[Event] | None = None) -> None:
        self.state = (seed * 0x2545F4914F6CDD1D + 0x1234567) & MASK64
        self.log: AppendLog[tuple[str, Raw]] = AppendLog()
        #: Who saw each logged outcome (parallel to ``log``; None: public).
        self.shown_to: AppendLog[frozenset[int] | None] = AppendLog()
        self.sink = sink
        self._forced: deque[_Forced] = deque()

    # -- copying -----------------------------------------------------------
    def copy(self, sink: AppendLog[Event] | list[Event] | None) -> Chance:
        """An independent copy writing its events to ``sink`` (O(1): the logs are forked)."""
        c = Chance.__new__(Chance)
        c.state = self.state
        c.log = self.log.fork()
        c.shown_to = self.shown_to.fork()
        c.sink = sink
        c._forced = deque(self._forced) if self._forced else deque()
        return c

    def forget(self) -> None:
        """Drop the log of past outcomes (a determinized copy must not carry it)."""
        self.log = AppendLog()
        self.shown_to = AppendLog()

    # -- scripting ---------------------------------------------------------
    def force(self, *values: Any, label: str | None = None) -> None:
        """Make the next draws return ``values`` (in order).

        For ``randint`` give the number; for ``choice`` the element; for
        ``sample`` a list of elements; for ``shuffle`` the whole new order.
        With ``label``, each forced draw must carry that label.
        """
        for v in values:
            self._forced.append(_Forced(v, False, label))

    def force_raw(self, label: str, raw: Raw) -> None:
        """Queue a raw outcome as stored in a record (used by replay)."""
        self._forced.append(_Forced(raw, True, label))

    @property
    def pending(self) -> int:
        """How many scripted outcomes are still waiting to be drawn."""
        return len(self._forced)

    def clear_forced(self) -> None:
        """Forget the scripted outcomes that were not used."""
        self._forced.clear()

    def reseed(self, seed: int) -> None:
        """Replace the generator's state (used by determinize)."""
        self.state = seed & MASK64

    # -- the generator -----------------------------------------------------
    def _next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def _below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ChanceError(f"cannot draw from an empty range ({n} outcomes)")
            limit = _LIMITS[n] = MASK64 + 1 - ((MASK64 + 1) % n)
        while True:
            # splitmix64 (the body of ``_next64``, inlined: this is every draw's hot path)
            self.state = z = (self.state + _GOLDEN) & MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            r = z ^ (z >> 31)
            if r < limit:
                return r % n

    def random(self) -> float:
        """A float in [0, 1) that is not logged (for tie-breaking inside bots only)."""
        return (self._next64() >> 11) / float(1 << 53)

    def _take(self, label: str) -> _Forced | None:
        if not self._forced:
            return None
        f = self._forced.popleft()
        if f.label is not None and f.label != label:
            self._forced.appendleft(f)
            raise ChanceError(
                f"the next scripted outcome is for '{f.label}', but the game drew '{label}'"
            )
        return f

    def _emit(self, label: str, raw: Raw, shown: Any, to: frozenset[int] | None) -> None:
        # AppendLog.append written out for both logs (every draw's hot path): a log that
        # shares its list with a copy that appended first takes its own copy
        log = self.log
        items = log._items
        if len(items) == log._n:
            items.append((label, raw))
            log._n += 1
        else:
            log.append((label, raw))
        shown_to = self.shown_to
        seen = shown_to._items
        if len(seen) == shown_to._n:
            seen.append(to)
            shown_to._n += 1
        else:
            shown_to.append(to)
        if self.sink is not None:
            self.sink.append(_new_event(Event, ("chance", {"label": label, "value": shown}, to)))

    # -- draws -------------------------------------------------------------
    def randint(self, lo: int, hi: int, label: str, to: frozenset[int] | None = None) -> int:
        """A uniform integer in [lo, hi] (both included): a die is ``randint(1, 6, "die")``."""
        f = self._take(label) if self._forced else None
        if f is None:
            value = lo + self._below(hi - lo + 1)
        else:
            value = f.value
            if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
                raise ChanceError(f"'{label}' must be an integer in {lo}..{hi}, got {value!r}")
        self._emit(label, value, value, to)
        return int(value)

    def choice(self, items: Sequence[T], label: str, to: frozenset[int] | None = None) -> T:
        """One element of ``items``, uniformly."""
        if not items:
            raise ChanceError(f"'{label}': cannot choose from an empty sequence")
        f = self._take(label) if self._forced else None
        if f is None:
            index = self._below(len(items))
        elif f.is_raw:
            index = f.value
            if not isinstance(index, int) or not 0 <= index < len(items):
                raise ChanceError(f"'{label}': index {index!r} is outside 0..{len(items) - 1}")
        else:
            try:
                index = list(items).index(f.value)
            except ValueError:
                raise ChanceError(
                    f"'{label}': {f.value!r} is not among the {len(items)} choices"
                ) from None
        item = items[index]
        self._emit(label, index, _shown(item) if self.sink is not None else None, to)
        return item

    def sample(
        self, items: Sequence[T], k: int, label: str, to: frozenset[int] | None = None
    ) -> list[T]:
        """``k`` distinct positions of ``items``, in draw order."""
        n = len(items)
        if not 0 <= k <= n:
            raise ChanceError(f"'{label}': cannot draw {k} of {n}")
        f = self._take(label) if self._forced else None
        if f is None:
            pool = list(range(n))
            idx = []
            for i in range(k):
                j = i + self._below(n - i)
                pool[i], pool[j] = pool[j], pool[i]
                idx.append(pool[i])
        elif f.is_raw:
            idx = f.value
            if (
                not isinstance(idx, list)
                or len(idx) != k
                or len(set(idx)) != k
                or not all(isinstance(i, int) and 0 <= i < n for i in idx)
            ):
                raise ChanceError(f"'{label}': {idx!r} is not {k} distinct indices of 0..{n - 1}")
        else:
            idx = _indices_of(items, f.value, label)
            if len(idx) != k:
                raise ChanceError(f"'{label}': expected {k} scripted elements, got {len(idx)}")
        out = [items[i] for i in idx]
        shown = [_shown(x) for x in out] if self.sink is not None else None
        self._emit(label, list(idx), shown, to)
        return out

    def shuffle(
        self, items: MutableSequence[T], label: str, to: frozenset[int] | None = None
    ) -> None:
        """Shuffle ``items`` in place (Fisher-Yates); logged as the permutation."""
        n = len(items)
        f = self._take(label) if self._forced else None
        if f is None:
            perm = list(range(n))
            for i in range(n - 1, 0, -1):
                j = self._below(i + 1)
                perm[i], perm[j] = perm[j], perm[i]
        elif f.is_raw:
            perm = f.value
            if not isinstance(perm, list) or sorted(perm) != list(range(n)):
                raise ChanceError(f"'{label}': {perm!r} is not a permutation of 0..{n - 1}")
        else:
            perm = _indices_of(items, f.value, label)
            if len(perm) != n:
                raise ChanceError(f"'{label}': a scripted shuffle must list all {n} elements")
        old = list(items)
        items[:] = [old[i] for i in perm]
        shown = [_shown(x) for x in items] if self.sink is not None else None
        self._emit(label, list(perm), shown, to)


def _indices_of(items: Sequence[Any], wanted: Any, label: str) -> list[int]:
    """Positions in ``items`` of the wanted elements, each position used once."""
    if not isinstance(wanted, (list, tuple)):
        raise ChanceError(f"'{label}': expected a list of elements, got {wanted!r}")
    used: set[int] = set()
    out = []
    for w in wanted:
        for i, x in enumerate(items):
            if i not in used and x == w:
                used.add(i)
                out.append(i)
                break
        else:
            raise ChanceError(f"'{label}': {w!r} is not available to draw")
    return out


def _shown(item: Any) -> Any:
    """How a drawn element appears in an event: JSON primitives as they are, else text."""
    if item is None or isinstance(item, (bool, int, float, str)):
        return item
    to_json = getattr(item, "to_json", None)
    if callable(to_json):
        return to_json()
    return str(item)
