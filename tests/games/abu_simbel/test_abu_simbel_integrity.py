"""Integrity: conservation, complete games, determinism, leak checks on the way out,
the heuristic against random play (abu_simbel:14 A-27..A-29, 11, 12)."""

from __future__ import annotations

import json
import random

import pytest
from abu_simbel_helpers import GAME

from obelisk.core import PlayerView, Record, replay
from obelisk.core.conformance import ALL_CHECKS, views
from obelisk.games.abu_simbel.bot import MemoryBot

VARIANTS = [None, *sorted(GAME.variants)]


def _bot_game(n: int, options, seed: int, level: str = "casual", check=None):
    st = GAME.new_state(n, seed, options)
    bots = [MemoryBot(level) for _ in range(n)]
    rng = random.Random(seed)
    while not st.is_terminal():
        st.apply(bots[st.current_player].act(PlayerView(st, st.current_player), rng))
        if check is not None:
            check(st)
    return st


@pytest.mark.rules("abu_simbel:2.1", "abu_simbel:7", "abu_simbel:9.3")
@pytest.mark.parametrize(
    "variant", [v for v in VARIANTS if v not in ("referee", "referee_hotseat")]
)
def test_a27_conservation_at_every_step_with_bots(variant):
    opts = GAME.variant_options(variant)
    for n in (2, 5):
        st = _bot_game(n, opts, seed=n, check=lambda s: s.check_invariants())
        assert len(st.history) <= GAME.capabilities.max_steps


@pytest.mark.rules("abu_simbel:7", "abu_simbel:10.2")
@pytest.mark.parametrize("variant", VARIANTS)
def test_a27_conservation_with_random_play(variant):
    opts = GAME.variant_options(variant)
    for seed in range(10):
        rng = random.Random(seed)
        st = GAME.new_state(3, seed, opts)
        while not st.is_terminal():
            st.apply(rng.choice(st.legal_actions()))
            st.check_invariants()


@pytest.mark.rules("abu_simbel:8", "abu_simbel:9.3")
def test_a28_complete_games_2_and_6_players_and_solo_coop():
    for n in (2, 6):
        st = _bot_game(n, None, seed=n, level="hard")
        assert st.is_terminal() and st.end_reason in ("charms", "treasures")
        assert st.winners() and len(st.scores()) == n
    st = _bot_game(1, {"cooperative": True}, seed=1, level="hard")
    assert st.is_terminal() and st.end_reason in ("team_target", "team_charms")


@pytest.mark.rules("abu_simbel:5.2")
def test_a29_same_seed_and_actions_same_game():
    a = _bot_game(4, None, seed=9)
    rec = Record.from_state(a)
    b = replay(Record.from_json(json.loads(rec.dumps())))
    assert views(a) == views(b) and a.scores() == b.scores()
    c = GAME.new_state(4, 9)
    for step in a.history:
        c.apply(step.action)
    assert [e.to_json() for e in c.events] == [e.to_json() for e in a.events]


@pytest.mark.rules("abu_simbel:9.3", "abu_simbel:11")
@pytest.mark.parametrize("check", [c for c in ALL_CHECKS if c != "determinize"])
def test_conformance_checks_for_solo_cooperative(check):
    """The suite runs 2-6 players; the solo co-op count is checked here."""
    for seed in range(3):
        ALL_CHECKS[check](GAME, 1, GAME.make_options({"cooperative": True}), seed)


def _check_determinize_here(st, seats_done: set[int]) -> None:
    """The determinize checks of the conformance suite, on this state."""
    full = json.dumps([st.observation(s) for s in range(st.num_players)], sort_keys=True)
    for s in range(st.num_players):
        legal = [a.to_json() for a in st.legal_actions()] if st.current_player == s else []
        real = json.dumps([st.observation(s), st.events_for(s), legal], sort_keys=True)
        for k in range(2):
            d = st.determinize(s, random.Random(k))
            dl = [a.to_json() for a in d.legal_actions()] if d.current_player == s else []
            assert json.dumps([d.observation(s), d.events_for(s), dl], sort_keys=True) == real
            dd = d.determinize(s, random.Random(1000 + k))
            assert views(dd) == views(st.determinize(s, random.Random(1000 + k)))
            if (
                json.dumps([d.observation(q) for q in range(st.num_players)], sort_keys=True)
                != full
            ):
                seats_done.add(s)


@pytest.mark.rules("abu_simbel:11", "abu_simbel:10.1", "abu_simbel:10.2")
@pytest.mark.parametrize("variant", [None, "hotseat", "little", "ultimate", "all_for_one"])
def test_leak_checks_cover_the_way_out(variant):
    """The conformance leak checks, on games played by memory bots, which reach the way out
    (random play almost never gets through a way in): the active seat's view is unchanged by
    determinize, the sampler reads nothing hidden, and something hidden varies."""
    opts = GAME.variant_options(variant)
    varied: set[int] = set()
    way_out_states = 0

    def check(st):
        nonlocal way_out_states
        if st.phase == "way_out" and len(st.history) % 3 == 0:
            way_out_states += 1
            _check_determinize_here(st, varied)

    _bot_game(3, opts, seed=4, level="child", check=check)
    assert way_out_states >= 3 and varied


@pytest.mark.rules("abu_simbel:11", "abu_simbel:12.3", "abu_simbel:14")
@pytest.mark.parametrize("variant", [None, "ultimate", "little"])
def test_leak_checks_with_a_forgetful_search_memory(variant):
    """A search memory that often errs (covers forgotten, cards swapped with the deck):
    the seat's view is unchanged, the recollection reads nothing hidden, and every
    component is still there (abu_simbel:14 A-27)."""
    opts = GAME.variant_options(variant, {"search_memory": "child"})
    varied: set[int] = set()
    changed = 0

    def check(st):
        nonlocal changed
        if st.phase == "way_out" and len(st.history) % 2 == 0:
            _check_determinize_here(st, varied)
            for k in range(2):
                d = st.determinize(st.active, random.Random(k))
                d.check_invariants()
                changed += d.route != st.route or d.covers != st.covers

    _bot_game(3, opts, seed=4, level="hard", check=check)
    assert changed and varied


@pytest.mark.rules("abu_simbel:11", "abu_simbel:10.2")
@pytest.mark.parametrize("variant", ["referee", "referee_hotseat"])
def test_leak_checks_cover_the_way_out_in_referee_mode(variant):
    opts = GAME.variant_options(variant)
    varied: set[int] = set()
    seen = 0
    for seed in range(40):
        rng = random.Random(seed)
        st = GAME.new_state(3, seed, opts)
        while not st.is_terminal():
            legal = st.legal_actions()
            # referees mostly pass: the way out is reached often
            pick = legal[0] if rng.random() < 0.9 else rng.choice(legal)
            st.apply(pick)
            if st.phase == "way_out" and rng.random() < 0.2:
                seen += 1
                _check_determinize_here(st, varied)
        if seen >= 6:
            break
    assert seen >= 6 and varied


@pytest.mark.rules("abu_simbel:11")
def test_hidden_treasure_draw_changes_nothing_others_see():
    """check_hidden_outcomes on a bot game that draws treasures (hidden draws do happen)."""
    st = _bot_game(3, None, seed=2, level="expert")
    rec = Record.from_state(st)
    drawn = [j for j, (label, _) in enumerate(st.chance.log) if label == "treasure"]
    assert len(drawn) >= 5
    from obelisk.core.conformance import _replay_with, _seat_view

    step_of = {}
    for i, step in enumerate(st.history):
        for j in range(step.chance_start, step.chance_end):
            step_of[j] = i
    for j in drawn[:5]:
        _label, raw = st.chance.log[j]
        drawer = st.history[step_of[j]].seat
        changed = _replay_with(GAME, rec, j, 0 if raw else 1, step_of[j])
        same = _replay_with(GAME, rec, j, raw, step_of[j])
        assert changed is not None and same is not None
        for s in range(3):
            if s != drawer and changed.active != s:
                assert _seat_view(changed, s) == _seat_view(same, s)


@pytest.mark.rules("abu_simbel:12.5")
def test_heuristic_beats_random_players():
    wins = 0.0
    games = 30
    for g in range(games):
        st = GAME.new_state(2, 1000 + g)
        bot = GAME.heuristic_agent()
        rng = random.Random(g)
        me = g % 2
        while not st.is_terminal():
            p = st.current_player
            if p == me:
                st.apply(bot.act(PlayerView(st, p), rng))
            else:
                st.apply(rng.choice(st.legal_actions()))
        wins += st.returns()[me]
    assert wins / games >= 0.9


@pytest.mark.rules("abu_simbel:12.4")
def test_agent_levels_are_offered():
    levels = GAME.agent_levels()
    assert {"heuristic", "child", "casual", "hard", "expert", "perfect"} <= set(levels)
    assert "PERFECT" in levels["perfect"]().label
