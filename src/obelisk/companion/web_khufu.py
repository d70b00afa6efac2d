"""``/companion/khufu``: Khufu's DVD on a TV or laptop beside the real board.

The page (``web/companion/khufu.html``) and a small JSON API under
``/api/companion/khufu``. The server keeps each session in memory and runs its
clock from wall time (nothing a client sends reaches the disk); the page polls the
session and plays each of Khufu's lines, rendered here by espeak-ng and served from
memory (or, where espeak-ng is missing, spoken by the browser).

    POST /api/companion/khufu/sessions          {players, seed?, time_scale?} or {record}
                                                -> {id, key, view}
    GET  /api/companion/khufu/sessions/{id}      the session's view
    POST /api/companion/khufu/sessions/{id}/start | /summon {seat?} | /result {result, seat?}
    POST /api/companion/khufu/sessions/{id}/judge {selected: [3 symbols], dice: [2]}  who wins
    GET  /api/companion/khufu/sessions/{id}/audio/{n}   moment n spoken, audio/wav
    GET  /api/companion/khufu/sessions/{id}/music/{n}   the music of game seconds 20n-20n+20
    GET  /api/companion/khufu/sessions/{id}/sting/{k}   arrival, challenge or end (audio/wav)
    GET  /api/companion/khufu/sessions/{id}/record      the saved game (a download)

Every request after the first sends the session's key in the ``X-Session-Key`` header
(:mod:`obelisk.companion.http`); the page fetches the audio with it too. A save made before
the end is sealed: its seed would tell when Khufu comes next, with which orders and which
hand, so only this server can read it (:mod:`obelisk.companion.saves`).

Khufu speaks the page's language: the page sends the language it shows as the
``Accept-Language`` header of every request, and whatever the server says in answer (Khufu's
lines, his voice, the refusals) is in that language. A page that changes its language
mid-game gets the game's lines said again in the new one (the session is replayed from its
record in that language: the same orders, the same hand, new words).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from obelisk.companion.http import (
    BODY_LIMITS,
    SMALL_BODY,
    SessionRefused,
    SessionStore,
    client_address,
    companion_store,
    error_response,
    json_body,
    private,
    speaking_to,
)
from obelisk.companion.saves import SaveError, SaveSealer, resumed_record, saved_game
from obelisk.core.i18n import Words, language

from . import speech
from .khufu import (
    MAX_TICK,
    CompanionError,
    KhufuSession,
    WallClock,
    from_record,
    new_session,
    player_from_json,
)

W = Words("obelisk.companion")
_ = W.gettext

API = "/api/companion/khufu"
COMPANION = "khufu"
#: The largest body of a new or resumed session (a sealed save of a long game).
CREATE_BODY = BODY_LIMITS[f"{API}/"]
#: Spoken lines kept per session, and the fastest clock a page may ask for.
AUDIO_CACHE = 24
MAX_SCALE = 600.0


class Held:
    """One session on the server: the session, its wall clock and its rendered lines."""

    def __init__(self, session: KhufuSession, scale: float) -> None:
        self.session = session
        self.clock = WallClock(scale)
        self.scale = scale
        self.audio: OrderedDict[int, bytes] = OrderedDict()
        #: the language the session's lines are in (the reader's when it was made)
        self.lang = language()

    def speak(self, lang: str) -> None:
        """Say the session's lines in ``lang`` from now on, the lines said so far too (the
        session replayed from its record in that language: the same game, new words)."""
        if lang != self.lang:
            self.session = from_record(self.session.record())
            self.audio.clear()
            self.lang = lang

    def advance(self) -> None:
        """Run the countdown for the wall time since the last request (only while it runs)."""
        due = self.clock.due()
        s = self.session
        while s.running and due > 0:
            step = min(due, MAX_TICK)
            s.tick(step)
            due -= step

    def view(self) -> dict[str, Any]:
        """The session's view, with what the page needs to run its own display."""
        v = self.session.view()
        v["time_scale"] = self.scale
        v["audio"] = speech.espeak() is not None
        v["music"] = _has_numpy()
        return v


def _has_numpy() -> bool:
    """Whether the music can be made here (the optional extra ``obelisk[sound]``)."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


#: Seconds of music per chunk the page fetches, and the chunks made once and kept.
MUSIC_CHUNK = 20
_MUSIC: OrderedDict[int, bytes] = OrderedDict()
_STINGS: dict[str, bytes] = {}


def music_chunk(n: int) -> bytes:
    """Game seconds ``20n`` to ``20n + 20`` of Khufu's music, as WAV (the same for every
    game: the bed follows the countdown only)."""
    from . import khufu_sound

    data = _MUSIC.get(n)
    if data is None:
        data = khufu_sound.to_wav(khufu_sound.bed(n * MUSIC_CHUNK, MUSIC_CHUNK))
        _MUSIC[n] = data
        while len(_MUSIC) > 8:
            _MUSIC.popitem(last=False)
    return data


def sting_wav(kind: str) -> bytes:
    """The sound of Khufu's arrival, the Challenge or the end, as WAV."""
    from . import khufu_sound

    if kind not in _STINGS:
        _STINGS[kind] = khufu_sound.to_wav(khufu_sound.sting(kind))
    return _STINGS[kind]


def _scale(value: Any) -> float:
    if value is None:
        return 1.0
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise CompanionError(_("time_scale must be a number"))
    if not 1 <= value <= MAX_SCALE:
        raise CompanionError(_("time_scale must be from 1 to {n}").format(n=f"{MAX_SCALE:.0f}"))
    return float(value)


def register(
    app: FastAPI,
    web_dir: Path,
    sessions: SessionStore[Held] | None = None,
    sealer: SaveSealer | None = None,
    db: str | None = None,
) -> None:
    """Add the page and the API to the server; ``sessions`` keeps the sessions and
    ``sealer`` seals the mid-game saves (new ones, with the server's key, unless given)."""
    store = companion_store(
        sessions,
        db,
        COMPANION,
        lambda h: {"record": h.session.record(), "scale": h.scale},
        lambda data: Held(from_record(data["record"]), float(data["scale"])),
    )
    seal = sealer if sealer is not None else SaveSealer()
    page = web_dir / "companion" / "khufu.html"

    async def show_page() -> FileResponse:
        return FileResponse(page)

    app.add_api_route("/companion/khufu", show_page, methods=["GET"], include_in_schema=False)

    def _made(body: dict[str, Any]) -> Held:
        scale = _scale(body.get("time_scale"))
        if "record" in body:
            try:  # (in the request's language: see create)
                session = from_record(resumed_record(seal, COMPANION, body["record"]))
            except SaveError as exc:
                raise CompanionError(str(exc)) from None
        else:
            players = body.get("players")
            if not isinstance(players, list):
                raise CompanionError(_("name the players: a list of {name, piece, lucky}"))
            seed = body.get("seed")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
                raise CompanionError(_("the seed must be a whole number"))
            session = new_session([player_from_json(p) for p in players], seed)
        return Held(session, scale)

    async def create(request: Request) -> JSONResponse:
        address = client_address(request)
        with speaking_to(request):
            try:
                store.admit(address)
                body = await json_body(request, CREATE_BODY)
                held = await asyncio.to_thread(_made, body)  # a resume replays a whole game
                sid, key = store.add(held, address)
            except SessionRefused as exc:
                return exc.response()
            except CompanionError as exc:
                return error_response("bad_request", str(exc))
            return private({"id": sid, "key": key, "view": held.view()}, 201)

    app.add_api_route(f"{API}/sessions", create, methods=["POST"], include_in_schema=False)

    async def state(sid: str, request: Request) -> JSONResponse:
        try:
            held = store.open(sid, request)
        except SessionRefused as exc:
            return exc.response()
        with speaking_to(request) as lang:
            held.speak(lang)
            said = len(held.session.moments)
            held.advance()
            if len(held.session.moments) != said:  # Khufu spoke: kept in the database
                store.changed(sid)
            return private(held.view())

    app.add_api_route(f"{API}/sessions/{{sid}}", state, methods=["GET"], include_in_schema=False)

    async def act(sid: str, what: str, request: Request) -> JSONResponse:
        try:
            held = store.open(sid, request)
            body = await json_body(request, SMALL_BODY)
        except SessionRefused as exc:
            return exc.response()
        with speaking_to(request) as lang:
            try:
                held.speak(lang)
                held.advance()
                s = held.session
                if what == "start":
                    s.start()
                    held.clock.reset()
                elif what == "summon":
                    s.summon(body.get("seat"))
                elif what == "judge":  # a help only: the session does not change
                    return private(s.judge(body.get("selected"), body.get("dice")))
                elif what == "result":
                    s.result(body.get("result"), body.get("seat"))  # type: ignore[arg-type]
                    held.clock.reset()
                else:
                    return error_response(
                        "not_found",
                        _("unknown action '{what}': start, summon, judge or result").format(
                            what=what
                        ),
                        404,
                    )
            except CompanionError as exc:
                return error_response("bad_request", str(exc))
            store.changed(sid)
            return private(held.view())

    app.add_api_route(
        f"{API}/sessions/{{sid}}/{{what}}", act, methods=["POST"], include_in_schema=False
    )

    async def audio(sid: str, index: int, request: Request) -> Response:
        try:
            held = store.open(sid, request)
        except SessionRefused as exc:
            return exc.response()
        moments = held.session.moments
        with speaking_to(request):
            if not 0 <= index < len(moments):
                return error_response(
                    "not_found", _("Khufu has not said line {n} yet").format(n=index), 404
                )
            data = held.audio.get(index)
            if data is None:
                line = moments[index]
                try:
                    data = await asyncio.to_thread(speech.render, line.speech, line.lang)
                except speech.SpeechError as exc:
                    return error_response(
                        "no_audio",
                        _("no audio: {problem}; the page speaks with the browser's voice").format(
                            problem=exc
                        ),
                        503,
                    )
            held.audio[index] = data
            while len(held.audio) > AUDIO_CACHE:
                held.audio.popitem(last=False)
        return Response(data, media_type="audio/wav", headers={"Cache-Control": "no-store"})

    app.add_api_route(
        f"{API}/sessions/{{sid}}/audio/{{index}}", audio, methods=["GET"], include_in_schema=False
    )

    async def music(sid: str, what: str, n: str, request: Request) -> Response:
        try:
            store.open(sid, request)
        except SessionRefused as exc:
            return exc.response()
        with speaking_to(request):
            if not _has_numpy():
                return error_response("no_audio", _("no music here: the server lacks numpy"), 503)
            if what == "music":
                if not n.isdigit() or int(n) * MUSIC_CHUNK >= 3600:
                    return error_response("not_found", _("no such part of the music"), 404)
                data = await asyncio.to_thread(music_chunk, int(n))
            elif what == "sting" and n in ("arrival", "challenge", "end"):
                data = await asyncio.to_thread(sting_wav, n)
            else:
                return error_response("not_found", _("music/N or sting/arrival|challenge|end"), 404)
        return Response(data, media_type="audio/wav", headers={"Cache-Control": "no-store"})

    app.add_api_route(
        f"{API}/sessions/{{sid}}/{{what}}/{{n}}", music, methods=["GET"], include_in_schema=False
    )

    async def record(sid: str, request: Request) -> JSONResponse:
        try:
            held = store.open(sid, request)
        except SessionRefused as exc:
            return exc.response()
        with speaking_to(request) as lang:
            held.speak(lang)
            held.advance()
            s = held.session
            summary = {"players": [p.name for p in s.players], "minutes_left": s.remaining // 60}
            try:
                saved = saved_game(seal, COMPANION, s.record(), s.over, summary)
            except SaveError as exc:
                return error_response("cannot_save", str(exc), 503)
        name = f"khufu-companion-{'over' if s.over else f'{s.remaining // 60}-minutes-left'}.json"
        return private(saved, filename=name)

    app.add_api_route(
        f"{API}/sessions/{{sid}}/record", record, methods=["GET"], include_in_schema=False
    )
