"""The Ultimate Challenge, winning and losing, and the exact odds (khufu:8.1, 10, 11)."""

from __future__ import annotations

import functools
import math
import random

import pytest
from khufu_helpers import card, curse_next, give, hand, new, turn

from obelisk.games.khufu import rules as R
from obelisk.games.khufu.actions import CHALLENGE, PLACE, STAY, Bet, Select
from obelisk.games.khufu.components import CATEGORIES, CURSE_IDS, SYMBOLS, category, compare
from rulebook import refuses

CAT, FALCON, JACKAL, ANKH, EYE, KING = range(6)


def tol(p, n, sigmas=4.0):
    return sigmas * math.sqrt(p * (1 - p) / n)


def challenger(cards, sarc="KING"):
    s = new()
    turn(s, 0, room=sarc)
    s.sarc = ["SERVANT", "HIGH_PRIEST", "QUEEN", "KING"].index(sarc)
    give(s, 0, *cards)
    s.scarabs[0] = 0b1111
    return s


@pytest.mark.rules("khufu:10.5")
@pytest.mark.parametrize(
    ("symbols", "name"),
    [
        ((CAT,) * 5, "FIVE_OF_A_KIND"),
        ((CAT,) * 4 + (KING,), "FOUR_OF_A_KIND"),
        ((CAT, CAT, CAT, KING, KING), "FULL_HOUSE"),
        ((CAT, CAT, CAT, KING, ANKH), "THREE_OF_A_KIND"),
        ((CAT, CAT, KING, KING, ANKH), "TWO_PAIR"),
        ((CAT, CAT, KING, EYE, ANKH), "ONE_PAIR"),
        ((CAT, FALCON, KING, EYE, ANKH), "NO_PAIR"),
    ],
)
def test_every_category_pattern(symbols, name):
    """Edge 29 (pairs from the dice count the same: the 5 symbols are one multiset)."""
    assert CATEGORIES[category(symbols)] == name


@pytest.mark.rules("khufu:10.6")
def test_ties_are_draws_whatever_the_symbols():
    """Edge 30."""
    two_a = category((CAT, CAT, KING, KING, ANKH))
    two_b = category((FALCON, FALCON, JACKAL, JACKAL, EYE))
    assert compare(two_a, two_b) == "DRAW"
    assert (
        compare(
            category((CAT, FALCON, JACKAL, ANKH, EYE)), category((KING, FALCON, JACKAL, ANKH, EYE))
        )
        == "DRAW"
    )
    assert (
        compare(category((CAT, CAT, CAT, ANKH, EYE)), category((KING, KING, KING, ANKH, EYE)))
        == "DRAW"
    )
    assert (
        compare(category((CAT, CAT, CAT, ANKH, EYE)), category((CAT, CAT, FALCON, ANKH, EYE)))
        == "WIN"
    )
    assert compare(0, 1) == "LOSE"


@pytest.mark.rules("khufu:10.1", "khufu:10.2", "khufu:10.3", "khufu:10.4")
def test_challenge_order_khufu_first_deal_five_select_dice_shared():
    """Edges 27 (9 cards: 5 dealt, 4 stay hidden) and 28 (Khufu first, shared dice)."""
    cards = ["T01", "T02", "T11", "T21", "T31", "T41", "T51", "T03", "T13"]
    s = challenger(cards)
    t0 = s.elapsed
    s.chance.force([card("T55"), card("T56"), card("T45")], label="khufu_hand")
    s.chance.force([card(c) for c in ("T01", "T02", "T03", "T11", "T21")], label="deal")
    s.apply(CHALLENGE)
    assert s.in_challenge and s.dec == (R.SELECT_D, 0)
    ev = [e for e in s.events_for(3) if e["kind"] == "challenge"][-1]
    assert ev["khufu"] == ["T55", "T56", "T45"] and len(ev["dealt"]) == 5
    assert len(s.legal_actions()) == 10
    # Bad input: a challenge hand of 2 cards names the rule and changes nothing.
    refuses(s, Select(("T01", "T02")), "khufu:10.2")
    s.chance.force("CAT", "KING", label="symbol_die")
    s.apply(Select(("T01", "T02", "T03")))  # CAT CAT CAT + CAT KING = four of a kind
    assert s.is_terminal() and s.winner == 0  # khufu:11.1 (vs KING KING EYE + CAT KING)
    assert s.elapsed == t0  # edge 33: the Challenge costs no time
    assert s.returns() == [1.0, 0.0, 0.0, 0.0]


@pytest.mark.rules("khufu:10.2")
def test_deal_sizes_three_and_four():
    """Edge 27: hand 3 → 3 dealt and the selection is forced; hand 4 → 4 dealt."""
    s = challenger(["T01", "T11", "T21"])
    s.chance.force([0, 10, 20], label="khufu_hand")
    s.chance.force([card("T01"), card("T11"), card("T21")], label="deal")
    s.chance.force("ANKH", "EYE_OF_HORUS", label="symbol_die")
    s.apply(CHALLENGE)
    assert s.ch_sel == (card("T01"), card("T11"), card("T21")) and s.ch_result == "DRAW"
    s = challenger(["T01", "T11", "T21", "T31"])
    s.apply(CHALLENGE)
    assert len(s.ch_dealt) == 4 and len(s.legal_actions()) == 4


@pytest.mark.rules("khufu:10.7", "khufu:3.6")
def test_lose_returns_the_three_selected_then_furthest_curse_space():
    """Edges 31 and 32 (LOSE), 51 (the Curse card costs 6 s)."""
    s = challenger(["T01", "T11", "T21", "T31", "T41"])
    s.chance.force([card("T02"), card("T03"), card("T04")], label="khufu_hand")  # CAT x3
    s.chance.force([card(c) for c in ("T01", "T11", "T21", "T31", "T41")], label="deal")
    s.apply(CHALLENGE)
    s.chance.force("KING", "EYE_OF_HORUS", label="symbol_die")
    idx = next(i for i in s.cpool if CURSE_IDS[s.t.curse_cards[i]] == "SAND_TRAP")
    s.chance.force(idx, label="curse")
    t0 = s.elapsed
    s.apply(Select(("T11", "T21", "T31")))
    assert s.ch_result == "LOSE"
    assert hand(s, 0) == ["T01", "T41"]
    assert [s.card_id(c) for c in s.returned] == ["T11", "T21", "T31"]
    assert s.pos[0] == 29 and s.room[0] == -1 and s.miss[0] == 1
    assert s.elapsed == t0 + 6 + 10  # the Curse card, then the next turn
    assert s.scarabs[0] == 0b1111


@pytest.mark.rules("khufu:10.7")
def test_draw_keeps_every_card_and_goes_to_the_curse_space():
    """Edge 31 (DRAW)."""
    s = challenger(["T01", "T11", "T21", "T31"])
    s.chance.force([card("T02"), card("T12"), card("T22")], label="khufu_hand")  # CAT FALCON JACKAL
    s.chance.force([card(c) for c in ("T01", "T11", "T21", "T31")], label="deal")
    s.apply(CHALLENGE)
    s.chance.force("KING", "EYE_OF_HORUS", label="symbol_die")
    curse_next(s, "SAND_TRAP")
    s.apply(Select(("T01", "T11", "T21")))
    assert s.ch_result == "DRAW"
    assert sorted(hand(s, 0)) == ["T01", "T11", "T21", "T31"]
    assert s.pos[0] == 29


@pytest.mark.rules("khufu:3.5", "khufu:3.6", "khufu:14.7")
@pytest.mark.parametrize(("room", "space"), [("SERVANT", 3), ("HIGH_PRIEST", 11), ("QUEEN", 24)])
def test_moved_sarcophagus_changes_the_furthest_curse_space(room, space):
    """Edge 35."""
    s = challenger(["T01", "T11", "T21"], sarc=room)
    s.chance.force([card("T02"), card("T03"), card("T04")], label="khufu_hand")
    s.chance.force([card("T01"), card("T11"), card("T21")], label="deal")
    s.chance.force("KING", "EYE_OF_HORUS", label="symbol_die")
    curse_next(s, "SAND_TRAP")
    s.apply(CHALLENGE)
    assert s.ch_result == "LOSE" and s.pos[0] == space


@pytest.mark.rules("khufu:11.2", "khufu:11.3", "khufu:1.1")
def test_time_running_out_means_khufu_wins():
    s = new()
    s.elapsed = 2695
    turn(s, 0, room="SERVANT")
    s.chance.force(1, label="die")
    s.apply(s.legal_actions()[-1])  # leave, land on the Treasure space 1 (2 s)
    assert s.elapsed == 2697
    s.apply(s.legal_actions()[-1])  # decline; the next turn's 10 s reach 2707
    # the next turn's 10 s cross 2700: Khufu wins, nobody scores.
    assert s.is_terminal() and s.winner is None
    assert s.returns() == [0.0] * 4 and s.winners() == []
    assert s.observation(0)["result"] == "KHUFU"


# -- statistics (fixed seeds; tolerance 4 binomial standard deviations) -------
def _table_rate(room, cards, bets, trials=1500):
    base = new(seed=1)
    turn(base, 0, room=room)
    give(base, 0, *cards)
    wins = 0
    bit = 1 << ["SERVANT", "HIGH_PRIEST", "QUEEN", "KING"].index(room)
    for i in range(trials):
        s = base.clone()
        s.chance.reseed(1000 + i)
        s.apply(STAY)
        for b in bets:
            s.apply(Bet(b))
        s.apply(PLACE)
        wins += bool(s.scarabs[0] & bit)
    return wins / trials


@pytest.mark.rules("khufu:8.1")
@pytest.mark.parametrize(
    ("room", "cards", "p"),
    [
        ("SERVANT", ["T05"], 1 / 2),
        ("HIGH_PRIEST", ["T05", "T15"], 1 / 2),
        ("QUEEN", ["T05", "T15", "T25"], 1 / 2),
        ("KING", ["T05", "T15", "T25", "T35"], 2 / 6),
        ("KING", ["T05", "T06", "T25", "T35"], 1 / 6),
    ],
)
def test_table_odds(room, cards, p):
    n = 1500
    assert abs(_table_rate(room, cards, cards, n) - p) < tol(p, n)


@functools.cache
def _cats(three):
    """The categories of three symbols with each of the 36 dice rolls."""
    return tuple(category([*three, d1, d2]) for d1 in range(6) for d2 in range(6))


def _best_selection(dealt, khufu, sym):
    """The spec's reference challenger (khufu:10.8): max P(win), then max P(draw)."""
    best, best_key = None, None
    from itertools import combinations

    his = _cats(tuple(sorted(sym[c] for c in khufu)))
    for sel in combinations(dealt, 3):
        mine = _cats(tuple(sorted(sym[c] for c in sel)))
        w = sum(a > b for a, b in zip(mine, his, strict=True))
        d = sum(a == b for a, b in zip(mine, his, strict=True))
        if best_key is None or (w, d) > best_key:
            best, best_key = sel, (w, d)
    return best


@pytest.mark.rules("khufu:10.8", "khufu:10.3", "khufu:10.5", "khufu:10.6")
@pytest.mark.parametrize(
    ("k", "win", "draw", "trials"),
    [(3, 0.33886, 0.32228, 2500), (4, 0.47404, 0.24760, 1200), (5, 0.57730, 0.20482, 1200)],
)
def test_challenge_odds_match_the_spec(k, win, draw, trials):
    rng = random.Random(k)
    base = challenger([])
    sym = base.t.card_symbol
    results = {"WIN": 0, "DRAW": 0, "LOSE": 0}
    for i in range(trials):
        s = base.clone()
        s.chance.reseed(7 * i + k)
        s.hands[0] = rng.sample(range(60), k)  # dealt cards: uniform from a full deck
        s.pool = [c for c in range(60) if c not in s.hands[0]]
        s.apply(CHALLENGE)
        if s.dec is not None and s.dec[0] == R.SELECT_D:
            sel = _best_selection(s.ch_dealt, s.ch_khufu, sym)
            s.apply(Select(tuple(s.card_id(c) for c in sorted(sel))))
        results[s.ch_result] += 1
    assert abs(results["WIN"] / trials - win) < tol(win, trials)
    assert abs(results["DRAW"] / trials - draw) < tol(draw, trials)


def test_symbols_order():
    assert SYMBOLS.index("KING") == KING
