"""Computer players with imperfect memory (ramses:12.1 - 12.8; edge cases B-1..B-3)."""

from __future__ import annotations

import random

import pytest

from games.ramses.ramses_helpers import GAME, card_of, draw, empty_stack, give_hand, make, slide
from obelisk.core import PlayerView
from obelisk.games.ramses.actions import GiftDeclare, GiveCard, PokerDeclare, RiskDeclare, Slide
from obelisk.games.ramses.bot import MemoryBot, RamsesHeuristic
from obelisk.games.ramses.calibration import play, win_shares
from obelisk.games.ramses.components import confuse, place_of, rc
from obelisk.games.ramses.memory import LEVELS, SOME_TREASURE, Memory, infer


# -- the store (B-2) -----------------------------------------------------------------------
@pytest.mark.rules("ramses:12.2", "ramses:12.3")
def test_b2_encode_refresh_and_one_place_per_treasure():
    m = Memory(LEVELS["medium"])
    m.encode(5, 3)
    e = m.treasures[5]
    assert (e.s, e.k, e.token) == (0.9, 0, 3)
    m.rotated(1)
    m.turn_ended()
    assert m.treasures[5].k == 1 and m.treasures[5].s == pytest.approx(0.9 * 0.94)
    m.encode(5, 3)  # refresh: s <- min(1, max(s, s0) + bonus), k <- 0
    assert m.treasures[5].s == pytest.approx(1.0) and m.treasures[5].k == 0
    m.encode(7, 3)  # the same treasure elsewhere replaces the old entry
    assert set(m.treasures) == {7}


@pytest.mark.rules("ramses:12.3")
def test_b2_capacity_evicts_the_weakest_then_the_oldest_then_the_lowest_place():
    m = Memory(LEVELS["easy"])  # C_B = 6
    for p in range(6):
        m.encode(p, 0)
    m.turn_ended()  # all decay to 0.8 * 0.88
    m.encode(10, 0)  # stronger; the store is over capacity: drop place 0 (lowest place)
    assert sorted(m.blanks) == [1, 2, 3, 4, 5, 10]
    m.blanks[3].s = 0.3
    m.encode(11, 0)
    assert 3 not in m.blanks


@pytest.mark.rules("ramses:12.3")
def test_b2_decay_and_threshold_and_half_turns():
    m = Memory(LEVELS["easy"])  # d = 0.12, theta = 0.25
    m.encode(4, 0)
    m.rotated(2)
    assert m.blanks[4].k == 2
    for _ in range(10):
        m.turn_ended()
    assert 4 not in m.blanks  # 0.8 * 0.88**10 < 0.25
    p = Memory(LEVELS["perfect"])
    p.encode(4, 0)
    for _ in range(100):
        p.turn_ended()
    assert p.blanks[4].s == 1.0


@pytest.mark.rules("ramses:12.4")
def test_b2_confusion_reference_values():
    assert rc(confuse(place_of(0, 0), 1)) == (0, 7)
    assert rc(confuse(place_of(5, 7), 1)) == (5, 0)
    assert rc(confuse(place_of(1, 0), 1)) == (0, 6)
    assert rc(confuse(place_of(0, 0), 3)) == (5, 0)
    assert rc(confuse(place_of(5, 7), 3)) == (0, 7)
    assert rc(confuse(place_of(2, 3), 2)) == (3, 4)
    assert all(0 <= confuse(p, d) < 48 for p in range(48) for d in range(4))


@pytest.mark.rules("ramses:12.4")
def test_recall_forgets_weak_and_distorts_old_memories():
    m = Memory(LEVELS["easy"])
    m.encode(0, 5)
    m.treasures[0].k = 40  # many quarter turns ago: almost surely distorted
    places = {next(iter(m.recall(random.Random(k)) or {None: 0})) for k in range(50)}
    assert places - {None} and places - {0, None}
    m2 = Memory(LEVELS["perfect"])
    m2.encode(0, 5)
    m2.treasures[0].k = 40
    assert all(m2.recall(random.Random(k)) == {0: 5} for k in range(20))


@pytest.mark.rules("ramses:12.4", "ramses:10.3")
def test_professional_raises_rotation_errors():
    m = Memory(LEVELS["medium"])
    m.encode(0, 5)
    m.treasures[0].k = 2

    def wrong(pro):
        return sum(m.recall(random.Random(k), pro).get(0) != 5 for k in range(400))

    assert wrong(True) > wrong(False)


@pytest.mark.rules("ramses:12.5")
def test_block_inference():
    known = {0: 3, 16: 0, 17: 0, 24: 0}
    out = infer(known)
    assert out[1] == 0 and out[8] == 0 and out[9] == 0  # treasure known: rest blank
    assert out[25] == SOME_TREASURE  # three blanks: the fourth holds the treasure


# -- planning and choices ----------------------------------------------------------------
def _bot_view(st, level="perfect"):
    bot = MemoryBot(level)
    view = PlayerView(st, st.current_player)
    bot.observe(view)
    return bot, view


@pytest.mark.rules("ramses:12.6")
def test_planning_goes_around_a_known_wrong_treasure():
    """Target T05 on 16 (row 2); T01 (0) and T02 (2) are known: the route avoids them."""
    st = make(3)
    draw(st, card_of(st, 1, 5))
    bot, view = _bot_view(st)
    for p in range(48):
        bot.memory.encode(p, st.tokens[p])
    a = bot.act(view, random.Random(0))
    assert isinstance(a, Slide) and a.place == 9  # down, not onto T01 / T02
    for _ in range(5):
        if st.phase != "search":
            break
        st.apply(bot.act(PlayerView(st, st.current_player), random.Random(0)))
    assert st.hands[0] == [card_of(st, 1, 5)]


@pytest.mark.rules("ramses:12.6", "ramses:8")
@pytest.mark.parametrize("seed", range(6))
def test_b1_oracle_never_misses_in_stack_three_with_a_known_route(seed):
    """B-1: with the whole layout in memory the perfect bot finds every stack-3 card."""
    st = GAME.new_state(3, seed)
    empty_stack(st, 1)
    empty_stack(st, 2)
    bot = MemoryBot("perfect")
    bot.observe(PlayerView(st, 0))
    for p in range(48):
        bot.memory.encode(p, st.tokens[p])
    rng = random.Random(seed)
    for _ in range(6):
        if st.is_terminal():
            break
        p = st.current_player
        st.apply(bot.act(PlayerView(st, p), rng))
        while not st.is_terminal() and st.phase == "search":
            st.apply(bot.act(PlayerView(st, st.current_player), rng))
    assert not any(e.kind in ("miss", "eliminated") for e in st.events)


@pytest.mark.rules("ramses:12.7")
def test_gift_choice_prefers_treasures_others_hold():
    st = make(3)
    give_hand(st, 2, card_of(st, 1, 9))
    empty_stack(st, 1)
    draw(st, card_of(st, 2, kind="gift"))
    bot, view = _bot_view(st, "medium")
    bot.memory.owner_seen(2, 9, 1)
    assert bot.act(view, random.Random(0)) == GiftDeclare(9)


@pytest.mark.rules("ramses:12.7")
def test_risk_choice_names_the_two_nearest_recalled_treasures():
    st = make(3)
    empty_stack(st, 1)
    draw(st, card_of(st, 2, kind="risk"))
    bot, view = _bot_view(st)
    for t, p in ((1, 0), (2, 2), (12, 38)):
        bot.memory.encode(p, t)
    a = bot.act(view, random.Random(0))
    assert isinstance(a, RiskDeclare) and {a.first, a.second} == {1, 2}


@pytest.mark.rules("ramses:12.7")
def test_poker_choice_oldest_reveal_richest_opponent():
    st = make(4)
    give_hand(st, 2, card_of(st, 1, 7), card_of(st, 1, 8))
    give_hand(st, 3, card_of(st, 1, 9))
    empty_stack(st, 1)
    draw(st, card_of(st, 2, kind="poker"))
    bot, view = _bot_view(st)
    bot.last_reveal = dict.fromkeys(range(1, 13), 5)
    bot.last_reveal[4] = 1
    assert bot.act(view, random.Random(0)) == PokerDeclare(4, 2)


@pytest.mark.rules("ramses:12.7")
def test_giving_the_cheapest_card_and_risk_recipient_with_fewest_cards():
    st = make(3)
    give_hand(st, 0, card_of(st, 2, 7), card_of(st, 1, 9))
    give_hand(st, 1, card_of(st, 1, 3), card_of(st, 1, 4))
    empty_stack(st, 1)
    draw(st, card_of(st, 2, kind="risk"))
    st.apply(RiskDeclare(2, 5))
    slide(st, 2)
    slide(st, 1)
    slide(st, 0)  # T01 instead of T05: penalty
    bot, view = _bot_view(st)
    assert bot.act(view, random.Random(0)) == GiveCard(card_of(st, 1, 9), 2)


# -- determinism, levels, strength --------------------------------------------------------
@pytest.mark.rules("ramses:12.1")
def test_b3_same_seed_same_decisions():
    """B-3: identical seeds and observations give identical decisions."""
    a = play(["medium", "hard"], 5)
    b = play(["medium", "hard"], 5)
    assert [s.action for s in a.history] == [s.action for s in b.history]
    assert a.scores() == b.scores()


@pytest.mark.rules("ramses:12.1", "ramses:12.8")
def test_levels_are_registered():
    levels = GAME.agent_levels()
    assert {"heuristic", "easy", "medium", "hard", "expert", "perfect"} <= set(levels)
    assert isinstance(GAME.heuristic_agent(), RamsesHeuristic)
    assert LEVELS["hard"].cap_t == 10 and LEVELS["expert"].q_rot == 0.02
    with pytest.raises(ValueError):
        MemoryBot("godlike")


@pytest.mark.rules("ramses:12.8")
def test_heuristic_beats_random_players():
    res = win_shares(["medium", "random"], 30)
    assert res["medium"]["win_share"] > 0.7


@pytest.mark.rules("ramses:12.8")
def test_perfect_memory_beats_easy():
    res = win_shares(["perfect", "easy"], 20)
    assert res["perfect"]["mean_score"] > res["easy"]["mean_score"]


# -- speed shortcuts give the same answers ---------------------------------------------
def _watched(bot):
    m = bot.memory
    return (m.treasures, m.blanks, m.owners, m.turn, bot.working, bot.last_reveal, bot._last_n)


@pytest.mark.rules("ramses:12.3")
def test_a_restarted_bot_resumes_to_what_a_fresh_bot_remembers():
    """After a take-back (or the next rollout of a search) the bot resumes from a checkpoint
    of what it watched; its memory equals that of a bot watching the game from the start."""
    st = GAME.new_state(3, 5)
    bots = [MemoryBot("medium") for _ in range(3)]
    rng = random.Random(5)
    kept = []
    while not st.is_terminal() and len(st.history) < 400:
        p = st.current_player
        st.apply(bots[p].act(PlayerView(st, p), rng))
        if len(st.history) % 50 == 0:
            kept.append(st.clone())
    watcher = bots[0]
    for old in reversed(kept):  # every step back restarts the watcher
        watcher.observe(PlayerView(old, 0))
        fresh = MemoryBot("medium")
        fresh.observe(PlayerView(old, 0))
        assert _watched(watcher) == _watched(fresh)


@pytest.mark.rules("ramses:12.6")
@pytest.mark.parametrize("seed", range(4))
def test_the_early_stopped_route_search_matches_the_full_one(seed):
    """_cheapest stops Dijkstra early; it picks the target and route a full search picks."""
    from obelisk.games.ramses.components import NEIGHBOURS, NEIGHBOURS_DIAG, PLACES

    rng = random.Random(seed)
    bot = MemoryBot("medium")
    for _ in range(200):
        risk = [rng.choice((0.0, 0.0, 1.0, 0.25, 1 / 3, 0.5)) for _ in range(PLACES)]
        w = rng.choice((2.0, 5.0, 100.0, 20000.0))
        neigh = rng.choice((NEIGHBOURS, NEIGHBOURS_DIAG))
        start = rng.randrange(PLACES)
        targets = rng.sample([p for p in range(PLACES) if p != start], rng.randint(1, 12))
        dist, pred = bot._dijkstra(start, risk, w, neigh)
        want = min((dist[p] - w * risk[p], p) for p in targets)[1]
        got, route = bot._cheapest(start, risk, w, neigh, targets)
        assert got == want
        p = got
        while p != start:
            assert route[p] == pred[p]
            p = pred[p]


@pytest.mark.rules("ramses:12.5", "ramses:12.6")
@pytest.mark.parametrize("seed", range(4))
def test_the_block_rules_are_built_into_the_risk_map(seed):
    """The bot plans without running infer(): its risk map is the same with or without the
    block rules' additions, and it looks where they say a treasure may hide."""
    from obelisk.games.ramses.components import BLOCK, PLACES

    rng = random.Random(seed)
    bot = MemoryBot("medium")
    for _ in range(300):
        known = {}
        for t in rng.sample(range(1, 13), rng.randint(0, 6)):
            known[rng.randrange(PLACES)] = t
        for p in rng.sample(range(PLACES), rng.randint(0, 40)):
            known.setdefault(p, 0)
        empty = rng.choice([p for p in range(PLACES) if known.get(p, 0) == 0])
        known[empty] = 0
        full = infer(known)
        risk, hidden = bot._plan_map(known)
        assert bot._plan_map(full)[0] == risk
        located = {BLOCK[p] for p, t in known.items() if t > 0}
        may_hide = [p for p in range(PLACES) if full.get(p, SOME_TREASURE) == SOME_TREASURE]
        assert sorted(hidden) == [p for p in may_hide if BLOCK[p] not in located]


@pytest.mark.rules("ramses:12.6")
@pytest.mark.parametrize(
    ("seed", "seats"),
    [(31004, ("ramses-hard", "ramses-expert")), (31005, ("ramses-expert", "ramses-hard"))],
)
def test_a_memory_player_whose_memory_fails_does_not_slide_for_ever(seed, seats):
    """With no slide limit (the seed's rule), an expert whose recall put every treasure
    somewhere else used to slide between two blanks it had just uncovered, 200,000 steps
    long. It now tries a place this search has not uncovered, and the game ends."""
    from obelisk.agents.match import play_match

    state = play_match(GAME, list(seats), seed)
    assert state.is_terminal() and len(state.history) < 2000


def _misses_on_own_last_turn(state) -> tuple[int, int]:
    """(misses on a treasure the searcher uncovered at that place in its own last turn,
    all misses), read from the public events. A turn is a run of searches by one seat."""
    last: dict[int, dict[int, str]] = {}
    turn: dict[int, str] = {}
    searcher, target = -1, ""
    bad = misses = 0
    for e in state.events_for(0):
        if e["kind"] == "search_started":
            if e["searcher"] != searcher:
                if searcher >= 0:
                    last[searcher] = turn
                turn = {}
            searcher, target = e["searcher"], e["target"]
            turn[e["empty"]] = e["showing"]
        elif e["kind"] == "action" and "token" in e:
            place, token = e["action"]["place"], e["token"]
            if token not in ("blank", target):
                misses += 1
                bad += last.get(searcher, {}).get(place) == token
            turn[place] = token
    return bad, misses


@pytest.mark.rules("ramses:12.3")
def test_normal_never_misses_on_a_treasure_it_uncovered_in_its_own_last_turn():
    """A person remembers what their own last turn showed; so does the default player
    (levels from medium up keep their last turn's reveals exactly, across box turns)."""
    from obelisk.agents.match import play_match

    bad = misses = 0
    for seed in range(12):
        b, m = _misses_on_own_last_turn(play_match(GAME, ["normal", "normal"], seed))
        bad, misses = bad + b, misses + m
    assert misses > 100 and bad == 0
