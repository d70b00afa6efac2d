"""Level names: the generic table, game levels, name clashes, ``ismcts:…`` specs."""

from __future__ import annotations

import random
from typing import Any

import pytest

from obelisk.agents import GENERIC_LEVELS, ISMCTSAgent, RandomAgent, levels, make_agent
from obelisk.agents.levels import SEARCH_LEVELS, describe_level
from obelisk.core import InvalidOptions, PlayerView
from obelisk.core.registry import get_game
from tinycards import TINY, TinyTricks


class _Greedy:
    """Plays its highest card."""

    def act(self, view: PlayerView, rng: random.Random) -> Any:
        return view.legal_actions()[-1]


class _WithLevels(TinyTricks):
    name = "tiny_levels"

    def heuristic_agent(self) -> Any:
        return _Greedy()

    def agent_levels(self) -> dict[str, Any]:
        return {"heuristic": _Greedy, "hard": RandomAgent, "memory": _Greedy}


def test_generic_levels_in_every_game():
    assert list(GENERIC_LEVELS) == ["random", "easy", "normal", "hard", "expert"]
    assert levels(TINY) == list(GENERIC_LEVELS)
    for name, lv in SEARCH_LEVELS.items():
        agent = make_agent(TINY, name)
        assert isinstance(agent, ISMCTSAgent)
        assert (agent.iterations, agent.seconds) == (lv.iterations, lv.seconds)
    budgets = [SEARCH_LEVELS[n].iterations for n in ("easy", "normal", "hard", "expert")]
    assert budgets == sorted(budgets)


def test_game_levels_and_clashing_names():
    g = _WithLevels()
    assert levels(g) == [*GENERIC_LEVELS, "heuristic", "tiny_levels-hard", "memory"]
    assert isinstance(make_agent(g, "hard"), ISMCTSAgent)  # generic names mean the same everywhere
    assert isinstance(make_agent(g, "tiny_levels-hard"), RandomAgent)
    assert isinstance(make_agent(g, "tiny_levels-memory"), _Greedy)
    assert isinstance(make_agent(g, "heuristic"), _Greedy)
    assert "highest card" in describe_level(g, "memory")
    assert "heuristic rollouts" in describe_level(g, "normal")
    assert "random rollouts" in describe_level(TINY, "normal")
    agent = make_agent(g, "easy")
    assert isinstance(agent, ISMCTSAgent) and isinstance(agent._policy, _Greedy)


def test_ismcts_specs():
    a = make_agent(TINY, "ismcts:iterations=12,c=1.5,rollout=random,depth=5,reuse=no")
    assert isinstance(a, ISMCTSAgent)
    assert (a.iterations, a.c, a.rollout, a.max_rollout, a.reuse) == (12, 1.5, "random", 5, False)
    b = make_agent(TINY, "ismcts:seconds=0.5")
    assert isinstance(b, ISMCTSAgent) and b.iterations is None and b.seconds == 0.5


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=ten", "bad number"),
        ("ismcts:speed=3", "bad ISMCTS setting"),
        ("ismcts:iterations=0", "at least 1"),
        ("ismcts:reuse=maybe", "reuse"),
        ("grandmaster", "unknown player level 'grandmaster'"),
    ],
)
def test_bad_level_names_say_what_is_wrong(spec, message):
    with pytest.raises(InvalidOptions, match=message):
        make_agent(TINY, spec)


def test_rollout_depth_comes_from_the_game_unless_a_spec_names_one():
    """A game with long rounds (Fluch der Mumie, about 12 moves a round) rolls out 30 moves."""
    mummy, sobek = get_game("mummy"), get_game("sobek")
    assert (mummy.rollout_depth, sobek.rollout_depth, TINY.rollout_depth) == (30, 10, 10)
    assert make_agent(mummy, "hard").max_rollout == 30
    assert make_agent(sobek, "hard").max_rollout == 10
    assert make_agent(mummy, "ismcts:iterations=5").max_rollout == 30
    assert make_agent(mummy, "ismcts:iterations=5,depth=4").max_rollout == 4
    assert "rollouts of 30 moves" in describe_level(mummy, "hard")
    assert "rollouts of 10 moves" in describe_level(sobek, "hard")
