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

import inspect
import json
import re
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse

from obelisk.core import (
    ObeliskError,
    Outcome,
    Record,
    RecordError,
    State,
    TurnContext,
    Voice,
    all_games,
    get_game,
    replay,
)

from .config import ServerError

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
                    "rules": g.rules_text(),
                    "options": option_notes(g.Options),
                    "variants": {k: dict(v) for k, v in g.variants.items()},
                }
        raise ServerError(f"no game named {game!r}", "unknown_game", 404)

    app.add_api_route("/rules/{game}", rules, methods=["GET"], include_in_schema=False)

    async def frames(body: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
        return record_frames(body, seat)

    app.add_api_route("/replay/frames", frames, methods=["POST"], include_in_schema=False)


#: A rule id in an option's comment (``sobek:10.1``, ``sobek:2.3/sobek:8``): not for players.
_RULE_ID = re.compile(r"\b[a-z_]+:\d+(?:\.\d+)*(?:/[a-z_]+:\d+(?:\.\d+)*)*\s*")
_DESIGN = re.compile(r"\[DESIGN[^\]]*\]\s*")
_LEAD = re.compile(r"^[\s,.;:\d\u2014\u2013-]+")
_FIELD = re.compile(r"^\s+(\w+)\s*:")


_NOTES: dict[type[Any], dict[str, dict[str, Any]]] = {}


def option_notes(options: type[Any]) -> dict[str, dict[str, Any]]:
    """Each option's explanation (its ``#:`` comment in the Options class, rule ids left out)
    and, for a choice among words, the words (read once per class; do not modify)."""
    if options not in _NOTES:
        _NOTES[options] = _read_notes(options)
    return _NOTES[options]


#: Words of a programmer's note (a module, the engine's machinery), not of a player's.
_JARGON = re.compile(
    r"\.py\b|determini[sz]|system action|\bengine\b|\bNone\b|\bTrue\b|\bFalse\b"
    r"|\bobservation\b|\bsimulation\b|\brecord\b|\bissue \d",
    re.IGNORECASE,
)
_PAREN = re.compile(r"\s*\([^()]*\)")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z‘'\"])")


_SQUARE = re.compile(r"\s*\[[^\]]*\]")
_STEP = re.compile(
    r"^\s*/\s*[\d.]*\s*(?:step \d+\s*)?[:\u2014\u2013-]?\s*"
    r"|^\s*(?:\d+(?:\.\d+)*\s*)?(?:step \d+\s*)?[:\u2014\u2013-]\s*",
    re.IGNORECASE,
)
_CODE = re.compile(r"\w\.\w|\w_\w")


def for_players(text: str) -> str:
    """An option's comment as a player reads it: notes in square brackets, asides in
    brackets that name the program (a module, a field, the engine, None), sentences after
    the first that speak of the program, and a leading rule step are left out."""
    text = _SQUARE.sub("", text)
    text = _PAREN.sub(
        lambda m: "" if _JARGON.search(m.group(0)) or _CODE.search(m.group(0)) else m.group(0),
        text,
    )
    text = _STEP.sub("", text.strip())
    sentences = _SENTENCE.split(text.strip())
    kept = [x for i, x in enumerate(sentences) if i == 0 or not _JARGON.search(x)]
    return " ".join(kept).strip()


def _read_notes(options: type[Any]) -> dict[str, dict[str, Any]]:
    notes: dict[str, dict[str, Any]] = {}
    try:
        lines = inspect.getsource(options).splitlines()
    except (OSError, TypeError):
        lines = []
    comment: list[str] = []
    for line in lines:
        text = line.strip()
        if text.startswith("#:"):
            comment.append(text[2:].strip())
            continue
        m = _FIELD.match(line)
        if m and comment:
            help_ = _RULE_ID.sub("", " ".join(comment)).replace("`", "")
            help_ = _LEAD.sub("", _DESIGN.sub("", help_)).strip()
            help_ = for_players(help_)
            notes[m.group(1)] = {"help": help_[:1].upper() + help_[1:]}
        comment = []
    hints = typing.get_type_hints(options)
    for name, t in hints.items():
        args = typing.get_args(t)
        if typing.get_origin(t) is typing.Literal and all(isinstance(a, str) for a in args):
            notes.setdefault(name, {})["choices"] = list(args)
    return notes


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
                out.append(
                    {
                        "obs": obs,
                        "entries": _entries(game, new, voice),
                        "ctx": TurnContext.of(state).to_json(),
                    }
                )
            seen, last_obs = seen + len(new), obs
    except RecordError as e:
        raise ServerError(str(e), "bad_record", 400) from None
    final = state
    result = None
    if final is not None and final.is_terminal():
        outcome = Outcome.of(final).to_json()
        result = {"scores": outcome["scores"], "winners": outcome["winners"]}
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
