"""The companion's "announced, not located" table cannot drift from the Mummy engine.

``games/mummy/table.py`` is the engine's ``MummyState`` with the explorers' hidden steps
replaced by what the people say; everything else is the engine's own code. Checked two
ways: the table overrides none of the shared steps, and told what the explorers of an
engine game said aloud, the mummy sees at every one of her decisions exactly what she saw
in that engine game.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from test_mummy_companion import engine_game, said_aloud

from obelisk.core import Record
from obelisk.games.mummy.bot import MummyBelief
from obelisk.games.mummy.rules import MUMMY_MOVE, MummyState
from obelisk.games.mummy.table import TABLE_GAME, TableState

#: The engine's steps the table uses as they are (overriding one would let it drift).
SHARED = (
    "_lay_out",
    "_announce_setup",
    "_cards_per_colour",
    "_turn_over_at_once",
    "_cannot_move",
    "_resolve",
    "_lost",
    "_announce_failed",
    "_moved",
    "_normal_move",
    "_roll_mummy_die",
    "_begin_mummy_move",
    "_mummy_next",
    "_finish_mummy_move",
    "_mummy_step",
    "_catch",
    "_end_turn",
    "_end_round",
    "_game_over",
    "_public_observation",
)


def test_the_table_uses_the_engines_own_steps() -> None:
    for name in SHARED:
        assert callable(getattr(MummyState, name)), name
        assert name not in vars(TableState), f"the table redefines {name}"


@pytest.mark.rules("mummy:14", "mummy:9")
@pytest.mark.parametrize(
    ("n", "seed", "explorers"),
    [
        (2, 0, "heuristic"),
        (3, 1, "heuristic"),
        (5, 0, "heuristic"),
        (2, 22, "heuristic"),
        (2, 4, "heuristic"),
        (2, 6, "random"),
    ],
)
def test_the_mummy_sees_at_the_table_what_she_saw_in_the_engine(
    n: int, seed: int, explorers: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every observation the mummy had at her steps in an engine game is the one she has
    at the table told what its explorers said aloud (the die and the magnet too)."""
    engine_seen: list[dict[str, Any]] = []
    act = MummyBelief.act

    def watched(self: MummyBelief, view: Any, rng: Any) -> Any:
        engine_seen.append(view.observation())
        return act(self, view, rng)

    monkeypatch.setattr(MummyBelief, "act", watched)
    options = {"max_rounds": 12} if explorers == "random" else None
    played = engine_game(n, seed, explorers, options)
    record = Record.from_json(json.loads(Record.from_state(played).dumps()))
    inputs, walked = said_aloud(record)
    told, steps = iter(inputs), iter(walked)
    table: Any = TABLE_GAME.new_state(n, seed, options or {})
    seen: list[dict[str, Any]] = []
    while not table.is_terminal():
        if table.phase == MUMMY_MOVE:
            seen.append(table.observation(0))
            table.apply(next(steps))
        else:
            table.apply(next(told))
    assert len(seen) == len(walked) > 0
    assert seen == engine_seen
    assert table.observation(0) == played.observation(0)
    assert (table.reason, table.ankhs, table.played) == (played.reason, played.ankhs, played.played)


def test_the_tables_text_view_draws_in_every_phase() -> None:
    """The die and the magnet are asked in phases the engine has not: the maze's text
    still draws (it once failed there), and says whose move comes."""
    phases = set()
    for seed in range(3):
        table: Any = TABLE_GAME.new_state(3, seed, {})
        rng = random.Random(seed)
        while not table.is_terminal():
            phases.add(table.phase)
            text = table.to_text(0)
            assert "mummy" in text.lower()
            table.apply(rng.choice(table.legal_actions()))
    assert {"die", "catch", MUMMY_MOVE} <= phases
