"""The conformance suite: every registered game, player count and variant, several seeds,
under both playout policies (uniform random moves, and the game's own playout player).

Random play alone misses seats and phases: Abu Simbel's random games end after 3 moves
by seat 0 (a random gesture fails the way in), Khufu's never reach a challenge. So every
check also runs on games played by ``Game.playout_agent`` (the heuristic by default), which
reach every seat and the normal end. Set OBELISK_SEEDS to run more seeds (the default run
keeps to a few; the playout policy runs a third as many, at least one). Both policies run
every variant at the fewest players and the default options at every count (counts above the
fewest with one seed); the ``slow`` test runs every variant at every count under both, with
three seeds.
"""

from __future__ import annotations

import math
import os

import pytest

from obelisk.core import all_games
from obelisk.core.conformance import ALL_CHECKS, POLICIES, ConformanceError, playout_stats

SEEDS = range(int(os.environ.get("OBELISK_SEEDS", "3")))
PLAYOUT_SEEDS = range(max(1, math.ceil(len(SEEDS) / 3)))


def _cases(policy: str, every_variant_at_every_count: bool = False) -> list[object]:
    cases = []
    for game in all_games():
        variants = [None, *sorted(game.variants)]
        lowest = min(game.player_counts())
        for n in game.player_counts():
            for v in variants:
                if v is not None and n != lowest and not every_variant_at_every_count:
                    continue
                for check in ALL_CHECKS:
                    name = f"{game.name}-{n}p-{v or 'default'}-{check}"
                    if policy != "random":
                        name += f"-{policy}"
                    cases.append(pytest.param(game, n, v, check, policy, id=name))
    return cases


@pytest.mark.parametrize(
    ("game", "players", "variant", "check", "policy"), _cases("random") + _cases("playout")
)
def test_conformance(game, players, variant, check, policy):
    """Rules: the core protocol (docs/architecture.md) holds for this game."""
    options = game.variant_options(variant)
    seeds = SEEDS if policy == "random" else PLAYOUT_SEEDS
    if players != min(game.player_counts()):
        seeds = seeds[:1]  # more than the fewest players: one seed (the slow test: three)
    for seed in seeds:
        ALL_CHECKS[check](game, players, options, seed, policy)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "players", "variant", "check", "policy"),
    _cases("random", every_variant_at_every_count=True)
    + _cases("playout", every_variant_at_every_count=True),
)
def test_conformance_every_variant_at_every_count(game, players, variant, check, policy):
    options = game.variant_options(variant)
    for seed in range(3):
        ALL_CHECKS[check](game, players, options, seed, policy)


def test_policies_are_random_and_the_playout_player():
    assert POLICIES == ("random", "playout")


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_the_default_playout_player_is_the_heuristic(game):
    """Game.playout_agent defaults to the heuristic (none: random play, as for tiny)."""
    bot, heuristic = game.playout_agent(), game.heuristic_agent()
    assert type(bot) is type(heuristic)
    if game.name != "tiny":  # every shipped game has a heuristic
        assert bot is not None


def test_random_abu_simbel_games_reach_one_seat_and_the_playout_player_reaches_all():
    """The blind spot of issue 27: random gestures fail the way in at once."""
    from obelisk.core import get_game

    g = get_game("abu_simbel")
    for n in g.player_counts():
        rand = playout_stats(g, n, None, 0, "random")
        play = playout_stats(g, n, None, 0, "playout")
        assert play.seats == set(range(n)) and play.end.startswith("game_over")
        assert len(play.seats) >= len(rand.seats) and play.steps > rand.steps


def test_every_seat_check_names_the_seats_a_playout_missed():
    """A playout player that never lets seat 1 move is caught."""
    from obelisk.core import get_game
    from obelisk.core.conformance import check_every_seat_acts

    class Careless(type(get_game("abu_simbel"))):
        def playout_agent(self):
            return None  # uniform random: seat 0 fails three times and the game is over

    # the old round start (issue 36's option): the failer starts again, so seat 1 never acts
    old = {"new_round_starter": "failing_player"}
    with pytest.raises(ConformanceError, match=r"without a decision by seat\(s\) \[1\]"):
        check_every_seat_acts(Careless(), 2, old, 0, "playout")
    check_every_seat_acts(Careless(), 2, old, 0, "random")  # random may miss seats


def test_an_unknown_policy_is_refused():
    from obelisk.core import get_game
    from obelisk.core.conformance import play_out

    with pytest.raises(ValueError, match="unknown playout policy 'greedy'"):
        play_out(get_game("sobek"), 2, None, 0, "greedy")
