"""The database writer: one thread that commits the server's writes in order, many at once.

Every write of the server (a new room, a seat change, an accepted step) goes
through :meth:`Writer.write`, which returns once the write is **committed**:
an action is still acknowledged only after its step is in the database. The
writes wait in one queue; the thread takes whatever has queued up while it was
committing and commits it in one transaction (a *group commit*), so a busy
server pays one commit for many steps, and the event loop never waits on the
database: it runs the other rooms meanwhile.

The writes one turn of the event loop asks for are handed to the thread together, at
the end of that turn: one hand-over (which wakes the thread) for all of them, not one
per write.

If a group fails, its writes are tried again one by one, so only the write at
fault fails (its room takes its step back, see ``Room._commit``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from dataclasses import dataclass
from typing import Any

from .store import Store

log = logging.getLogger("obelisk.server")

#: The most writes committed in one transaction.
MAX_GROUP = 512


@dataclass
class _Job:
    op: str
    args: tuple[Any, ...]
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[None]


class Writer:
    """Commits :class:`Store` writes (``create_room``, ``update_room``, ``append_step``) on
    a thread of its own, in the order they were asked for, grouped into transactions."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._jobs: queue.SimpleQueue[list[_Job] | None] = queue.SimpleQueue()
        #: Writes asked for in this turn of the event loop, handed over at its end.
        self._pending: list[_Job] = []
        self._handing = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="obelisk-db-writer", daemon=True)
        self._thread.start()
        #: Transactions and writes committed so far (for the load figures).
        self.groups = 0
        self.writes = 0

    async def write(self, op: str, *args: Any) -> None:
        """Queue one write and wait until it is committed (or raise why it was not)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        with self._handing:
            first = not self._pending
            self._pending.append(_Job(op, args, loop, future))
        if first:
            loop.call_soon(self._hand_over)
        await future

    def _hand_over(self) -> None:
        """Give the thread the writes asked for so far (in the order they were asked)."""
        with self._handing:
            jobs, self._pending = self._pending, []
        if jobs:
            self._jobs.put(jobs)

    def close(self) -> None:
        """Commit what is queued, then stop the thread."""
        self._hand_over()
        self._jobs.put(None)
        self._thread.join(30)

    def _run(self) -> None:
        while True:
            first = self._jobs.get()
            if first is None:
                return
            group = list(first)
            stop = False
            while len(group) < MAX_GROUP:
                try:
                    jobs = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if jobs is None:
                    stop = True
                    break
                group.extend(jobs)
            for i in range(0, len(group), MAX_GROUP):
                self._commit(group[i : i + MAX_GROUP])
            if stop:
                return

    def _commit(self, group: list[_Job]) -> None:
        try:
            self.store.write_many([(j.op, j.args) for j in group])
            results: list[BaseException | None] = [None] * len(group)
            self.groups += 1
        except Exception:
            # one write at fault fails the group: try each on its own
            results = []
            for j in group:
                try:
                    self.store.write_many([(j.op, j.args)])
                    results.append(None)
                    self.groups += 1
                except Exception as e:
                    results.append(e)
        self.writes += sum(1 for r in results if r is None)
        # one wake-up of each event loop for the whole group, not one per write
        answers: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], Any]]] = {}
        for j, r in zip(group, results, strict=True):
            answers.setdefault(j.loop, []).append((j.future, r))
        for loop, settled in answers.items():
            # the loop may be closing (shutdown): then nobody waits for the answer
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_settle, settled)


def _settle(answers: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    for future, error in answers:
        if future.done():  # its waiter was cancelled (a room closing)
            continue
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)
