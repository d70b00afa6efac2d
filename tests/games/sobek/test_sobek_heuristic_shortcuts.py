"""The heuristic's shortcuts give the answers of the plain computations they replace."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from sobek_fixtures import GAME

from obelisk.core import Action, PlayerView, State
from obelisk.games.sobek.bot import SobekHeuristic


class AlwaysCounts(SobekHeuristic):
    """The heuristic without its shortcuts: it always counts the others' corruption, and
    scores every decision from the observation."""

    @staticmethod
    def _by_the_cards(k: Any, legal: list[Action]) -> list[Action] | None:
        return None

    def _charge_most_corrupt(
        self,
        view: PlayerView,
        obs: dict[str, Any],
        scored: list[tuple[float, Action]],
        charges: list[tuple[int, int, float]],
    ) -> list[tuple[float, Action]]:
        return self._charges_applied(view, obs, scored, charges)


def positions(games: int, **options: Any) -> Iterator[State]:
    """Positions of heuristic games (2-4 players), each followed by copies determinized for
    every seat (whose event lists hold only what that seat saw), and now and then the
    positions of a few moves played on such a copy."""
    bot = SobekHeuristic()
    for i in range(games):
        n = 2 + i % 3
        s = GAME.new_state(n, 300 + i, options)
        rng = random.Random(i)
        k = 0
        while not s.is_terminal():
            yield s
            if k % 9 == 0:
                for q in range(n):
                    d = s.determinize(q, random.Random(k))
                    if not d.legal_actions():
                        continue
                    yield d
                    if k % 27 == 0:  # played on: its new events join the copy's
                        for _ in range(12):
                            d.apply_unchecked(bot.act(PlayerView(d, d.current_player), rng))
                            if not d.legal_actions():  # over, or a set another seat
                                break  # cannot finish with the hand drawn for it
                            yield d
            s.apply_unchecked(bot.act(PlayerView(s, s.current_player), rng))
            k += 1


def counted_from_events(view: PlayerView, round_no: int) -> list[int]:
    """Each seat's corruption this round as the heuristic counted it from the events the
    seat saw, before the state kept the count (``recall``): the reference."""
    events = view.events()
    last = max(i for i, e in enumerate(events) if e["kind"] == "round" and e["round"] == round_no)
    counts = [0] * view.num_players
    for e in events[last + 1 :]:
        if e["kind"] != "action":
            continue
        if "skipped" in e:
            if not e.get("free"):
                counts[e["seat"]] += len(e["skipped"])
            continue
        kind = e["action"]["kind"]
        if kind == "bury":
            counts[e["seat"]] += 1
        elif kind == "shift":
            counts[e["seat"]] -= 1
            if "other" in e:
                counts[e["other"]] += 1
        elif kind == "purge":
            counts[e["seat"]] -= 1
    return counts


@pytest.mark.parametrize("options", [{}, {"owner_sees_own_corruption": False}])
def test_the_recalled_corruption_is_the_count_of_the_events(options):
    """The others' corruption the heuristic reads from its recall is what it counted from
    the events it saw: in the game and in the copies a search plays (every seat's), loud
    and quiet."""
    bot = SobekHeuristic()
    checked = 0
    for s in positions(6, **options):
        quiet = s.clone().quiet()
        for seat in range(s.num_players):
            view = PlayerView(s, seat)
            obs = view.observation()
            counts = counted_from_events(view, obs["round"])
            others = max(c for p, c in enumerate(counts) if p != seat)
            assert bot._others_corruption(view, obs) == others
            assert quiet.recall(seat) == s.recall(seat)
            checked += 1
    assert checked > 3000


def test_the_shortcuts_change_no_decision():
    """Skipping the corruption count when it cannot matter, and choosing by the cards alone
    where the scores depend on nothing else, picks the same actions."""
    fast, plain = SobekHeuristic(), AlwaysCounts()
    decisions = lays = 0
    kinds = set()
    for s in positions(6):
        view = PlayerView(s, s.current_player)
        seed = random.getrandbits(32)
        assert fast.act(view, random.Random(seed)) == plain.act(view, random.Random(seed))
        decisions += 1
        kind = view.legal_actions()[0].kind
        lays += kind == "add"
        kinds.add(kind)
    assert decisions > 500 and lays > 200
    assert {"purge", "shift"} <= kinds
