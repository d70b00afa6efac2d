"""A room: one game, its seats, connections, computer players and clock.

All changes to a room happen under its lock, in this order: the engine checks and
applies the action, the step is committed to the database, and only then is anything
sent. A step that cannot be saved is taken back (the room is rebuilt by replaying what
was saved) and the sender gets an error. What is sent is computed by :mod:`.disclosure`
(the room's position, ``_state``, is private); computer players are in :mod:`.bots`,
the connections in :mod:`.conn`, the lobby of rooms in :mod:`.lobby`.
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
from typing import TYPE_CHECKING, Any

from obelisk.agents import levels, make_agent
from obelisk.core import (
    SYSTEM,
    Action,
    Agent,
    Game,
    IllegalAction,
    ObeliskError,
    Outcome,
    Record,
    State,
    UndoError,
    replay,
)
from obelisk.core.i18n import Words, language, speaking
from obelisk.core.record import step_json
from obelisk.core.record import undo as undo_steps

from . import bots, disclosure, protocol
from .clock import Ticker, has_clock
from .config import ServerError
from .conn import Conn
from .moment import Moment
from .preview import MAX_STEPS, check_steps, copy_key
from .preview import preview as preview_of
from .store import RoomRow

if TYPE_CHECKING:
    from .shapes import LobbyLike as Lobby

JSON = Any
log = logging.getLogger("obelisk.server")

#: The server's own words, in the reader's language (``speaking(conn.lang)``).
W = Words("obelisk.server")
_ = W.gettext

WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"
#: A waiting room nobody joined in time (``--expire-waiting``): kept in the database, closed.
EXPIRED = "expired"
#: A playing room no person came back to in time (``--abandon-after``): kept, closed.
ABANDONED = "abandoned"


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


def seat_name(i: int, seat: dict[str, JSON]) -> str:
    """Seat ``i``'s name as everybody reads it (``Seat 1`` … for an unnamed seat)."""
    return str(seat.get("name") or f"Seat {i + 1}")


def public_seat(i: int, seat: dict[str, JSON], connected: bool = False) -> dict[str, JSON]:
    """What everybody may know about a seat."""
    return {
        "seat": i,
        "kind": seat["kind"],
        "level": seat.get("level"),
        "name": seat_name(i, seat),
        "taken": bool(seat.get("taken")),
        "connected": connected,
    }


class Room:
    """A live game room. Create with :meth:`Lobby.create` or rebuild with :meth:`Lobby.load`."""

    def __init__(self, lobby: Lobby, row: RoomRow, game: Game, state: State) -> None:
        self.lobby = lobby
        self.row = row
        self.id = row.id
        self.game = game
        #: The position: private. What leaves the server is computed from it by
        #: :mod:`.disclosure` only.
        self._state = state
        self.steps: list[dict[str, JSON]] = list(row.steps)
        self.lock = asyncio.Lock()
        #: The room of this game's rematch, once a player asked for one (see Lobby.rematch).
        self.rematch: str | None = None
        self.rematch_lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.agents: dict[int, Agent] = {}
        self._quick: dict[int, bool] = {}  # bot seats proven quick enough to move inline
        self.decisions = [0] * row.num_players
        self._offered: tuple[int, int, tuple[Action, ...]] | None = None
        #: What is computed once per position (legal actions, turn context, each
        #: connected reader's view and choices): see :meth:`_now`.
        self._moment = Moment()
        #: The computer players' dice (drawn from the system's randomness once, not at
        #: every move: a system call per move cost more than the move).
        self.rng = random.Random(secrets.randbits(128))
        self._bot_task: asyncio.Task[None] | None = None
        self._clock_task: asyncio.Task[None] | None = None
        self.ticker = Ticker(game) if has_clock(game) else None
        self.wall = 0.0
        self._closing = False
        self.clock = lobby.clock
        now = self.clock.monotonic()
        self.finished_at = now if row.status == FINISHED else None
        #: The address that made the room (bounds its searching players; not stored).
        self.creator: str | None = None
        #: When a spectator came or went: the summary to send (coalesced, see _crowd_changed).
        self._crowd_pending: asyncio.TimerHandle | None = None
        #: When each human seat was last left by its player (or taken, or the room loaded).
        self.left_at: dict[int, float] = {i: now for i in range(row.num_players)}
        #: Since when a room without human seats has had nobody watching.
        self.quiet_since = now
        #: When a player last did something here (a move, an undo, a seat taken or handed
        #: over): wall time, shown in the lobby; the store's last change until then.
        self.active_at = max(row.updated_at, row.created_at)
        #: The seats' names and the seat list they were read from (see :meth:`names`).
        self._names: tuple[list[dict[str, JSON]] | None, tuple[str, ...]] = (None, ())
        for i, s in enumerate(row.seats):
            if s["kind"] == "bot":
                self.agents[i] = make_agent(game, s["level"])
        self._track_decision()

    def _now(self) -> Moment:
        """The facts of the current position, computed once each (see :mod:`.moment`)."""
        return self._moment.at(self._state)

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
            "deal": disclosure.deal(self),
            "updated_at": self.row.updated_at,
            "active_at": self.active_at,
        }

    @property
    def over(self) -> bool:
        """Whether the game has ended (finished, or expired or abandoned unfinished)."""
        return self.status in (FINISHED, EXPIRED, ABANDONED) or self._state.is_terminal()

    def public_seats(self) -> list[dict[str, JSON]]:
        """Every seat as everybody may know it."""
        return [public_seat(i, s) for i, s in enumerate(self.row.seats)]

    def names(self) -> tuple[str, ...]:
        """The seats' names as everybody reads them (``Seat 1`` … for an unnamed seat)."""
        # read again only when the seats change (every change replaces the list); every
        # message that names a seat asks
        seats = self.row.seats
        if self._names[0] is not seats:
            self._names = (seats, tuple(seat_name(i, s) for i, s in enumerate(seats)))
        return self._names[1]

    def watched(self) -> bool:
        """Whether anybody (a player or a spectator) has the room open now."""
        return any(not c.closed for c in self.conns)

    def people_present(self) -> bool:
        """Whether a person holds a seat now, or the room has no human seat at all."""
        humans = [i for i, s in enumerate(self.row.seats) if s["kind"] == "human"]
        return not humans or any(c.seat in humans and not c.closed for c in self.conns)

    def clock_paused(self) -> bool:
        """Whether a real-time room's clock stands still because no player is connected."""
        return (
            self.ticker is not None
            and self.status == PLAYING
            and not self._state.is_terminal()
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
            if self.status in (EXPIRED, ABANDONED):
                raise ServerError(f"room {self.id} has {self.status}", self.status, 410)
            seats = self.row.seats
            now = self.clock.time()

            def kept(s: dict[str, JSON]) -> bool:
                # a rematch seat kept for its player of the last game (see Lobby.rematch)
                return token is None and float(s.get("kept_until") or 0) > now

            if seat is None:
                open_ = [
                    i
                    for i, s in enumerate(seats)
                    if s["kind"] == "human" and not s["taken"] and not kept(s)
                ]
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
            if kept(seats[seat]):
                wait = float(seats[seat]["kept_until"]) - now
                raise ServerError(
                    f"seat {seat + 1} is kept for its player of the last game for another "
                    f"{wait:.0f} s",
                    "seat_kept",
                    409,
                )
            token = token or secrets.token_urlsafe(24)
            new = [dict(s) for s in seats]
            new[seat].update(taken=True, token=hash_token(token), name=name or f"Seat {seat + 1}")
            new[seat].pop("kept_until", None)
            status = self._status_for(new)
            await self.lobby.write("update_room", self.id, new, status)
            self.row.seats = new
            self.row.status = status
            self.left_at[seat] = self.clock.monotonic()
            self.active_at = self.clock.time()
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
            away = self.clock.monotonic() - self.left_at.get(seat, 0.0)
            if by != seat and away < grace:
                raise ServerError(
                    f"seat {seat} left {away:.0f} s ago; another player may hand it to a "
                    f"computer player after {grace:g} s",
                    "forbidden",
                    403,
                )
            if self.over:
                raise ServerError(_("the game is over"), "game_over", 409)
            if level not in levels(self.game):
                raise ServerError(
                    f"unknown level '{level}'; levels: {', '.join(levels(self.game))}",
                    "bad_level",
                )
            new = [dict(s) for s in self.row.seats]
            new[seat] = {
                "kind": "bot",
                "level": level,
                # a person's seat keeps the person's name, so the result still reads right;
                # that a computer plays it (and its level) is told beside the name (kind, level)
                "name": self.row.seats[seat].get("name") or f"Bot {seat + 1}",
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
            self.active_at = self.clock.time()
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
            if self.over:
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
        if self._state.is_terminal():
            return FINISHED
        return PLAYING if all(s["taken"] for s in seats) else WAITING

    # -- connections -------------------------------------------------------------
    async def attach(self, conn: Conn, seen: int) -> None:
        """Add a client and send it the room, its view and the events it has missed (the
        catch-up: their lasting form, never a past flash; see :mod:`.disclosure`)."""
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
            with speaking(conn.lang):
                events, total = disclosure.catch_up(self, disclosure.Reader(conn.seat), seen)
            conn.seen = total - len(events)
            conn.cursor = len(self._state.events)
            self._push(conn, events, force=True, narrated=True)
            if conn.seat is None:
                self._crowd_changed()
            else:
                self._room_changed(skip=conn)

    async def detach(self, conn: Conn) -> None:
        """Remove a client."""
        conn.close()
        async with self.lock:
            self.conns.discard(conn)
            if conn.seat is not None and not self.connected(conn.seat):
                self.left_at[conn.seat] = self.clock.monotonic()
            if self._closing:
                return
            if conn.seat is None:
                self._crowd_changed()
            else:
                self._room_changed()

    def _push(
        self,
        conn: Conn,
        events: list[dict[str, JSON]] | None = None,
        force: bool = False,
        cache: dict[Any, Any] | None = None,
        names: tuple[str, ...] | None = None,
        narrated: bool = False,
    ) -> None:
        """Send ``conn`` its view if anything it may see has changed: the new events as
        they happen (with their flashes), or, ``narrated``, events already in the form
        :mod:`.disclosure` gave them (a catch-up). Every word is in the reader's language
        (``conn.lang``); ``cache`` keeps the view and choices per seat and language."""
        if conn.lang == language():  # the language read already (most readers read English)
            self._push_words(conn, events, force, cache, names, narrated)
            return
        with speaking(conn.lang):
            self._push_words(conn, events, force, cache, names, narrated)

    def _push_words(
        self,
        conn: Conn,
        events: list[dict[str, JSON]] | None,
        force: bool,
        cache: dict[Any, Any] | None,
        names: tuple[str, ...] | None,
        narrated: bool,
    ) -> None:
        s, lang = conn.seat, conn.lang
        if cache is None:
            cache = {}
        # readers of one seat and language (a seat's second tab, the spectators) at the same
        # point of the story share its events, their sentences and the encoded message
        # within one broadcast
        told = (s, lang, conn.cursor)
        shared = events is None
        if events is None:
            events = cache.get(("events", told))
            if events is None:
                events = cache[("events", told)] = self._state.events_for(s, conn.cursor)
            conn.cursor = len(self._state.events)
        now = self._now()
        state = self._state
        # the view, the choices and whether the seat may take back its last decision (that
        # ends when another acts): once per position for each (seat, language) read; and
        # the status, since a seat's choices are sent only once the room plays (disclosure)
        status = self.row.status
        view = now.seat(
            (s, lang, status),
            lambda: (
                state.observation(s),
                disclosure.legal(state, s, now.legal()),
                status,
                disclosure.can_undo(self, s),
            ),
        )
        obs, legal, _status, undo = view
        if force or events or view != conn.last:
            if events and not narrated:
                said = cache.get(("said", told))
                if said is None:
                    said = disclosure.narrated(self, events, s, live=True, names=names)
                    cache[("said", told)] = said
                events = said
            conn.seen += len(events)
            conn.last = view
            key = ("frame", told, conn.seen, conn.text)
            text = cache.get(key) if shared else None
            if text is None:
                paused = disclosure.paused_by(self)
                frame = disclosure.state_frame(
                    self,
                    s,
                    events,
                    conn.seen,
                    obs,
                    legal,
                    conn.text,
                    (names or self.names()) if conn.text else None,
                    ctx=now.context(paused),
                    may_undo=undo,
                )
                text = protocol.encode(frame)
                if shared:
                    cache[key] = text
            conn.send(text)
        if state.is_terminal() and not conn.over_sent:
            conn.over_sent = True
            over = cache.get(("over", lang))
            if over is None:
                over = cache[("over", lang)] = protocol.encode(disclosure.game_over(self))
            conn.send(over)

    def _broadcast(self) -> None:
        cache: dict[Any, Any] = {}
        names = self.names()
        for c in list(self.conns):
            self._push(c, cache=cache, names=names)

    def _room_changed(self, skip: Conn | None = None) -> None:
        """Tell every client the public room summary, and get the game going if it can."""
        msg = protocol.encode({"type": "room", "v": protocol.VERSION, "summary": self.summary()})
        for c in list(self.conns):
            if c is not skip:
                c.send(msg)
        self._broadcast()
        self.wake()

    #: Seconds over which spectators' comings and goings are gathered into one summary.
    CROWD_DELAY = 0.25

    def _crowd_changed(self) -> None:
        """A spectator came or went: one ``room`` message for all of those in the next
        :attr:`CROWD_DELAY` seconds (500 spectators joining cost 500 messages, not 250,000)."""
        if self._crowd_pending is not None:
            return

        def send() -> None:
            self._crowd_pending = None
            if self._closing:
                return
            msg = protocol.encode(
                {"type": "room", "v": protocol.VERSION, "summary": self.summary()}
            )
            for c in list(self.conns):
                c.send(msg)

        self._crowd_pending = asyncio.get_running_loop().call_later(self.CROWD_DELAY, send)

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
            raise ServerError(_("the room is waiting for players to join"), "waiting", 409)
        if self.status in (EXPIRED, ABANDONED):
            raise ServerError(
                _("the room has {status}").format(status=self.status), self.status, 410
            )
        if self._state.is_terminal():
            raise ServerError(_("the game is over"), "game_over", 409)
        if self._state.current_player != seat:
            raise ServerError(_("it is not your turn"), "not_your_turn", 409)

    async def preview(self, seat: int | None, msg: dict[str, JSON]) -> dict[str, JSON]:
        """A ``preview`` message: what the seat would see after the steps ``actions`` of a
        choice it is building, computed on its re-drawn copies only (see :mod:`.preview`);
        nothing is played."""
        if seat is None:
            raise ServerError("spectators cannot act", "spectator", 403)
        steps = msg.get("actions")
        if not isinstance(steps, list) or not steps:
            raise ServerError("actions must be a non-empty list of actions", "malformed")
        actions = self._actions_of(steps)
        async with self.lock:
            self._check_turn(seat)
            key = self._copy_key(seat)
            state = self._state.clone()
        # the copies are drawn and played off the event loop
        return await asyncio.to_thread(preview_of, state, seat, actions, key)

    def _copy_key(self, seat: int) -> int:
        """The seed of a seat's re-drawn copies now (see :func:`.preview.copy_key`)."""
        return copy_key(self.id, seat, self.decisions[seat], self._state.seen_count(seat))

    async def act(self, seat: int | None, msg: dict[str, JSON]) -> None:
        """A player's ``action`` message: checked by the engine, saved, then broadcast.

        With ``then`` (a list of actions), the seat plays them right after, in order, as one
        choice: every step is checked first on the seat's re-drawn copies (so a refusal says
        only what the seat could know), then the steps are played one by one; a step that
        the real position refuses ends the choice there (the steps before it are played,
        and everybody sees them: playing tells what playing tells, nothing more).
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
                check_steps(self._state, seat, actions, self._copy_key(seat))
                for i, step in enumerate(actions):
                    try:
                        await self._commit_step(seat, i, step, last=i == len(actions) - 1)
                    except ServerError:
                        if i:  # the steps saved so far are played: everybody sees them
                            self._broadcast()
                            self.wake()
                        raise
                return
            try:
                await self._commit(seat, action)
            except IllegalAction as e:
                raise ServerError(e.reason, "illegal_action", 409, rule=e.rule) from None

    #: The most decisions one ``undo`` message may take back.
    MAX_UNDO = 20

    async def undo(self, seat: int | None, msg: dict[str, JSON]) -> None:
        """An ``undo`` message: the seat takes back its last ``count`` decisions (1) where
        the core's undo policy allows it (``State.undoable``). The position is replayed
        without them, the steps are saved, everybody is told who took back how many (the
        ``undo`` message) and gets a fresh state; a refusal says why in a sentence."""
        if seat is None:
            raise ServerError(_("spectators cannot take anything back"), "spectator", 403)
        count = msg.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= self.MAX_UNDO:
            raise ServerError(
                f"count must be a whole number from 1 to {self.MAX_UNDO}", "malformed"
            )
        async with self.lock:
            if self.status != PLAYING or self._state.is_terminal():
                raise ServerError(disclosure.undo_refusal(self, seat), "cannot_undo", 409)
            if self._state.undoable(seat) < count:
                raise ServerError(disclosure.undo_refusal(self, seat), "cannot_undo", 409)
            try:
                state = undo_steps(self._state, seat, count)
            except UndoError as e:
                raise ServerError(str(e), "cannot_undo", 409) from None
            steps = [step_json(state, st) for st in state.history]
            keep = 0
            while keep < min(len(steps), len(self.steps)) and steps[keep] == self.steps[keep]:
                keep += 1
            try:
                await self.lobby.write("replace_steps", self.id, keep, steps[keep:])
            except Exception as e:
                log.error("room %s: undo not saved (%s)", self.id, e)
                raise ServerError(
                    "the server could not save that, so nothing was taken back; try again",
                    "storage",
                    503,
                ) from None
            self._state = state
            self.steps = steps
            self.active_at = self.clock.time()
            self._track_decision()
            cache: dict[Any, Any] = {}
            names = self.names()
            for c in list(self.conns):
                # every reader starts again from the position as it now stands
                c.cursor = len(state.events)
                c.seen = len(state.events_for(c.seat))
                with speaking(c.lang):
                    c.send(disclosure.undone(self, seat, count))
                self._push(c, force=True, cache=cache, names=names)
            self.wake()

    async def _commit_step(self, seat: int, i: int, step: Action, last: bool) -> None:
        """Play step ``i`` of a built choice on the real position; a step it refuses (what
        was hidden decided it) is a :class:`ServerError` naming the step."""
        played = f"the {i} step(s) before it were played"
        if self._state.is_terminal() or self._state.current_player != seat:
            raise ServerError(
                f"step {i + 1} of your choice: it is not your turn any more; {played}",
                "not_your_turn",
                409,
            )
        try:
            await self._commit(seat, step, announce=last)
        except IllegalAction as e:
            raise ServerError(
                f"step {i + 1} of your choice: {e.reason}; {played}",
                "illegal_action",
                409,
                rule=e.rule,
            ) from None

    async def _commit(self, seat: int, action: Action, announce: bool = True) -> None:
        """Apply, save, then broadcast (unless ``announce`` is false: a step of a choice
        whose last step is announced). Called with the lock held."""
        state = self._state
        idx = len(state.history)
        try:
            if seat == SYSTEM:
                state.apply_system(action)
            elif action in self._now().legal():
                # checked against this position's legal actions, computed once for it
                state.apply_unchecked(action)
            else:
                state.apply(action)  # refused, with the rule that forbids it
        except IllegalAction:
            raise
        except Exception:
            # a fault in the game's code may have left the state half-changed: rebuild it
            log.exception("room %s: the engine failed on step %d (%s)", self.id, idx, action)
            self._state = self._replay(self.steps)
            raise ServerError(
                "the game engine failed on that action, so it was not played", "internal", 500
            ) from None
        step = step_json(state, state.history[-1])
        result = Outcome.of(state).to_json() if state.is_terminal() else None
        try:
            await self.lobby.write("append_step", self.id, idx, step, result)
        except Exception as e:
            log.error("room %s: step %d not saved (%s); taking it back", self.id, idx, e)
            self._state = self._replay(self.steps)
            raise ServerError(
                "the server could not save that action, so it was not played; try again",
                "storage",
                503,
            ) from None
        self.steps.append(step)
        if seat != SYSTEM:
            self.active_at = self.clock.time()
        if result is not None:
            self.row.status = FINISHED
            self.row.result = result
            self.finished_at = self.clock.monotonic()
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
        s = self._state
        if s.is_terminal():
            return
        h = s.history
        played = (
            len(h) if h and h[-1].seat != SYSTEM else (self._offered[1] if self._offered else 0)
        )
        # actions are frozen dataclasses: equal exactly when their JSON forms are
        # the seat and the steps played first: they tell most decisions apart without
        # comparing the choices one by one
        offered = (s.current_player, played, self._now().legal())
        if offered != self._offered:
            self._offered = offered
            if 0 <= s.current_player < len(self.decisions):
                self.decisions[s.current_player] += 1

    def _replay(self, steps: list[dict[str, JSON]]) -> State:
        return replay(self.full_record(steps), lambda _n: self.game, check_result=False)

    def full_record(self, steps: list[dict[str, JSON]] | None = None) -> Record:
        """The full record (omniscient: for the server, the admin, and everybody once the
        game is over), with the seed's commitment and, once over, its salt in ``meta``."""
        meta: dict[str, JSON] = {"room": self.id, "created_at": self.row.created_at}
        deal = disclosure.deal(self)
        if deal["commitment"]:
            meta["seed_commitment"] = deal["commitment"]
        if deal["salt"]:
            meta["seed_salt"] = deal["salt"]
        if self.row.seed_chosen:
            meta["seed_chosen"] = True
        return Record(
            game=self.game.name,
            num_players=self.row.num_players,
            seed=self.row.seed,
            options=self.row.options,
            steps=list(self.steps if steps is None else steps),
            seats=self.public_seats(),
            result=self.row.result,
            setup_chance=self.row.setup_chance,
            meta=meta,
        )

    # -- computer players and the clock --------------------------------------------
    def wake(self) -> None:
        """Start the computer player or the clock if the room needs them."""
        if self._closing or self.status != PLAYING or self._state.is_terminal():
            return
        cp = self._state.current_player
        if cp in self.agents and (self._bot_task is None or self._bot_task.done()):
            self._bot_task = asyncio.get_running_loop().create_task(bots.bot_turns(self))
        if (
            self.ticker is not None
            and self.people_present()
            and (self._clock_task is None or self._clock_task.done())
        ):
            self._clock_task = asyncio.get_running_loop().create_task(self._clock_loop())

    def alone_for(self) -> float:
        """Seconds since the last person left a playing room (0 while one is here): a
        room with human seats counts its players, one without counts its spectators."""
        if any(not c.closed for c in self.conns if c.seat is not None or not self.humans()):
            return 0.0
        if self.humans():
            since = max(self.left_at.get(i, 0.0) for i in self.humans())
        else:
            since = self.quiet_since
        return max(0.0, self.clock.monotonic() - since)

    def humans(self) -> list[int]:
        """The seats people play."""
        return [i for i, s in enumerate(self.row.seats) if s["kind"] == "human"]

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
                if self.status != PLAYING or self._state.is_terminal():
                    return
                if not self.people_present():
                    return  # nobody plays: the clock stands still (wake restarts it)
                action = self.ticker.make(seconds)
                if action is None:
                    continue
                before = protocol.clock_info(self._state)
                still = protocol.position_key(self._state)
                try:
                    # announced below: a tick that moved only the clock sends no state
                    await self._commit(SYSTEM, action, announce=False)
                except IllegalAction:
                    continue  # the game refuses time now
                except ServerError as e:
                    if e.code == "internal":
                        return
                    continue
                self.wall += seconds
                if not self._state.is_terminal() and protocol.position_key(self._state) != still:
                    self._broadcast()
                    self.wake()
                after = protocol.clock_info(self._state)
                frame = protocol.encode(disclosure.clock(self, self.wall, after != before))
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
        if self._crowd_pending is not None:
            self._crowd_pending.cancel()
        for c in list(self.conns):
            c.close()
