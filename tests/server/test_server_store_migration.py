"""A database made by an older server opens: the columns it lacks are added (the deal's
sealed salt), and its rooms read back without a commitment."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from obelisk.server.store import Store

OLD_SCHEMA = """
CREATE TABLE obelisk_rooms (
    id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL, num_players INTEGER NOT NULL,
    seed BIGINT NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL,
    setup_chance TEXT NOT NULL, status VARCHAR(16) NOT NULL, result TEXT,
    created_at FLOAT NOT NULL, updated_at FLOAT NOT NULL
);
INSERT INTO obelisk_rooms VALUES
    ('old1', 'tiny', 2, 5, '{}', '[]', '[]', 'waiting', NULL, 1.0, 1.0);
"""


def test_an_older_database_gains_the_deal_column(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    with sqlite3.connect(db) as c:
        c.executescript(OLD_SCHEMA)
    store = Store(str(db))
    try:
        row = store.load_room("old1")
        assert row is not None and row.salt is None and row.seed_chosen is False
        assert [r.id for r in store.unfinished()] == ["old1"]
    finally:
        store.close()
    with sqlite3.connect(db) as c:
        columns = {r[1] for r in c.execute("PRAGMA table_info(obelisk_rooms)")}
    assert "sealed" in columns
