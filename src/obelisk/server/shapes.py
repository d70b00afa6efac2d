"""What the server's parts read of one another, named by shape (protocols), so that the
room, its computer players, the disclosure layer and the lobby import no circle: the room
imports :mod:`.bots` and :mod:`.disclosure`, which know a room only as :class:`RoomLike`,
and the lobby imports the room, which knows its lobby only as :class:`LobbyLike`."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import Executor
from typing import Any, Protocol

from obelisk.core import Action, Agent, Game, Record, State

from .config import ServerConfig
from .moment import Moment
from .store import RoomRow
from .timing import Clock

JSON = Any


class LobbyLike(Protocol):
    """What a room reads of its lobby."""

    @property
    def config(self) -> ServerConfig: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def bots(self) -> Executor: ...

    @property
    def quick_levels(self) -> dict[tuple[str, str], bool]: ...

    async def write(self, op: str, *args: Any) -> None: ...


class RoomLike(Protocol):
    """What the computer players and the disclosure layer read of a room."""

    id: str
    row: RoomRow
    game: Game
    _state: State
    lock: asyncio.Lock
    agents: dict[int, Agent]
    _quick: dict[int, bool]
    _closing: bool
    decisions: list[int]
    rng: random.Random

    @property
    def lobby(self) -> LobbyLike: ...

    @property
    def status(self) -> str: ...

    @property
    def over(self) -> bool: ...

    def names(self) -> tuple[str, ...]: ...

    def summary(self) -> dict[str, JSON]: ...

    def public_seats(self) -> list[dict[str, JSON]]: ...

    def seat_of(self, token: str | None, former: bool = False) -> int | None: ...

    def clock_paused(self) -> bool: ...

    def _now(self) -> Moment: ...

    def watched(self) -> bool: ...

    def full_record(self, steps: list[dict[str, JSON]] | None = None) -> Record: ...

    async def _commit(self, seat: int, action: Action, announce: bool = True) -> None: ...
