"""The disclosure rule, in one place: what the server tells each reader about a game.

Every reply about a game — WebSocket messages of every type, and the HTTP views, texts,
records, replays, previews and errors — is computed here from what its reader may know:

- a **seat** (a client holding that seat's token) gets that seat's information: its
  observation, the events it may see, its choices;
- a **spectator** (a WebSocket client without a token, and any HTTP request without one)
  gets the public information only;
- the **admin** (the server's admin token) gets the full record;
- and, while a game is live, a **catch-up** (a reconnection, a spectator arriving, a page
  reloaded, ``/view``) gets the lasting story and the table as it is now, never a past
  flash: each event in the form it lasts in (``Game.lasting``: a memory game's momentary
  fields blanked), without its ``flash``. Only the message sent at the moment something
  happens carries the momentary form and the flash.

Nothing else in the server reads a game's position: :class:`~.room.Room` keeps it private
(``Room._state``), and the routes of :mod:`.app` and the connections ask this module for
what to send. A structural test holds every other module to it.
"""

from __future__ import annotations

import hmac
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from obelisk.core import Action, State, Voice, redacted
from obelisk.core.i18n import N_, Words
from obelisk.core.record import seed_commitment

from . import protocol
from .config import ServerError
from .store import RoomRow

if TYPE_CHECKING:
    from .shapes import RoomLike as Room

JSON = Any
log = logging.getLogger("obelisk.server")

#: The server's own words, in the reader's language (``speaking(conn.lang)``).
W = Words("obelisk.server")
_ = W.gettext


@dataclass(frozen=True)
class Reader:
    """Who reads a reply: a seat (``seat`` set), a spectator (``seat`` None), or the admin."""

    seat: int | None = None
    admin: bool = False

    @property
    def who(self) -> str:
        """``admin``, ``seat N`` (from 1) or ``spectator``, for messages and logs."""
        if self.admin:
            return "admin"
        return "spectator" if self.seat is None else f"seat {self.seat + 1}"


SPECTATOR = Reader()


def reader_for(
    room: Room, token: str | None, admin_token: str | None = None, *, former: bool = True
) -> Reader:
    """The reader a request's token makes: the admin, a seat of ``room`` (with ``former``,
    also a seat its player handed to a computer player), or a spectator (no token).

    A token that is neither is refused: a client that sends one expects a seat's view.
    """
    if not token:
        return SPECTATOR
    if admin_token and hmac.compare_digest(token, admin_token):
        return Reader(admin=True)
    seat = room.seat_of(token, former=former)
    if seat is None:
        raise ServerError("that token holds no seat of this room", "unauthorized", 403)
    return Reader(seat)


# -- the room as everybody sees it --------------------------------------------------------
def deal(room: Room) -> dict[str, JSON]:
    """The room's deal as everybody may know it: the commitment to its seed (published when
    the room is made), whether its creator chose the seed, and, once the game is over, the
    seed and the salt, so anyone can check the commitment and replay the game."""
    return deal_of(room.row, room.over)


def deal_of(row: RoomRow, over: bool) -> dict[str, JSON]:
    """:func:`deal` of a stored room (the lobby lists rooms no longer in memory)."""
    return {
        "commitment": seed_commitment(row.seed, row.salt) if row.salt else None,
        "chosen": row.seed_chosen,
        # as text: a 62-bit seed is past what a browser's JSON numbers hold exactly
        "seed": str(row.seed) if over else None,
        "salt": row.salt if over else None,
    }


# -- events -------------------------------------------------------------------------------
def narrated(
    room: Room,
    events: Sequence[dict[str, JSON]],
    seat: int | None,
    *,
    live: bool,
    names: tuple[str, ...] | None = None,
) -> list[dict[str, JSON]]:
    """``events`` (as ``seat`` may see them) in the form a reader gets them: at the moment
    they happen (``live``), whole, with each its ``sentence`` and ``flash``; in a catch-up,
    while the game is not over, in their lasting form with their sentence only."""
    game = room.game
    voice = Voice(names if names is not None else room.names(), seat)
    lasting = not live and not room.over
    out = []
    for e in events:
        item = game.lasting(e) if lasting else dict(e)
        try:
            sentence = game.narrate(item, voice)
            flash = game.flash(item, voice) if live else None
        except Exception:
            log.exception("room %s: the narrator failed on a %s event", room.id, e.get("kind"))
            sentence, flash = None, None
        item["sentence"] = sentence
        if flash is not None:
            item["flash"] = flash
        out.append(item)
    return out


def catch_up(room: Room, reader: Reader, seen: int) -> tuple[list[dict[str, JSON]], int]:
    """The events a reader who has ``seen`` of them has missed (a reconnection), in their
    lasting form, and the number it has then seen."""
    events = room._state.events_for(reader.seat)
    start = min(max(seen, 0), len(events))
    return narrated(room, events[start:], reader.seat, live=False), len(events)


# -- views -------------------------------------------------------------------------------
def view(room: Room, reader: Reader) -> dict[str, JSON]:
    """``GET /api/rooms/{id}/view``: the room, the reader's observation and text, and the
    story so far as a catch-up tells it (the lasting form of each event)."""
    state = room._state
    events, _ = catch_up(room, reader, 0)
    return {
        "room": room.summary(),
        "seat": reader.seat,
        "observation": state.observation(reader.seat),
        "text": state.to_text(reader.seat, room.names()),
        "events": events,
    }


def legal(
    state: State, seat: int | None, actions: Sequence[Action] | None = None
) -> list[dict[str, JSON]]:
    """The seat's choices, with their words (empty unless the seat is to move);
    ``actions``: the position's legal actions when the caller has them already."""
    return protocol.legal_for(state, seat, actions)


def paused_by(room: Room) -> str | None:
    """Why the server holds a real-time room's clock, in the reader's language (None when
    it does not): shown in every reader's ``ctx``."""
    return _("no player is connected") if room.clock_paused() else None


def state_frame(
    room: Room,
    seat: int | None,
    events: list[dict[str, JSON]],
    seen: int,
    observation: dict[str, JSON],
    legal: list[dict[str, JSON]],
    text: bool,
    names: tuple[str, ...] | None,
    *,
    ctx: dict[str, JSON] | None = None,
    may_undo: bool | None = None,
) -> dict[str, JSON]:
    """A ``state`` message for ``seat`` (already narrated ``events``), with ``can_undo``:
    whether this seat may take back its last decision now. ``ctx`` (the public turn
    context's JSON form) and ``may_undo`` (:func:`can_undo`) are computed here unless
    the caller has them (a room computes them once per position)."""
    frame = protocol.state_frame(
        room._state,
        seat,
        room=room.id,
        status=room.status,
        events=events,
        seen=seen,
        decision=room.decisions[seat] if seat is not None else 0,
        observation=observation,
        legal=legal if room.status == "playing" else [],
        text=text,
        names=names,
        ctx=ctx,
        paused_by=paused_by(room) if ctx is None else None,
    )
    frame["can_undo"] = can_undo(room, seat) if may_undo is None else may_undo
    return frame


def can_undo(room: Room, seat: int | None) -> bool:
    """Whether ``seat`` may take back its last decision now (the core's undo policy, which
    reads only the seats and barriers of the history: nothing hidden)."""
    if seat is None or room.status != "playing" or room._state.is_terminal():
        return False
    return room._state.undoable(seat) > 0


#: What a refusal says when the core gives no sentence of its own.
UNDO_REFUSED = N_(
    "Nothing can be taken back now: only your own last decisions, before anything hidden "
    "is shown, chance decides, or another player acts."
)


def undo_refusal(room: Room, seat: int) -> str:
    """Why ``seat`` cannot take back its last decision, in a sentence for the person
    (``State.undo_refusal``)."""
    if room.status != "playing" or room._state.is_terminal():
        return _("The game is not being played, so nothing can be taken back.")
    return room._state.undo_refusal(seat, room.names()) or _(UNDO_REFUSED)


def undone(room: Room, seat: int, count: int) -> dict[str, JSON]:
    """The ``undo`` message everybody gets when ``seat`` took back ``count`` decisions
    (public: who took back how many, nothing of what they were)."""
    name = room.names()[seat]
    text = W.ngettext(
        "{name} took back the last move.", "{name} took back the last {count} moves.", count
    ).format(name=name, count=count)
    return {
        "type": "undo",
        "v": protocol.VERSION,
        "room": room.id,
        "seat": seat,
        "count": count,
        "text": text,
    }


def game_over(room: Room) -> dict[str, JSON]:
    """The ``game_over`` message (public once the game is over)."""
    return protocol.game_over_frame(room._state, room.id)


def clock(room: Room, wall: float, running: bool) -> dict[str, JSON]:
    """A ``clock`` message (the public clock)."""
    return protocol.clock_frame(room._state, room.id, wall, running)


# -- records and replays -------------------------------------------------------------------
def record(room: Room, reader: Reader) -> dict[str, JSON]:
    """``GET /api/rooms/{id}/record``: the full record for the admin at any time; once the
    game is over, the full record with its seed revealed for anybody (``full``), else
    redacted for the reader's seat (or the public story for a spectator)."""
    if reader.admin:
        return room.full_record().to_json()
    if not room.over:
        raise ServerError("the game is not over yet", "not_finished", 409)
    seats = room.public_seats()
    out = redacted(room._state, reader.seat, seats)
    out["meta"] = {"room": room.id, "deal": deal(room)}
    out["sentences"] = [
        e["sentence"] for e in narrated(room, out["events"], reader.seat, live=False)
    ]
    return out


def full_record_after_end(room: Room) -> dict[str, JSON]:
    """The full record of a game that is over, with the seed, its salt and commitment in
    ``meta``: anyone may check that the deal was fixed before the first move, and replay it
    (``obelisk replay`` checks the commitment)."""
    if not room.over:
        raise ServerError(
            "the full record is given once the game is over (its seed is secret until then)",
            "not_finished",
            409,
        )
    return room.full_record().to_json()


def replay_source(room: Room, reader: Reader, seat: int | None) -> dict[str, JSON]:
    """The full record to step through for ``GET /api/rooms/{id}/replay?seat=N``, once the
    reader may see seat N's past positions (its own seat; a spectator's view once the game
    is over; a memory game only once it is over; the admin any)."""
    if not reader.admin:
        if seat is not None:
            if seat >= room.row.num_players:
                raise ServerError(f"the game has no seat {seat + 1}", "no_seat", 400)
            if reader.seat is None:
                raise ServerError(
                    f"the view of seat {seat + 1} needs that seat's token", "unauthorized", 401
                )
            if reader.seat != seat:
                raise ServerError(
                    f"that token holds seat {reader.seat + 1}, not seat {seat + 1}",
                    "forbidden",
                    403,
                )
        if not room.over and (seat is None or room.game.capabilities.memory):
            what = (
                "a memory game is replayed" if seat is not None else "a spectator's replay is shown"
            )
            raise ServerError(
                f"the game is not over yet: {what} only after its end", "not_finished", 409
            )
    return room.full_record().to_json()
