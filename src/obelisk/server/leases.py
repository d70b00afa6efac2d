"""Which process serves each room, when several ``obelisk serve`` share one database.

A room is held by one process at a time through a lease (a row of ``obelisk_leases``:
the holder, its address, and when the lease runs out). The holder renews its leases
every third of their length; a process that dies stops renewing, and once its leases
have run out another process takes its unfinished rooms over by replaying them from the
database, where every acknowledged step already is (a step is committed before anyone
hears of it). Taking a lease is one atomic statement (an upsert that only wins over an
expired lease), so two processes never both believe they won the same room; and a step
is a row keyed by its index, so even a holder that stalled past its lease cannot write
a second step where the new holder wrote one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from .store import Store, leases, rooms


@dataclass(frozen=True)
class Holder:
    """Another process that holds a room now, and its address."""

    owner: str
    url: str


class Leases:
    """This process's leases: take, renew, give up, and find rooms nobody holds."""

    def __init__(self, store: Store, owner: str, url: str, seconds: float) -> None:
        self.store = store
        self.owner = owner
        self.url = url.rstrip("/")
        self.seconds = seconds
        dialect = postgresql if store.engine.dialect.name == "postgresql" else sqlite
        self._insert: Any = dialect.insert

    def take(self, room_id: str, now: float) -> Holder | None:
        """Hold ``room_id`` from now on, unless another process holds it: then that one."""
        stmt = self._insert(leases).values(
            room_id=room_id, owner=self.owner, url=self.url, expires=now + self.seconds
        )
        stmt = stmt.on_conflict_do_update(
            index_elements=[leases.c.room_id],
            set_={"owner": self.owner, "url": self.url, "expires": now + self.seconds},
            where=(leases.c.expires < now) | (leases.c.owner == self.owner),
        ).returning(leases.c.owner)
        with self.store.engine.begin() as c:
            if c.execute(stmt).first() is not None:
                return None
            row = c.execute(
                sa.select(leases.c.owner, leases.c.url).where(leases.c.room_id == room_id)
            ).first()
        return Holder(row.owner, row.url) if row is not None else None

    def renew(self, now: float) -> set[str]:
        """Renew every lease this process holds; the rooms it still holds."""
        with self.store.engine.begin() as c:
            c.execute(
                leases.update()
                .where(leases.c.owner == self.owner)
                .values(expires=now + self.seconds)
            )
            held = c.execute(sa.select(leases.c.room_id).where(leases.c.owner == self.owner))
            return {r.room_id for r in held}

    def give_up(self, room_ids: list[str]) -> None:
        """Let go of rooms this process no longer serves (another may take them at once)."""
        if not room_ids:
            return
        with self.store.engine.begin() as c:
            c.execute(
                leases.delete().where(
                    (leases.c.owner == self.owner) & leases.c.room_id.in_(room_ids)
                )
            )

    def orphans(self, now: float, waiting_for: float) -> list[str]:
        """Rooms being played that no live process holds (their holder died), oldest
        first, and waiting rooms nobody held for ``waiting_for`` seconds (0: none), so
        that one process expires them. A waiting room runs nothing: the process that
        serves its first player takes it."""
        live = sa.select(leases.c.room_id).where(leases.c.expires >= now)
        stale = (
            (rooms.c.status == "waiting") & (rooms.c.created_at < now - waiting_for)
            if waiting_for > 0
            else sa.false()
        )
        with self.store.engine.connect() as c:
            rs = c.execute(
                sa.select(rooms.c.id)
                .where(((rooms.c.status == "playing") | stale) & rooms.c.id.notin_(live))
                .order_by(rooms.c.created_at)
            )
            return [r.id for r in rs]
