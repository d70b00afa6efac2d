"""``/companion/mummy``: the computer as the mummy on a phone or laptop beside the real board.

The page (``web/companion/mummy.html``, ``mummy.js``, ``mummy.css``) and a small JSON API.
The server keeps each session in memory (nothing a client sends reaches the disk); a
game is saved by downloading its record and resumed by sending it back.

    POST /api/companion/mummy/sessions              {names, level?, seed?, maze?} or {record}
                                                    -> {id, key, view}
    GET  /api/companion/mummy/sessions/{id}          the session's view
    POST /api/companion/mummy/sessions/{id}/say      {text}: one input (a button's action)
    POST /api/companion/mummy/sessions/{id}/undo     take back the last input
    GET  /api/companion/mummy/sessions/{id}/record   the saved game (a download)

Every request after the first sends the session's key in the ``X-Session-Key`` header
(:mod:`obelisk.companion.http`). A save made before the end is sealed: its seed would tell
the mummy's coming die rolls and choices, so only this server can read it
(:mod:`obelisk.companion.saves`); a finished game downloads as its plain record.
"""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse

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
)
from obelisk.companion.saves import SaveError, SaveSealer, resumed_record, saved_game
from obelisk.core.i18n import Words, negotiate, speaking
from obelisk.games.mummy.actions import Choose
from obelisk.games.mummy.components import SYMBOLS, label
from obelisk.games.mummy.narration import colour_word, figure_name, symbol_name
from obelisk.games.mummy.table import CATCH, DIE, MOVED, Aside, Cannot, Card, Caught, Die, Fail

from .mummy import LEVELS, MummyCompanionError, MummySession, capital, compass_word, from_record

W = Words("obelisk.games.mummy")
_, ngettext, pgettext = W.gettext, W.ngettext, W.pgettext

API = "/api/companion/mummy"
COMPANION = "mummy"
#: The largest body of a new or resumed session (a sealed save of a long game).
CREATE_BODY = BODY_LIMITS[f"{API}/"]
LOG_LINES = 60


def _board(session: MummySession) -> dict[str, Any]:
    """The maze as the page draws it: size, the open sides of each field, the symbols."""
    b = session.state.board
    open_sides = []
    for cell in range(b.size):
        open_sides.append("".join("NESW"[d] for d in range(4) if b.nbr[d][cell] >= 0))
    return {
        "rows": b.rows,
        "cols": b.cols,
        "mirrored": True,  # drawn as on the mummy's side of the box: east and west swap
        "open": open_sides,
        "start": list(b.rc(b.start)),
        "dungeon": list(b.rc(b.dungeon)),
        "sarcophagus": list(b.rc(b.mummy_start)),
        "symbols": [
            {"rc": list(b.rc(c)), "colour": SYMBOLS[x][0], "name": SYMBOLS[x][1]}
            for x, c in sorted(b.symbol_cell.items())
        ],
    }


def _choice(action: Any, label_text: str, group: str) -> dict[str, str]:
    return {"action": action.text(), "label": label_text, "group": group}


def _choices(session: MummySession) -> list[dict[str, str]]:
    """The buttons of the moment: every legal input, in words."""
    s = session.state
    if s.is_terminal() or s.current_player == 0:
        return []
    out = []
    b = s.board
    for a in s.legal_actions():
        if isinstance(a, Choose):
            if a.face == "arrow":
                out.append(_choice(a, _("Announced the arrow"), "face"))
            else:
                out.append(_choice(a, _("Announced {face}").format(face=a.face), "face"))
        elif isinstance(a, Fail):
            if a.face == "arrow":
                out.append(_choice(a, _("The arrow failed"), "fail"))
            else:
                out.append(_choice(a, _("{face} failed").format(face=a.face), "fail"))
        elif isinstance(a, Aside):
            out.append(
                _choice(a, ngettext("{n} die", "{n} dice", a.count).format(n=a.count), "aside")
            )
        elif a.text() == "lost":
            out.append(_choice(a, _("All five: turn lost"), "aside"))
        elif a.text() == "resolve yes":
            n = s.aside
            label_text = ngettext("Resolve the {n} mummy die", "Resolve the {n} mummy dice", n)
            out.append(_choice(a, label_text.format(n=n), "turn"))
        elif isinstance(a, Cannot):
            out.append(_choice(a, _("Cannot move at all"), "turn"))
        elif isinstance(a, Card):
            where = label(*b.rc(b.symbol_cell[a.symbol]))
            out.append(_choice(a, _card_label(a.symbol, where), "card"))
        elif a.text() == "no card":
            out.append(_choice(a, _("No card laid"), "nocard"))
        elif a.text() == "roll":
            out.append(_choice(a, _("Roll the mummy die for me"), "die"))
        elif isinstance(a, Die):
            out.append(_choice(a, _("We rolled {n}").format(n=a.value), "dievalue"))
        elif a.text() == "free":
            out.append(_choice(a, _("Nobody was caught"), "free"))
    if s.phase == CATCH:
        fields = session.path_fields()
        for a in s.legal_actions():
            if not isinstance(a, Caught) or a.step > len(fields):
                continue
            cell = fields[a.step - 1]
            possible = s.belief.cells[a.figure]
            for c in fields[: a.step - 1]:
                possible &= ~(1 << c)
            if (possible >> cell) & 1:
                colour = figure_name(s.fig_colour[a.figure])
                where = label(*b.rc(cell))
                text = _("{colour} caught at step {n} ({field})").format(
                    colour=colour, n=a.step, field=where
                )
                out.append(_choice(a, text, "caught"))
    return out


def _card_label(symbol: str, where: str) -> str:
    """``The crook (yellow, E5)``: a card button."""
    colour, name = SYMBOLS[symbol]
    return _("The {name} ({colour}, {field})").format(
        name=symbol_name(name), colour=colour_word(colour), field=where
    )


def view(session: MummySession, error: str = "") -> dict[str, Any]:
    """Everything the page shows now (public: what the mummy player may know)."""
    s = session.state
    b = s.board
    names = session.names
    figures = []
    for f, colour in enumerate(s.fig_colour):
        seat = s.fig_seat[f]
        figures.append(
            {
                "colour": colour,
                "name": names[seat - 1],
                "ankhs": s.ankhs[seat],
                "out": s.pos[f] < 0,
                "cards": dict(s.backs[seat]),
                "turn": s.fig == f and s.phase in ("table_turn", "table_rolling", MOVED),
            }
        )
    played = [
        {"name": SYMBOLS[x][1], "colour": SYMBOLS[x][0], "field": label(*b.rc(b.symbol_cell[x]))}
        for h in s.played
        for x in h
    ]
    path = []
    if s.phase == CATCH:
        for a, cell in zip(session.plan(), session.path_fields(), strict=True):
            path.append(
                {  # from the mummy's side of the board (mirrored), and the explorers' words
                    "word": session.side_word(a.direction),
                    "field": session.side_label(cell),
                    "explorers_word": compass_word(a.direction),
                    "explorers_field": label(*b.rc(cell)),
                    "rc": list(b.rc(cell)),
                }
            )
    log = session.log_entries()
    return {
        "names": names,
        "level": session.level,
        "level_words": _(LEVELS[session.level]) if session.level in LEVELS else "",
        "round": s.round,
        "phase": s.phase,
        "over": s.is_terminal(),
        "prompt": session.prompt(),
        "hint": session.hint(),
        "error": error,
        "mummy": {
            "rc": list(b.rc(s.mummy)),
            "field": session.side_label(s.mummy),
            "explorers_field": label(*b.rc(s.mummy)),
        },
        "mummy_ankhs": s.ankhs[0],
        "threshold": s.threshold,
        "aside": s.aside,
        "figures": figures,
        "played": played,
        "path": path,
        "choices": _choices(session),
        "can_undo": bool(session.told),
        "inputs": len(session.told),
        "die_phase": s.phase == DIE,
        "log": log[-LOG_LINES:],
        "log_total": len(log),
        "board": _board(session),
    }


def _new(body: dict[str, Any]) -> MummySession:
    if "record" in body:
        return from_record(body["record"], allow_map=False)
    names = body.get("names")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise MummyCompanionError(_("name the explorer players: a list of 1 to 4 names"))
    level = body.get("level", "normal")
    if level not in LEVELS:
        raise MummyCompanionError(
            _("no level '{level}': choose {levels}").format(level=level, levels=" or ".join(LEVELS))
        )
    seed = body.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**31)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise MummyCompanionError(_("the seed must be a whole number from 0"))
    maze = body.get("maze", "")
    if not isinstance(maze, str) or len(maze) > 400:
        raise MummyCompanionError(_("the maze is a share code (M1-…) from the maze editor"))
    maze = "".join(maze.split())
    if maze and not maze.startswith("M1-"):
        raise MummyCompanionError(
            _("the maze is a share code that starts with M1- (make one at /companion/maze)")
        )
    return MummySession(names, level, seed, {"maze": maze} if maze else {})


def _language(request: Request) -> str:
    """The language the page reads (its ``Accept-Language``: the page sends the one
    chosen on it)."""
    return negotiate(request.headers.get("accept-language"))


def register(
    app: FastAPI,
    web_dir: Path,
    sessions: SessionStore[MummySession] | None = None,
    sealer: SaveSealer | None = None,
    db: str | None = None,
) -> None:
    """Add the page and the API to the server; ``sessions`` keeps the sessions and
    ``sealer`` seals the mid-game saves (new ones, with the server's key, unless given)."""
    store = companion_store(
        sessions,
        db,
        COMPANION,
        lambda s: s.record().to_json(),
        lambda data: from_record(data, allow_map=False),
    )
    seal = sealer if sealer is not None else SaveSealer()
    page = web_dir / "companion" / "mummy.html"

    async def show_page() -> FileResponse:
        return FileResponse(page)

    app.add_api_route("/companion/mummy", show_page, methods=["GET"], include_in_schema=False)

    def _made_in(body: dict[str, Any], lang: str) -> MummySession:
        with speaking(lang):
            return _made(body)

    def _made(body: dict[str, Any]) -> MummySession:
        if "record" in body:
            try:
                body = {"record": resumed_record(seal, COMPANION, body["record"])}
            except SaveError as exc:
                raise MummyCompanionError(str(exc)) from None
        return _new(body)

    async def create(request: Request) -> JSONResponse:
        address = client_address(request)
        lang = _language(request)
        try:
            store.admit(address)
            body = await json_body(request, CREATE_BODY)
            session = await asyncio.to_thread(_made_in, body, lang)  # a resume replays a game
            sid, key = store.add(session, address)
        except SessionRefused as exc:
            return exc.response()
        except MummyCompanionError as exc:
            return error_response("bad_request", str(exc))
        with speaking(lang):
            return private({"id": sid, "key": key, "view": view(session)}, 201)

    app.add_api_route(f"{API}/sessions", create, methods=["POST"], include_in_schema=False)

    async def state(sid: str, request: Request) -> JSONResponse:
        try:
            session = store.open(sid, request)
        except SessionRefused as exc:
            return exc.response()
        with speaking(_language(request)):
            return private(view(session))

    app.add_api_route(f"{API}/sessions/{{sid}}", state, methods=["GET"], include_in_schema=False)

    async def act(sid: str, what: str, request: Request) -> JSONResponse:
        try:
            session = store.open(sid, request)
            body = await json_body(request, SMALL_BODY)
        except SessionRefused as exc:
            return exc.response()
        lang = _language(request)
        try:
            if what == "say":
                text = body.get("text")
                if not isinstance(text, str) or len(text) > 200:
                    with speaking(lang):
                        raise MummyCompanionError(_("say what was announced, in up to 200 letters"))
                with speaking(lang):
                    session.say(text)
            elif what == "undo":
                with speaking(lang):
                    session.undo()
            else:
                return error_response("not_found", f"unknown request '{what}': say or undo", 404)
        except MummyCompanionError as exc:
            message = capital(str(exc))
            with speaking(lang):
                return error_response("bad_request", message, view=view(session, message))
        store.changed(sid)
        session.news()
        with speaking(lang):
            return private(view(session))

    app.add_api_route(
        f"{API}/sessions/{{sid}}/{{what}}", act, methods=["POST"], include_in_schema=False
    )

    async def record(sid: str, request: Request) -> JSONResponse:
        try:
            session = store.open(sid, request)
        except SessionRefused as exc:
            return exc.response()
        s = session.state
        over = s.is_terminal()
        summary = {"explorers": list(session.names), "level": session.level, "round": s.round}
        try:
            saved = saved_game(seal, COMPANION, session.record().to_json(), over, summary)
        except SaveError as exc:
            return error_response("cannot_save", str(exc), 503)
        name = f"mummy-companion-{'over' if over else f'round-{s.round}'}.json"
        return private(saved, filename=name)

    app.add_api_route(
        f"{API}/sessions/{{sid}}/record", record, methods=["GET"], include_in_schema=False
    )
