"""Rooms: one game each, with seats, connections, computer players and a clock.

All changes to a room happen under its lock, in this order: the engine
checks and applies the action, the step is committed to the database, and
only then is anything sent. A step that cannot be saved is taken back (the
room is rebuilt by replaying what was saved) and the sender gets an error.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from obelisk.agents import default_level, levels, make_agent
from obelisk.core import (
    SYSTEM,
    Action,
    Agent,
    Game,
    IllegalAction,
    ObeliskError,
    PlayerView,
    Record,
    State,
    Voice,
    get_game,
    redacted,
    replay,
)

from . import protocol
from .clock import Ticker, has_clock, realtime_options
from .config import ServerConfig, ServerError
from .limits import check_network_options
from .preview import MAX_STEPS, check_steps
from .preview import preview as preview_of
from .store import RoomRow, Store
from .writer import Writer

JSON = Any
T = TypeVar("T")
log = logging.getLogger("obelisk.server")

WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"
#: A waiting room nobody joined in time (``--expire-waiting``): kept in the database, closed.
EXPIRED = "expired"
#: The close code for a client that does not read its messages (its outbox is full).
SLOW_READER = 1008
#: A bot whose moves take less than this runs on the event loop (see Room._think).
INLINE_BOT_SECONDS = 0.003


def _searches(agent: Agent) -> bool:
    """Whether a computer player searches (declares its time cap ``seconds``): it always
    thinks in the thread pool."""
    return isinstance(getattr(agent, "seconds", None), (int, float))


def rematch_id(room_id: str) -> str:
    """The id of a room's rematch (one per room: asking twice finds the same room)."""
    return room_id + "r"


def rematch_token(token: str, room_id: str) -> str:
    """A player's seat token in the rematch ``room_id``, derived from its token of the old
    room (whoever holds the old seat holds the new one; nothing secret is stored)."""
    digest = hmac.new(token.encode("utf-8"), b"rematch:" + room_id.encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:24]).decode("ascii")


def hash_token(token: str) -> str:
    """What the database keeps of a seat token (the token itself is never stored)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def public_seat(i: int, seat: dict[str, JSON], connected: bool = False) -> dict[str, JSON]:
    """What everybody may know about a seat."""
    return {
        "seat": i,
        "kind": seat["kind"],
        "level": seat.get("level"),
        "name": seat.get("name") or f"Seat {i + 1}",
        "taken": bool(seat.get("taken")),
        "connected": connected,
    }


#: Seconds between two wake-ups of the loop watcher (Lobby._watch_loop).
LAG_PERIOD = 0.02


class LoopLag:
    """How late the event loop woke a sleeping task: the worst delay, how often it passed
    50 ms, and how much of it the loop spent working (its thread's CPU time in that
    interval) rather than waiting for a core the machine gave to another process."""

    def __init__(self) -> None:
        self.samples = 0
        self.worst = 0.0
        self.over_50ms = 0
        self.worst_busy = 0.0
        self.busy_over_50ms = 0

    def add(self, late: float, busy: float) -> None:
        """Note one wake-up ``late`` seconds after it was due, with ``busy`` seconds of
        the loop thread's CPU time since the task went to sleep."""
        self.samples += 1
        self.worst = max(self.worst, late)
        if late > 0.05:
            self.over_50ms += 1
            # the loop's own work in the interval, past the sleep it had to do anyway
            work = min(late, busy)
            self.worst_busy = max(self.worst_busy, work)
            if work > 0.05:
                self.busy_over_50ms += 1

    def to_json(self) -> dict[str, JSON]:
        """The figures for ``/api/health``."""
        return {
            "samples": self.samples,
            "worst_ms": round(self.worst * 1000, 1),
            "over_50ms": self.over_50ms,
            "worst_busy_ms": round(self.worst_busy * 1000, 1),
            "busy_over_50ms": self.busy_over_50ms,
        }


class Conn:
    """One WebSocket client of a room: a seat (or None for a spectator) and its outbox."""

    OUTBOX = 512

    def __init__(self, seat: int | None, config: ServerConfig, text: bool = False) -> None:
        self.seat = seat
        self.text = text
        self.outbox: asyncio.Queue[dict[str, JSON] | None] = asyncio.Queue(self.OUTBOX)
        self.cursor = 0  # index in state.events up to which this client is served
        self.seen = 0  # how many events it was sent (its resume point)
        self.last: tuple[Any, Any] | None = None
        self.over_sent = False
        self.closed = False
        #: The WebSocket close code and reason the writer sends when it closes.
        self.close_code = 1000
        self.close_reason = ""
        self._rate = config.rate
        self._burst = float(config.burst)
        self._tokens = float(config.burst)
        self._stamp = time.monotonic()
        self._warned = 0.0

    def send(self, msg: dict[str, JSON]) -> None:
        """Queue a message; a client too slow to read its outbox is dropped."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(msg)
        except asyncio.QueueFull:
            self.close(SLOW_READER, "too slow to read its messages")

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Ask the writer to close the connection (with a close frame of ``code``).

        A full outbox (a client that does not read) is emptied first, so the
        close request always gets through and the client gets a close frame
        instead of a dropped connection.
        """
        if self.closed:
            return
        self.closed = True
        self.close_code, self.close_reason = code, reason
        if self.outbox.full():
            while not self.outbox.empty():
                self.outbox.get_nowait()
        self.outbox.put_nowait(None)

    def should_warn(self) -> bool:
        """At most one rate-limit notice a second, so a flood cannot flood back."""
        now = time.monotonic()
        if now - self._warned < 1.0:
            return False
        self._warned = now
        return True

    def allow(self) -> bool:
        """The rate limit (a token bucket): False when the client sends too fast."""
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._stamp) * self._rate)
        self._stamp = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True


class Room:
    """A live game room. Create with :meth:`Lobby.create` or rebuild with :meth:`Lobby.load`."""

    def __init__(self, lobby: Lobby, row: RoomRow, game: Game, state: State) -> None:
        self.lobby = lobby
        self.row = row
        self.id = row.id
        self.game = game
        self.state = state
        self.steps: list[dict[str, JSON]] = list(row.steps)
        self.lock = asyncio.Lock()
        #: The room of this game's rematch, once a player asked for one (see Lobby.rematch).
        self.rematch: str | None = None
        self.rematch_lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.agents: dict[int, Agent] = {}
        self._quick: dict[int, bool] = {}  # bot seats proven quick enough to move inline
        self.decisions = [0] * row.num_players
        self._offered: tuple[int, tuple[Action, ...], int] | None = None
        self._bot_task: asyncio.Task[None] | None = None
        self._clock_task: asyncio.Task[None] | None = None
        self.ticker = Ticker(game) if has_clock(game) else None
        self.wall = 0.0
        self._closing = False
        self.finished_at = time.monotonic() if row.status == FINISHED else None
        #: When each human seat was last left by its player (or taken, or the room loaded).
        now = time.monotonic()
        self.left_at: dict[int, float] = {i: now for i in range(row.num_players)}
        for i, s in enumerate(row.seats):
            if s["kind"] == "bot":
                self.agents[i] = make_agent(game, s["level"])
        self._track_decision()

    # -- what everybody may know ---------------------------------------------
    @property
    def status(self) -> str:
        """waiting (open seats), playing, or finished."""
        return self.row.status

    def connected(self, seat: int) -> bool:
        """Whether a client holds the seat now."""
        return any(c.seat == seat and not c.closed for c in self.conns)

    def summary(self) -> dict[str, JSON]:
        """The room as the lobby shows it (public)."""
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.row.num_players,
            "options": self.row.options,
            "status": self.status,
            "seats": [public_seat(i, s, self.connected(i)) for i, s in enumerate(self.row.seats)],
            "spectators": sum(1 for c in self.conns if c.seat is None),
            "created_at": self.row.created_at,
            "result": self.row.result,
            "realtime": self.ticker is not None,
            # a memory game: a page keeps no picture of past positions while it is played
            "memory": self.game.capabilities.memory,
            "clock_paused": self.clock_paused(),
            "rematch": self.rematch,
        }

    def names(self) -> tuple[str, ...]:
        """The seats' names as everybody reads them (``Seat 1`` … for an unnamed seat)."""
        return tuple(public_seat(i, s)["name"] for i, s in enumerate(self.row.seats))

    def people_present(self) -> bool:
        """Whether a person holds a seat now, or the room has no human seat at all."""
        humans = [i for i, s in enumerate(self.row.seats) if s["kind"] == "human"]
        return not humans or any(c.seat in humans and not c.closed for c in self.conns)

    def clock_paused(self) -> bool:
        """Whether a real-time room's clock stands still because no player is connected."""
        return (
            self.ticker is not None
            and self.status == PLAYING
            and not self.state.is_terminal()
            and not self.people_present()
        )

    def seat_of(self, token: str | None, former: bool = False) -> int | None:
        """The seat a token holds, or None. With ``former``, also the seat a player
        handed to a computer player (that player may still read its record)."""
        if not token:
            return None
        h = hash_token(token)
        for i, s in enumerate(self.row.seats):
            for key in ("token", "former") if former else ("token",):
                t = s.get(key)
                if t and hmac.compare_digest(t, h):
                    return i
        return None

    # -- joining and leaving ---------------------------------------------------
    async def join(
        self, seat: int | None, name: str | None, token: str | None = None
    ) -> tuple[int, str]:
        """Take an open human seat (the first one if ``seat`` is None); returns it and its token.

        ``token`` (a rematch's seat token, derived from the player's old one) is the
        token to give the seat; joining again with it answers the same seat.
        """
        async with self.lock:
            if self.status == EXPIRED:
                raise ServerError(f"room {self.id} has expired", "expired", 410)
            seats = self.row.seats
            if seat is None:
                open_ = [i for i, s in enumerate(seats) if s["kind"] == "human" and not s["taken"]]
                if not open_:
                    raise ServerError(f"room {self.id} has no open seat", "no_seat", 409)
                seat = open_[0]
            if not 0 <= seat < len(seats):
                raise ServerError(f"room {self.id} has no seat {seat}", "no_seat", 404)
            if seats[seat]["kind"] != "human":
                raise ServerError(f"seat {seat} is played by the computer", "no_seat", 409)
            if seats[seat]["taken"]:
                held = seats[seat].get("token")
                if token and held and hmac.compare_digest(held, hash_token(token)):
                    return seat, token
                raise ServerError(f"seat {seat} is taken", "seat_taken", 409)
            token = token or secrets.token_urlsafe(24)
            new = [dict(s) for s in seats]
            new[seat].update(taken=True, token=hash_token(token), name=name or f"Seat {seat + 1}")
            status = self._status_for(new)
            await self.lobby.write("update_room", self.id, new, status)
            self.row.seats = new
            self.row.status = status
            self.left_at[seat] = time.monotonic()
            self._room_changed()
            return seat, token

    async def replace_with_bot(self, seat: int, level: str, token: str | None) -> None:
        """Hand a human seat to a computer player of ``level``.

        The seat's own token may do it at any time; another player of the room
        may do it once the seat has been disconnected for the grace period
        (``--grace``), and then the seat's player can take it back by
        reconnecting with its token (:meth:`reclaim`).
        """
        async with self.lock:
            if not 0 <= seat < len(self.row.seats):
                raise ServerError(f"room {self.id} has no seat {seat}", "no_seat", 404)
            by = self.seat_of(token)
            if by is None:
                raise ServerError("a seat token of this room is required", "unauthorized", 403)
            if self.row.seats[seat]["kind"] == "bot":
                raise ServerError(f"seat {seat} is already a computer player", "no_seat", 409)
            if by != seat and self.connected(seat):
                raise ServerError(
                    f"seat {seat} is connected; only its own player may hand it over",
                    "forbidden",
                    403,
                )
            grace = self.lobby.config.grace
            away = time.monotonic() - self.left_at.get(seat, 0.0)
            if by != seat and away < grace:
                raise ServerError(
                    f"seat {seat} left {away:.0f} s ago; another player may hand it to a "
                    f"computer player after {grace:g} s",
                    "forbidden",
                    403,
                )
            if self.status in (FINISHED, EXPIRED):
                raise ServerError("the game is over", "game_over", 409)
            if level not in levels(self.game):
                raise ServerError(
                    f"unknown level '{level}'; levels: {', '.join(levels(self.game))}",
                    "bad_level",
                )
            new = [dict(s) for s in self.row.seats]
            new[seat] = {
                "kind": "bot",
                "level": level,
                # a person's seat keeps the person's name, so the result still reads right
                "name": (
                    f"{self.row.seats[seat]['name']} (computer)"
                    if self.row.seats[seat].get("name")
                    else f"Bot {seat + 1} ({level})"
                ),
                "taken": True,
                "former": self.row.seats[seat].get("token"),
                "former_name": self.row.seats[seat].get("name"),
                # handed over by another player: its own player may take it back
                "reclaimable": by != seat,
            }
            status = self._status_for(new)
            await self.lobby.write("update_room", self.id, new, status)
            self.row.seats = new
            self.row.status = status
            self.agents[seat] = make_agent(self.game, level)
            self._quick.pop(seat, None)
            for c in list(self.conns):
                if c.seat == seat:
                    c.send(protocol.error_frame("replaced", f"seat {seat} is now a {level} bot"))
                    c.close()
            self._room_changed()

    async def reclaim(self, token: str) -> int | None:
        """Give a seat that another player handed to a bot back to its own player.

        Returns the seat, or None when ``token`` held no such seat. The bot
        leaves at once: a move it is still thinking about is not played.
        """
        h = hash_token(token)
        async with self.lock:
            if self.status in (FINISHED, EXPIRED) or self.state.is_terminal():
                return None
            found = [
                i
                for i, x in enumerate(self.row.seats)
                if x["kind"] == "bot"
                and x.get("reclaimable")
                and x.get("former")
                and hmac.compare_digest(x["former"], h)
            ]
            if not found:
                return None
            i = found[0]
            s = self.row.seats[i]
            former = s["former"]
            new = [dict(x) for x in self.row.seats]
            new[i] = {
                "kind": "human",
                "level": None,
                "name": s.get("former_name") or f"Seat {i + 1}",
                "taken": True,
                "token": former,
            }
            await self.lobby.write("update_room", self.id, new, self.status)
            self.row.seats = new
            self.agents.pop(i, None)
            self._quick.pop(i, None)
            log.info("room %s: seat %d taken back from its bot by its player", self.id, i)
            self._room_changed()
            return i

    def _status_for(self, seats: list[dict[str, JSON]]) -> str:
        if self.state.is_terminal():
            return FINISHED
        return PLAYING if all(s["taken"] for s in seats) else WAITING

    # -- connections -------------------------------------------------------------
    async def attach(self, conn: Conn, seen: int) -> None:
        """Add a client and send it the room, its view and the events it has not seen."""
        async with self.lock:
            self.conns.add(conn)
            conn.send(
                {
                    "type": "welcome",
                    "v": protocol.VERSION,
                    "room": self.id,
                    "seat": conn.seat,
                    "game": self.game.name,
                    "title": self.game.title,
                    "levels": levels(self.game),
                    "summary": self.summary(),
                }
            )
            events = self.state.events_for(conn.seat)
            conn.seen = min(max(seen, 0), len(events))
            conn.cursor = len(self.state.events)
            self._push(conn, events[conn.seen :], force=True, live=False)
            self._room_changed(skip=conn)

    async def detach(self, conn: Conn) -> None:
        """Remove a client."""
        conn.close()
        async with self.lock:
            self.conns.discard(conn)
            if conn.seat is not None and not self.connected(conn.seat):
                self.left_at[conn.seat] = time.monotonic()
            if not self._closing:
                self._room_changed()

    def _push(
        self,
        conn: Conn,
        events: list[dict[str, JSON]] | None = None,
        force: bool = False,
        cache: dict[int | None, tuple[Any, Any]] | None = None,
        live: bool = True,
        names: tuple[str, ...] | None = None,
    ) -> None:
        """Send ``conn`` its view if anything it may see has changed.

        Each event goes with its ``sentence`` for this seat, and, when ``live``,
        its ``flash`` (a sentence for this moment only, never in a catch-up).
        """
        s = conn.seat
        if events is None:
            events = self.state.events_for(s, conn.cursor)
            conn.cursor = len(self.state.events)
        if cache is not None and s in cache:
            obs, legal = cache[s]
        else:
            obs, legal = self.state.observation(s), protocol.legal_for(self.state, s)
            if cache is not None:
                cache[s] = (obs, legal)
        view = (obs, legal)
        if force or events or view != conn.last:
            if events:
                events = self._narrated(events, conn.seat, live, names)
            conn.seen += len(events)
            conn.last = view
            conn.send(
                protocol.state_frame(
                    self.state,
                    s,
                    room=self.id,
                    status=self.status,
                    events=events,
                    seen=conn.seen,
                    decision=self.decisions[s] if s is not None else 0,
                    observation=obs,
                    legal=legal,
                    text=conn.text,
                    names=(names or self.names()) if conn.text else None,
                )
            )
        if self.state.is_terminal() and not conn.over_sent:
            conn.over_sent = True
            conn.send(protocol.game_over_frame(self.state, self.id))

    def _narrated(
        self,
        events: list[dict[str, JSON]],
        seat: int | None,
        live: bool,
        names: tuple[str, ...] | None = None,
    ) -> list[dict[str, JSON]]:
        """The events with their sentences for ``seat`` (and flashes when ``live``)."""
        voice = Voice(names if names is not None else self.names(), seat)
        game = self.game
        out = []
        for e in events:
            try:
                sentence = game.narrate(e, voice)
                flash = game.flash(e, voice) if live else None
            except Exception:
                log.exception("room %s: the narrator failed on a %s event", self.id, e.get("kind"))
                sentence, flash = None, None
            item = {**e, "sentence": sentence}
            if flash is not None:
                item["flash"] = flash
            out.append(item)
        return out

    def _broadcast(self) -> None:
        cache: dict[int | None, tuple[Any, Any]] = {}
        names = self.names()
        for c in list(self.conns):
            self._push(c, cache=cache, names=names)

    def _room_changed(self, skip: Conn | None = None) -> None:
        """Tell every client the public room summary, and get the game going if it can."""
        msg = {"type": "room", "v": protocol.VERSION, "summary": self.summary()}
        for c in list(self.conns):
            if c is not skip:
                c.send(msg)
        self._broadcast()
        self.wake()

    # -- playing -------------------------------------------------------------------
    def _actions_of(self, items: list[JSON]) -> list[Action]:
        """The actions of a message, read from their JSON forms."""
        if len(items) > MAX_STEPS:
            raise ServerError(f"a choice has at most {MAX_STEPS} steps", "too_large")
        out = []
        for data in items:
            try:
                out.append(self.game.action_from_json(data))
            except ObeliskError as e:
                raise ServerError(str(e), "bad_action") from None
        return out

    def _check_turn(self, seat: int) -> None:
        if self.status == WAITING:
            raise ServerError("the room is waiting for players to join", "waiting", 409)
        if self.status == EXPIRED:
            raise ServerError("the room has expired", "expired", 410)
        if self.state.is_terminal():
            raise ServerError("the game is over", "game_over", 409)
        if self.state.current_player != seat:
            raise ServerError("it is not your turn", "not_your_turn", 409)

    async def preview(self, seat: int | None, msg: dict[str, JSON]) -> dict[str, JSON]:
        """A ``preview`` message: what the seat would see after the steps ``actions`` of a
        choice it is building (see :mod:`.preview`); nothing is played."""
        if seat is None:
            raise ServerError("spectators cannot act", "spectator", 403)
        steps = msg.get("actions")
        if not isinstance(steps, list) or not steps:
            raise ServerError("actions must be a non-empty list of actions", "malformed")
        actions = self._actions_of(steps)
        async with self.lock:
            self._check_turn(seat)
            rng = random.Random(secrets.randbits(64))
            return preview_of(self.state, seat, actions, rng)

    async def act(self, seat: int | None, msg: dict[str, JSON]) -> None:
        """A player's ``action`` message: checked by the engine, saved, then broadcast.

        With ``then`` (a list of actions), the seat plays them right after, in order, as one
        choice: every step is checked first (nothing is played unless all are legal in
        turn), and the table is sent once, after the last.
        """
        if seat is None:
            raise ServerError("spectators cannot act", "spectator", 403)
        then = msg.get("then")
        if then is not None and not isinstance(then, list):
            raise ServerError("then must be a list of actions", "malformed")
        actions = self._actions_of([msg.get("action"), *(then or [])])
        action = actions[0]
        async with self.lock:
            self._check_turn(seat)
            want = msg.get("decision")
            if want is not None and want != self.decisions[seat]:
                raise ServerError(
                    "the position changed since that decision was offered; choose again",
                    "stale",
                    409,
                )
            if len(actions) > 1:
                check_steps(self.state, seat, actions)
                for i, step in enumerate(actions):
                    try:
                        await self._commit(seat, step, announce=i == len(actions) - 1)
                    except (IllegalAction, ServerError):
                        if i:  # the steps saved so far are played: everybody sees them
                            self._broadcast()
                            self.wake()
                        raise
                return
            try:
                await self._commit(seat, action)
            except IllegalAction as e:
                raise ServerError(e.reason, "illegal_action", 409, rule=e.rule) from None

    async def _commit(self, seat: int, action: Action, announce: bool = True) -> None:
        """Apply, save, then broadcast (unless ``announce`` is false: a step of a choice
        whose last step is announced). Called with the lock held."""
        state = self.state
        idx = len(state.history)
        try:
            if seat == SYSTEM:
                state.apply_system(action)
            else:
                state.apply(action)
        except IllegalAction:
            raise
        except Exception:
            # a fault in the game's code may have left the state half-changed: rebuild it
            log.exception("room %s: the engine failed on step %d (%s)", self.id, idx, action)
            self.state = self._replay(self.steps)
            raise ServerError(
                "the game engine failed on that action, so it was not played", "internal", 500
            ) from None
        st = state.history[-1]
        log_ = state.chance.log
        step = {
            "seat": None if st.seat == SYSTEM else st.seat,
            "action": st.action.to_json(),
            "chance": [[label, raw] for label, raw in log_[st.chance_start : st.chance_end]],
        }
        result = None
        if state.is_terminal():
            result = {
                "scores": state.scores(),
                "returns": state.returns(),
                "winners": state.winners(),
            }
        try:
            await self.lobby.write("append_step", self.id, idx, step, result)
        except Exception as e:
            log.error("room %s: step %d not saved (%s); taking it back", self.id, idx, e)
            self.state = self._replay(self.steps)
            raise ServerError(
                "the server could not save that action, so it was not played; try again",
                "storage",
                503,
            ) from None
        self.steps.append(step)
        if result is not None:
            self.row.status = FINISHED
            self.row.result = result
            self.finished_at = time.monotonic()
        self._track_decision()
        if result is not None:
            self._room_changed()
        elif announce:
            self._broadcast()
            self.wake()

    def _track_decision(self) -> None:
        """Count the decisions offered to each seat (a client may name the one it answers).

        A new decision begins when the seat to move or its choices change, and after every
        step a seat played (a Ramses II Sandstorm: the same seat draws again, ramses:7.1); a
        clock tick alone begins none."""
        s = self.state
        if s.is_terminal():
            return
        h = s.history
        played = (
            len(h) if h and h[-1].seat != SYSTEM else (self._offered[2] if self._offered else 0)
        )
        # actions are frozen dataclasses: equal exactly when their JSON forms are
        offered = (s.current_player, tuple(s.legal_actions()), played)
        if offered != self._offered:
            self._offered = offered
            if 0 <= s.current_player < len(self.decisions):
                self.decisions[s.current_player] += 1

    def _replay(self, steps: list[dict[str, JSON]]) -> State:
        return replay(self.record_of(steps), lambda _n: self.game, check_result=False)

    def record_of(self, steps: list[dict[str, JSON]] | None = None) -> Record:
        """The full record (omniscient: for the server only)."""
        return Record(
            game=self.game.name,
            num_players=self.row.num_players,
            seed=self.row.seed,
            options=self.row.options,
            steps=list(self.steps if steps is None else steps),
            seats=[public_seat(i, s) for i, s in enumerate(self.row.seats)],
            result=self.row.result,
            setup_chance=self.row.setup_chance,
            meta={"room": self.id, "created_at": self.row.created_at},
        )

    def redacted_record(self, seat: int | None) -> dict[str, JSON]:
        """The record as ``seat`` saw it (None: a spectator)."""
        seats = [public_seat(i, s) for i, s in enumerate(self.row.seats)]
        out = redacted(self.state, seat, seats)
        out["meta"] = {"room": self.id}
        # an added field: each event's narrated sentence for the seat, in the events' order
        # (null for one a person need not read); never a flash
        out["sentences"] = [e["sentence"] for e in self._narrated(out["events"], seat, False)]
        return out

    # -- computer players and the clock --------------------------------------------
    def wake(self) -> None:
        """Start the computer player or the clock if the room needs them."""
        if self._closing or self.status != PLAYING or self.state.is_terminal():
            return
        cp = self.state.current_player
        if cp in self.agents and (self._bot_task is None or self._bot_task.done()):
            self._bot_task = asyncio.get_running_loop().create_task(self._bot_turn())
        if (
            self.ticker is not None
            and self.people_present()
            and (self._clock_task is None or self._clock_task.done())
        ):
            self._clock_task = asyncio.get_running_loop().create_task(self._clock_loop())

    async def _bot_turn(self) -> None:
        cfg = self.lobby.config
        while not self._closing:
            # let the writers send what the last move produced (quick bots move without awaiting)
            await asyncio.sleep(0)
            async with self.lock:
                if self.status != PLAYING or self.state.is_terminal():
                    return
                seat = self.state.current_player
                agent = self.agents.get(seat)
                if agent is None:
                    return
                idx = len(self.state.history)
                # a quick bot moves on the live position, under the lock, with no copy
                inline = self._quick.get(seat, False) and not _searches(agent)
                snapshot = None if inline else self.state.clone()
            if cfg.bot_delay > 0:
                await asyncio.sleep(cfg.bot_delay)
            rng = random.Random(secrets.randbits(64))
            if snapshot is not None:
                action = await self._think(agent, snapshot, seat, rng)
            async with self.lock:
                if self.agents.get(seat) is not agent:
                    continue  # its player took the seat back: the bot leaves
                if len(self.state.history) != idx or self.state.current_player != seat:
                    continue  # a clock event changed the position: think again
                if snapshot is None:
                    action = self._think_inline(agent, self.state, seat, rng)
                try:
                    await self._commit(seat, action)
                except IllegalAction as e:
                    log.error("room %s: bot seat %d chose an illegal action: %s", self.id, seat, e)
                    try:
                        await self._commit(seat, self.state.legal_actions()[0])
                    except (ObeliskError, ServerError):
                        return
                except ServerError as e:
                    if e.code == "internal":
                        return  # the engine fails here: a person must look at it
                    await asyncio.sleep(0.5)  # storage trouble: retry the turn
                    continue
            # loop: the same or another computer player may be to move next

    async def _think(self, agent: Agent, snapshot: State, seat: int, rng: random.Random) -> Action:
        """The bot's move, within its budget; a random legal move if it fails or overruns.

        A bot thinks in the thread pool, on a copy of the position. One that has
        shown it answers in well under a millisecond (random, most heuristics)
        then moves on the event loop itself (:meth:`_think_inline`): handing a
        trivial move to a thread and back costs more (a GIL hand-over each way)
        than the move. It goes back to the pool as soon as one move takes longer.
        """
        legal = snapshot.legal_actions()
        view = PlayerView(snapshot, seat)
        searches = _searches(agent)

        def timed() -> tuple[Action, float]:
            t0 = time.thread_time()
            a = agent.act(view, rng)
            return a, time.thread_time() - t0

        loop = asyncio.get_running_loop()
        fut = loop.run_in_executor(self.lobby.bots, timed)
        try:
            action, cpu = await asyncio.wait_for(asyncio.shield(fut), self.budget(agent))
            self._quick[seat] = cpu < INLINE_BOT_SECONDS / 3 and not searches
            return action
        except TimeoutError:
            log.warning("room %s: bot seat %d overran its budget; random move", self.id, seat)
        except Exception:
            log.exception("room %s: bot seat %d failed; random move", self.id, seat)
        return rng.choice(legal)

    def _think_inline(self, agent: Agent, state: State, seat: int, rng: random.Random) -> Action:
        """A quick bot's move, on the event loop (see :meth:`_think`), on the live
        position (the lock is held; the bot sees it through its seat's view only). Its
        first slow move sends it back to the thread pool."""
        t0 = time.perf_counter()
        try:
            action = agent.act(PlayerView(state, seat), rng)
        except Exception:
            log.exception("room %s: bot seat %d failed; random move", self.id, seat)
            return rng.choice(state.legal_actions())
        if time.perf_counter() - t0 > INLINE_BOT_SECONDS:
            self._quick[seat] = False
        return action

    def budget(self, agent: Agent) -> float:
        """Seconds a computer player may think: its level's own time cap (a search level
        declares ``seconds``) with room for a busy machine, else ``--bot-budget``."""
        own = getattr(agent, "seconds", None)
        if isinstance(own, (int, float)) and own > 0:
            return float(own) * 1.5 + 1.0
        return self.lobby.config.bot_budget

    async def _clock_loop(self) -> None:
        cfg = self.lobby.config
        assert self.ticker is not None
        loop = asyncio.get_running_loop()
        last = loop.time()
        while not self._closing:
            await asyncio.sleep(cfg.tick_interval)
            now = loop.time()
            seconds = (now - last) * cfg.clock_speed
            last = now
            async with self.lock:
                if self.status != PLAYING or self.state.is_terminal():
                    return
                if not self.people_present():
                    return  # nobody plays: the clock stands still (wake restarts it)
                action = self.ticker.make(seconds)
                if action is None:
                    continue
                before = protocol.clock_info(self.state)
                try:
                    await self._commit(SYSTEM, action)
                except IllegalAction:
                    continue  # the game refuses time now
                except ServerError as e:
                    if e.code == "internal":
                        return
                    continue
                self.wall += seconds
                after = protocol.clock_info(self.state)
                frame = protocol.clock_frame(self.state, self.id, self.wall, after != before)
                for c in list(self.conns):
                    c.send(frame)

    async def close(self) -> None:
        """Stop the room's tasks (on shutdown)."""
        self._closing = True
        for t in (self._bot_task, self._clock_task):
            if t is not None and not t.done():
                t.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await t
        for c in list(self.conns):
            c.close()


class Lobby:
    """Every live room, the database, and the executors for storage and computer players."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.store = Store(config.db)
        #: Every write goes through one thread, in order, grouped into transactions.
        self.writer = Writer(self.store)
        # reads: inline for SQLite (a local file, read while the writer writes: WAL), on
        # threads for a server database (reached over the network)
        self._inline = self.store.is_sqlite
        self._db = ThreadPoolExecutor(4, thread_name_prefix="obelisk-db")
        self.bots = ThreadPoolExecutor(max(1, config.bot_workers), thread_name_prefix="obelisk-bot")
        self.rooms: dict[str, Room] = {}
        self._create_lock = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None
        #: Room creation per client address: a token bucket each (tokens, when last filled).
        self._buckets: dict[str, tuple[float, float]] = {}
        #: How late the event loop woke a task that slept LAG_PERIOD (see _watch_loop).
        self.lag = LoopLag()
        self._watcher: asyncio.Task[None] | None = None

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
            try:
                room = self._build(row)
            except ObeliskError as e:
                log.error("room %s cannot be reloaded: %s", row.id, e)
                continue
            self.rooms[row.id] = room
            n += 1
        for room in self.rooms.values():
            room.wake()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_loop())
        self._watcher = asyncio.get_running_loop().create_task(self._watch_loop())
        return n

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
        now = time.monotonic()
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
        times = [t for t in (cfg.expire_waiting, cfg.expire_finished) if t > 0]
        every = min(30.0, max(0.1, min(times, default=30.0) / 4))
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except Exception:
                log.exception("the room sweep failed")

    async def sweep(self) -> None:
        """Close waiting rooms past ``--expire-waiting`` and drop finished ones nobody watches
        past ``--expire-finished`` from memory (both stay in the database, records readable)."""
        cfg = self.config
        now = time.time()
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
        self._forget_finished(cfg.expire_finished)

    async def stop(self) -> None:
        """Stop every room and release the executors."""
        for task in (self._sweeper, self._watcher):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        for room in list(self.rooms.values()):
            await room.close()
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
        state = replay(rec, lambda _n: game, check_result=False)
        if state.is_terminal() and row.status != FINISHED:
            row.status = FINISHED
            row.result = {
                "scores": state.scores(),
                "returns": state.returns(),
                "winners": state.winners(),
            }
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
    ) -> Room:
        """A new room. ``seats``: one entry per player, ``{"kind": "human"}`` or
        ``{"kind": "bot", "level": name}`` (default: every seat human).

        Options are held to the ranges of :mod:`obelisk.server.limits` and may not
        name files, unless ``trusted`` (a program embedding the server, not a client).
        """
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
                # named by seat, as the terminal names them: two bots of a level stay apart
                name = f"Bot {i + 1} ({level})"
                clean.append({"kind": "bot", "level": level, "name": name, "taken": True})
            else:
                raise ServerError(
                    f"seat {i}: kind must be 'human' or 'bot', not {kind!r}", "bad_seats"
                )
        seed = secrets.randbits(62) if seed is None else int(seed)
        if not 0 <= seed < 2**63:
            raise ServerError("seed must be between 0 and 2^63-1", "bad_options")
        try:
            values = realtime_options(game, dict(options or {})) if has_clock(game) else options
            opts = game.variant_options(variant, values)
            state = game.new_state(n, seed, opts)
        except ObeliskError as e:
            raise ServerError(str(e), "bad_options") from None
        async with self._create_lock:
            self._forget_finished(self.config.expire_finished)
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
                created_at=time.time(),
            )
            await self.write("create_room", row)
            room = Room(self, row, game, state)
            self.rooms[room_id] = room
        room.wake()
        return room

    def _forget_finished(self, after: float = 600.0) -> None:
        """Drop finished (and expired) rooms nobody watches from memory (they stay in the
        database and are read again on demand)."""
        now = time.monotonic()
        for rid, r in list(self.rooms.items()):
            if r.conns:
                continue
            if (r.finished_at is not None and now - r.finished_at > after) or r.status == EXPIRED:
                del self.rooms[rid]

    async def get(self, room_id: str) -> Room:
        """A room by id (finished rooms are reloaded from the database on demand)."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        row = await self.db(self.store.load_room, room_id)
        if row is None:
            raise ServerError(f"no room '{room_id}'", "no_room", 404)
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
                }
            )
        return out
