"""Every game's ``Game.action_space`` is exact: every legal action of every position of
random games is in it, for every player count and every option that changes the actions;
it holds no action twice, and its order is the same in another process."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from typing import Any

import pytest

from obelisk.core import PlayerView, all_games, get_game

#: Options that change a game's action set (each is also run at every player count).
OPTIONS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "sobek": [
        ("default", {}),
        ("harsh", {"variant": "harsh"}),  # an extra action may be passed
        ("small_market", {"market_size": 5, "take_window": 3}),
        ("merge", {"second_set": "add"}),
    ],
    "ramses": [
        ("default", {}),
        ("diagonal", {"allow_diagonal_slides": True, "seat_views": True}),
        ("players_place", {"setup_mode": "players_place"}),
        ("small_children", {"variant": "small_children"}),
    ],
    "mummy": [
        ("default", {}),
        ("optional", {"card_play_mandatory": False, "mummy_may_stop_early": True}),
    ],
    "abu_simbel": [
        ("default", {}),
        ("referee", {"variant": "referee"}),
        ("referee_hotseat", {"variant": "referee_hotseat"}),
        ("ultimate", {"variant": "ultimate"}),
        ("all_for_one", {"variant": "all_for_one"}),
        ("two_decks", {"treasure_decks": 2, "route_start_cards": 2}),
    ],
    "khufu": [("default", {})],
}
#: (seed, share of moves the game's own heuristic makes; the rest are uniformly random).
#: The heuristic carries games deeper than random play does (Abu Simbel's random games
#: end after a few wrong moves), the random moves reach the odd corners.
GAMES = ((1, 0.0), (2, 0.5), (3, 0.97))


def _options(game: Any, values: dict[str, Any]) -> Any:
    values = dict(values)
    return game.variant_options(values.pop("variant", None), values)


def _counts(game: Any, options: Any) -> list[int]:
    counts = list(game.player_counts())
    for n in (1, 2):  # counts that only an option opens (solo co-op, 2-player Khufu)
        if n not in counts:
            try:
                game.check_players(n, options)
                game.check_options(options, n)
            except Exception:
                continue
            counts.insert(0, n)
    return counts


def _cases() -> list[Any]:
    cases = []
    for g in all_games():
        for label, values in OPTIONS.get(g.name, [("default", {})]):
            opts = _options(g, values)
            for n in _counts(g, opts):
                cases.append(pytest.param(g.name, label, values, n, id=f"{g.name}-{label}-{n}p"))
    return cases


def test_every_game_with_a_space_is_listed_here():
    assert {g.name for g in all_games()} - {"tiny"} <= set(OPTIONS)


@pytest.mark.parametrize(("name", "label", "values", "players"), _cases())
def test_action_space_holds_every_legal_action(name, label, values, players):
    game = get_game(name)
    options = _options(game, values)
    space = list(game.action_space(players, options))
    assert len(space) == len(set(space)), "an action is listed twice"
    members = set(space)
    bot = game.heuristic_agent()
    for seed, share in GAMES:
        rng = random.Random(seed)
        state = game.new_state(players, seed, options)
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            missing = [a.text() for a in legal if a not in members]
            assert not missing, f"seed {seed} step {steps}: {missing} not in the space"
            if bot is not None and rng.random() < share:
                action = bot.act(PlayerView(state, state.current_player), rng)
            else:
                action = rng.choice(legal)
            state.apply_unchecked(action)
            steps += 1


_DIGEST = """
import hashlib, json, sys
from obelisk.core import get_game
out = {}
for name in sys.argv[1:]:
    g = get_game(name)
    for n in g.player_counts():
        space = g.action_space(n, g.make_options(None))
        text = json.dumps([a.to_json() for a in space], sort_keys=True)
        out[f"{name}-{n}"] = hashlib.sha256(text.encode()).hexdigest()
print(json.dumps(out, sort_keys=True))
"""


def test_action_space_order_is_the_same_in_another_process():
    names = sorted(set(OPTIONS))
    here = {}
    for name in names:
        g = get_game(name)
        for n in g.player_counts():
            space = g.action_space(n, g.make_options(None))
            text = json.dumps([a.to_json() for a in space], sort_keys=True)
            here[f"{name}-{n}"] = hashlib.sha256(text.encode()).hexdigest()
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run(
        [sys.executable, "-c", _DIGEST, *names],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    assert json.loads(done.stdout) == here
