"""Level names: each game's ladder, the research names, game levels, name clashes, oracles,
``ismcts:…`` and ``careless:…`` specs."""

from __future__ import annotations

import random
from typing import Any

import pytest

from obelisk.agents import (
    GENERIC_LEVELS,
    CarelessAgent,
    ISMCTSAgent,
    RandomAgent,
    analysis_levels,
    default_level,
    is_oracle,
    ladder_of,
    levels,
    make_agent,
)
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


SEARCHES = ("search-easy", "search-normal", "search-hard", "search-expert")


def test_generic_levels_in_every_game():
    """A game with no ladder of its own offers the generic search ladder under the
    ladder's names; the searches keep their research names."""
    assert list(GENERIC_LEVELS) == ["random", *SEARCHES]
    assert levels(TINY) == ["easy", "normal", "hard", "expert", *GENERIC_LEVELS]
    for name, lv in SEARCH_LEVELS.items():
        agent = make_agent(TINY, name)
        assert isinstance(agent, ISMCTSAgent)
        assert (agent.iterations, agent.seconds) == (lv.iterations, lv.seconds)
    for rung, search in zip(("easy", "normal", "hard", "expert"), SEARCHES, strict=True):
        agent = make_agent(TINY, rung)
        assert (
            isinstance(agent, ISMCTSAgent) and agent.iterations == SEARCH_LEVELS[search].iterations
        )
    budgets = [SEARCH_LEVELS[n].iterations for n in SEARCHES]
    assert budgets == sorted(budgets)


#: What each game's ladder plays as (games/<game>/levels.py).
LADDERS = {
    "ramses": ["ramses-easy", "medium", "ramses-hard", "ramses-expert"],
    "abu_simbel": ["child", "casual", "abu_simbel-hard", "abu_simbel-expert"],
    "mummy": ["careless:p=0.3", "belief"],
    "sobek": ["careless:p=0.3", "search-normal", "search-hard", "search-expert"],
    "khufu": ["careless:p=0.4", "heuristic"],
}


@pytest.mark.parametrize("name", sorted(LADDERS))
def test_each_game_defines_its_ladder_in_words(name):
    g = get_game(name)
    ladder = ladder_of(g)
    assert [r.plays_as for r in ladder.values()] == LADDERS[name]
    assert list(ladder) == ["easy", "normal", "hard", "expert"][: len(ladder)]
    assert default_level(g) == "normal" and levels(g)[: len(ladder)] == list(ladder)
    for rung in ladder.values():
        # words a player understands: a sentence, no jargon of the research names
        assert rung.words.endswith(".") and not any(
            w in rung.words.lower() for w in ("ismcts", "iteration", "rollout", "heuristic")
        )
        assert describe_level(g, rung.plays_as)
    for lv in levels(g):
        make_agent(g, lv)


@pytest.mark.parametrize("name", sorted(LADDERS))
def test_each_rung_is_described_in_german(name):
    """A rung's words are marked for translation and translated (they were left in English
    for Sobek, Khufu and the Mummy: a German table read English descriptions)."""
    from obelisk.core.i18n import speaking

    g = get_game(name)
    with speaking("de"):
        for rung in ladder_of(g).values():
            german = g.words.gettext(rung.words)
            assert german != rung.words and german.endswith("."), rung.words


@pytest.mark.parametrize("name", ["ramses", "abu_simbel"])
def test_oracles_are_for_analysis_only(name):
    """A perfect memory is no person's: never offered, still there for analysis."""
    g = get_game(name)
    assert "perfect" not in levels(g) and f"{name}-perfect" not in levels(g)
    assert "perfect" in analysis_levels(g) and is_oracle(g, "perfect")
    assert is_oracle(g, f"{name}-perfect") and not is_oracle(g, "normal")
    make_agent(g, "perfect")  # analysis still reaches it


def test_careless_specs():
    g = get_game("sobek")
    a = make_agent(g, "careless:p=0.25")
    assert isinstance(a, CarelessAgent) and a.slip == 0.25
    b = make_agent(g, "careless:p=0.5,player=search-easy")
    assert isinstance(b, CarelessAgent) and isinstance(b.base, ISMCTSAgent)
    for spec, message in [
        ("careless:p=2", "between 0 and 1"),
        ("careless:p=x", "must be a number"),
        ("careless:q=1", "bad setting"),
        ("careless:p=0.1,player=careless:p=0.2", "cannot stand behind"),
    ]:
        with pytest.raises(InvalidOptions, match=message):
            make_agent(g, spec)


def test_game_levels_and_clashing_names():
    g = _WithLevels()
    ladder = ["easy", "normal", "hard", "expert"]
    assert levels(g) == [*ladder, *GENERIC_LEVELS, "heuristic", "tiny_levels-hard", "memory"]
    assert isinstance(make_agent(g, "hard"), ISMCTSAgent)  # the generic ladder: search
    assert isinstance(make_agent(g, "tiny_levels-hard"), RandomAgent)
    assert isinstance(make_agent(g, "tiny_levels-memory"), _Greedy)
    assert isinstance(make_agent(g, "heuristic"), _Greedy)
    assert "highest card" in describe_level(g, "memory")
    assert "heuristic rollouts" in describe_level(g, "search-normal")
    assert "random rollouts" in describe_level(TINY, "search-normal")
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
    assert make_agent(mummy, "search-hard").max_rollout == 30
    assert make_agent(sobek, "search-hard").max_rollout == 10
    assert make_agent(mummy, "ismcts:iterations=5").max_rollout == 30
    assert make_agent(mummy, "ismcts:iterations=5,depth=4").max_rollout == 4
    assert "rollouts of 30 moves" in describe_level(mummy, "search-hard")
    assert "rollouts of 10 moves" in describe_level(sobek, "search-hard")
