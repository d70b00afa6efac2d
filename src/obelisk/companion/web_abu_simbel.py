"""``/companion/abu_simbel``: Abu Simbel's referee on a phone beside the cards on the floor.

The page (``web/companion/abu_simbel.html``, ``.js``, ``.css``) and a small JSON API. The
server keeps each session in memory (nothing a client sends reaches the disk); a game is
saved by downloading it and resumed by sending it back.

    POST /api/companion/abu_simbel/sessions           {names, first?, little?, seed?,
                                                       together?, ultimate?, failer_starts?}
                                                      or {record}
                                                      -> {id, key, view}
    GET  /api/companion/abu_simbel/sessions/{id}       the session's view
    POST /api/companion/abu_simbel/sessions/{id}/say   {text}: one input (a button's action)
    GET  /api/companion/abu_simbel/sessions/{id}/record  the saved game (a download)

Every request after the first sends the session's key in the ``X-Session-Key`` header
(:mod:`obelisk.companion.http`). A save made before the end is sealed: the route and the
treasures told are in it, but only this server can read them (:mod:`obelisk.companion.saves`).

Every view says who holds the phone (``holder``); while the active player holds it from the
vault on (the deck, the treasure, the hand-over) the view holds no chamber of the route.
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
    speaking_to,
)
from obelisk.companion.saves import SaveError, SaveSealer, resumed_record, saved_game
from obelisk.core.narration import join_words
from obelisk.games.abu_simbel.actions import PlaceCover
from obelisk.games.abu_simbel.components import card_token, card_type, scorpions
from obelisk.games.abu_simbel.narration import chamber_name, move_phrase, treasure_words

from .abu_simbel import (
    ANYWAY,
    CHAMBER_KINDS,
    TREASURE_KINDS,
    RefereeError,
    RefereeSession,
    W,
    drew_text,
    from_record,
    from_saved,
    lay_text,
    news,
    to_saved,
)

_, ngettext = W.gettext, W.ngettext

API = "/api/companion/abu_simbel"
COMPANION = "abu_simbel"
#: The largest body of a new or resumed session (a sealed save of a long game).
CREATE_BODY = BODY_LIMITS[f"{API}/"]
LOG_LINES = 40


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _card(card: str, slot: int, status: str = "") -> dict[str, Any]:
    return {
        "slot": slot + 1,
        "kind": card_type(card).lower(),
        "scorpions": scorpions(card),
        "name": _cap(chamber_name(card)),
        "move": move_phrase(card_token(card)),
        "status": status,
    }


def _route(session: RefereeSession) -> list[dict[str, Any]] | None:
    """The route in the order of the current way, or None when it must stay hidden."""
    if session.holder() == "active":
        return None  # the active player holds the phone: never a chamber (abu_simbel:11)
    s = session.state
    stage = session.stage()
    if stage == "lay_route":
        return [_card(c, i, "told") for i, c in enumerate(session.route_told())]
    assert s is not None
    cards = s.route
    if stage in ("verdict_in", "verdict_out"):
        out = []
        for pos in range(len(cards)):
            slot = s.slot_at(pos)
            status = "done" if pos < s.progress else "now" if pos == s.progress else "todo"
            out.append(_covered(session, _card(cards[slot], slot, status), slot))
        return out
    return [_covered(session, _card(c, i), i) for i, c in enumerate(cards)]


def _covered(session: RefereeSession, card: dict[str, Any], slot: int) -> dict[str, Any]:
    """A chamber under a mummy card (the Ultimate Adventure): its move is a punch."""
    s = session.state
    if s is None or not s.covers or s.covers[slot] < 0:
        return card
    owner = session.names[s.covers[slot]]
    card.update(
        kind="mummy",
        scorpions=0,
        name=_("{name}'s mummy card, over {chamber}").format(
            name=owner, chamber=chamber_name(s.route[slot])
        ),
        move=move_phrase("PUNCH"),
    )
    return card


def _choice(action: str, label: str, kind: str) -> dict[str, Any]:
    return {"action": action, "label": label, "kind": kind}


def _choices(session: RefereeSession) -> list[dict[str, Any]]:
    """The buttons of the moment: every input, in words."""
    s = session.state
    stage = session.stage()
    out: list[dict[str, Any]] = []
    if stage in ("lay_route", "add_chamber"):
        for c in CHAMBER_KINDS:
            choice: dict[str, Any] = _choice(lay_text(c), _cap(chamber_name(c)), "lay")
            choice["card"] = {"kind": card_type(c).lower(), "scorpions": scorpions(c)}
            choice["sub"] = move_phrase(card_token(c))
            out.append(choice)
        if session.route_told():
            out.append(_choice("back", _("Take back the last card"), "back"))
    elif stage == "treasure":
        assert s is not None
        left = set(s.pool)
        for t in TREASURE_KINDS:
            if t in left:
                out.append(_choice(drew_text(t), _cap(treasure_words(t)), "drew"))
        for t in TREASURE_KINDS:  # a real card the phone believes used up (issue 36)
            if t not in left:
                words = _("{treasure} (none left by this phone's count)").format(
                    treasure=_cap(treasure_words(t))
                )
                out.append(_choice(drew_text(t) + ANYWAY, words, "drew"))
        out.append(_choice("back", _("Back"), "back"))
    elif stage in ("verdict_in", "verdict_out"):
        assert s is not None
        p = s.progress + 1
        out.append(_choice(f"fail {p}", _("Fail"), "fail"))
        out.append(_choice(f"ok {p}", _("Pass"), "pass"))
    elif stage == "deck":
        assert s is not None
        for k, n in enumerate(s.deck_counts):
            if n > 0:
                words = ngettext("Deck {deck} ({n} card)", "Deck {deck} ({n} cards)", n)
                out.append(_choice(f"deck {k + 1}", words.format(deck=k + 1, n=n), "deck"))
    elif stage == "handover":
        out.append(_choice("turned away", _("I am checking: show me the route"), "handover"))
    elif stage == "cover":
        assert s is not None
        for a in s.legal_actions():
            if isinstance(a, PlaceCover):
                words = _("Chamber {slot}: {chamber}").format(
                    slot=a.slot + 1, chamber=chamber_name(s.route[a.slot])
                )
                out.append(_choice(a.text(), words, "cover"))
        out.append(_choice("no cover", _("No cover this time"), "nocover"))
    return out


def _prompt(session: RefereeSession) -> tuple[str, str]:
    """The headline and the line under it."""
    s = session.state
    names = session.names
    stage = session.stage()
    if stage == "lay_route":
        who = names[session.starter()]
        n = len(session.route_told())
        tap = _(
            "Tap the chambers as they are laid, from the vault outwards: card {n} of 3."
        ).format(n=n + 1)
        if s is not None:  # a failure ended the round
            fields = {"name": names[s.active]}
            if s.coop and s.pending is not None:
                lost = _(
                    "A mistake: {name} discards the treasure carried (face up) and one of the "
                    "team's charm cards, and the round ends."
                )
            elif s.coop:
                lost = _(
                    "A mistake: {name} discards one of the team's charm cards, and the round ends."
                )
            elif s.pending is not None:
                lost = _(
                    "A mistake: {name} discards the treasure carried (face up) and the top "
                    "charm card, and the round ends."
                )
            else:
                lost = _("A mistake: {name} discards the top charm card, and the round ends.")
            tap = lost.format(**fields) + " " + tap
        return (_("{name} lays a new route").format(name=who), tap)
    assert s is not None
    f = {"name": names[s.active], "slot": s.slot_at(s.progress) + 1}
    if stage == "add_chamber":
        return (
            _("{name} got out!").format(**f),
            _("Draw the top chamber card, lay it at the far end and tap it here."),
        )
    if stage == "verdict_in":
        return (
            _("{name} walks in").format(**f),
            _("Checking players: watch {name} and judge chamber {slot}.").format(**f),
        )
    if stage == "verdict_out":
        return (
            _("{name} walks out from memory").format(**f),
            _("Checking players: judge chamber {slot}; {name} must not see this screen.").format(
                **f
            ),
        )
    if stage == "deck":
        return (
            _("{name} reached the vault").format(**f),
            _("{name}: take the phone, choose a treasure deck and draw its top card.").format(**f),
        )
    if stage == "treasure":
        return (
            _("{name}: which treasure did you draw?").format(**f),
            _("Only you look. It stays secret."),
        )
    if stage == "handover":
        return (
            _("Give the phone to a checking player"),
            _("{name}: turn your back to the cards, then hand the phone over.").format(**f),
        )
    if stage == "cover":
        f["who"] = names[s.current_player]
        return (
            _("{who}: cover a chamber with your mummy card?").format(**f),
            _(
                "Before {name} walks in, {who} may lay the mummy card on one chamber: its move "
                "becomes a punch for the rest of the round."
            ).format(**f),
        )
    return (_("The game is over"), _ending(session))


def _ending(session: RefereeSession) -> str:
    s = session.state
    assert s is not None
    if s.coop:
        if s.team_won:
            return _("The team holds {n} treasures: everybody wins!").format(
                n=s.options.team_target
            )
        if s.end_reason == "team_charms":
            return _("The team has lost its last charm card: the temple wins.")
        return _("The treasure decks are empty: the temple wins.")
    why = {
        "charms": _("{name} lost a third charm.").format(name=session.names[s.active]),
        "treasures": _("The treasure decks are empty."),
    }.get(s.end_reason, "")
    winners = s.winners()
    names = [session.names[w] for w in winners]
    if len(names) == 1:
        return _("{why} {name} wins.").format(why=why, name=names[0])
    return _("{why} {names} share the win.").format(why=why, names=join_words(names))


def _team(session: RefereeSession) -> dict[str, int] | None:
    """All for One: the team's charms and treasures, or None in the competitive game."""
    s = session.state
    if not session.together:
        return None
    if s is None:
        return {"charms": 6, "treasures": 0, "target": 10}
    return {
        "charms": s.team_charms,
        "treasures": sum(len(t) for t in s.tableaux),
        "target": s.options.team_target,
    }


def _notice(session: RefereeSession) -> str:
    """The session's sentence for the last input, once (then forgotten)."""
    text, session.notice = session.notice, ""
    return text


def view(session: RefereeSession, error: str = "") -> dict[str, Any]:
    """Everything the page shows now (public: never a kept treasure before the end)."""
    s = session.state
    head, line = _prompt(session)
    players = []
    for i, name in enumerate(session.names):
        p: dict[str, Any] = {"seat": i + 1, "name": name, "little": i in session.little}
        if s is not None:
            p.update(
                charms=s.charms[i],
                treasures=len(s.tableaux[i]),
                mummy=s.has_mummy[i],
                active=i == s.active and not s.is_terminal(),
            )
        else:
            p.update(charms=3, treasures=0, mummy=False, active=i == session.first)
        players.append(p)
    over = s is not None and s.is_terminal()
    scores = []
    if over and not (s is not None and s.coop):
        assert s is not None
        for i, part in enumerate(s.score_table()):
            scores.append(
                {
                    "name": session.names[i],
                    "treasures": [treasure_words(t) for t in s.tableaux[i]],
                    "parts": part,
                    "winner": i in s.winners(),
                }
            )
    route = _route(session)
    log = session.log()
    stage = session.stage()
    title = _("The route, from the vault")
    if stage == "lay_route":
        title = _("Laid so far, from the vault")
    elif stage == "verdict_in":
        title = _("The way in, from the far end to the vault")
    elif stage == "verdict_out" and s is not None:
        title = (
            _("The way out, in the same order as in (a young player)")
            if s.active in s.forward
            else _("The way out, from the vault (chamber 1) outwards")
        )
    return {
        "names": session.names,
        "stage": session.stage(),
        "holder": session.holder(),
        "round": s.round_no if s is not None else 1,
        "active": session.active() + 1,
        "headline": head,
        "line": line,
        "error": error or _notice(session),
        "route": route,
        "route_title": title,
        "route_len": len(s.route) if s is not None else 0,
        "decks": list(s.deck_counts) if s is not None else [7, 7, 7],
        "graveyard": [_cap(treasure_words(t)) for t in s.graveyard] if s is not None else [],
        "players": players,
        "team": _team(session),
        "choices": _choices(session),
        "over": over,
        "scores": scores,
        "log": log[-LOG_LINES:],
        "news": news(session)[-4:],
        "saved": s is not None,
        "can_undo": session.can_undo(),
    }


def _new(body: dict[str, Any]) -> RefereeSession:
    if "record" in body:
        return from_record(body["record"])
    names = body.get("names")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RefereeError(_("name the players: a list of 2 to 6 names"))
    first = body.get("first", 1)
    if not isinstance(first, int) or isinstance(first, bool):
        raise RefereeError(_("the first player is a number, counted from 1"))
    little = body.get("little", [])
    if not isinstance(little, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in little
    ):
        raise RefereeError(_("the young players are a list of numbers, counted from 1"))
    seed = body.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**31)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise RefereeError(_("the seed must be a whole number from 0"))
    flags = [body.get(k, False) for k in ("together", "ultimate", "failer_starts")]
    if not all(isinstance(f, bool) for f in flags):
        raise RefereeError(
            _("together (All for One), ultimate and failer_starts are true or false")
        )
    little_seats = tuple(x - 1 for x in little)
    return RefereeSession(names, first - 1, seed, little_seats, *flags)


def register(
    app: FastAPI,
    web_dir: Path,
    sessions: SessionStore[RefereeSession] | None = None,
    sealer: SaveSealer | None = None,
    db: str | None = None,
) -> None:
    """Add the page and the API to the server; ``sessions`` keeps the sessions and
    ``sealer`` seals the mid-game saves (new ones, with the server's key, unless given)."""
    store = companion_store(sessions, db, COMPANION, to_saved, from_saved)
    seal = sealer if sealer is not None else SaveSealer()
    page = web_dir / "companion" / "abu_simbel.html"

    async def show_page() -> FileResponse:
        return FileResponse(page)

    app.add_api_route("/companion/abu_simbel", show_page, methods=["GET"], include_in_schema=False)

    def _made(body: dict[str, Any]) -> RefereeSession:
        if "record" in body:
            try:
                body = {"record": resumed_record(seal, COMPANION, body["record"])}
            except SaveError as exc:
                raise RefereeError(str(exc)) from None
        return _new(body)

    async def create(request: Request) -> JSONResponse:
        with speaking_to(request):
            return await _create(request)

    async def _create(request: Request) -> JSONResponse:
        address = client_address(request)
        try:
            store.admit(address)
            body = await json_body(request, CREATE_BODY)
            session = await asyncio.to_thread(_made, body)  # a resume replays a whole game
            sid, key = store.add(session, address)
        except SessionRefused as exc:
            return exc.response()
        except RefereeError as exc:
            return error_response("bad_request", str(exc))
        return private({"id": sid, "key": key, "view": view(session)}, 201)

    app.add_api_route(f"{API}/sessions", create, methods=["POST"], include_in_schema=False)

    async def state(sid: str, request: Request) -> JSONResponse:
        with speaking_to(request):
            return await _state(sid, request)

    async def _state(sid: str, request: Request) -> JSONResponse:
        try:
            session = store.open(sid, request)
        except SessionRefused as exc:
            return exc.response()
        return private(view(session))

    app.add_api_route(f"{API}/sessions/{{sid}}", state, methods=["GET"], include_in_schema=False)

    async def say(sid: str, request: Request) -> JSONResponse:
        with speaking_to(request):
            return await _say(sid, request)

    async def _say(sid: str, request: Request) -> JSONResponse:
        try:
            session = store.open(sid, request)
            body = await json_body(request, SMALL_BODY)
        except SessionRefused as exc:
            return exc.response()
        try:
            text = body.get("text")
            if not isinstance(text, str) or len(text) > 200:
                raise RefereeError(_("say what happened, in up to 200 letters"))
            session.say(text)
        except RefereeError as exc:
            return error_response("bad_request", str(exc), view=view(session, _cap(str(exc))))
        store.changed(sid)
        return private(view(session))

    app.add_api_route(f"{API}/sessions/{{sid}}/say", say, methods=["POST"], include_in_schema=False)

    async def record(sid: str, request: Request) -> JSONResponse:
        with speaking_to(request):
            return await _record(sid, request)

    async def _record(sid: str, request: Request) -> JSONResponse:
        try:
            session = store.open(sid, request)
            data = session.record().to_json()
        except SessionRefused as exc:
            return exc.response()
        except RefereeError as exc:
            return error_response("not_started", str(exc), 409)
        s = session.state
        assert s is not None
        over = s.is_terminal()
        summary = {"players": list(session.names), "round": s.round_no}
        try:
            saved = saved_game(seal, COMPANION, data, over, summary)
        except SaveError as exc:
            return error_response("cannot_save", str(exc), 503)
        name = f"abu_simbel-referee-{'over' if over else f'round-{s.round_no}'}.json"
        return private(saved, filename=name)

    app.add_api_route(
        f"{API}/sessions/{{sid}}/record", record, methods=["GET"], include_in_schema=False
    )
