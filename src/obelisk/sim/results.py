"""Results files: JSON Lines, one header line with the plan, then one line per game.

Lines are appended as games finish and flushed at once (fsync'ed at most
once a second and at the end), so a run that is killed keeps every game the
driver had received; a torn last line is ignored on reading and cut off on
resume. When a run completes, the file is rewritten in game-index order
(atomically, through a temporary file), so a finished file does not depend on
the number of workers or the backend.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from obelisk.core import ObeliskError

from .tournament import FORMAT, READABLE_VERSIONS


class ResultsError(ObeliskError):
    """A results file that is missing, damaged or belongs to another run."""


@dataclass
class Results:
    """A results file read back: its header, its game lines, and where the good data ends."""

    header: dict[str, Any]
    games: list[dict[str, Any]] = field(default_factory=list)
    #: Byte length of the complete lines (a torn last line starts here).
    good_bytes: int = 0
    #: True when the last line was torn (the run was killed mid-write).
    torn: bool = False

    def finished(self) -> set[int]:
        """Indices of the games in the file."""
        return {int(g["i"]) for g in self.games}


def dumps_line(obj: dict[str, Any]) -> str:
    """One JSONL line (compact, stable key order as given)."""
    return json.dumps(obj, separators=(",", ":"), allow_nan=False) + "\n"


def read_results(path: str | Path) -> Results:
    """Read a results file; raises :class:`ResultsError` naming the line at fault."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise ResultsError(f"{p}: no such results file") from None
    except OSError as e:
        raise ResultsError(f"{p}: {e.strerror}") from None
    lines = data.split(b"\n")
    # Everything after the last newline is a torn line (or empty).
    tail = lines.pop()
    header: dict[str, Any] | None = None
    games: list[dict[str, Any]] = []
    good = 0
    torn = bool(tail.strip())
    for n, raw in enumerate(lines, start=1):
        if not raw.strip():
            good += len(raw) + 1
            continue
        try:
            obj = json.loads(raw)
        except ValueError:
            raise ResultsError(f"{p}: line {n} is not valid JSON") from None
        if not isinstance(obj, dict):
            raise ResultsError(f"{p}: line {n} is not a JSON object")
        if header is None:
            if obj.get("format") != FORMAT:
                raise ResultsError(f"{p}: not an Obelisk simulation results file (no header line)")
            if obj.get("format_version") not in READABLE_VERSIONS:
                raise ResultsError(
                    f"{p}: unsupported results format version {obj.get('format_version')!r}"
                )
            header = obj
        else:
            if not isinstance(obj.get("i"), int):
                raise ResultsError(f"{p}: line {n} has no game index 'i'")
            games.append(obj)
        good += len(raw) + 1
    if header is None:
        raise ResultsError(f"{p}: empty results file (no header line)")
    return Results(header, games, good, torn)


class ResultsWriter:
    """Appends game lines to a results file as they arrive; :meth:`finish` sorts it."""

    def __init__(self, path: str | Path, header: dict[str, Any], resume: bool = False) -> None:
        """Open ``path`` for a run with ``header``.

        With ``resume`` the file must exist; its torn last line (if any) is cut
        off, its header is replaced by ``header`` at :meth:`finish`, and
        :attr:`done` holds the indices already there. Without it a new file is
        written (the caller decides whether overwriting is allowed).
        """
        self.path = Path(path)
        self.header = header
        self.done: set[int] = set()
        self._last_sync = time.monotonic()
        if resume:
            old = read_results(self.path)
            self.done = old.finished()
            self._fh: IO[str] = open(self.path, "r+", encoding="utf-8")  # noqa: SIM115
            self._fh.truncate(old.good_bytes)
            self._fh.seek(old.good_bytes)
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fh = open(self.path, "w", encoding="utf-8")  # noqa: SIM115
            self._fh.write(dumps_line(header))
            self._sync(force=True)

    def write(self, lines: Iterable[dict[str, Any]]) -> None:
        """Append game lines and hand them to the operating system at once."""
        for line in lines:
            self._fh.write(dumps_line(line))
            self.done.add(int(line["i"]))
        self._sync()

    def _sync(self, force: bool = False) -> None:
        self._fh.flush()
        now = time.monotonic()
        if force or now - self._last_sync >= 1.0:
            os.fsync(self._fh.fileno())
            self._last_sync = now

    def close(self) -> None:
        """Flush, fsync and close (the file stays in arrival order)."""
        if not self._fh.closed:
            self._sync(force=True)
            self._fh.close()

    def finish(self) -> None:
        """Close, then rewrite the file as header + games in index order, atomically."""
        self.close()
        sort_results(self.path, self.header)


def sort_results(path: str | Path, header: dict[str, Any] | None = None) -> None:
    """Rewrite a results file with its games in index order (one line per index)."""
    p = Path(path)
    res = read_results(p)
    by_index: dict[int, dict[str, Any]] = {}
    for g in res.games:
        by_index.setdefault(int(g["i"]), g)
    tmp = p.with_name(p.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(dumps_line(header or res.header))
        for i in sorted(by_index):
            fh.write(dumps_line(by_index[i]))
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, p)
