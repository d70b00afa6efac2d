"""Khufu's hand-planning player (``planner``): whole games, the Challenge odds it plans
with, and its key decisions on scripted positions (one clear situation each)."""

from __future__ import annotations

import random
from math import comb

import pytest

from games.khufu.khufu_helpers import give
from obelisk.agents import levels, make_agent
from obelisk.agents.match import play_match
from obelisk.core import PlayerView
from obelisk.games.khufu import GAME
from obelisk.games.khufu import rules as R
from obelisk.games.khufu.actions import CHALLENGE, DECLINE, STAY, TAKE, Bet, Select, Steal
from obelisk.games.khufu.bot import KhufuHeuristic
from obelisk.games.khufu.components import CHAMBERS, tables
from obelisk.games.khufu.odds import _splits, deal_value, hand_value
from obelisk.games.khufu.planner import KhufuPlanner

# Card ids by symbol (khufu:2.2): symbol s has T(10s+1)..T(10s+10), the first two cobras.
CATS = ("T03", "T04", "T05")
FALCON, JACKAL, ANKH, EYE, KING = "T13", "T23", "T33", "T43", "T53"


def _new(n: int = 3, seed: int = 0) -> R.KhufuState:
    state = GAME.new_state(n, seed, {"director": False, "pieces": "seat_order"})
    assert isinstance(state, R.KhufuState)
    return state


def _in_chamber(state: R.KhufuState, p: int, room: str) -> None:
    """The start of p's turn inside ``room``."""
    ch = CHAMBERS.index(room)
    state.active = state.turn_seat = p
    state.room[p] = ch
    state.pos[p] = state.t.door_of[ch]
    state.dec = (R.CHAMBER_D, p, ch)
    state.stack = [("turn_end",)]


def _choose(state: R.KhufuState, p: int = 0) -> object:
    return KhufuPlanner().act(PlayerView(state, p), random.Random(0))


def test_planner_is_a_research_level_not_a_rung():
    assert "planner" in levels(GAME)
    assert "planner" not in {r.plays_as for r in GAME.player_ladder().values()}
    assert isinstance(make_agent(GAME, "khufu-planner"), KhufuPlanner)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_whole_games_are_legal_and_the_same_for_the_same_seed(players):
    seats = ["planner", *["heuristic"] * (players - 1)]
    if players == 4:
        seats = ["planner"] * 4
    a = play_match(GAME, seats, 41 + players)  # apply() refuses an illegal action
    b = play_match(GAME, seats, 41 + players)
    assert a.is_terminal()
    assert [s.action for s in a.history] == [s.action for s in b.history]


@pytest.mark.rules("khufu:10.8")
def test_the_odds_match_the_rules_reference_probabilities():
    """Deals from a full deck against Khufu's hand from another: k = 3 (forced) wins
    7 936 135 / 23 420 168; k = 5, choosing for the most wins, 57.730%."""

    def over_deals(k: int) -> float:
        total = comb(60, k)
        out = 0.0
        for dealt, ways in _splits((10,) * 6, k):
            pattern = tuple(sorted((x for x in dealt if x), reverse=True))
            out += ways / total * deal_value(pattern, 0.0)
        return out

    assert over_deals(3) == pytest.approx(7_936_135 / 23_420_168, abs=1e-9)
    assert over_deals(5) == pytest.approx(0.57730, abs=5e-6)


@pytest.mark.rules("khufu:10.2")
def test_a_triple_is_worth_most_in_a_hand_no_larger_than_the_deal():
    triple_in_five = hand_value((3, 1, 1), 0.0)
    assert triple_in_five == pytest.approx(0.892, abs=1e-3)
    # the same three among nine cards are dealt together only sometimes
    assert hand_value((3, 1, 1, 1, 1, 1, 1), 0.0) < triple_in_five - 0.3


@pytest.mark.rules("khufu:10.2")
def test_it_shows_khufu_its_three_of_a_kind():
    s = _new()
    _in_chamber(s, 0, "KING")
    give(s, 0, *CATS, KING, ANKH)
    s.scarabs[0] = 0b1111
    s.apply(CHALLENGE)  # five cards: all dealt
    s.ch_khufu = tuple(int(c[1:]) - 1 for c in (FALCON, JACKAL, EYE))
    assert s.dec[0] == R.SELECT_D
    assert _choose(s) == Select(CATS)


@pytest.mark.rules("khufu:8.2")
def test_it_wagers_the_cards_that_make_no_set():
    s = _new()
    _in_chamber(s, 0, "HIGH_PRIEST")
    give(s, 0, *CATS, KING, ANKH)
    s.apply(STAY)
    first = _choose(s)
    assert first in (Bet(KING), Bet(ANKH))
    s.apply(first)
    assert _choose(s) == ({Bet(KING), Bet(ANKH)} - {first}).pop()


@pytest.mark.rules("khufu:8.1")
def test_its_kings_table_cards_differ_in_symbol():
    s = _new()
    s.sarc = CHAMBERS.index("QUEEN")
    _in_chamber(s, 0, "KING")
    give(s, 0, *CATS, "T06", "T07", KING)  # six cats and a king
    s.apply(STAY)
    t = tables(s.options)
    table = []
    for _ in range(2):
        bet = _choose(s)
        assert isinstance(bet, Bet)
        table.append(t.card_symbol[t.card_index[bet.card]])
        s.apply(bet)
    assert table[0] != table[1]  # 2 symbols win on 2 faces of 6


@pytest.mark.rules("khufu:7.1")
def test_it_declines_a_card_that_would_spoil_its_challenge_hand():
    s = _new()
    give(s, 0, *CATS, KING, ANKH)
    s.active = s.turn_seat = 0
    s.dec = (R.TAKE_D, 0)
    assert _choose(s) == TAKE  # three Scarabs to go: every card helps
    s.scarabs[0] = 0b1111
    # qualified with three cats in five cards: a sixth card would push one out of the deal
    assert _choose(s) == DECLINE
    s.hands[0].pop()
    assert _choose(s) == TAKE  # with four cards, a fifth is dealt too


@pytest.mark.rules("khufu:7.3")
def test_it_robs_the_qualified_player_who_holds_only_three_cards():
    s = _new()
    give(s, 0, FALCON)
    give(s, 1, *CATS)
    s.scarabs[1] = 0b1111  # qualified with exactly three cards
    give(s, 2, JACKAL, ANKH, EYE, KING, "T14", "T24", "T34", "T44")
    s.active = s.turn_seat = 0
    s.dec = (R.STEAL_D, 0, (1, 2))
    assert _choose(s) == Steal(1)
    # the heuristic robs the richest instead
    assert KhufuHeuristic().act(PlayerView(s, 0), random.Random(0)) == Steal(2)
