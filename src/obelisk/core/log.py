"""An append-only sequence that copies in O(1): the events, history and chance log of a state.

A state's past only grows (undo replays a record into a new state), so a
clone can share its original's list: each :class:`AppendLog` sees the first
``len(self)`` items of a list that may be shared with other logs. Appending
writes into the shared list when this log is at its end; a log that has
fallen behind (another copy appended first) takes a private copy of its
prefix before it appends. Nobody ever changes an item in place, so a shared
prefix is the same for every log that sees it.

Search clones a position thousands of times and throws most clones away
after a few moves; with plain lists each clone copied the whole past, which
made a clone cost grow with the length of the game.

A :class:`NullLog` is the event log of a *quiet* state (``State.quiet``, issue 37): a
simulation copy nobody reads the events of, so what is appended is dropped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class AppendLog(Sequence[T], Generic[T]):
    """A list that only grows, with O(1) :meth:`fork`. Compares equal to a list of its items."""

    __slots__ = ("_items", "_n")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items: list[T] = list(items)
        self._n = len(self._items)

    def fork(self) -> AppendLog[T]:
        """An independent log with the same items (sharing storage until one appends)."""
        new: AppendLog[T] = AppendLog.__new__(AppendLog)
        new._items = self._items
        new._n = self._n
        return new

    def append(self, item: T) -> None:
        """Add one item at the end."""
        items = self._items
        if len(items) != self._n:
            items = self._items = items[: self._n]
        items.append(item)
        self._n += 1

    def extend(self, items: Iterable[T]) -> None:
        """Add items at the end."""
        own = self._items
        if len(own) != self._n:
            own = self._items = own[: self._n]
        own.extend(items)
        self._n = len(own)

    def since(self, start: int) -> list[T]:
        """The items from index ``start`` (>= 0) on, as a new list."""
        return self._items[start : self._n]

    def to_list(self) -> list[T]:
        """The items as a new list."""
        return self._items[: self._n]

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        n = self._n
        if isinstance(index, slice):
            start, stop, step = index.indices(n)
            if step < 0:  # a stop of -1 would mean "the last item" to a list
                return self._items[:n][index]
            return self._items[start:stop:step]
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("log index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        return islice(self._items, self._n)

    def __reversed__(self) -> Iterator[T]:
        items = self._items
        for i in range(self._n - 1, -1, -1):
            yield items[i]

    def __bool__(self) -> bool:
        return self._n > 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, AppendLog):
            return self.to_list() == other.to_list()
        if isinstance(other, list):
            return self.to_list() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"AppendLog({self.to_list()!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (AppendLog, (self.to_list(),))

    def __copy__(self) -> AppendLog[T]:
        return self.fork()

    def __deepcopy__(self, memo: dict[int, Any]) -> AppendLog[T]:
        import copy

        return AppendLog(copy.deepcopy(self.to_list(), memo))


class NullLog(AppendLog[T]):
    """An :class:`AppendLog` that drops what is appended: always empty (a quiet state's
    events, ``State.quiet``). Its forks are new empty null logs."""

    __slots__ = ()

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items = []
        self._n = 0

    def fork(self) -> AppendLog[T]:
        """Another empty null log."""
        return NullLog()

    def append(self, item: T) -> None:
        """Drop ``item``."""

    def extend(self, items: Iterable[T]) -> None:
        """Drop ``items``."""

    def __repr__(self) -> str:
        return "NullLog()"

    def __reduce__(self) -> tuple[Any, ...]:
        return (NullLog, ())

    def __deepcopy__(self, memo: dict[int, Any]) -> AppendLog[T]:
        return NullLog()
