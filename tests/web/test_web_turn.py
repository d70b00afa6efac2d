"""Every table follows the server's turn context, never a guess from the observation.

A state message is drawn whose ``ctx.to_move`` names another seat than any key of the
observation (``to_move``, ``decision.seat``, ``active``) suggests: the panel marked "to
play" is the context's.
"""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import ServerProc
from web_helpers import Person

from obelisk.core import get_game
from obelisk.server import protocol

#: Draws one state message with the app's frame and the game's own table (as the app does).
DRAW = """async ([game, msg, seats, options]) => {
  const { tableFor, drawFrame } = await import('/static/frame.js');
  const mod = await tableFor(game);
  const main = document.createElement('div');
  main.id = 'main';
  document.body.replaceChildren(main);
  const mk = (id) => { const d = document.createElement('div'); d.id = id; main.append(d); return d; };
  const els = { panels: mk('panels'), prompt: mk('prompt'), legal: mk('legal'), board: mk('board'), mine: mk('mine-area') };
  drawFrame(els, mod, {
    obs: msg.observation, turn: msg.ctx, legal: msg.legal, yourTurn: msg.your_turn, seat: msg.seat,
    seats, status: msg.status, options, text: msg.text, over: null, readonly: false,
    events: [], seen: msg.seen, clock: null,
  }, () => {});
  const active = [...document.querySelectorAll('#panels .panel.active')].map((p) => +p.dataset.seat - 1);
  return { active, generic: mod.needsText === true, prompt: document.getElementById('prompt').textContent };
}"""

GAMES = ["sobek", "abu_simbel", "ramses", "mummy", "khufu"]


def _message(name: str) -> tuple[dict[str, Any], int, list[dict[str, Any]], dict[str, Any]]:
    """A spectator's state message of a game in play, its ``ctx.to_move`` moved on a seat."""
    game = get_game(name)
    n = max(game.min_players, min(4, game.max_players))
    state = game.new_state(n, seed=3)
    msg = protocol.state_frame(
        state, None, room="r", status="playing", events=[], seen=0, decision=0
    )
    obs = msg["observation"]
    decision = obs.get("decision") if isinstance(obs.get("decision"), dict) else {}
    suggested = {state.current_player, obs.get("to_move"), obs.get("active"), decision.get("seat")}
    told = next(s for s in range(n) if s not in suggested)
    msg["ctx"]["to_move"] = told
    seats = [{"name": f"Player {i + 1}", "kind": "human", "taken": True} for i in range(n)]
    return msg, told, seats, game.options_to_json(state.options)


@pytest.mark.parametrize("name", GAMES)
def test_the_table_marks_the_seat_the_context_names(
    server: ServerProc, browser: Any, name: str
) -> None:
    msg, told, seats, options = _message(name)
    p = Person(browser, server.http, 1280, 800, f"ctx {name}")
    try:
        p.goto("/")
        got = p.page.evaluate(DRAW, [name, msg, seats, options])
        assert not got["generic"], f"{name} was drawn by the generic table"
        assert got["active"] == [told], (
            f"{name}: the panels mark {got['active']}, the context {told}"
        )
        assert not p.errors, p.errors
    finally:
        p.close()


def test_a_game_without_a_table_of_its_own_follows_the_context_too(
    server: ServerProc, browser: Any
) -> None:
    """The generic table (a game the server has no table for) marks the context's seat."""
    msg, told, seats, options = _message("sobek")
    p = Person(browser, server.http, 1280, 800, "ctx generic")
    try:
        p.goto("/")
        got = p.page.evaluate(DRAW, ["no_such_game", msg, seats, options])
        assert got["generic"] and got["active"] == [told]
    finally:
        p.close()
