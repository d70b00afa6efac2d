"""The server's settings, one object the CLI fills in and the app reads."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from obelisk.core import Game, ObeliskError, register

#: The SQLite file ``obelisk serve`` uses when no ``--db`` is given.
DEFAULT_DB = "sqlite:///obelisk-server.sqlite3"


class ServerError(ObeliskError):
    """A request the server refuses (bad room, seat, token, message): the text says why."""

    def __init__(
        self, message: str, code: str = "bad_request", status: int = 400, **extra: object
    ) -> None:
        self.code = code
        self.status = status
        self.message = message
        #: More fields for the error message (e.g. the rule that forbids an action).
        self.extra = extra
        super().__init__(message)


@dataclass
class ServerConfig:
    """Everything the server can be told. The defaults suit one machine and a few friends."""

    #: An SQLAlchemy URL, or a plain file path for SQLite.
    db: str = DEFAULT_DB
    #: Modules to import before start that register extra games (e.g. a test game).
    plugins: list[str] = field(default_factory=list)
    #: Seconds a computer player's move takes at least (its thinking counts), so people can
    #: follow the game; the next moves of the same turn take ``bots.FOLLOW_UP`` of it.
    bot_delay: float = 0.0
    #: Seconds a computer player may think; past it a random legal action is played.
    bot_budget: float = 5.0
    #: Threads that run computer players (off the event loop).
    bot_workers: int = 2
    #: Seconds of wall time between two clock ticks of a real-time game.
    tick_interval: float = 1.0
    #: Game seconds per wall second (1 in play; tests speed the clock up).
    clock_speed: float = 1.0
    #: The largest WebSocket message the server reads (bytes); larger ones get an error.
    max_message: int = 16_384
    #: Messages a connection may send per second on average, and in a burst.
    rate: float = 20.0
    burst: int = 40
    #: The most unfinished rooms at once; creating another is refused.
    max_rooms: int = 2_000
    #: A secret that unlocks full (unredacted) records over HTTP; None disables that.
    admin_token: str | None = None
    #: Seconds a seat must have been disconnected before another player may hand it to a bot.
    grace: float = 60.0
    #: The largest HTTP request body read (bytes); larger ones get 413.
    max_body: int = 65_536
    #: Rooms one client address may create per minute (and at once, in a burst).
    room_rate: float = 30.0
    #: Seconds a waiting room may wait for its players before it is closed (0: never).
    expire_waiting: float = 3_600.0
    #: Seconds a finished room nobody watches stays in memory (its record stays in the database).
    expire_finished: float = 600.0
    #: Seconds a playing room may go on with no person connected before it is ended as
    #: abandoned (its record kept; 0: never).
    abandon_after: float = 3_600.0
    #: Seconds a rematch keeps each human seat for its player of the last game.
    rematch_hold: float = 300.0
    #: Accept a seed chosen by the room's creator (tests, tournaments with a published
    #: seed); such a room says so to everybody. Off: the server draws every seed.
    allow_chosen_seeds: bool = False
    #: Unfinished rooms with searching computer players one client may have at once (0: any).
    search_rooms: int = 2
    #: Unfinished rooms one client address may have made at once (0: any): one address
    #: cannot fill the server's ``max_rooms``.
    rooms_per_client: int = 20
    #: Origins (scheme://host:port) a browser may open a WebSocket from, besides the
    #: server's own (a deployment behind a proxy under another name lists its public one).
    allowed_origins: list[str] = field(default_factory=list)
    #: Worker processes that replay records for ``/replay/frames`` and room replays.
    replay_workers: int = 1
    #: This process's own address for the other processes of one site (``http://10.0.0.5:8001``):
    #: set, the server shares its database with others, holds the rooms it serves by a lease
    #: and forwards a request for another process's room to it (docs/deploy.md). None: alone.
    cluster_url: str | None = None
    #: Seconds a room's lease lasts unless renewed: how soon another process takes over the
    #: rooms of one that died (renewed every third of it).
    lease_seconds: float = 10.0


def load_plugins(names: list[str]) -> list[Game]:
    """Import each plug-in module and register the games it holds.

    A module may define ``GAMES`` (a sequence) or ``GAME``; otherwise every
    module-level :class:`Game` instance is registered. Returns the games added.
    """
    added: list[Game] = []
    for name in names:
        try:
            module = importlib.import_module(name)
        except ImportError as e:
            raise ServerError(f"cannot import plug-in '{name}': {e}") from None
        if hasattr(module, "GAMES"):
            found = list(module.GAMES)
        elif hasattr(module, "GAME"):
            found = [module.GAME]
        else:
            found = [v for v in vars(module).values() if isinstance(v, Game)]
        for g in found:
            if isinstance(g, Game):
                register(g)
                added.append(g)
    return added
