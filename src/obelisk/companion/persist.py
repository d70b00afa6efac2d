"""Live companion sessions kept in the server's database (issue 36: nothing lost).

A companion page's session used to live in the server's memory only, so a restart lost
every game under way. A :class:`SessionTable` keeps each live session as one row of the
server's own database (the ``--db`` of ``obelisk serve``: SQLite by default, PostgreSQL by
URL) in the table ``obelisk_companion_sessions``: the companion's name, the session id, the
hash of its key (never the key), the owner's address, when it was last written (wall
time) and the session's record (its inputs, from which it is rebuilt by replay). The row
is written when the session is made and after every input, and deleted when the session
expires. When the server starts, each companion loads its rows back
(:meth:`obelisk.companion.http.SessionStore.restore`): the page, which kept the session's
id and key, goes on where it was.

A record holds the seed of a game under way; like the server's own rooms, the database is
the server's and never leaves it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

metadata = sa.MetaData()

sessions = sa.Table(
    "obelisk_companion_sessions",
    metadata,
    sa.Column("sid", sa.String(64), primary_key=True),
    sa.Column("companion", sa.String(32), nullable=False, index=True),
    sa.Column("key_hash", sa.String(64), nullable=False),
    sa.Column("address", sa.String(64), nullable=False),
    sa.Column("saved_at", sa.Float, nullable=False),
    sa.Column("record", sa.Text, nullable=False),
)


@dataclass(frozen=True)
class SessionRow:
    """One stored session: enough to rebuild it and to know its owner."""

    sid: str
    key_hash: bytes
    address: str
    saved_at: float
    record: Any


class SessionTable:
    """The companions' sessions in one database (``db``: a URL or an SQLite path)."""

    def __init__(self, db: str) -> None:
        from obelisk.server.store import normalize_url

        url = normalize_url(db)
        args = {"check_same_thread": False, "timeout": 30} if url.startswith("sqlite") else {}
        self.engine = sa.create_engine(url, connect_args=args)
        metadata.create_all(self.engine)

    def save(self, companion: str, sid: str, key_hash: bytes, address: str, record: Any) -> None:
        """Write (or overwrite) one session's row."""
        row = {
            "sid": sid,
            "companion": companion,
            "key_hash": key_hash.hex(),
            "address": address,
            "saved_at": time.time(),
            "record": json.dumps(record, separators=(",", ":")),
        }
        with self.engine.begin() as c:
            c.execute(sessions.delete().where(sessions.c.sid == sid))
            c.execute(sessions.insert().values(**row))

    def drop(self, sids: list[str]) -> None:
        """Forget expired sessions."""
        if sids:
            with self.engine.begin() as c:
                c.execute(sessions.delete().where(sessions.c.sid.in_(sids)))

    def load(self, companion: str, idle_seconds: float) -> list[SessionRow]:
        """The sessions of ``companion`` written within ``idle_seconds`` (older ones are
        deleted: they have expired)."""
        cutoff = time.time() - idle_seconds
        with self.engine.begin() as c:
            c.execute(
                sessions.delete().where(
                    (sessions.c.companion == companion) & (sessions.c.saved_at < cutoff)
                )
            )
            rows = c.execute(
                sa.select(sessions)
                .where(sessions.c.companion == companion)
                .order_by(sessions.c.saved_at)
            ).all()
        return [
            SessionRow(
                r.sid, bytes.fromhex(r.key_hash), r.address, r.saved_at, json.loads(r.record)
            )
            for r in rows
        ]

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()


_TABLES: dict[str, SessionTable] = {}


def table_for(db: str) -> SessionTable:
    """The one table object of database ``db`` (the companions of a server share it)."""
    if db not in _TABLES:
        _TABLES[db] = SessionTable(db)
    return _TABLES[db]


__all__ = ["SessionRow", "SessionTable", "table_for"]
