"""The Sobek players decide what they decided before the search's copies went quiet.

``search_decisions.json`` holds the full action lists of seeded games (2-4 players) between
the heuristic and small searches with heuristic rollouts and the heuristic's prior (the
search levels at a low budget, iterations only, so the choice is a function of the seeds),
recorded on the code before the heuristic stopped reading events (issue 37). Replaying
them must give the same actions, move for move: the heuristic's count of the others'
corruption, now kept by the state, is the one it counted from its events.

Re-record (only when a player is meant to decide differently)::

    PYTHONPATH=src python tests/games/sobek/test_sobek_search_decisions.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from obelisk.agents.ismcts import DEFAULT_PRIOR, ISMCTSAgent
from obelisk.core import Agent, PlayerView, get_game

DATA = Path(__file__).with_name("search_decisions.json")
#: (players, seed) of the recorded games
GAMES = [(2, 34000), (2, 34001), (3, 34002), (4, 34003)]
#: the searches' iterations (small: the test stays fast)
ITERATIONS = 10


def play(n: int, seed: int, iterations: int = ITERATIONS) -> list[Any]:
    """The actions (JSON) of one game: seat 0 the heuristic, the others searches."""
    game = get_game("sobek")
    players: list[Agent] = [game.heuristic_agent()]
    players += [
        ISMCTSAgent(game, iterations=iterations, seconds=None, prior=DEFAULT_PRIOR)
        for _ in range(n - 1)
    ]
    rngs = [random.Random(seed * 10 + p) for p in range(n)]
    state = game.new_state(n, seed)
    out: list[Any] = []
    while not state.is_terminal():
        p = state.current_player
        action = players[p].act(PlayerView(state, p), rngs[p])
        out.append(action.to_json())
        state.apply(action)
    return out


def test_the_players_decide_as_recorded():
    """Every recorded game replays with the same actions."""
    recorded = json.loads(DATA.read_text())
    assert [tuple(g["game"]) for g in recorded] == GAMES
    for g in recorded:
        n, seed = g["game"]
        assert play(n, seed) == g["actions"], f"{n} players, seed {seed}"


if __name__ == "__main__":
    games = [{"game": [n, seed], "actions": play(n, seed)} for n, seed in GAMES]
    DATA.write_text(json.dumps(games, indent=None, separators=(",", ":")) + "\n")
    print(f"{DATA}: {sum(len(g['actions']) for g in games)} actions", file=sys.stderr)
