"""Computer players in a room: they think off the event loop, within a budget.

A bot thinks in the lobby's thread pool, on a copy of the position seen through its
seat's view (:class:`~obelisk.core.PlayerView`). One that has shown it answers in well under
a millisecond (random, most heuristics) then moves on the event loop itself: handing a
trivial move to a thread and back costs more than the move. A searching level (one that
declares its time cap ``seconds``) always thinks in the pool, and a client may keep only a
few rooms of searching players at once (``--search-rooms``).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from obelisk.core import SYSTEM, Action, Agent, IllegalAction, ObeliskError, PlayerView, State

from .config import ServerError

if TYPE_CHECKING:
    from .shapes import RoomLike as Room

log = logging.getLogger("obelisk.server")

#: A bot whose moves take less than this runs on the event loop (see :func:`think`).
INLINE_BOT_SECONDS = 0.003

#: The part of ``--bot-delay`` a computer player's next action within its own turn takes
#: (the first action of a turn shows who moves; the rest of the turn follows at this pace).
FOLLOW_UP = 0.4


def pace(room: Room, seat: int) -> float:
    """Seconds a computer player's action at ``seat`` takes at least, thinking included, so
    a person can follow it (``--bot-delay``): the whole delay for the first action of its
    turn, :data:`FOLLOW_UP` of it for the next ones, none when nobody is watching."""
    delay = room.lobby.config.bot_delay
    if delay <= 0 or not room.watched():
        return 0.0
    for step in reversed(room._state.history):
        if step.seat == SYSTEM:
            continue  # a clock tick is nobody's move
        return delay * FOLLOW_UP if step.seat == seat else delay
    return delay


def _level(room: Room, seat: int) -> tuple[str, str]:
    return room.game.name, str(room.row.seats[seat].get("level"))


def quick(room: Room, seat: int) -> bool:
    """Whether the computer player at ``seat`` moves on the event loop: it has shown it
    answers quickly in this room, or, before its first move here, its level of this game
    has in another room of the lobby (one move in the thread pool per room and seat, a
    copy of the position and two thread hand-overs, was a large part of a short game)."""
    known = room._quick.get(seat)
    if known is None:
        known = room.lobby.quick_levels.get(_level(room, seat), False)
    return known


def _note_speed(room: Room, seat: int, fast: bool) -> None:
    """Remember whether the bot at ``seat`` moved quickly enough to move inline, in the
    room and for its level in the lobby."""
    room._quick[seat] = fast
    room.lobby.quick_levels[_level(room, seat)] = fast


def searches(agent: Agent) -> bool:
    """Whether a computer player searches (declares its time cap ``seconds``): it always
    thinks in the thread pool."""
    return isinstance(getattr(agent, "seconds", None), (int, float))


def budget(room: Room, agent: Agent) -> float:
    """Seconds a computer player may think: its level's own time cap (a search level
    declares ``seconds``) with room for a busy machine, else ``--bot-budget``."""
    own = getattr(agent, "seconds", None)
    if isinstance(own, (int, float)) and own > 0:
        return float(own) * 1.5 + 1.0
    return room.lobby.config.bot_budget


async def bot_turns(room: Room) -> None:
    """Play the computer players' turns while one of them is to move.

    Each action takes at least its :func:`pace`: the time it thinks counts towards it (a
    search of a second is not followed by the delay as well). A quick bot with nobody to
    pace for moves at once, in the same hold of the room's lock that found it to move."""
    loop = asyncio.get_running_loop()
    while not room._closing:
        # let the writers send what the last move produced (quick bots move without awaiting)
        await asyncio.sleep(0)
        async with room.lock:
            if room.status != "playing" or room._state.is_terminal():
                return
            seat = room._state.current_player
            agent = room.agents.get(seat)
            if agent is None:
                return
            idx = len(room._state.history)
            # a quick bot moves on the live position, under the lock, with no copy
            inline = quick(room, seat) and not searches(agent)
            began, least = loop.time(), pace(room, seat)
            if inline and least <= 0:
                legal = room._now().legal()
                action = think_inline(room, agent, room._state, seat, room.rng, legal)
                if not await _play(room, seat, action):
                    return
                continue
            snapshot = None if inline else room._state.clone()
        # the room's dice; a thread gets dice of its own (it may outlive its budget)
        rng = room.rng if snapshot is None else random.Random(room.rng.getrandbits(64))
        if snapshot is not None:
            action = await think(room, agent, snapshot, seat, rng)
        rest = least - (loop.time() - began)
        if rest > 0:
            await asyncio.sleep(rest)
        async with room.lock:
            if room.agents.get(seat) is not agent:
                continue  # its player took the seat back: the bot leaves
            if len(room._state.history) != idx or room._state.current_player != seat:
                continue  # a clock event changed the position: think again
            if snapshot is None:
                action = think_inline(room, agent, room._state, seat, rng, room._now().legal())
            if not await _play(room, seat, action):
                return
        # loop: the same or another computer player may be to move next


async def _play(room: Room, seat: int, action: Action) -> bool:
    """Commit a computer player's action (the lock is held); an illegal one is replaced by
    the first legal action. False when the bot must stop (the engine fails here)."""
    try:
        await room._commit(seat, action)
    except IllegalAction as e:
        log.error("room %s: bot seat %d chose an illegal action: %s", room.id, seat, e)
        try:
            await room._commit(seat, room._state.legal_actions()[0])
        except (ObeliskError, ServerError):
            return False
    except ServerError as e:
        if e.code == "internal":
            return False  # the engine fails here: a person must look at it
        await asyncio.sleep(0.5)  # storage trouble: retry the turn
    return True


async def think(room: Room, agent: Agent, snapshot: State, seat: int, rng: random.Random) -> Action:
    """The bot's move, in the thread pool, within its budget; a random legal move if it
    fails or overruns."""
    legal = snapshot.legal_actions()
    view = PlayerView(snapshot, seat)
    slow = searches(agent)

    def timed() -> tuple[Action, float]:
        t0 = time.thread_time()
        a = agent.act(view, rng)
        return a, time.thread_time() - t0

    loop = asyncio.get_running_loop()
    fut = loop.run_in_executor(room.lobby.bots, timed)
    try:
        action, cpu = await asyncio.wait_for(asyncio.shield(fut), budget(room, agent))
        _note_speed(room, seat, cpu < INLINE_BOT_SECONDS / 3 and not slow)
        return action
    except TimeoutError:
        log.warning("room %s: bot seat %d overran its budget; random move", room.id, seat)
    except Exception:
        log.exception("room %s: bot seat %d failed; random move", room.id, seat)
    return rng.choice(legal)


class KnownChoices(PlayerView):
    """A seat's view whose legal actions the room has computed already for this position
    (the bot would compute them again)."""

    __slots__ = ("_legal",)

    def __init__(self, state: State, seat: int, legal: Sequence[Action]) -> None:
        super().__init__(state, seat)
        self._legal = legal

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions (the seat is to move: see :func:`think_inline`)."""
        return list(self._legal)


def think_inline(
    room: Room,
    agent: Agent,
    state: State,
    seat: int,
    rng: random.Random,
    legal: Sequence[Action] | None = None,
) -> Action:
    """A quick bot's move, on the event loop, on the live position (the lock is held; the
    bot sees it through its seat's view only; ``legal``: the position's legal actions when
    the room has them, the seat being to move). Its first slow move sends it back to the
    thread pool."""
    t0 = time.perf_counter()
    view = PlayerView(state, seat) if legal is None else KnownChoices(state, seat, legal)
    try:
        action = agent.act(view, rng)
    except Exception:
        log.exception("room %s: bot seat %d failed; random move", room.id, seat)
        return rng.choice(state.legal_actions())
    if time.perf_counter() - t0 > INLINE_BOT_SECONDS:
        _note_speed(room, seat, False)
    return action
