"""Issue 26: every option of every game has a documented, bounded range that the server
enforces on a network client (``GET /api/games`` says it; ``POST /api/rooms`` refuses
what lies past it with ``bad_options``; what lies at its edge builds a room quickly or
is refused by the game, never crashes or stalls the server).

The test walks the options of every served game as the game declares them (its
``Options`` dataclass), so an option added later is covered without a change here.
"""

from __future__ import annotations

import dataclasses
import re
import time
from pathlib import Path
from typing import Any

from server_helpers import ServerProc, served_games

from obelisk.core import get_game, option_info
from obelisk.server.limits import FLOAT_MAX, MAX_ITEMS, MAX_TEXT, MAX_TEXT_NUMBER

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
RANGE_KEYS = {"min", "max", "max_items", "max_length", "choices", "network"}


def _options(server: ServerProc) -> dict[str, dict[str, dict[str, Any]]]:
    games = server.get("/api/games").json()
    return {g["name"]: {o["name"]: o for o in g["options"]} for g in games}


def _refused(server: ServerProc, game: str, name: str, value: Any) -> str:
    r = server.post("/api/rooms", {"game": game, "options": {name: value}})
    assert r.status_code == 400, (game, name, str(value)[:60], r.status_code, r.text[:200])
    body = r.json()
    assert body["error"] == "bad_options", (game, name, body)
    assert name in body["message"], (game, name, body)
    return str(body["message"])


def _past(o: dict[str, Any]) -> list[Any]:
    """Values just past an option's range (each must be refused)."""
    listed = "max_items" in o
    out: list[Any] = []
    if "network" in o:
        return ["anything"]
    if "max" in o:
        if o["type"].startswith("float"):
            over: list[Any] = [FLOAT_MAX * 2, -1.0]
        else:
            over = [o["max"] + 1, o["min"] - 1]
        out += [[v] for v in over] if listed else over
    if "max_length" in o:
        texts = ["x" * (MAX_TEXT + 1), f"x*{MAX_TEXT_NUMBER + 1}", "x:" + "9" * 30]
        out += [[t] for t in texts] if listed else texts
    if listed:
        item = o.get("min", "x")
        out.append([item] * (MAX_ITEMS + 1))
    if "choices" in o and "max_length" not in o and "max" not in o:
        if False in o["choices"]:
            out.append({"a": 1})  # a bool: an object is never one
        else:
            out.append("no-such-choice")
    return out


def _edge(o: dict[str, Any]) -> list[Any]:
    """Values at the edge of an option's range (a room, or the game's own refusal)."""
    listed = "max_items" in o
    out: list[Any] = []
    if "max" in o:
        out += [[o["max"]] * MAX_ITEMS, [o["min"]] * MAX_ITEMS] if listed else [o["max"], o["min"]]
    if "max_length" in o and "choices" not in o:
        text = (f"x*{MAX_TEXT_NUMBER}:" * 40)[:MAX_TEXT]
        out += [[text] * MAX_ITEMS] if listed else [text]
    return out


def test_every_option_has_a_range_the_server_enforces(server: ServerProc) -> None:
    listed = _options(server)
    walked = 0
    for name in served_games():
        g = get_game(name)
        if g.name == "tiny":
            continue
        assert dataclasses.is_dataclass(g.Options)
        for f in dataclasses.fields(g.Options):
            o = listed[g.name].get(f.name)
            assert o is not None, f"/api/games does not list {g.name}'s option {f.name}"
            assert RANGE_KEYS & set(o), f"{g.name}'s option {f.name} has no range: {o}"
            for value in _past(o):
                _refused(server, g.name, f.name, value)
            walked += 1
    assert walked > 90


def test_values_at_the_edge_are_quick(server: ServerProc) -> None:
    """The largest values a client may send build a room (or are refused by the game)
    within a few seconds, and the server answers right after (nothing stalls it)."""
    listed = _options(server)
    slowest = (0.0, "")
    for game, options in listed.items():
        if game == "tiny":
            continue
        for name, o in options.items():
            for value in _edge(o):
                t0 = time.perf_counter()
                r = server.post("/api/rooms", {"game": game, "options": {name: value}})
                took = time.perf_counter() - t0
                assert r.status_code in (201, 400), (game, name, r.status_code, r.text[:200])
                if r.status_code == 400:
                    assert r.json()["error"] == "bad_options", r.text
                slowest = max(slowest, (took, f"{game}.{name}"))
    print(f"\nslowest room at the edge of an option: {slowest[1]} {slowest[0] * 1000:.0f} ms")
    assert slowest[0] < 10.0, slowest
    assert server.get("/api/health").json()["ok"] is True


def test_counts_written_in_texts_are_bounded(server: ServerProc) -> None:
    """A deck written as text (``MUMMY*3``, ``BONUS_3:2``) cannot ask for millions of
    cards: a client's ``MUMMY*99999999`` held the server's only event loop for minutes."""
    ab = get_game("abu_simbel").Options()
    deck = ["MUMMY*99999999", *ab.chamber_deck[1:]]
    assert "99999999" in _refused(server, "abu_simbel", "chamber_deck", deck)
    sb = get_game("sobek").Options()
    events = [e.split(":")[0] + ":1000000" for e in sb.events]
    _refused(server, "sobek", "events", events)
    # the game's own decks are within the bound (every default and variant is checked
    # in test_server_hardening.py)
    r = server.post("/api/rooms", {"game": "sobek", "options": {"events": list(sb.events)}})
    assert r.status_code == 201, r.text


def test_the_ranges_are_documented() -> None:
    """Every range an option declares is in docs/protocol.md (its table is generated:
    tests/test_docsgen.py checks that it is current)."""
    text = PROTOCOL.read_text()
    section = text.split("### Option ranges", 1)[1].split("\n## ", 1)[0]
    flat = re.sub(r"(?<=\d)[ ,](?=\d{3})", "", section)
    declared = 0
    for name in served_games():
        g = get_game(name)
        if g.name == "tiny":
            continue
        for o in option_info(g.Options):
            if o.spec.range is None:
                continue
            lo, hi = o.spec.range
            assert f"`{o.name}`" in section, f"{g.name}'s {o.name} is missing from docs/protocol.md"
            assert f"{lo:g}..{hi:g}" in flat, (
                f"{g.name}'s {o.name} range {lo}..{hi} is not in the docs"
            )
            declared += 1
    assert declared >= 14
    for words in ("0..100", "64 items", "200 characters", "map_file", "choice"):
        assert words in flat, words
