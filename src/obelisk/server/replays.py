"""Replays: a record stepped through as one seat saw it, computed in worker processes.

Stepping through a record replays every step of the game, which for a long game is a
second of work: it never runs on the event loop. A pool of worker processes
(``--replay-workers``) does it, each client one replay at a time (another at the same
time is refused with ``rate_limited``), and the answer comes back as encoded JSON, so the
event loop only passes bytes along.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import multiprocessing
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from obelisk.core import (
    ObeliskError,
    Outcome,
    Record,
    RecordError,
    State,
    TurnContext,
    Voice,
    get_game,
    replay,
)

from . import protocol
from .config import ServerError

#: The most steps a record posted to ``/replay/frames`` may have (each step is replayed).
MAX_REPLAY_STEPS = 1500
#: The most steps of a room the server replays for ``/api/rooms/{id}/replay``.
ROOM_REPLAY_STEPS = 20_000


def _names(data: dict[str, Any], n: int) -> tuple[str, ...]:
    seats = data.get("seats") or []
    out = []
    for i in range(n):
        s = seats[i] if i < len(seats) and isinstance(seats[i], dict) else {}
        out.append(str(s.get("name") or f"Seat {i + 1}"))
    return tuple(out)


def _entries(game: Any, events: list[dict[str, Any]], voice: Voice) -> list[dict[str, Any]]:
    """The lasting sentences of ``events`` for the voice's reader (flashes are never kept)."""
    out = []
    for e in events:
        text = game.narrate(e, voice)
        if text:
            seat = e.get("seat")
            out.append({"seat": seat if isinstance(seat, int) else None, "text": text})
    return out


def record_frames(data: Any, seat: int | None, max_steps: int = MAX_REPLAY_STEPS) -> dict[str, Any]:
    """A record stepped through as ``seat`` saw it (None: a spectator): one frame per change
    of that seat's view, each with its observation and the new sentences.

    A full record is replayed by the engine; a redacted one holds only the seat's events
    and its final observation, so it gives the sentences and the final table only.
    """
    if not isinstance(data, dict):
        raise ServerError("a record must be a JSON object", "bad_record", 400)
    try:
        game = get_game(str(data.get("game")))
    except Exception:
        raise ServerError(f"no game named {data.get('game')!r}", "unknown_game", 400) from None
    n = int(data.get("num_players") or 0)
    if str(data.get("format", "")).endswith("-redacted"):
        for_seat = data.get("for_seat")
        voice = Voice(_names(data, n), for_seat if isinstance(for_seat, int) else None)
        events = [e for e in data.get("events") or [] if isinstance(e, dict)]
        return {
            "game": game.name,
            "seat": voice.viewer,
            "seats": [{"name": x} for x in voice.names],
            "complete": False,
            "frames": [{"obs": data.get("observation"), "entries": _entries(game, events, voice)}],
            "result": data.get("result"),
        }
    try:
        record = Record.from_json(data)
    except RecordError as e:
        raise ServerError(str(e), "bad_record", 400) from None
    if len(record.steps) > max_steps:
        raise ServerError(f"the record has more than {max_steps} steps", "too_large", 413)
    if seat is not None and not 0 <= seat < record.num_players:
        raise ServerError(f"the game has no seat {seat + 1}", "no_seat", 400)
    voice = Voice(_names(data, record.num_players), seat)
    out: list[dict[str, Any]] = []
    seen = 0
    last_obs: Any = None
    state: State | None = None
    try:
        for state in stepped(record):
            new = state.seen_events_for(seat, seen)
            # a copy: the state moves on, and a game may hand out its own lists
            obs = json.loads(json.dumps(state.observation(seat)))
            if new or obs != last_obs:
                out.append(
                    {
                        "obs": obs,
                        "entries": _entries(game, new, voice),
                        "ctx": TurnContext.of(state).to_json(),
                    }
                )
            seen, last_obs = seen + len(new), obs
    except RecordError as e:
        raise ServerError(str(e), "bad_record", 400) from None
    final = state
    result = None
    if final is not None and final.is_terminal():
        outcome = Outcome.of(final).to_json()
        result = {"scores": outcome["scores"], "winners": outcome["winners"]}
    return {
        "game": game.name,
        "seat": seat,
        "seats": [{"name": x} for x in voice.names],
        "complete": True,
        "frames": out,
        "result": result,
    }


def stepped(record: Record) -> Iterator[State]:
    """The positions of a full record, one per step from the start (the same state object,
    moved on between yields), each step's recorded chance outcomes forced as ``replay`` does."""
    state = replay(record, upto=0, check_result=False)
    game = state.game
    yield state
    for i, step in enumerate(record.steps):
        try:
            action = game.action_from_json(step["action"])
            for label, raw in step.get("chance", []):
                state.chance.force_raw(label, raw)
            if step.get("seat") is None:
                state.apply_system(action)
            else:
                state.apply(action)
        except (ObeliskError, KeyError, TypeError, ValueError) as e:
            raise RecordError(f"step {i + 1} cannot be replayed: {e}", i) from None
        if state.chance.pending:
            raise RecordError(f"step {i + 1}: recorded chance outcomes were not drawn", i)
        yield state


def frames_json(
    data: Any, seat: int | None, max_steps: int, gzipped: bool = False
) -> tuple[str, Any]:
    """In a worker: :func:`record_frames` encoded (and gzip-compressed if ``gzipped``), as
    ``("ok", bytes)`` or ``("error", (message, code, status))`` (exceptions of the server's
    own kind do not cross processes). ``data`` may be the request's raw bytes (parsed
    here, strictly, off the event loop)."""
    try:
        if isinstance(data, (bytes, bytearray)):
            try:
                data = protocol.loads_strict(bytes(data))
            except ValueError as e:
                raise ServerError(f"the body is not standard JSON: {e}", "malformed", 400) from None
        out = protocol.dumps(record_frames(data, seat, max_steps)).encode("utf-8")
        return "ok", gzip.compress(out, 6) if gzipped else out
    except ServerError as e:
        return "error", (e.message, e.code, e.status)
    except Exception as e:  # a record that breaks the engine: the client's input, not ours
        return "error", (f"the record cannot be replayed: {type(e).__name__}", "bad_record", 400)


class Replayer:
    """The worker processes that step through records, and who is using them."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None
        self._busy: set[str] = set()

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fresh interpreter, never a copy of the server's threads and sockets
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn")
            )
        return self._pool

    async def frames(
        self, client: str, data: Any, seat: int | None, max_steps: int, gzipped: bool = False
    ) -> bytes:
        """The frames of ``data`` for ``seat`` as JSON bytes (gzip-compressed if ``gzipped``),
        worked out in a worker process; one replay at a time per ``client`` (its address)."""
        if client in self._busy:
            raise ServerError(
                "one replay at a time: your previous replay is still being worked out",
                "rate_limited",
                429,
            )
        self._busy.add(client)
        try:
            loop = asyncio.get_running_loop()
            kind, value = await loop.run_in_executor(
                self._executor(), frames_json, data, seat, max_steps, gzipped
            )
        finally:
            self._busy.discard(client)
        if kind == "error":
            message, code, status = value
            raise ServerError(message, code, status)
        assert isinstance(value, bytes)
        return value

    def close(self) -> None:
        """Stop the workers."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
