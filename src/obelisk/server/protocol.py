"""The WebSocket protocol: message shapes, in one place (see ``docs/protocol.md``).

Every message is one JSON object with a ``type`` and the protocol version
``v``. What goes to a seat is built here from that seat's view only:
``observation(seat)``, ``events_for(seat)``, its legal actions, the public
clock and the final result. Nothing else of the state is read.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Sequence
from typing import Any

import orjson

from obelisk.core import Action, Outcome, State, TurnContext

from .config import ServerError

JSON = Any
log = logging.getLogger("obelisk.server")

#: The protocol version; a client says which one it speaks in ``hello``.
VERSION = 1

#: Message types a client may send.
CLIENT_TYPES = ("hello", "action", "ping", "preview", "undo")

#: How deeply a client message may nest arrays and objects (a real message needs 4).
MAX_DEPTH = 32
#: The most digits of an integer in a message (Python's own limit on reading one).
MAX_INT_DIGITS = 4300


def dumps(msg: JSON) -> str:
    """A message as standard JSON, compact. orjson writes it (several times faster than the
    standard library, which matters: every state message of every connection is encoded);
    a NaN or an infinity, which browsers refuse, becomes null. What orjson cannot write
    (an integer beyond 64 bits) falls back to the standard library, which raises
    ValueError for a NaN."""
    try:
        return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(msg, separators=(",", ":"), allow_nan=False)


def encode(msg: JSON) -> str:
    """A message as the text a client is sent: :func:`dumps`, or, for a message holding a
    value that is not standard JSON (a NaN from a game), an ``internal`` error instead
    (logged). A message for many readers is encoded once and the text sent to each."""
    try:
        return dumps(msg)
    except ValueError:
        log.error("a %s message held a value that is not standard JSON", msg.get("type"))
        return dumps(error_frame("internal", "the server could not encode a message"))


def _no_constant(name: str) -> JSON:
    raise ValueError(f"{name} is not standard JSON")


def _finite(text: str) -> float:
    value = float(text)
    if value in (math.inf, -math.inf):
        raise ValueError(f"number {text[:20]} is too large")
    return value


def _depth_ok(value: JSON, limit: int) -> bool:
    """Whether ``value`` nests at most ``limit`` arrays/objects deep (iterative: no recursion)."""
    stack: list[tuple[JSON, int]] = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            items = list(v.values())
        elif isinstance(v, list):
            items = v
        else:
            continue
        if d > limit:
            return False
        stack.extend((x, d + 1) for x in items if isinstance(x, (dict, list)))
    return True


def loads_strict(text: str | bytes, max_depth: int = MAX_DEPTH) -> JSON:
    """Parse standard JSON only; raises ValueError naming what is wrong.

    NaN, Infinity and -Infinity are refused, as are numbers too large for a
    double (``1e400``) and integers of more than 4,300 digits and nesting deeper than ``max_depth``, so a client cannot make the
    parser recurse or crunch for long, or make the server echo non-standard JSON.
    """
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode("utf-8")
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        raise ValueError(f"nested deeper than {max_depth} levels") from None
    except ValueError as e:
        if "digits" in str(e) and "integer" in str(e):
            # Python's own words name its settings; say what is wrong with the message
            raise ValueError(f"an integer has more than {MAX_INT_DIGITS:,} digits") from None
        raise
    if not _depth_ok(value, max_depth):
        raise ValueError(f"nested deeper than {max_depth} levels")
    return value


#: Keys of a public observation that describe the game clock (shown in ``clock`` messages).
CLOCK_WORDS = ("clock", "elapsed", "remaining", "countdown", "paused", "time")


#: The most actions whose wire and text forms :func:`forms` keeps.
FORMS_KEPT = 10_000
_FORMS: dict[Action, tuple[dict[str, JSON], str]] = {}


def forms(action: Action) -> tuple[dict[str, JSON], str]:
    """An action's wire form and short text form (``to_json``, ``text``): functions of the
    action's value only, so each is computed once and shared (every legal action of every
    state message asks). Read the wire form; do not change it."""
    try:
        return _FORMS[action]
    except KeyError:
        pass
    except TypeError:  # an action that cannot be hashed: computed each time
        return action.to_json(), action.text()
    if len(_FORMS) >= FORMS_KEPT:
        _FORMS.clear()
    made = _FORMS[action] = (action.to_json(), action.text())
    return made


def legal_for(
    state: State, seat: int | None, actions: Sequence[Action] | None = None
) -> list[dict[str, JSON]]:
    """The seat's legal actions with their wire and text forms, and ``choice``: what each
    does in words from the chooser's side (empty unless the seat is to move).
    ``actions``: ``state.legal_actions()`` when the caller has them already."""
    if seat is None or state.is_terminal() or state.current_player != seat:
        return []
    out = []
    for a in state.legal_actions() if actions is None else actions:
        wire, text = forms(a)
        out.append({"action": wire, "text": text, "choice": state.choice_text(a)})
    return out


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
    names: Sequence[str] | None = None,
    ctx: TurnContext | dict[str, JSON] | None = None,
    paused_by: str | None = None,
) -> dict[str, JSON]:
    """A ``state`` message for ``seat`` (None: a spectator).

    ``events`` are the new events the seat may see; ``seen`` counts every
    event it has been sent so far (a client resumes from it). ``text`` adds
    the game's text rendering of the observation (clients ask for it in hello), with the
    seats by ``names``. ``ctx`` is the turn context or its JSON form (public: one for
    every reader of a broadcast, built here when not given); ``paused_by`` says why the server holds the
    game's clock ("no player connected").
    """
    obs = state.observation(seat) if observation is None else observation
    acts = legal_for(state, seat) if legal is None else legal
    if ctx is None:
        ctx = TurnContext.of(state, paused_by=paused_by)
    turn = ctx if isinstance(ctx, dict) else ctx.to_json()
    return {
        "type": "state",
        "v": VERSION,
        "room": room,
        "seat": seat,
        "status": status,
        "your_turn": bool(acts),
        "decision": decision if acts else None,
        "observation": obs,
        "text": state.to_text(seat, names) if text else None,
        "legal": acts,
        "events": events,
        "seen": seen,
        "ctx": {**turn, "your_turn": bool(acts)},
    }


def game_over_frame(state: State, room: str) -> dict[str, JSON]:
    """The ``game_over`` message: final scores, outcomes and winners (public at the end)."""
    return {"type": "game_over", "v": VERSION, "room": room, **Outcome.of(state).to_json()}


def clock_info(state: State) -> dict[str, JSON]:
    """The public clock: the entries of the spectator's observation that are about time."""
    obs = state.observation(None)
    return {k: v for k, v in obs.items() if any(w in k.lower() for w in CLOCK_WORDS)}


def _timeless(value: JSON) -> JSON:
    """``value`` without its entries about time (the keys :data:`CLOCK_WORDS` name), at
    every depth: what a reader sees of the position when the clock is left out."""
    if isinstance(value, dict):
        return {
            k: _timeless(v)
            for k, v in value.items()
            if not any(w in str(k).lower() for w in CLOCK_WORDS)
        }
    if isinstance(value, list):
        return [_timeless(v) for v in value]
    return value


def position_key(state: State) -> str:
    """Everything a reader could be sent about the position except the clock: whose
    decision it is, the choices, how many events there are, and what every seat and a
    spectator observe (clock entries left out).

    Two equal keys around a clock tick mean the tick moved only the clock: the server then
    sends a ``clock`` message alone, never a whole ``state`` (a table redrawn every second
    could lose a click held across the redrawing)."""
    readers: list[int | None] = [*range(state.num_players), None]
    return dumps(
        [
            state.current_player,
            [a.to_json() for a in state.legal_actions()] if not state.is_terminal() else None,
            len(state.events),
            [_timeless(state.observation(r)) for r in readers],
        ]
    )


def clock_frame(state: State, room: str, wall: float, running: bool) -> dict[str, JSON]:
    """A ``clock`` message after a tick: the game's clock in the shape of ``ctx.clock``, the
    public clock entries of the observation (``game``), and the wall time fed so far."""
    clock = state.game.clock(state)
    return {
        "type": "clock",
        "v": VERSION,
        "room": room,
        "running": running,
        "wall_seconds": round(wall, 3),
        "clock": None if clock is None else clock.to_json(),
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
        msg = loads_strict(text)
    except ValueError as e:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
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
