"""The WebSocket protocol: message shapes, in one place (see ``docs/protocol.md``).

Every message is one JSON object with a ``type`` and the protocol version
``v``. What goes to a seat is built here from that seat's view only:
``observation(seat)``, ``events_for(seat)``, its legal actions, the public
clock and the final result. Nothing else of the state is read.
"""

from __future__ import annotations

import json
from typing import Any

from obelisk.core import State

from .config import ServerError

JSON = Any

#: The protocol version; a client says which one it speaks in ``hello``.
VERSION = 1

#: Message types a client may send.
CLIENT_TYPES = ("hello", "action", "ping")

#: Keys of a public observation that describe the game clock (shown in ``clock`` messages).
CLOCK_WORDS = ("clock", "elapsed", "remaining", "countdown", "paused", "time")


def legal_for(state: State, seat: int | None) -> list[dict[str, JSON]]:
    """The seat's legal actions with their wire and text forms (empty unless it is to move)."""
    if seat is None or state.is_terminal() or state.current_player != seat:
        return []
    return [{"action": a.to_json(), "text": a.text()} for a in state.legal_actions()]


def state_frame(
    state: State,
    seat: int | None,
    *,
    room: str,
    status: str,
    events: list[dict[str, JSON]],
    seen: int,
    decision: int,
    observation: dict[str, JSON] | None = None,
    legal: list[dict[str, JSON]] | None = None,
    text: bool = False,
) -> dict[str, JSON]:
    """A ``state`` message for ``seat`` (None: a spectator).

    ``events`` are the new events the seat may see; ``seen`` counts every
    event it has been sent so far (a client resumes from it). ``text`` adds
    the game's text rendering of the observation (clients ask for it in hello).
    """
    obs = state.observation(seat) if observation is None else observation
    acts = legal_for(state, seat) if legal is None else legal
    return {
        "type": "state",
        "v": VERSION,
        "room": room,
        "seat": seat,
        "status": status,
        "your_turn": bool(acts),
        "decision": decision if acts else None,
        "observation": obs,
        "text": state.to_text(seat) if text else None,
        "legal": acts,
        "events": events,
        "seen": seen,
    }


def game_over_frame(state: State, room: str) -> dict[str, JSON]:
    """The ``game_over`` message: final scores, outcomes and winners (public at the end)."""
    return {
        "type": "game_over",
        "v": VERSION,
        "room": room,
        "scores": state.scores(),
        "returns": state.returns(),
        "winners": state.winners(),
    }


def clock_info(state: State) -> dict[str, JSON]:
    """The public clock: the entries of the spectator's observation that are about time."""
    obs = state.observation(None)
    return {k: v for k, v in obs.items() if any(w in k.lower() for w in CLOCK_WORDS)}


def clock_frame(state: State, room: str, wall: float, running: bool) -> dict[str, JSON]:
    """A ``clock`` message: the game's public clock after a tick, and the wall time fed so far."""
    return {
        "type": "clock",
        "v": VERSION,
        "room": room,
        "running": running,
        "wall_seconds": round(wall, 3),
        "game": clock_info(state),
    }


def error_frame(code: str, message: str, **extra: JSON) -> dict[str, JSON]:
    """An ``error`` message: a code a program reads and a sentence a person reads."""
    return {"type": "error", "v": VERSION, "code": code, "message": message, **extra}


def parse_client(text: str | bytes, max_size: int) -> dict[str, JSON]:
    """Read one client message; raises :class:`ServerError` naming what is wrong."""
    size = len(text.encode("utf-8")) if isinstance(text, str) else len(text)
    if size > max_size:
        raise ServerError(
            f"message of {size} bytes is larger than the limit of {max_size}", "too_large"
        )
    try:
        msg = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ServerError(f"message is not valid JSON: {e}", "malformed") from None
    if not isinstance(msg, dict):
        raise ServerError("a message must be a JSON object", "malformed")
    kind = msg.get("type")
    if kind not in CLIENT_TYPES:
        raise ServerError(
            f"unknown message type {kind!r}; expected one of {', '.join(CLIENT_TYPES)}",
            "unknown_type",
        )
    v = msg.get("v", VERSION)
    if v != VERSION:
        raise ServerError(
            f"protocol version {v!r} is not supported; this server speaks {VERSION}", "version"
        )
    return msg
