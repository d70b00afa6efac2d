"""Helpers for Khufu's web tests: a scripted way to the Ultimate Challenge on the live clock.

A real-time room reaches a Challenge only after a hundred and more moves. The quick way is
the server's normal API: the room's three seats are people, and a script plays them over
the protocol (one WebSocket per seat) with the moves the heuristic players make in the same
game played in-process from the same seed (Khufu kept away, so the clock's ticks change
nothing but the clock). The script stops one move before seat 1 (index 0) enters the
Challenge: that move is the person's click on the page.
"""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

from websockets.sync.client import connect

from obelisk.agents import make_agent
from obelisk.core import Action, PlayerView, State, all_games
from obelisk.server.clock import realtime_options

#: The room's options: Khufu stays away (no event can change the course of the game while
#: the script plays it), the pieces by seat, decisions wait long enough for a loaded machine.
OPTIONS: dict[str, Any] = {"director": False, "pieces": "seat_order", "decision_timeout": 600}

#: Seeds tried in turn for a game whose first Challenge is seat 0's and can be lost.
SEEDS = (2, 1, 3, 8, 4, 11, 12, 13, 14, 15, 16, 17)


@dataclass
class ChallengeWay:
    """A game's way to seat 0's first Ultimate Challenge."""

    seed: int
    #: The moves before the last one, as (seat, action) in order.
    moves: list[tuple[int, Action]]
    #: Seat 0's move that starts the Challenge (``enter`` or ``challenge``).
    last: Action
    #: The selections of three that do not win the game (the Challenge is lost or drawn).
    not_winning: list[str]


def challenge_way(players: int = 3, limit: int = 3000) -> ChallengeWay:
    """The first of :data:`SEEDS` whose game (heuristic players) brings seat 0 to the
    Challenge before anyone else, with a selection that does not win."""
    game = next(g for g in all_games() if g.name == "khufu")
    options = game.make_options(realtime_options(game, dict(OPTIONS)))
    for seed in SEEDS:
        state: State = game.new_state(players, seed, options)
        agents = [make_agent(game, "heuristic") for _ in range(players)]
        rng = random.Random(seed)
        moves: list[tuple[int, Action]] = []
        while not state.is_terminal() and len(moves) < limit:
            legal = state.legal_actions()
            if any(a.kind == "select" for a in legal):
                break
            p = state.current_player
            a = agents[p].act(PlayerView(state, p), rng)
            state.apply(a)
            moves.append((p, a))
        else:
            continue
        if moves[-1][0] != 0 or state.current_player != 0:
            continue
        losing = []
        for a in legal:
            after = state.clone()
            after.apply(a)
            if not after.is_terminal():
                losing.append(a.text())
        if losing:
            return ChallengeWay(seed, moves[:-1], moves[-1][1], losing)
    raise AssertionError("no seed brought seat 1 to a Challenge it can lose")


def play_moves(url: str, tokens: list[str], moves: list[tuple[int, Action]]) -> None:
    """Play ``moves`` for the seats of ``tokens`` over the protocol, each when the server
    offers it (checked against the server's legal actions: the script plays the game the
    server has, or fails saying where they parted)."""
    with ExitStack() as stack:
        socks = [stack.enter_context(connect(url, max_size=None)) for _ in tokens]
        for ws, token in zip(socks, tokens, strict=True):
            ws.send(json.dumps({"type": "hello", "v": 1, "token": token}))
        # a seat acts on a state newer than the one it last acted on (states of the clock's
        # ticks keep coming, and one sent before the server had the last move is stale)
        acted = [-1] * len(tokens)
        for i, (seat, action) in enumerate(moves):
            want = action.to_json()
            ws = socks[seat]
            m: dict[str, Any] = {}
            while True:
                m = json.loads(ws.recv(timeout=60))
                if m["type"] == "error":
                    raise AssertionError(f"move {i} ({action.text()}): {m}")
                if m["type"] != "state" or not m["legal"] or m["seen"] <= acted[seat]:
                    continue
                legal = [e["action"] for e in m["legal"]]
                assert want in legal, f"move {i}: {action.text()} is not offered: {m['legal']}"
                break
            acted[seat] = m["seen"]
            ws.send(json.dumps({"type": "action", "action": want, "decision": m["decision"]}))
        # the last move is in the server's record before the sockets close
        if moves:
            while (m := json.loads(socks[moves[-1][0]].recv(timeout=60)))["type"] != "ack":
                assert m["type"] != "error", m


#: Draws state messages with the app's frame and Khufu's table in a page of their own and
#: returns the errors (one per message that failed to draw), so a position the test cannot
#: bring about on the live table is drawn too.
DRAW_STATES = """async ([msgs, seats, options]) => {
  const { drawFrame } = await import('/static/frame.js');
  const mod = (await import('/static/tables/khufu.js')).default;
  const main = document.createElement('div');
  main.id = 'main';
  document.body.replaceChildren(main);
  const mk = (id) => { const d = document.createElement('div'); d.id = id; main.append(d); return d; };
  const els = { panels: mk('panels'), prompt: mk('prompt'), legal: mk('legal'), board: mk('board'), mine: mk('mine-area') };
  const errors = [];
  for (const m of msgs) {
    try {
      drawFrame(els, mod, {
        obs: m.observation, turn: m.ctx || null, legal: m.legal, yourTurn: m.your_turn, seat: m.seat, seats, status: m.status,
        options, text: m.text, over: null, readonly: false, events: m.events || [], seen: m.seen, clock: null,
      }, () => {});
    } catch (e) {
      errors.push(String(e));
    }
  }
  return { errors, text: main.innerText };
}"""


def draw_states(
    page: Any, msgs: list[dict[str, Any]], seats: list[Any], options: dict[str, Any]
) -> dict[str, Any]:
    """Draw ``msgs`` (state messages) on Khufu's table in ``page`` (a page of the server's
    origin); returns the errors and the text drawn."""
    return dict(page.evaluate(DRAW_STATES, [msgs, seats, options]))
