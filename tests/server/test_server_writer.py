"""The database writer (issue 26, load): writes are committed off the event loop, in
order, many to a transaction, and a write at fault fails alone.

Every acknowledged action being kept across ``kill -9`` is checked end to end in
``test_server_crash.py``; this checks the writer itself, in process.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from obelisk.server.store import RoomRow, Store
from obelisk.server.writer import Writer


def _row(rid: str) -> RoomRow:
    return RoomRow(
        id=rid,
        game="tiny",
        num_players=2,
        seed=1,
        options={},
        seats=[{"kind": "human"}, {"kind": "human"}],
        setup_chance=[],
        status="playing",
        result=None,
        created_at=time.time(),
    )


def _step(i: int) -> dict[str, object]:
    return {"seat": i % 2, "action": {"kind": "play", "card": i}, "chance": []}


def test_writes_queued_together_share_a_commit_and_keep_their_order(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "w.sqlite3"))
    writer = Writer(store)

    async def go() -> None:
        await asyncio.gather(*(writer.write("create_room", _row(f"r{k}")) for k in range(20)))
        # 20 rooms, 30 steps each, all asked for at once (as 20 busy rooms would)
        jobs = [
            writer.write("append_step", f"r{k}", i, _step(i), None)
            for i in range(30)
            for k in range(20)
        ]
        await asyncio.gather(*jobs)

    try:
        asyncio.run(go())
        for k in range(20):
            row = store.load_room(f"r{k}")
            assert row is not None
            assert [s["action"]["card"] for s in row.steps] == list(range(30))
        assert writer.writes == 620
        print(f"\n{writer.writes} writes in {writer.groups} commits")
        assert writer.groups < writer.writes / 4, (writer.groups, writer.writes)
    finally:
        writer.close()
        store.close()


def test_a_write_at_fault_fails_alone(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "w.sqlite3"))
    writer = Writer(store)

    async def go() -> list[BaseException | None]:
        await writer.write("create_room", _row("a"))
        await writer.write("append_step", "a", 0, _step(0), None)
        results = await asyncio.gather(
            writer.write("append_step", "a", 1, _step(1), None),
            writer.write("append_step", "a", 0, _step(9), None),  # step 0 is saved already
            writer.write("append_step", "a", 2, _step(2), None),
            return_exceptions=True,
        )
        return list(results)

    try:
        results = asyncio.run(go())
        assert results[0] is None and results[2] is None
        assert isinstance(results[1], Exception)
        row = store.load_room("a")
        assert row is not None
        assert [s["action"]["card"] for s in row.steps] == [0, 1, 2]
    finally:
        writer.close()
        store.close()


def test_the_event_loop_runs_while_a_commit_waits(tmp_path: Path) -> None:
    """A commit that waits on the database (here: another connection holds the write
    lock for 0.3 s) no longer holds the event loop: other tasks keep running."""
    store = Store(str(tmp_path / "w.sqlite3"))
    writer = Writer(store)
    blocker = store.engine.raw_connection()

    async def go() -> int:
        await writer.write("create_room", _row("a"))
        cur = blocker.cursor()
        cur.execute("BEGIN IMMEDIATE")  # takes SQLite's write lock
        ticks = 0

        async def tick() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        ticker = asyncio.get_running_loop().create_task(tick())
        asyncio.get_running_loop().call_later(0.3, blocker.commit)
        await writer.write("append_step", "a", 0, _step(0), None)
        ticker.cancel()
        return ticks

    try:
        ticks = asyncio.run(go())
        assert ticks >= 5, f"the loop ran only {ticks} times while the commit waited"
    finally:
        blocker.close()
        writer.close()
        store.close()


@pytest.mark.parametrize("op", ["nothing"])
def test_an_unknown_write_is_refused(tmp_path: Path, op: str) -> None:
    store = Store(str(tmp_path / "w.sqlite3"))
    try:
        with pytest.raises(ValueError):
            store.write_many([(op, ())])
    finally:
        store.close()
