"""Where the games of a run are played: in this process, in local worker processes, or on Ray.

Every backend plays *chunks* of :class:`~obelisk.sim.tournament.GameSpec`
with :func:`~obelisk.sim.tournament.play_chunk` and hands back the lines in
the order chunks finish; :func:`drive` keeps a few chunks in flight per
worker and sizes them from measured speed (about ``target_chunk_seconds`` of
work each, smaller near the end so workers finish together). A game's line
depends only on its spec, so chunk sizes and completion order never change
the results.

The game object itself is shipped to the workers (pickled by reference to
its class), so any registered game works, including plug-ins and test games.
"""

from __future__ import annotations

import concurrent.futures as cf
import itertools
import os
import signal
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from obelisk.core import Game, ObeliskError

from .tournament import GameSpec, play_chunk

Lines = list[dict[str, Any]]


class BackendError(ObeliskError):
    """A backend that cannot start (Ray missing or unreachable) or lost its workers."""


class Backend(ABC):
    """Plays chunks of games somewhere. Use as a context manager around :func:`drive`."""

    name = "backend"
    #: How long one chunk should take; larger where each task costs more to dispatch.
    target_chunk_seconds = 0.25

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)

    @property
    def max_in_flight(self) -> int:
        """Chunks submitted at once (enough to keep every worker busy)."""
        return 2 * self.workers

    def start(self, game: Game, timing: bool, time_caps: bool = False) -> None:
        """Prepare the workers for ``game`` (``time_caps``: search keeps its wall-clock caps)."""
        self.game = game
        self.timing = timing
        self.time_caps = time_caps

    @abstractmethod
    def submit(self, specs: list[GameSpec]) -> Any:
        """Start one chunk; returns a handle for :meth:`wait`."""

    @abstractmethod
    def wait(self, handles: list[Any]) -> list[tuple[Any, tuple[Lines, float]]]:
        """Block until at least one handle is done; its (lines, seconds) per finished handle."""

    def stop(self, aborted: bool = False) -> None:
        """Release the workers (without waiting for running chunks when ``aborted``)."""

    def describe(self) -> str:
        """A short description for the terminal."""
        return f"{self.name}, {self.workers} worker{'s' if self.workers != 1 else ''}"


class InlineBackend(Backend):
    """Plays every chunk in this process (``--workers 1``): no start-up cost at all."""

    name = "local"

    def __init__(self) -> None:
        super().__init__(1)
        self._done: dict[int, tuple[Lines, float]] = {}
        self._ids = itertools.count()

    @property
    def max_in_flight(self) -> int:
        """One chunk at a time."""
        return 1

    def submit(self, specs: list[GameSpec]) -> Any:
        """Play the chunk now."""
        h = next(self._ids)
        self._done[h] = play_chunk(self.game, specs, self.timing, self.time_caps)
        return h

    def wait(self, handles: list[Any]) -> list[tuple[Any, tuple[Lines, float]]]:
        """The chunks played already."""
        return [(h, self._done.pop(h)) for h in handles]


# -- local worker processes ------------------------------------------------------
_WORKER: dict[str, Any] = {}


def _init_worker(game: Game, timing: bool, time_caps: bool) -> None:
    # Ctrl-C is the driver's to handle: it stops submitting and saves what finished.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # SIGTERM ends a worker at once (the default), whatever a library installed.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _WORKER["game"] = game
    _WORKER["timing"] = timing
    _WORKER["time_caps"] = time_caps


def _worker_chunk(specs: list[GameSpec]) -> tuple[Lines, float]:
    return play_chunk(_WORKER["game"], specs, _WORKER["timing"], _WORKER["time_caps"])


class LocalBackend(Backend):
    """A pool of local worker processes (``concurrent.futures.ProcessPoolExecutor``)."""

    name = "local"

    def start(self, game: Game, timing: bool, time_caps: bool = False) -> None:
        """Start the worker processes."""
        super().start(game, timing, time_caps)
        self._pool = cf.ProcessPoolExecutor(
            max_workers=self.workers, initializer=_init_worker, initargs=(game, timing, time_caps)
        )

    def submit(self, specs: list[GameSpec]) -> Any:
        """Send one chunk to the pool."""
        return self._pool.submit(_worker_chunk, specs)

    def wait(self, handles: list[Any]) -> list[tuple[Any, tuple[Lines, float]]]:
        """Wait for the first chunks to finish."""
        done, _ = cf.wait(handles, return_when=cf.FIRST_COMPLETED)
        out = []
        for f in done:
            try:
                out.append((f, f.result()))
            except cf.process.BrokenProcessPool:
                raise BackendError(
                    "a worker process died (out of memory, or killed); "
                    "the games finished so far are saved, continue with --resume"
                ) from None
        return out

    def stop(self, aborted: bool = False) -> None:
        """Shut the pool down."""
        pool = getattr(self, "_pool", None)
        if pool is None:
            return
        if not aborted:
            pool.shutdown(wait=True)
            return
        # Interrupted (Ctrl-C, SIGTERM): end the workers now, mid-chunk, and wait until
        # each is gone, so that no worker outlives the run.
        procs = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for p in procs:
            if p.is_alive():
                p.terminate()
        for p in procs:
            p.join(timeout=5)
            if p.is_alive():
                p.kill()
                p.join(timeout=5)


# -- Ray -------------------------------------------------------------------------
#: Scheduling priority of the workers of a local Ray we start (Ray's own default is 15).
RAY_WORKER_NICENESS = 0


def _ray_chunk(
    game: Game, specs: list[GameSpec], timing: bool, time_caps: bool
) -> tuple[Lines, float]:
    return play_chunk(game, specs, timing, time_caps)


class RayBackend(Backend):
    """Ray tasks over chunks, on a cluster (``address``) or on a local Ray started here.

    A local Ray gets ``workers`` CPUs (default: all cores) and this process's
    ``sys.path``, so its workers import exactly what the driver imports, and
    runs them at normal priority (Ray's default niceness of 15 lets any other
    work on the machine starve them). On a
    cluster, the nodes need Obelisk installed (``pip install obelisk[ray]``);
    ``workers`` defaults to the cluster's CPUs.
    """

    name = "ray"
    target_chunk_seconds = 1.0

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        super().__init__(workers or os.cpu_count() or 1)
        self._workers_given = workers is not None
        self.address = address
        self._started = False

    def start(self, game: Game, timing: bool, time_caps: bool = False) -> None:
        """Connect to (or start) Ray and put the game in its object store."""
        super().start(game, timing, time_caps)
        try:
            import ray
        except ImportError:
            raise BackendError("the Ray backend needs Ray: pip install 'obelisk[ray]'") from None
        self._ray = ray
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"logging_level": "ERROR", "log_to_driver": False}
            try:
                if self.address:
                    ray.init(address=self.address, **kwargs)
                else:
                    path = os.pathsep.join(p for p in sys.path if p)
                    env = {"PYTHONPATH": path}
                    if os.environ.get("OBELISK_PLUGINS"):
                        env["OBELISK_PLUGINS"] = os.environ["OBELISK_PLUGINS"]
                    ray.init(
                        num_cpus=self.workers,
                        include_dashboard=False,
                        runtime_env={"env_vars": env},
                        # Ray starts its workers at niceness 15 by default: on a machine
                        # doing anything else they then starve (6x slower at load 4).
                        _system_config={"worker_niceness": RAY_WORKER_NICENESS},
                        **kwargs,
                    )
            except Exception as e:  # Ray raises bare Exception, e.g. on a start-up timeout
                where = f"Ray at {self.address}" if self.address else "a local Ray"
                raise BackendError(f"cannot start {where}: {e}") from None
            self._started = True
        if not self._workers_given:
            cpus = ray.cluster_resources().get("CPU", self.workers)  # type: ignore[no-untyped-call]
            self.workers = max(1, int(cpus))
        self._task = ray.remote(num_cpus=1)(_ray_chunk)
        self._game_ref = ray.put(game)

    def submit(self, specs: list[GameSpec]) -> Any:
        """Start one Ray task."""
        return self._task.remote(self._game_ref, specs, self.timing, self.time_caps)

    def wait(self, handles: list[Any]) -> list[tuple[Any, tuple[Lines, float]]]:
        """Wait for the first tasks to finish."""
        ready, _ = self._ray.wait(handles, num_returns=1)
        # Take every task that is ready by now, not just one.
        more, _ = self._ray.wait(handles, num_returns=len(handles), timeout=0)
        ready = list({r: None for r in [*ready, *more]})
        try:
            values = self._ray.get(ready)
        except self._ray.exceptions.RayError as e:
            raise BackendError(f"a Ray task failed: {e}") from None
        return list(zip(ready, values, strict=True))

    def stop(self, aborted: bool = False) -> None:
        """Shut down the local Ray this backend started (a cluster is left running)."""
        if self._started:
            self._ray.shutdown()
            self._started = False

    def describe(self) -> str:
        """Where the games run."""
        where = self.address or "local Ray"
        return f"ray ({where}), {self.workers} CPUs"


def make_backend(name: str, workers: int | None = None, address: str | None = None) -> Backend:
    """The backend called ``name`` (``local`` or ``ray``); ``workers=None`` uses all cores."""
    if address and name != "ray":
        name = "ray"
    if name == "local":
        w = workers or os.cpu_count() or 1
        return InlineBackend() if w == 1 else LocalBackend(w)
    if name == "ray":
        return RayBackend(workers, address)
    raise BackendError(f"unknown backend '{name}'; backends: local, ray")


# -- the driver loop -------------------------------------------------------------
class ChunkSizer:
    """Chunk sizes from measured seconds per game: about ``target`` seconds each."""

    def __init__(self, workers: int, target: float) -> None:
        self.workers = workers
        self.target = target
        self.per_game: float | None = None

    def observe(self, games: int, seconds: float) -> None:
        """Learn from one finished chunk (an exponential average)."""
        if games <= 0:
            return
        x = seconds / games
        self.per_game = x if self.per_game is None else 0.7 * self.per_game + 0.3 * x

    def size(self, remaining: int) -> int:
        """The size of the next chunk, with ``remaining`` games not yet submitted."""
        if self.per_game is None:
            return 1
        n = int(self.target / max(self.per_game, 1e-6))
        tail = max(1, remaining // (self.workers * 4))
        return max(1, min(n, tail, 2000))


def drive(
    backend: Backend,
    specs: Iterable[GameSpec],
    remaining: int,
    on_lines: Callable[[Lines], None],
) -> None:
    """Play ``specs`` (``remaining`` of them) on a started backend; ``on_lines`` per chunk."""
    sizer = ChunkSizer(backend.workers, backend.target_chunk_seconds)
    it: Iterator[GameSpec] = iter(specs)
    pending: dict[Any, int] = {}
    left = remaining
    exhausted = False
    while True:
        while not exhausted and len(pending) < backend.max_in_flight:
            chunk = list(itertools.islice(it, sizer.size(left)))
            if not chunk:
                exhausted = True
                break
            left -= len(chunk)
            pending[backend.submit(chunk)] = len(chunk)
        if not pending:
            return
        for handle, (lines, seconds) in backend.wait(list(pending)):
            del pending[handle]
            sizer.observe(len(lines), seconds)
            on_lines(lines)
