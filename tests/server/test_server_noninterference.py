"""The server tells nobody what they must not know, on any channel (issue 33).

For every game, positions reached by random play and by the computer players are served
in two worlds that differ only in what a reader cannot know (see ``disclosure_harness``):
every seat, a spectator and a token-less reader get byte-identical replies from both.
Each leak the issue found is planted back in turn, and the harness must catch it.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from disclosure_harness import Position, Server, compare, positions

from obelisk.server import disclosure, preview

GAMES = ["abu_simbel", "ramses", "sobek", "mummy", "khufu"]
SEEDS = int(os.environ.get("OBELISK_HARNESS_SEEDS", "2"))


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(str(tmp_path / "harness.sqlite3"))
    yield s
    s.close()


def _check(server: Server, poss: list[Position], first: bool = False) -> tuple[int, list[str]]:
    """Serve every position in its worlds; the differences found (``first``: stop at one)."""

    async def go() -> list[str]:
        found: list[str] = []
        rng = random.Random(11)
        for pos in poss:
            found += await compare(server, pos, rng)
            if first and found:
                break
        return found

    return len(poss), asyncio.run(go())


@pytest.mark.parametrize("name", GAMES)
def test_every_channel_is_a_function_of_what_its_reader_may_know(server: Server, name: str) -> None:
    n, found = _check(server, list(positions(name, range(SEEDS))))
    assert n >= 4
    assert not found, f"{len(found)} leak(s) in {n} positions:\n" + "\n".join(found[:10])


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_every_channel_over_many_positions(server: Server, name: str) -> None:
    n, found = _check(server, list(positions(name, range(100, 112), depths=(2, 7, 25, 60, 200))))
    assert not found, f"{len(found)} leak(s) in {n} positions:\n" + "\n".join(found[:10])


# -- the leaks of the issue, planted back: each must be caught ----------------------------
def _real_deal(room: disclosure.Room) -> dict:  # type: ignore[name-defined]
    return {"commitment": None, "chosen": False, "seed": room.row.seed, "salt": room.row.salt}


def _flashes_in_catch_up(room, events, seat, *, live, names=None):  # type: ignore[no-untyped-def]
    return ORIGINAL_NARRATED(room, events, seat, live=True, names=names)


def _preview_on_the_real_position(state, seat, key, n=preview.REDRAWS):  # type: ignore[no-untyped-def]
    return [state.clone() for _ in range(n)]


def _seat_view_for_spectators(room, reader):  # type: ignore[no-untyped-def]
    if reader.seat is None:
        reader = disclosure.Reader(0)
    return ORIGINAL_VIEW(room, reader)


def _catch_up_as_seat_1(room, reader, seen):  # type: ignore[no-untyped-def]
    if reader.seat is None:
        reader = disclosure.Reader(0)
    return ORIGINAL_CATCH_UP(room, reader, seen)


ORIGINAL_CATCH_UP = disclosure.catch_up
ORIGINAL_NARRATED = disclosure.narrated
ORIGINAL_VIEW = disclosure.view
PLANTS: dict[str, tuple[object, str, Callable[..., object], list[str]]] = {
    # 1. the seed in the room's summary before the game ends
    "seed": (disclosure, "deal", _real_deal, ["sobek"]),
    # 2./3. a reconnect's or a spectator's catch-up re-sends what the table showed a moment
    "catch-up": (disclosure, "narrated", _flashes_in_catch_up, ["ramses", "abu_simbel"]),
    # 2. a spectator's socket catches up with a seat's story
    "spectator": (disclosure, "catch_up", _catch_up_as_seat_1, ["sobek"]),
    # 2. a token-less /view shows a seat's table
    "view": (disclosure, "view", _seat_view_for_spectators, ["sobek"]),
    # 4. a preview played on the real position
    "preview": (preview, "copies", _preview_on_the_real_position, ["mummy", "khufu", "sobek"]),
}


@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_a_planted_leak_is_caught(
    server: Server, plant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    module, attr, fake, games = PLANTS[plant]
    monkeypatch.setattr(module, attr, fake)
    caught = []
    for name in games:
        _, found = _check(server, list(positions(name, range(SEEDS + 2))), first=True)
        caught += found
        if caught:
            break
    print(f"planted {plant}: caught: {caught[0]}")
    assert caught, f"the harness missed the planted {plant} leak"
