"""The web app's pages: the addresses a person opens, each served the one-page app.

The app (``obelisk/web``, plain ES modules) reads the address itself: ``/`` is
the lobby, ``/rooms/{id}`` a room (a seat token travels only in the address's
``#token=`` fragment, which never reaches the server), ``/replay`` the replay
viewer. The routes here hand out the page, ``/rules/{game}`` a game's rules
for the help panel and the lobby (its one-paragraph summary, its ``rules.md``, each
option's explanation and choices, what each variant sets), and
``POST /replay/frames`` the positions of a record as one seat saw them, with the
narrated sentences (for the replay viewer); everything else is the JSON API.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse

from obelisk.core import (
    ObeliskError,
    Record,
    RecordError,
    State,
    Voice,
    all_games,
    get_game,
    option_info,
    replay,
)

from .config import ServerError

#: A Markdown (HTML) comment, such as the markers around a generated table: not for readers.
_COMMENT = re.compile(r"[ \t]*<!--.*?-->[ \t]*\n?", re.DOTALL)

#: The most steps a record may have to be stepped through here (each step is replayed).
MAX_REPLAY_STEPS = 1500


def register_pages(app: FastAPI, web: Path) -> None:
    """Serve ``index.html`` at every address of the web app, and the games' rules."""

    async def page() -> FileResponse:
        return FileResponse(web / "index.html")

    for path in ("/rooms/{room_id}", "/replay"):
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)

    async def rules(game: str) -> dict[str, Any]:
        for g in all_games():
            if g.name == game:
                return {
                    "game": g.name,
                    "title": g.title,
                    "summary": g.summary,
                    "rules": _COMMENT.sub("", g.rules_text()),
                    "options": option_notes(g.Options),
                    "variants": {k: dict(v) for k, v in g.variants.items()},
                }
        raise ServerError(f"no game named {game!r}", "unknown_game", 404)

    app.add_api_route("/rules/{game}", rules, methods=["GET"], include_in_schema=False)

    async def frames(body: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
        return record_frames(body, seat)

    app.add_api_route("/replay/frames", frames, methods=["POST"], include_in_schema=False)


_NOTES: dict[type[Any], dict[str, dict[str, Any]]] = {}


def option_notes(options: type[Any]) -> dict[str, dict[str, Any]]:
    """Each option's explanation (the ``help`` it carries in the game's Options) and, for a
    choice among words, the words (read once per class; do not modify)."""
    if options not in _NOTES:
        notes: dict[str, dict[str, Any]] = {}
        for o in option_info(options):
            note: dict[str, Any] = {"help": o.spec.help}
            if o.choices is not None:
                note["choices"] = o.choices
            notes[o.name] = note
        _NOTES[options] = notes
    return _NOTES[options]


def _names(data: dict[str, Any], n: int) -> tuple[str, ...]:
    seats = data.get("seats") or []
    out = []
    for i in range(n):
        s = seats[i] if i < len(seats) and isinstance(seats[i], dict) else {}
        out.append(str(s.get("name") or f"Seat {i + 1}"))
    return tuple(out)


def _entries(game: Any, events: list[dict[str, Any]], voice: Voice) -> list[dict[str, Any]]:
    """The lasting sentences of ``events`` for the voice's reader (flashes are never kept)."""
    out = []
    for e in events:
        text = game.narrate(e, voice)
        if text:
            seat = e.get("seat")
            out.append({"seat": seat if isinstance(seat, int) else None, "text": text})
    return out


def record_frames(data: Any, seat: int | None, max_steps: int = MAX_REPLAY_STEPS) -> dict[str, Any]:
    """A record stepped through as ``seat`` saw it (None: a spectator): one frame per change
    of that seat's view, each with its observation and the new sentences.

    A full record is replayed by the engine; a redacted one holds only the seat's events
    and its final observation, so it gives the sentences and the final table only.
    """
    if not isinstance(data, dict):
        raise ServerError("a record must be a JSON object", "bad_record", 400)
    try:
        game = get_game(str(data.get("game")))
    except Exception:
        raise ServerError(f"no game named {data.get('game')!r}", "unknown_game", 400) from None
    n = int(data.get("num_players") or 0)
    if str(data.get("format", "")).endswith("-redacted"):
        for_seat = data.get("for_seat")
        voice = Voice(_names(data, n), for_seat if isinstance(for_seat, int) else None)
        events = [e for e in data.get("events") or [] if isinstance(e, dict)]
        return {
            "game": game.name,
            "seat": voice.viewer,
            "seats": [{"name": x} for x in voice.names],
            "complete": False,
            "frames": [{"obs": data.get("observation"), "entries": _entries(game, events, voice)}],
            "result": data.get("result"),
        }
    try:
        record = Record.from_json(data)
    except RecordError as e:
        raise ServerError(str(e), "bad_record", 400) from None
    if len(record.steps) > max_steps:
        raise ServerError(f"the record has more than {max_steps} steps", "too_large", 413)
    if seat is not None and not 0 <= seat < record.num_players:
        raise ServerError(f"the game has no seat {seat + 1}", "no_seat", 400)
    voice = Voice(_names(data, record.num_players), seat)
    out: list[dict[str, Any]] = []
    seen = 0
    last_obs: Any = None
    state: State | None = None
    try:
        for state in stepped(record):
            new = state.seen_events_for(seat, seen)
            # a copy: the state moves on, and a game may hand out its own lists
            obs = json.loads(json.dumps(state.observation(seat)))
            if new or obs != last_obs:
                out.append({"obs": obs, "entries": _entries(game, new, voice)})
            seen, last_obs = seen + len(new), obs
    except RecordError as e:
        raise ServerError(str(e), "bad_record", 400) from None
    final = state
    result = None
    if final is not None and final.is_terminal():
        result = {"scores": final.scores(), "winners": final.winners()}
    return {
        "game": game.name,
        "seat": seat,
        "seats": [{"name": x} for x in voice.names],
        "complete": True,
        "frames": out,
        "result": result,
    }


def stepped(record: Record) -> Iterator[State]:
    """The positions of a full record, one per step from the start (the same state object,
    moved on between yields), each step's recorded chance outcomes forced as ``replay`` does."""
    state = replay(record, upto=0, check_result=False)
    game = state.game
    yield state
    for i, step in enumerate(record.steps):
        try:
            action = game.action_from_json(step["action"])
            for label, raw in step.get("chance", []):
                state.chance.force_raw(label, raw)
            if step.get("seat") is None:
                state.apply_system(action)
            else:
                state.apply(action)
        except (ObeliskError, KeyError, TypeError, ValueError) as e:
            raise RecordError(f"step {i + 1} cannot be replayed: {e}", i) from None
        if state.chance.pending:
            raise RecordError(f"step {i + 1}: recorded chance outcomes were not drawn", i)
        yield state
