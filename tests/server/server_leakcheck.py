"""The leak check: every message a client received holds only what its seat may know.

Given the omniscient record of a finished room (fetched with the admin token)
and every message each client received, it replays the game and, walking
forward, matches each ``state`` message of seat s to the position it was sent
from. At that position it checks that the message is exactly s's view there
(observation, legal actions, text, redacted events; no other fields), and that
it is the same in determinizations for s: re-drawing everything s cannot know
changes nothing in the message, so no hidden value of the full state is in it.
Spectators must get exactly the public view. Each event comes with its
``sentence`` for the seat (the game's narration of that very event, as the
seat got it) and maybe a ``flash``, never in the first message of a
connection (a catch-up), so a memory game's moment is not re-sent.
"""

from __future__ import annotations

import random
from typing import Any

from obelisk.core import Game, Record, State, TurnContext, Voice, get_game, replay

STATE_KEYS = {
    "type",
    "v",
    "room",
    "seat",
    "status",
    "your_turn",
    "decision",
    "observation",
    "text",
    "legal",
    "events",
    "seen",
    "ctx",
    "can_undo",
}
OTHER_KEYS = {
    "welcome": {"type", "v", "room", "seat", "game", "title", "levels", "summary"},
    "room": {"type", "v", "summary"},
    "clock": {"type", "v", "room", "running", "wall_seconds", "clock", "game"},
    "game_over": {"type", "v", "room", "scores", "returns", "winners"},
    "ack": {"type", "v", "id", "server_ms", "server_cpu_ms"},
    "pong": {"type", "v", "id", "server_ms", "server_cpu_ms"},
}
SUMMARY_SEAT_KEYS = {"seat", "kind", "level", "name", "taken", "connected"}
#: What the server adds to each event: its sentence for the seat, and a flash (live only).
NARRATION_KEYS = ("sentence", "flash")


def plain_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events without the narration the server adds (as ``events_for`` gives them)."""
    return [{k: v for k, v in e.items() if k not in NARRATION_KEYS} for e in events]


def _legal(state: State, seat: int | None) -> list[dict[str, Any]]:
    if seat is None or state.is_terminal() or state.current_player != seat:
        return []
    return [
        {"action": a.to_json(), "text": a.text(), "choice": state.choice_text(a)}
        for a in state.legal_actions()
    ]


def _view(
    state: State, seat: int | None, text: bool, names: tuple[str, ...] = ()
) -> tuple[Any, Any, str | None]:
    shown = state.to_text(seat, names or None) if text else None
    return state.observation(seat), _legal(state, seat), shown


def _same(state: State, seat: int | None, f: dict[str, Any], names: tuple[str, ...] = ()) -> bool:
    """Whether message ``f`` is ``seat``'s view of ``state`` (cheapest parts first); its
    text names the seats as the room's summary did."""
    if state.observation(seat) != f["observation"] or _legal(state, seat) != f["legal"]:
        return False
    return f["text"] is None or state.to_text(seat, names or None) == f["text"]


def _clock(state: State) -> dict[str, Any]:
    words = ("clock", "elapsed", "remaining", "countdown", "paused", "time")
    obs = state.observation(None)
    return {k: v for k, v in obs.items() if any(w in k.lower() for w in words)}


def check_messages(
    full: dict[str, Any],
    received: dict[int | None, list[list[dict[str, Any]]]],
    determinizations: int = 2,
    sample: int = 40,
) -> int:
    """Check every client's messages (per seat, a list of connections' message lists).

    Returns the number of ``state`` messages checked; raises AssertionError on a leak.
    """
    record = Record.from_json(full)
    game = get_game(record.game)
    states = _positions(game, record)
    clocks = (
        [_clock(s) for s in states]
        if any("clock" in m["type"] for c in received.values() for conn in c for m in conn)
        else []
    )
    rng = random.Random(7)
    final = states[-1]
    checked = 0
    for seat, conns in received.items():
        visible = final.events_for(seat)
        # how many events the seat may see among the first i events of the game
        upto = [0]
        for e in final.events:
            upto.append(upto[-1] + (e.to is None or (seat is not None and seat in e.to)))
        for msgs in conns:
            k = 0
            frames = [m for m in msgs if m["type"] == "state"]
            # the seats' names a state message was narrated with: the last summary before it
            voices: dict[int, tuple[str, ...]] = {}
            names: tuple[str, ...] = ()
            for m in msgs:
                if m["type"] in ("welcome", "room"):
                    names = tuple(x["name"] for x in m["summary"]["seats"])
                elif m["type"] == "state":
                    voices[id(m)] = names
            picks = set(rng.sample(range(len(frames)), min(sample, len(frames))))
            for i, f in enumerate(frames):
                assert set(f) == STATE_KEYS, (
                    f"extra or missing fields: {sorted(set(f) ^ STATE_KEYS)}"
                )
                assert f["seat"] == seat
                want = (f["observation"], f["legal"], f["text"])
                n = f["seen"]
                while k < len(states) and not (
                    upto[len(states[k].events)] == n
                    and _same(states[k], seat, f, voices.get(id(f), ()))
                ):
                    k += 1
                assert k < len(states), (
                    f"seat {seat}: message {i} shows a view no position of the game gives it"
                )
                st = states[k]
                plain = plain_events(f["events"])
                told = visible[n - len(plain) : n]
                if i == 0 and not st.is_terminal():
                    # a catch-up tells the lasting story: no past flash (disclosure.py)
                    told = [game.lasting(e) for e in told]
                assert plain == told, "events are not the seat's"
                voice = Voice.for_seats(final.num_players, voices[id(f)], seat)
                for e, p in zip(f["events"], plain, strict=True):
                    assert "sentence" in e, "an event without its sentence"
                    assert e["sentence"] == game.narrate(p, voice), "a sentence not of the event"
                    if "flash" in e:
                        assert i > 0, "a flash in a catch-up"
                        assert e["flash"] == game.flash(p, voice)
                assert f["your_turn"] == bool(f["legal"]) == f["ctx"]["your_turn"]
                # whether the seat may take back its last decision: its own, never a spectator's
                assert isinstance(f["can_undo"], bool) and not (seat is None and f["can_undo"])
                # the turn context is public: the position's own, whoever reads it
                ctx = TurnContext.of(st).to_json()
                assert {k: f["ctx"][k] for k in ("to_move", "chance", "outcome")} == {
                    k: ctx[k] for k in ("to_move", "chance", "outcome")
                }, f"seat {seat}: message {i} has a turn context of another position"
                if seat is not None and i in picks:
                    for d in range(determinizations):
                        det = st.determinize(seat, random.Random(1000 * i + d))
                        seen_as = _view(det, seat, f["text"] is not None, voices.get(id(f), ()))
                        assert seen_as == want, (
                            f"seat {seat}: message {i} changes when what the seat cannot know "
                            "is re-drawn: it holds a hidden value"
                        )
                        assert det.events_for(seat) == visible[:n]
                checked += 1
            for m in msgs:
                t = m["type"]
                if t in OTHER_KEYS:
                    assert set(m) == OTHER_KEYS[t], f"{t}: fields {sorted(m)}"
                if t in ("welcome", "room"):
                    for s in m["summary"]["seats"]:
                        assert set(s) == SUMMARY_SEAT_KEYS, f"seat fields {sorted(s)}"
                if t == "clock":
                    assert m["game"] in clocks, "a clock message shows a clock no position had"
                if t == "game_over":
                    assert m["scores"] == states[-1].scores()
    return checked


def _positions(game: Game, record: Record) -> list[State]:
    """Every position of the game, first to last (one replay, cloned at each step)."""
    empty = Record(
        game=record.game,
        num_players=record.num_players,
        seed=record.seed,
        options=record.options,
        steps=[],
        seats=record.seats,
        setup_chance=record.setup_chance,
    )
    state = replay(empty, lambda _n: game, check_result=False)
    out = [state.clone()]
    for step in record.steps:
        for label, raw in step["chance"]:
            state.chance.force_raw(label, raw)
        action = game.action_from_json(step["action"])
        if step["seat"] is None:
            state.apply_system(action)
        else:
            state.apply(action)
        out.append(state.clone())
    return out
