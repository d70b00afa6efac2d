"""Persistence: rooms and their steps in any SQLAlchemy database.

One row per room (game, seed, options, seats, status, result) and one row
per accepted step (seat, action, chance outcomes), so a room's full record
is its rows, and a crashed server comes back by replaying them. SQLite by
default (WAL journal: a committed step survives ``kill -9``), PostgreSQL by
URL. Calls are blocking; the server makes its writes on a thread of its own
(:mod:`.writer`), several to a transaction (:meth:`Store.write_many`).
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from .config import ServerError

JSON = Any

metadata = sa.MetaData()

rooms = sa.Table(
    "obelisk_rooms",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("num_players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seats", sa.Text, nullable=False),
    sa.Column("setup_chance", sa.Text, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    # the room's secrets of its deal: {"salt": the seed commitment's salt, "chosen": whether
    # the seed was chosen by the room's creator}; never sent before the game ends
    sa.Column("sealed", sa.Text, nullable=True),
)

steps = sa.Table(
    "obelisk_steps",
    metadata,
    sa.Column("room_id", sa.String(32), sa.ForeignKey("obelisk_rooms.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("chance", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

#: Which server process holds each room now, when several serve one database
#: (:mod:`.leases`): the holder renews ``expires``; another process takes the room over
#: once it has passed.
leases = sa.Table(
    "obelisk_leases",
    metadata,
    sa.Column("room_id", sa.String(32), primary_key=True),
    sa.Column("owner", sa.String(64), nullable=False),
    sa.Column("url", sa.String(256), nullable=False),
    sa.Column("expires", sa.Float, nullable=False, index=True),
)


@dataclass
class RoomRow:
    """A room as stored: enough to rebuild it by replay."""

    id: str
    game: str
    num_players: int
    seed: int
    options: dict[str, JSON]
    seats: list[dict[str, JSON]]
    setup_chance: list[list[JSON]]
    status: str
    result: dict[str, JSON] | None
    created_at: float
    steps: list[dict[str, JSON]] = field(default_factory=list)
    #: The salt of the seed's commitment (revealed with the seed when the game ends).
    salt: str | None = None
    #: Whether the room's creator chose the seed (shown to everybody).
    seed_chosen: bool = False
    #: When the room last changed (a seat, a step, its status).
    updated_at: float = 0.0


def normalize_url(db: str) -> str:
    """An SQLAlchemy URL from what a person typed: a URL, or a path to an SQLite file."""
    if "://" not in db:
        return "sqlite:///" + str(Path(db).expanduser())
    if db.startswith(("postgresql://", "postgres://")):
        # psycopg 3 is the driver we install; SQLAlchemy's default name is psycopg2.
        return "postgresql+psycopg://" + db.split("://", 1)[1]
    return db


class Store:
    """The database of rooms. Every method commits before it returns."""

    def __init__(self, db: str) -> None:
        url = normalize_url(db)
        self.url = url
        #: The driver connection :meth:`write_many` writes on (one writer at a time).
        self._write_conn: Any = None
        self._write_lock = threading.Lock()
        self.is_sqlite = url.startswith("sqlite")
        try:
            if self.is_sqlite:
                self.engine: Engine = sa.create_engine(
                    url, connect_args={"check_same_thread": False, "timeout": 30}
                )
                sa.event.listen(self.engine, "connect", _sqlite_pragmas)
            else:
                self.engine = sa.create_engine(url, pool_pre_ping=True)
            metadata.create_all(self.engine)
            self._migrate()
            self._sql = _statements("?" if self.is_sqlite else "%s")
        except Exception as e:  # any driver's connection error
            raise ServerError(f"cannot open the database {_safe(url)}: {_first_line(e)}") from None

    def _migrate(self) -> None:
        """Add the columns a database made by an older server lacks."""
        have = {c["name"] for c in sa.inspect(self.engine).get_columns("obelisk_rooms")}
        if "sealed" not in have:
            with self.engine.begin() as c:
                c.execute(sa.text("ALTER TABLE obelisk_rooms ADD COLUMN sealed TEXT"))

    def close(self) -> None:
        """Release the connections."""
        with self._write_lock:
            if self._write_conn is not None:
                with contextlib.suppress(Exception):
                    self._write_conn.close()
                self._write_conn = None
        self.engine.dispose()

    def create_room(self, row: RoomRow) -> None:
        """Store a new room."""
        self.write_many([("create_room", (row,))])

    def update_room(self, room_id: str, *, seats: list[dict[str, JSON]], status: str) -> None:
        """Change a room's seats and status."""
        self.write_many([("update_room", (room_id, seats, status))])

    def append_step(
        self,
        room_id: str,
        idx: int,
        step: dict[str, JSON],
        result: dict[str, JSON] | None = None,
    ) -> None:
        """Commit one accepted step (and, with ``result``, the end of the game) atomically."""
        self.write_many([("append_step", (room_id, idx, step, result))])

    def write_many(self, ops: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Commit several writes in one transaction, in order: each ``(op, args)`` is
        ``("create_room", (row,))``, ``("update_room", (room_id, seats, status))``,
        ``("append_step", (room_id, idx, step, result))`` or ``("replace_steps", (room_id,
        idx, steps))`` (an undo: the steps from ``idx`` on become ``steps``). All are kept,
        or none.

        The writes go straight to the database driver on one connection kept for them
        (statements written once per dialect): a step is the server's most frequent write,
        and SQLAlchemy's work around a statement costs several times the statement itself.
        """
        now = time.time()
        sql = self._sql
        with self._write_lock:
            raw = self._write_conn or self.engine.raw_connection()
            self._write_conn = raw
            try:
                cur = raw.cursor()
                try:
                    steps_run: list[tuple[Any, ...]] = []
                    for op, args in ops:
                        if op == "append_step":
                            room_id, idx, step, result = args
                            steps_run.append(
                                (
                                    room_id,
                                    idx,
                                    step["seat"],
                                    _dumps(step["action"]),
                                    _dumps(step["chance"]),
                                    now,
                                )
                            )
                            if result is None:
                                continue
                        # a run of steps goes in one statement (executemany), before what follows
                        if steps_run:
                            cur.executemany(sql["step"], steps_run)
                            steps_run = []
                        if op == "append_step":
                            cur.execute(
                                sql["finish"], ("finished", json.dumps(args[3]), now, args[0])
                            )
                        elif op == "create_room":
                            cur.execute(sql["room"], _room_values(args[0], now))
                        elif op == "update_room":
                            room_id, seats, status = args
                            cur.execute(sql["seats"], (json.dumps(seats), status, now, room_id))
                        elif op == "replace_steps":
                            # an undo: the steps from ``idx`` on are replaced by ``new``
                            room_id, idx, new = args
                            cur.execute(sql["drop_steps"], (room_id, idx))
                            if new:
                                cur.executemany(
                                    sql["step"],
                                    [
                                        (
                                            room_id,
                                            idx + k,
                                            st["seat"],
                                            _dumps(st["action"]),
                                            _dumps(st["chance"]),
                                            now,
                                        )
                                        for k, st in enumerate(new)
                                    ],
                                )
                            cur.execute(sql["touch"], (now, room_id))
                        else:
                            raise ValueError(f"unknown write {op!r}")
                    if steps_run:
                        cur.executemany(sql["step"], steps_run)
                finally:
                    cur.close()
                raw.commit()
            except BaseException:
                # nothing of the group is kept; a connection that failed is not used again
                with contextlib.suppress(Exception):
                    raw.rollback()
                with contextlib.suppress(Exception):
                    raw.close()
                self._write_conn = None
                raise

    def load_room(self, room_id: str) -> RoomRow | None:
        """One room with its steps, or None."""
        with self.engine.connect() as c:
            r = c.execute(rooms.select().where(rooms.c.id == room_id)).first()
            if r is None:
                return None
            return self._with_steps(c, r)

    def unfinished(self) -> list[RoomRow]:
        """Every room that is not over, with its steps (to reload after a restart)."""
        with self.engine.connect() as c:
            rs = c.execute(
                rooms.select()
                .where(rooms.c.status.notin_(("finished", "expired", "abandoned")))
                .order_by(rooms.c.created_at)
            ).all()
            return [self._with_steps(c, r) for r in rs]

    def list_rooms(self, limit: int = 200) -> list[RoomRow]:
        """The most recent rooms (without steps), newest first."""
        with self.engine.connect() as c:
            rs = c.execute(rooms.select().order_by(rooms.c.created_at.desc()).limit(limit)).all()
            return [_row(r) for r in rs]

    def _with_steps(self, c: sa.Connection, r: Any) -> RoomRow:
        row = _row(r)
        ss = c.execute(steps.select().where(steps.c.room_id == row.id).order_by(steps.c.idx)).all()
        for i, s in enumerate(ss):
            if s.idx != i:
                raise ServerError(f"room {row.id}: step {i} is missing from the database")
            row.steps.append(
                {"seat": s.seat, "action": json.loads(s.action), "chance": json.loads(s.chance)}
            )
        return row


def _dumps(value: Any) -> str:
    """A step's action or chance outcomes as JSON text: orjson (a tenth of the standard
    library's time, on the writer thread, for every step), or the standard library for
    what orjson cannot write (an integer beyond 64 bits, a key that is not a string). The
    text differs from ``json.dumps``'s only in spacing (and a NaN, which no step holds,
    would be written as null); it is read back with ``json.loads``."""
    try:
        return orjson.dumps(value).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value)


def _statements(mark: str) -> dict[str, str]:
    """The writes of :meth:`Store.write_many` in the driver's parameter style (``?``/``%s``)."""

    def marks(n: int) -> str:
        return ", ".join([mark] * n)

    room_columns = ", ".join(c.name for c in rooms.columns)
    return {
        "step": f"INSERT INTO {steps.name} (room_id, idx, seat, action, chance, at) "
        f"VALUES ({marks(6)})",
        "finish": f"UPDATE {rooms.name} SET status = {mark}, result = {mark}, "
        f"updated_at = {mark} WHERE id = {mark}",
        "room": f"INSERT INTO {rooms.name} ({room_columns}) VALUES ({marks(len(rooms.columns))})",
        "seats": f"UPDATE {rooms.name} SET seats = {mark}, status = {mark}, "
        f"updated_at = {mark} WHERE id = {mark}",
        "drop_steps": f"DELETE FROM {steps.name} WHERE room_id = {mark} AND idx >= {mark}",
        "touch": f"UPDATE {rooms.name} SET updated_at = {mark} WHERE id = {mark}",
    }


def _room_values(row: RoomRow, now: float) -> tuple[Any, ...]:
    """A new room's column values, in the order of the table's columns."""
    values = {
        "id": row.id,
        "game": row.game,
        "num_players": row.num_players,
        "seed": row.seed,
        "options": json.dumps(row.options),
        "seats": json.dumps(row.seats),
        "setup_chance": json.dumps(row.setup_chance),
        "status": row.status,
        "result": None,
        "created_at": row.created_at,
        "updated_at": now,
        "sealed": json.dumps({"salt": row.salt, "chosen": row.seed_chosen}),
    }
    return tuple(values[c.name] for c in rooms.columns)


def _row(r: Any) -> RoomRow:
    sealed = json.loads(r.sealed) if getattr(r, "sealed", None) else {}
    return RoomRow(
        id=r.id,
        game=r.game,
        num_players=r.num_players,
        seed=r.seed,
        options=json.loads(r.options),
        seats=json.loads(r.seats),
        setup_chance=json.loads(r.setup_chance),
        status=r.status,
        result=json.loads(r.result) if r.result else None,
        created_at=r.created_at,
        salt=sealed.get("salt"),
        seed_chosen=bool(sealed.get("chosen")),
        updated_at=r.updated_at,
    )


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL + NORMAL: a commit survives a killed process (not a power cut), and writes are fast.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def _safe(url: str) -> str:
    """The URL without its password."""
    try:
        return sa.engine.make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(unreadable URL)"


def _first_line(e: Exception) -> str:
    return (str(e).strip().splitlines() or [type(e).__name__])[0]
