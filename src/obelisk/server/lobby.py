"""The lobby: every live room, the database, and the executors for storage and computer players."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from obelisk.agents import default_level, levels, make_agent
from obelisk.core import Game, ObeliskError, Outcome, Record, get_game, replay

from . import bots, disclosure
from .clock import has_clock, realtime_options
from .cluster import Elsewhere, keep_leases, process_name
from .config import ServerConfig, ServerError
from .conn import LoopLag
from .leases import Holder, Leases
from .limits import check_network_options
from .room import (
    ABANDONED,
    EXPIRED,
    FINISHED,
    PLAYING,
    WAITING,
    Room,
    public_seat,
    rematch_id,
    rematch_token,
)
from .store import RoomRow, Store
from .timing import Clock
from .writer import Writer

JSON = Any
T = TypeVar("T")
log = logging.getLogger("obelisk.server")

#: Seconds between two wake-ups of the loop watcher (Lobby._watch_loop).
LAG_PERIOD = 0.02


class Lobby:
    """Every live room, the database, and the executors for storage and computer players."""

    def __init__(self, config: ServerConfig, clock: Clock | None = None) -> None:
        self.config = config
        #: Every reading of time in the server (a fake one in tests).
        self.clock = clock or Clock()
        self.store = Store(config.db)
        #: Every write goes through one thread, in order, grouped into transactions.
        self.writer = Writer(self.store)
        # reads: inline for SQLite (a local file, read while the writer writes: WAL), on
        # threads for a server database (reached over the network)
        self._inline = self.store.is_sqlite
        self._db = ThreadPoolExecutor(4, thread_name_prefix="obelisk-db")
        self.bots = ThreadPoolExecutor(max(1, config.bot_workers), thread_name_prefix="obelisk-bot")
        #: Whether a computer player of (game, level) has shown it moves quickly enough to
        #: move on the event loop (see :func:`.bots.quick`): a new room's bots start from it.
        self.quick_levels: dict[tuple[str, str], bool] = {}
        self.rooms: dict[str, Room] = {}
        self._create_lock = asyncio.Lock()
        self._load_lock = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None
        #: Room creation per client address: a token bucket each (tokens, when last filled).
        self._buckets: dict[str, tuple[float, float]] = {}
        #: How late the event loop woke a task that slept LAG_PERIOD (see _watch_loop).
        self.lag = LoopLag()
        self._watcher: asyncio.Task[None] | None = None
        #: With ``--cluster-url``: the leases by which this process holds its rooms
        #: among the processes of one site (:mod:`.cluster`); None when it serves alone.
        self.leases: Leases | None = (
            Leases(self.store, process_name(), config.cluster_url, config.lease_seconds)
            if config.cluster_url
            else None
        )
        self._leaser: asyncio.Task[None] | None = None
        #: Rooms whose lease this process just took, on their way into ``rooms``.
        self._arriving: set[str] = set()

    async def write(self, op: str, *args: Any) -> None:
        """Commit one write (see :meth:`Store.write_many`) on the writer thread; returns
        once it is committed, raises if it could not be. The event loop serves the other
        rooms meanwhile, and writes that queue up meanwhile share one commit."""
        await self.writer.write(op, *args)

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a blocking read: inline for SQLite, else on a storage thread.

        An SQLite read is a fraction of a millisecond, less than handing work to a
        thread and back; a server database is reached over the network, so it gets
        threads. Writes go through :meth:`write`.
        """
        if self._inline:
            return fn(*args, **kwargs)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: fn(*args, **kwargs))

    async def start(self) -> int:
        """Reload every unfinished room by replaying its steps; returns how many."""
        rows = await self.db(self.store.unfinished)
        n = 0
        for row in rows:
            if self.leases is not None and await self._lease(row.id) is not None:
                continue  # another process of the site serves it
            try:
                room = self._build(row)
            except ObeliskError as e:
                log.error("room %s cannot be reloaded: %s", row.id, e)
                continue
            self.rooms[row.id] = room
            n += 1
        self._arriving.clear()  # every room taken above is in ``rooms`` now, or failed
        for room in self.rooms.values():
            room.wake()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_loop())
        self._watcher = asyncio.get_running_loop().create_task(self._watch_loop())
        if self.leases is not None:
            period = self.leases.seconds / 3
            self._leaser = asyncio.get_running_loop().create_task(keep_leases(self, period))
        return n

    async def _lease(self, room_id: str) -> Holder | None:
        """Take ``room_id``'s lease for this process; the process holding it otherwise."""
        assert self.leases is not None
        # marked as arriving before the lease is taken: a renewal that runs meanwhile (on
        # another storage thread) may see the new lease before this returns, and must not
        # give it up as forgotten
        self._arriving.add(room_id)
        try:
            holder = await self.db(self.leases.take, room_id, self.clock.time())
        except BaseException:
            self._arriving.discard(room_id)
            raise
        if holder is not None:  # another process holds it
            self._arriving.discard(room_id)
        return holder

    async def tend_leases(self) -> None:
        """Renew this process's leases; let go of the rooms it lost (a stall let another
        process take them: their clients reconnect there) and of those it forgot; take
        over the unfinished rooms of processes that died."""
        if self.leases is None:
            return
        now = self.clock.time()
        # only the rooms served before the renewal can have been lost: one that comes in
        # while it runs (its lease taken after the renewal read the leases) is ours
        before = list(self.rooms)
        held = await self.db(self.leases.renew, now)
        for rid in [r for r in before if r not in held and r in self.rooms]:
            room = self.rooms.pop(rid)
            log.warning("room %s: its lease was taken over by another process", rid)
            await room.close()
        forgotten = [r for r in held if r not in self.rooms and r not in self._arriving]
        await self.db(self.leases.give_up, forgotten)
        for rid in await self.db(self.leases.orphans, now, self.config.expire_waiting):
            with contextlib.suppress(Elsewhere, ServerError):
                await self.get(rid)
                log.info("room %s taken over from a process that stopped renewing it", rid)

    async def _watch_loop(self) -> None:
        """Measure how long the event loop stalls: a task that sleeps LAG_PERIOD and
        notes how late it wakes (anything that holds the loop delays every client)."""
        loop = asyncio.get_running_loop()
        while True:
            t0, cpu0 = loop.time(), time.thread_time()
            await asyncio.sleep(LAG_PERIOD)
            self.lag.add(loop.time() - t0 - LAG_PERIOD, time.thread_time() - cpu0)

    def allow_room(self, address: str) -> bool:
        """Whether ``address`` may create a room now (``--room-rate`` a minute, as a burst too)."""
        per_minute = self.config.room_rate
        if per_minute <= 0:
            return True
        now = self.clock.monotonic()
        tokens, stamp = self._buckets.get(address, (per_minute, now))
        tokens = min(per_minute, tokens + (now - stamp) * per_minute / 60.0)
        if len(self._buckets) > 10_000:  # forget the addresses whose buckets are full again
            self._buckets = {
                a: (t, st)
                for a, (t, st) in self._buckets.items()
                if t + (now - st) * per_minute / 60.0 < per_minute
            }
        if tokens < 1.0:
            self._buckets[address] = (tokens, now)
            return False
        self._buckets[address] = (tokens - 1.0, now)
        return True

    async def _sweep_loop(self) -> None:
        cfg = self.config
        times = [t for t in (cfg.expire_waiting, cfg.expire_finished, cfg.abandon_after) if t > 0]
        every = min(30.0, max(0.1, min(times, default=30.0) / 4))
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except Exception:
                log.exception("the room sweep failed")

    async def sweep(self) -> None:
        """Close waiting rooms past ``--expire-waiting``, end playing rooms no person has been
        at for ``--abandon-after``, and drop finished ones nobody watches past
        ``--expire-finished`` from memory (all stay in the database, records readable)."""
        cfg = self.config
        now = self.clock.time()
        for rid, room in list(self.rooms.items()):
            if (
                cfg.expire_waiting > 0
                and room.status == WAITING
                and not room.conns
                and now - room.row.created_at > cfg.expire_waiting
            ):
                async with room.lock:
                    if room.status != WAITING or room.conns:
                        continue
                    await self.write("update_room", rid, room.row.seats, EXPIRED)
                    room.row.status = EXPIRED
                await room.close()
                self.rooms.pop(rid, None)
                log.info("room %s expired: nobody joined for %g s", rid, cfg.expire_waiting)
            elif (
                cfg.abandon_after > 0
                and room.status == PLAYING
                and room.alone_for() > cfg.abandon_after
            ):
                async with room.lock:
                    if room.status != PLAYING or room.alone_for() <= cfg.abandon_after:
                        continue
                    await self.write("update_room", rid, room.row.seats, ABANDONED)
                    room.row.status = ABANDONED
                    room.finished_at = self.clock.monotonic()
                    room._room_changed()
                await room.close()
                self.rooms.pop(rid, None)
                log.info("room %s abandoned: no person for %g s", rid, cfg.abandon_after)
        self._forget_finished(cfg.expire_finished)

    async def stop(self) -> None:
        """Stop every room and release the executors."""
        for task in (self._sweeper, self._watcher, self._leaser):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        for room in list(self.rooms.values()):
            await room.close()
        if self.leases is not None:  # the others may take these rooms over at once
            with contextlib.suppress(Exception):
                await self.db(self.leases.give_up, list(self.rooms))
        self.bots.shutdown(wait=False, cancel_futures=True)
        await asyncio.get_running_loop().run_in_executor(None, self.writer.close)
        self._db.shutdown(wait=True)
        self.store.close()

    def _build(self, row: RoomRow) -> Room:
        game = get_game(row.game)
        rec = Record(
            game=row.game,
            num_players=row.num_players,
            seed=row.seed,
            options=row.options,
            steps=row.steps,
            seats=[],
            setup_chance=row.setup_chance,
        )
        try:
            # drawn again from the seed: the generator goes on where the game left it
            state = replay(rec, lambda _n: game, check_result=False, from_seed=True)
        except ObeliskError:
            state = replay(rec, lambda _n: game, check_result=False)
        if state.is_terminal() and row.status != FINISHED:
            row.status = FINISHED
            row.result = Outcome.of(state).to_json()
        return Room(self, row, game, state)

    async def create(
        self,
        game_name: str,
        players: int | None,
        seats: list[dict[str, JSON]] | None,
        options: dict[str, JSON] | None = None,
        variant: str | None = None,
        seed: int | None = None,
        *,
        trusted: bool = False,
        room_id: str | None = None,
        creator: str | None = None,
        kept_for: float = 0.0,
    ) -> Room:
        """A new room. ``seats``: one entry per player, ``{"kind": "human"}`` or
        ``{"kind": "bot", "level": name}`` (default: every seat human).

        Options are held to the ranges of :mod:`obelisk.server.limits` and may not
        name files, unless ``trusted`` (a program embedding the server, not a client).
        The server draws the seed from a cryptographic source and publishes a commitment
        to it (see :func:`.disclosure.deal`); a ``seed`` chosen by a client is taken only
        when the server allows it (``--allow-chosen-seeds``), and the room says so to
        everybody. ``creator``: the client's address (bounds its rooms of searching
        players); ``kept_for``: seconds the human seats are kept for a rematch's players.
        """
        if seed is not None and not (trusted or self.config.allow_chosen_seeds):
            raise ServerError(
                "this server draws every game's seed itself (and shows a commitment to it, "
                "revealed when the game ends); a chosen seed is not accepted",
                "bad_options",
            )
        try:
            game = get_game(game_name)
        except ObeliskError as e:
            raise ServerError(str(e), "unknown_game", 404) from None
        if not trusted:
            check_network_options(game, options)
        n = players if players is not None else (len(seats) if seats else game.min_players)
        seats = seats or [{"kind": "human"} for _ in range(n)]
        if len(seats) != n:
            raise ServerError(f"{n} players need {n} seats, got {len(seats)}", "bad_seats")
        if creator is not None and not trusted:
            self._check_rooms_of(creator)
        known = levels(game)
        clean: list[dict[str, JSON]] = []
        for i, s in enumerate(seats):
            kind = s.get("kind", "human")
            if kind == "human":
                clean.append(
                    {"kind": "human", "level": None, "name": None, "taken": False, "token": None}
                )
            elif kind == "bot":
                level = s.get("level") or default_level(game)
                if level not in known:
                    raise ServerError(
                        f"seat {i}: unknown level '{level}' for {game.title}; "
                        f"levels: {', '.join(known)}",
                        "bad_level",
                    )
                # named by seat: two bots of a level stay apart; the level is told beside
                # the name (the seat's ``level``), never inside it
                name = f"Bot {i + 1}"
                if creator is not None and not trusted:
                    self._check_search_rooms(game, level, creator)
                clean.append({"kind": "bot", "level": level, "name": name, "taken": True})
            else:
                raise ServerError(
                    f"seat {i}: kind must be 'human' or 'bot', not {kind!r}", "bad_seats"
                )
        chosen = seed is not None
        seed = secrets.randbits(62) if seed is None else int(seed)
        if not 0 <= seed < 2**63:
            raise ServerError("seed must be between 0 and 2^63-1", "bad_options")
        if kept_for > 0:
            until = self.clock.time() + kept_for
            for s in clean:
                if s["kind"] == "human":
                    s["kept_until"] = until
        try:
            values = realtime_options(game, dict(options or {})) if has_clock(game) else options
            opts = game.variant_options(variant, values)
            state = game.new_state(n, seed, opts)
        except ObeliskError as e:
            raise ServerError(str(e), "bad_options") from None
        async with self._create_lock:
            # finished rooms are forgotten by the sweep; the unfinished ones are counted
            # only when the rooms in memory could reach the limit (counting thousands of
            # rooms at every creation cost a busy server a third of its event loop)
            live = len(self.rooms)
            if live >= self.config.max_rooms:
                live = sum(1 for r in self.rooms.values() if r.status in (WAITING, PLAYING))
            if live >= self.config.max_rooms:
                raise ServerError(
                    f"the server holds {live} unfinished rooms, its limit; try later",
                    "too_many_rooms",
                    503,
                )
            if room_id is None:
                room_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
            rec = Record.from_state(state)
            row = RoomRow(
                id=room_id,
                game=game.name,
                num_players=n,
                seed=seed,
                options=game.options_to_json(state.options),
                seats=clean,
                setup_chance=rec.setup_chance,
                status=PLAYING if all(s["taken"] for s in clean) else WAITING,
                result=None,
                created_at=self.clock.time(),
                salt=secrets.token_hex(16),
                seed_chosen=chosen,
                updated_at=self.clock.time(),
            )
            # a waiting room of a site runs nothing and is held by nobody: the process that
            # serves its first player (the one a proxy sends its requests to) holds it from
            # then on, and until it has waited --expire-waiting nobody takes it for an orphan
            unheld = self.leases is not None and row.status == WAITING
            if self.leases is not None and not unheld:
                holder = await self._lease(room_id)  # before the row: never an orphan
                if holder is not None:
                    raise Elsewhere(holder)
            try:
                await self.write("create_room", row)
                room = Room(self, row, game, state)
                room.creator = creator
                if unheld:
                    return room
                self.rooms[room_id] = room
            finally:
                self._arriving.discard(room_id)
        room.wake()
        return room

    def _unfinished_of(self, creator: str) -> list[Room]:
        """The unfinished rooms made from one client address."""
        return [
            r
            for r in self.rooms.values()
            if r.creator == creator and r.status in (WAITING, PLAYING)
        ]

    def _check_rooms_of(self, creator: str) -> None:
        """Refuse a room past ``--rooms-per-client`` unfinished ones made from one address."""
        limit = self.config.rooms_per_client
        if limit <= 0:
            return
        mine = len(self._unfinished_of(creator))
        if mine >= limit:
            raise ServerError(
                f"you have {mine} unfinished rooms, the limit per client; finish or leave one "
                "(an abandoned room ends by itself) before making another",
                "rate_limited",
                429,
            )

    def _check_search_rooms(self, game: Game, level: str, creator: str) -> None:
        """Refuse a room of a searching computer player (a level with a time cap, which
        costs a core while it thinks) past ``--search-rooms`` unfinished ones per client."""
        limit = self.config.search_rooms
        if limit <= 0 or not bots.searches(make_agent(game, level)):
            return
        mine = sum(
            1 for r in self._unfinished_of(creator) if any(map(bots.searches, r.agents.values()))
        )
        if mine >= limit:
            raise ServerError(
                f"you have {mine} unfinished rooms with searching computer players (level "
                f"'{level}' searches), the limit per client; finish one or choose a lighter level",
                "rate_limited",
                429,
            )

    def _forget_finished(self, after: float = 600.0) -> None:
        """Drop finished (and expired) rooms nobody watches from memory (they stay in the
        database and are read again on demand)."""
        now = self.clock.monotonic()
        for rid, r in list(self.rooms.items()):
            if r.conns:
                continue
            if (r.finished_at is not None and now - r.finished_at > after) or r.status in (
                EXPIRED,
                ABANDONED,
            ):
                del self.rooms[rid]

    async def get(self, room_id: str) -> Room:
        """A room by id (finished rooms are reloaded from the database on demand)."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        async with self._load_lock:  # one load per room, however many ask at once
            return self.rooms.get(room_id) or await self._load(room_id)

    async def _load(self, room_id: str) -> Room:
        """Build a room that is not in memory from the database (see :meth:`get`)."""
        row = await self.db(self.store.load_room, room_id)
        if row is None:
            raise ServerError(f"no room '{room_id}'", "no_room", 404)
        if self.leases is not None:
            holder = await self._lease(room_id)
            if holder is not None:
                raise Elsewhere(holder)
        try:
            if self.leases is not None:
                # the lease is ours from here: read the room again, its last steps included
                row = await self.db(self.store.load_room, room_id) or row
            try:
                room = self._build(row)
            except ObeliskError as e:
                raise ServerError(
                    f"room {room_id} cannot be replayed: {e}", "broken_room", 500
                ) from None
            if room.status == FINISHED:
                again = rematch_id(room_id)
                if await self.db(self.store.load_room, again) is not None:
                    room.rematch = again
            self.rooms[room_id] = room
        finally:
            self._arriving.discard(room_id)
        if room.status in (WAITING, PLAYING):
            room.wake()  # taken over from another process (alone, every such room is live)
        return room

    async def rematch(self, room: Room, token: str | None) -> tuple[Room, int, str]:
        """The rematch of a finished room, for the player whose seat ``token`` holds: a new
        room with the same game, options and computer players (made by the first player who
        asks, joined by the others), the player in its old seat. Answers the room, the seat
        and the seat's token (derived from the old one, so asking again answers the same)."""
        seat = room.seat_of(token, former=True)
        if token is None or seat is None:
            raise ServerError("a seat token of this room is required", "unauthorized", 403)
        if room.status != FINISHED:
            raise ServerError("the game is not over yet", "not_finished", 409)
        async with room.rematch_lock:
            again = room.rematch or rematch_id(room.id)
            if again not in self.rooms and await self.db(self.store.load_room, again) is None:
                plan: list[dict[str, JSON]] = [
                    {"kind": "human"}
                    if s["kind"] == "human" or s.get("former")
                    else {"kind": "bot", "level": s.get("level")}
                    for s in room.row.seats
                ]
                await self.create(
                    room.game.name,
                    room.row.num_players,
                    plan,
                    dict(room.row.options),
                    trusted=True,  # the old room's options, already checked when it was made
                    room_id=again,
                    kept_for=self.config.rematch_hold,
                )
            if room.rematch is None:
                room.rematch = again
                async with room.lock:
                    room._room_changed()
        new = await self.get(again)
        old = room.row.seats[seat]
        name = old.get("former_name") if old["kind"] == "bot" else old.get("name")
        mine = rematch_token(token, again)
        got, mine = await new.join(seat, str(name) if name else None, mine)
        return new, got, mine

    async def listing(self, limit: int = 200) -> list[dict[str, JSON]]:
        """Recent rooms, newest first (live ones with their connection state)."""
        rows = await self.db(self.store.list_rooms, limit)
        out = []
        for row in rows:
            live = self.rooms.get(row.id)
            if live is not None:
                out.append(live.summary())
                continue
            try:
                title = get_game(row.game).title
            except ObeliskError:
                title = row.game
            out.append(
                {
                    "id": row.id,
                    "game": row.game,
                    "title": title,
                    "players": row.num_players,
                    "options": row.options,
                    "status": row.status,
                    "seats": [public_seat(i, s) for i, s in enumerate(row.seats)],
                    "spectators": 0,
                    "created_at": row.created_at,
                    "result": row.result,
                    "realtime": False,
                    "deal": disclosure.deal_of(row, row.status in (FINISHED, EXPIRED, ABANDONED)),
                    "updated_at": row.updated_at,
                    "active_at": max(row.updated_at, row.created_at),
                }
            )
        return out
