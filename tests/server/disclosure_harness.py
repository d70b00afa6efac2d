"""Non-interference for the server: two worlds that differ only in what a reader cannot know
must get byte-identical replies on every channel.

A position of a game (world A) is served next to a world B in which everything the reader
cannot know is different:

- **hidden worlds**: B is the game's own ``determinize`` for a seat (what that seat cannot
  know re-drawn), served from a room with another seed and salt; the seat must get the same
  replies from both, and so must a spectator wherever the re-draw left the public table
  as it was (the walker of Abu Simbel cannot see the route its onlookers see);
- **memory worlds** (Ramses II, Abu Simbel, while the game is live): B is A with every
  momentary field of its past events changed (what the table showed only for a moment:
  a slide's token, a route): a catch-up must not tell it again.

The channels, each through the server's own code (a real :class:`Room` in a real
:class:`Lobby`, its connections' outboxes read as the writer would send them): ``hello``
with ``seen`` 0 and later (welcome, room, state, game_over), a spectator's hello, ``/view``
for a seat and without a token, ``preview`` of one and two steps, refusals of illegal
actions and of built choices, the clock message, the room summary and the lobby's deal.
Replies are compared as the JSON the server sends, after removing what differs by design
(the commitment to the seed: a hash).
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from obelisk.core import Game, PlayerView, State, Step, get_game
from obelisk.core.events import Event, json_form
from obelisk.core.log import AppendLog
from obelisk.server import disclosure, protocol
from obelisk.server.config import ServerConfig, ServerError
from obelisk.server.conn import Conn
from obelisk.server.lobby import Lobby
from obelisk.server.room import PLAYING, Room, hash_token
from obelisk.server.store import RoomRow

JSON = Any


@dataclass
class Position:
    """A position of a game to serve: how it was reached, for messages."""

    game: Game
    state: State
    label: str


def positions(
    name: str, seeds: range, depths: tuple[int, ...] = (3, 12, 40, 120)
) -> Iterator[Position]:
    """Positions of game ``name``: random play and the default computer players, to several
    depths, from each seed, for the smallest and the largest player counts."""
    game = get_game(name)
    counts = sorted({game.min_players, min(game.max_players, game.min_players + 2)})
    for n in counts:
        for seed in seeds:
            for how in ("random", "bot"):
                rng = random.Random(seed * 7919 + n)
                state = game.new_state(n, seed, game.make_options())
                bot = game.heuristic_agent() if how == "bot" else None
                agents = {i: bot for i in range(n)} if bot is not None else {}
                played = 0
                for depth in depths:
                    while played < depth and not state.is_terminal():
                        seat = state.current_player
                        if seat < 0:
                            break
                        if agents:
                            action = agents[seat].act(PlayerView(state, seat), rng)
                        else:
                            action = rng.choice(state.legal_actions())
                        state.apply(action)
                        played += 1
                    if state.current_player < 0 and not state.is_terminal():
                        break
                    yield Position(game, state.clone(), f"{name} {n}p seed {seed} {how} {played}")
                    if state.is_terminal():
                        break


class Server:
    """A lobby to build rooms in (no rooms of its own started, nothing written)."""

    def __init__(self, db: str) -> None:
        self.lobby = Lobby(ServerConfig(db=db))

    def room(self, pos: Position, state: State, seed: int, salt: str) -> Room:
        """A passive room (no bots, no clock) holding ``state`` of ``pos``'s game, every
        seat a person's, seat i's token ``token-i``."""
        n = state.num_players
        seats = [
            {
                "kind": "human",
                "level": None,
                "name": f"P{i + 1}",
                "taken": True,
                "token": hash_token(f"token-{i}"),
            }
            for i in range(n)
        ]
        row = RoomRow(
            id="harness",
            game=pos.game.name,
            num_players=n,
            seed=seed,
            options=pos.game.options_to_json(state.options),
            seats=seats,
            setup_chance=[],
            status=PLAYING if not state.is_terminal() else "finished",
            result=None,
            created_at=0.0,
            salt=salt,
            updated_at=0.0,
        )
        room = Room(self.lobby, row, pos.game, state)
        room._closing = True  # passive: nothing starts, nothing is written
        return room

    def close(self) -> None:
        """Stop the lobby's threads."""
        self.lobby.bots.shutdown(wait=False)
        self.lobby.writer.close()
        self.lobby._db.shutdown(wait=False)
        self.lobby.store.close()


def _plain(value: JSON, over: bool = False) -> JSON:
    """A reply as the JSON the server sends, with what differs by design removed: the
    commitment to the seed (a hash), and once the game is over the seed and its salt."""
    text = protocol.dumps(value)
    data = json.loads(text)

    def scrub(x: JSON) -> JSON:
        if isinstance(x, dict):
            drop = ("commitment", "seed", "salt") if over and "commitment" in x else ("commitment",)
            return {k: ("<by design>" if k in drop else scrub(v)) for k, v in x.items()}
        if isinstance(x, list):
            return [scrub(v) for v in x]
        return x

    return scrub(data)


async def _attach(room: Room, seat: int | None, seen: int, text: bool) -> list[JSON]:
    conn = Conn(seat, room.lobby.config, text, room.clock)
    await room.attach(conn, seen)
    out = []
    while not conn.outbox.empty():
        msg = conn.outbox.get_nowait()
        if msg is not None:  # a message many readers get is queued as its encoded text
            out.append(json.loads(msg) if isinstance(msg, str) else msg)
    room.conns.discard(conn)
    return out


async def _try(call: Callable[[], Any]) -> JSON:
    """A channel's answer, or the error it refuses with (code, message, extra)."""
    try:
        result = call()
        if asyncio.iscoroutine(result):
            result = await result
        return {"ok": result}
    except ServerError as e:
        return {"error": e.code, "message": e.message, **e.extra}


@dataclass
class Inputs:
    """What a reader sends (the same in both worlds: chosen from world A)."""

    previews: list[tuple[JSON, JSON]]
    refusals: list[JSON]


def inputs(state: State, seat: int | None, rng: random.Random) -> Inputs:
    """The steps to preview and check, and the actions to be refused, for ``seat``."""
    if seat is None:
        return Inputs([], [])
    legal = [e["action"] for e in protocol.legal_for(state, seat)]
    picks = rng.sample(legal, min(3, len(legal))) if legal else [{"kind": "pass"}]
    pairs = []
    for first in picks:
        copy = state.clone()
        try:
            copy.apply(state.game.action_from_json(first))
            after = (
                [a.to_json() for a in copy.legal_actions()] if copy.current_player == seat else []
            )
        except Exception:
            after = []
        pairs.append((first, after[rng.randrange(len(after))] if after else first))
    now = {json.dumps(a, sort_keys=True) for a in legal}
    later = [a for a in _later_choices(state, seat) if json.dumps(a, sort_keys=True) not in now]
    return Inputs(pairs, later[:3])


async def replies(room: Room, seat: int | None, given: Inputs) -> dict[str, JSON]:
    """Every channel's reply to a reader (a seat, or None: a spectator / no token)."""
    state = room._state
    out: dict[str, JSON] = {}
    seen = state.seen_count(seat)
    out["hello seen 0"] = await _attach(room, seat, 0, text=True)
    out["hello resume"] = await _attach(room, seat, max(0, seen - 3), text=False)
    out["view"] = disclosure.view(room, disclosure.Reader(seat))
    out["summary"] = room.summary()
    if room.ticker is not None:
        out["clock"] = disclosure.clock(room, 12.5, True)
    if seat is None:
        out["preview"] = await _try(lambda: room.preview(None, {"actions": [{"kind": "x"}]}))
        return out
    # a choice built in steps: previews of one and two steps, checks of three
    for i, (first, second) in enumerate(given.previews):
        out[f"preview {i}"] = await _try(lambda a=first: room.preview(seat, {"actions": [a]}))
        out[f"preview {i}+"] = await _try(
            lambda a=first, b=second: room.preview(seat, {"actions": [a, b]})
        )
        out[f"check {i}"] = await _try(
            lambda a=first, b=second: _check(room, seat, room._actions_of([a, b, a]))
        )
    # actions that are not legal now (choices of a later decision): their refusals
    for i, action in enumerate(given.refusals):
        out[f"refusal {i}"] = await _try(lambda a=action: room.act(seat, {"action": a}))
    out["refusal bad"] = await _try(lambda: room.act(seat, {"action": {"kind": "no-such-move"}}))
    return out


def _later_choices(state: State, seat: int) -> list[JSON]:
    """Choices the seat has at some later decision (the seat's own copy played on)."""
    copy = state.determinize(seat, random.Random(3))
    rng = random.Random(4)
    found: list[JSON] = []
    for _ in range(60):
        if copy.is_terminal() or copy.current_player < 0:
            break
        legal = copy.legal_actions()
        if not legal:
            break
        if copy.current_player == seat:
            found += [a.to_json() for a in legal[:4]]
        copy.apply(rng.choice(legal))
    return found


def _check(room: Room, seat: int, actions: list[Any]) -> str:
    from obelisk.server.preview import check_steps

    room._check_turn(seat)
    check_steps(room._state, seat, actions, room._copy_key(seat))
    return "legal"


def differences(a: dict[str, JSON], b: dict[str, JSON], over: bool = False) -> list[str]:
    """The channels whose replies differ (their names, with the first difference)."""
    out = []
    for key in a:
        pa, pb = _plain(a[key], over), _plain(b.get(key), over)
        if pa != pb:
            out.append(f"{key}: {_first_diff(pa, pb)}")
    return out


def _first_diff(a: JSON, b: JSON, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return _first_diff(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_diff(x, y, f"{path}[{i}]")
    return f"{path or '.'}: {json.dumps(a)[:120]} != {json.dumps(b)[:120]}"


def hidden_world(state: State, seat: int, rng: random.Random) -> State:
    """World B for ``seat``: what it cannot know re-drawn (the game's own sampler).

    A re-drawn copy keeps no history; B gets A's sequence of who acted when (public: every
    reader sees whose turn it is, and the turn context counts it) with every action and
    chance mark blanked, so a channel that read a past action would fail here (the undo
    policy reads only who acted and the barriers, so ``can_undo`` must agree)."""
    new = state.determinize(seat, random.Random(rng.getrandbits(64)))
    new.history = AppendLog(Step(st.seat, None, 0, 0, st.barrier) for st in state.history)  # type: ignore[arg-type]
    # every room's position is replayable (the server builds it from its record): that is
    # public, and the undo policy reads it (a re-drawn copy is marked not replayable)
    new.replayable = state.replayable
    return new


def memory_world(game: Game, state: State) -> State | None:
    """World B of a live memory game: every momentary field of the past events changed
    (None when no event has one)."""
    changed = False
    events: list[Event] = []
    for e in state.events:
        form = json_form(e)
        lasting = game.lasting(form)
        if lasting == form:
            events.append(e)
            continue
        data = dict(e.data)
        for key, value in form.items():
            if key in data and lasting.get(key) != value:
                data[key] = _other(value, lasting.get(key))
        changed = True
        events.append(Event(e.kind, data, e.to))
    if not changed:
        return None
    new = state.clone()
    new.events = AppendLog(events)
    new.chance.sink = new.events
    new._seen = {}
    new._det_seen = {}
    return new


def _other(value: JSON, blank: JSON) -> JSON:
    """A different value where ``lasting`` blanked one (recursively for objects)."""
    if isinstance(value, dict) and isinstance(blank, dict):
        return {k: (_other(v, blank.get(k)) if blank.get(k) != v else v) for k, v in value.items()}
    if isinstance(value, list):
        return [f"other-{i}" for i in range(len(value))]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 17
    return f"other-{value}"


async def compare(server: Server, pos: Position, rng: random.Random) -> list[str]:
    """Serve ``pos`` in its worlds and list every difference a reader could see."""
    state = pos.state
    game = pos.game
    found: list[str] = []
    seats: list[int] = list(range(state.num_players))
    for seat in seats:
        other = hidden_world(state, seat, rng)
        a = server.room(pos, state.clone(), seed=1, salt="a" * 32)
        b = server.room(pos, other, seed=2, salt="b" * 32)
        for reader in (seat, None):
            if reader is None and state.observation(None) != other.observation(None):
                # the re-draw changed what onlookers see (Abu Simbel's route is hidden from
                # the walker, shown to everybody else): not a world the spectator cannot
                # tell apart, so not one to compare the spectator's replies in
                continue
            given = inputs(state, reader, random.Random(5))
            ra = await replies(a, reader, given)
            rb = await replies(b, reader, given)
            found += [
                f"{pos.label}: world re-drawn for seat {seat + 1}, "
                f"{'spectator' if reader is None else f'seat {reader + 1}'} sees {d}"
                for d in differences(ra, rb, state.is_terminal())
            ]
    if game.capabilities.memory and not state.is_terminal():
        mem = memory_world(game, state)
        if mem is not None:
            a = server.room(pos, state.clone(), seed=1, salt="a" * 32)
            b = server.room(pos, mem, seed=1, salt="a" * 32)
            for reader in [*seats, None]:
                given = Inputs([], [])
                ra = {
                    k: v
                    for k, v in (await replies(a, reader, given)).items()
                    if k.startswith(("hello", "view"))
                }
                rb = {
                    k: v
                    for k, v in (await replies(b, reader, given)).items()
                    if k.startswith(("hello", "view"))
                }
                found += [
                    f"{pos.label}: past flashes changed, "
                    f"{'spectator' if reader is None else f'seat {reader + 1}'} sees {d}"
                    for d in differences(ra, rb)
                ]
    return found
