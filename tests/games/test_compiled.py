"""The compiled engine (mypyc, issue 37) plays exactly as the pure Python one: seeded games
of every game, reduced to the corpus digest (records, views, words; see
``tests/games/corpus_check.py``), are identical.

The compiled copy is built by ``python benchmarks/compile_engine.py`` into
``build/compiled`` (or where ``OBELISK_COMPILED`` points, its ``src``); without one the
test is skipped, saying so: the pure package is the default and needs no compiler.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from corpus_check import GAMES, QUICK_SEEDS, digest

import obelisk.core.chance
from obelisk.core import get_game
from obelisk.core.game import _BASE_FIELDS, state_fields

ROOT = Path(__file__).resolve().parents[2]
COMPILED = Path(os.environ.get("OBELISK_COMPILED", ROOT / "build" / "compiled" / "src"))

#: Run with the compiled copy first on the path: each game's quick digest, and whether
#: the modules that should be compiled are extension modules.
_PLAY = """
import importlib, json, sys
from corpus_check import GAMES, QUICK_SEEDS, digest
mods = ["obelisk.core.chance"] + [f"obelisk.games.{g}.rules" for g in GAMES]
compiled = all(importlib.import_module(m).__file__.endswith(".so") for m in mods)
out = {g: list(digest(g, QUICK_SEEDS, quick=True)) for g in GAMES}
print(json.dumps({"compiled": compiled, "digests": out}))
"""


def _compiled_build() -> Path:
    if not list(COMPILED.glob("obelisk/games/*/rules*.so")):
        pytest.skip(
            f"no compiled engine in {COMPILED}: build one with "
            "`python benchmarks/compile_engine.py` (needs mypyc and a C compiler)"
        )
    if obelisk.core.chance.__file__.endswith(".so"):
        pytest.skip("this interpreter runs the compiled engine: nothing pure to compare with")
    return COMPILED


def test_the_compiled_engine_plays_every_game_as_the_pure_one():
    src = _compiled_build()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(src), str(ROOT / "tests" / "games")]))
    run = subprocess.run(
        [sys.executable, "-c", _PLAY], env=env, capture_output=True, text=True, check=True
    )
    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got["compiled"], "the compiled copy imported pure Python modules"
    for name in GAMES:
        assert got["digests"][name] == list(digest(name, QUICK_SEEDS, quick=True)), name


@pytest.mark.parametrize("name", GAMES)
def test_a_compiled_clone_copies_every_field_of_the_game(name):
    """A game's ``_copy_fields`` (what a compiled clone copies) lists every field of its
    state, after the set-up and a few moves (in every run, pure or compiled)."""
    game = get_game(name)
    state = game.new_state(game.min_players, 1)
    rng = random.Random(1)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    cls = type(state)
    new = cls.__new__(cls)
    state._copy_fields(new)
    assert set(state_fields(state)) - _BASE_FIELDS <= set(state_fields(new))
