"""A corpus of seeded games of every game, reduced to one digest: a refactoring that moves
code (issue 39's one layout) must leave it byte-identical.

``python tests/games/corpus_check.py [--save]`` prints each game's digest and number of
games (and saves them in ``corpus_digest.json``); ``tests/games/test_corpus.py`` compares
a quick slice (seed 0, each game's smallest player count) in every run and the whole
corpus (``-m slow``) with the committed digests.

For every built-in game, every player count, a random and a heuristic game per seed (and
each named variant at its smallest player count), the digest takes in: the game record;
after every step, every seat's and the spectator's observation, the text view of the seat
to move and of a spectator, the current player's choices in words and hint reasons, the
refusal of a few actions that are not legal now, and a determinized copy's observations;
at the end, every event as every seat and a spectator get it, narrated and flashed.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from obelisk.agents import make_agent
from obelisk.core import IllegalAction, PlayerView, Record, State, Voice, get_game

#: The built-in games (a test game registered by the test suite is not part of the corpus).
GAMES = ("abu_simbel", "khufu", "mummy", "ramses", "sobek")
SEEDS = range(10)
LEVELS = ("random", "heuristic")
#: Steps after which the corpus stops a game (a random Ramses game can be long).
MAX_STEPS = 400
#: Every how many steps the expensive parts (text views, refusals, determinize) are taken.
EVERY = 7
#: The quick slice run by every test run: seed 0 at each game's smallest player count.
QUICK_SEEDS = range(1)
DIGEST_FILE = Path(__file__).with_name("corpus_digest.json")


def corpus(
    name: str, seeds: range = SEEDS, quick: bool = False
) -> Iterator[tuple[str, int, int, str, dict[str, Any]]]:
    """Every (game, players, seed, level, options) of one game's corpus, in a fixed order;
    ``quick``: the smallest player count only, no variants."""
    game = get_game(name)
    counts = list(game.player_counts())
    for n in counts[:1] if quick else counts:
        for seed in seeds:
            for level in LEVELS:
                yield name, n, seed, level, {}
    if quick:
        return
    for _, values in sorted(game.variants.items()):
        n = max(game.min_players, 2)
        for seed in seeds[:2]:
            yield name, n, seed, "random", dict(values)


def _dump(h: Any, label: str, value: Any) -> None:
    h.update(label.encode())
    h.update(json.dumps(value, sort_keys=True, default=repr).encode())
    h.update(b"\n")


def _views(h: Any, state: State, step: int, pool: dict[str, Any], deep: bool) -> None:
    n = state.num_players
    for seat in [None, *range(n)]:
        _dump(h, f"obs{seat}", state.observation(seat))
    if state.is_terminal():
        return
    p = state.current_player
    if p < 0:
        return
    legal = state.legal_actions()
    _dump(h, "choices", [state.choice_text(a) for a in legal])
    _dump(h, "hint_refusal", state.hint_refusal(p))
    _dump(h, "hints", [state.hint_reason(p, a) for a in legal[:6]])
    for a in legal:
        pool.setdefault(repr(a), a)
    if not deep:
        return
    names = [f"Name {i + 1}" for i in range(n)]
    _dump(h, "text", [state.to_text(p), state.to_text(None), state.to_text(p, names)])
    illegal = [a for k, a in sorted(pool.items()) if a not in legal][: 4 + step % 5]
    for a in illegal:
        e = state.explain_illegal(a)
        _dump(h, "refusal", [str(e), e.rule])
    if state.game.capabilities.hidden_information:
        copy = state.determinize(p, random.Random(step))
        _dump(h, "det", [copy.observation(s) for s in range(n)])


def play_one(h: Any, name: str, n: int, seed: int, level: str, options: dict[str, Any]) -> int:
    """Play one corpus game into the digest ``h``; returns the number of steps."""
    game = get_game(name)
    state = game.new_state(n, seed, options)
    agents = [make_agent(game, level) for _ in range(n)]
    rng = random.Random(seed)
    pool: dict[str, Any] = {}
    steps = 0
    _views(h, state, 0, pool, True)
    while not state.is_terminal() and steps < MAX_STEPS:
        p = state.current_player
        if p < 0:
            break
        action = agents[p].act(PlayerView(state, p), rng)
        try:
            state.apply(action)
        except IllegalAction as e:  # pragma: no cover - a corpus game plays legal actions
            raise AssertionError(f"{name} seed {seed}: {e}") from e
        steps += 1
        _views(h, state, steps, pool, steps % EVERY == 0)
    _dump(h, "record", Record.from_state(state).to_json())
    names = tuple(f"Bot {i + 1}" for i in range(n))
    for seat in [None, *range(n)]:
        voice = Voice(names, seat)
        for event in state.events_for(seat):
            _dump(h, "event", event)
            _dump(h, "said", [game.narrate(event, voice), game.flash(event, voice)])
    _dump(h, "end", [state.to_text(None), state.to_text(0), state.scores(), state.returns()])
    return steps


def digest(
    name: str, seeds: range = SEEDS, quick: bool = False, verbose: bool = False
) -> tuple[str, int]:
    """One game's corpus digest and its number of games (``quick``: the quick slice)."""
    h = hashlib.sha256()
    count = 0
    for game, n, seed, level, options in corpus(name, seeds, quick):
        steps = play_one(h, game, n, seed, level, options)
        count += 1
        if verbose:
            print(game, n, seed, level, options or "", steps, file=sys.stderr)
    return h.hexdigest(), count


def expected() -> dict[str, dict[str, list[Any]]]:
    """The committed digests: ``{"full"|"quick": {game: [digest, games]}}``."""
    data: dict[str, dict[str, list[Any]]] = json.loads(DIGEST_FILE.read_text())
    return data


if __name__ == "__main__":
    found: dict[str, dict[str, list[Any]]] = {"full": {}, "quick": {}}
    for name in GAMES:
        for part, seeds in (("quick", QUICK_SEEDS), ("full", SEEDS)):
            value, games = digest(name, seeds, part == "quick", verbose="-v" in sys.argv)
            found[part][name] = [value, games]
            print(part, name, value, games)
    total = sum(games for _, games in found["full"].values())
    print("full corpus:", total, "games")
    if "--save" in sys.argv:
        DIGEST_FILE.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
