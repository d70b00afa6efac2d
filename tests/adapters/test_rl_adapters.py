"""PettingZoo and OpenSpiel adapters pass those libraries' own test suites on every game."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

from obelisk.core import all_games

pettingzoo_test = pytest.importorskip("pettingzoo.test")
pyspiel = pytest.importorskip("pyspiel")

from obelisk.adapters.openspiel import load_game  # noqa: E402
from obelisk.adapters.pettingzoo import env  # noqa: E402

# Every game at every player count, in the default run.
CASES = [
    pytest.param(g.name, n, id=f"{g.name}-{n}p") for g in all_games() for n in g.player_counts()
]
# The lowest count of each game (the tests that play many states of each game).
LOWEST = [pytest.param(g.name, min(g.player_counts()), id=g.name) for g in all_games()]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_api_and_seed_tests(game, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pettingzoo_test.api_test(env(game, players=players), num_cycles=60)
        pettingzoo_test.seed_test(lambda: env(game, players=players), num_cycles=40)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_openspiel_random_sim_test(game, players):
    """OpenSpiel's own checks, serialising and deserialising states along the way."""
    g = load_game(game, players=players)
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)


def test_abu_simbel_solo_is_all_for_one_in_both_adapters():
    """abu_simbel:1: 1-6 players, the solo game only as All for One (docs/rl.md)."""
    g = load_game("abu_simbel", players=1, variant="all_for_one")
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)
    assert load_game("abu_simbel").num_players() == 2  # the default: the competitive game
    solo = load_game("abu_simbel", players=1)  # one player can only play All for One
    assert solo.new_initial_state()._inner.state.cooperative
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pettingzoo_test.api_test(env("abu_simbel", players=1, cooperative=True), num_cycles=20)


def test_pettingzoo_observation_is_the_seats_own_view():
    """Two deals that differ only in seat 1's hand give seat 0 the same vector."""
    e1, e2 = env("tiny", players=2), env("tiny", players=2)
    e1.reset(seed=1)
    e2.reset(seed=1)
    e2.state_.hands[1] = [c for c in range(1, 13) if c not in e2.state_.hands[0]][:3]
    assert e1.state_.hands[1] != e2.state_.hands[1]
    assert np.array_equal(
        e1.observe("player_0")["observation"], e2.observe("player_0")["observation"]
    )
    assert not np.array_equal(
        e1.observe("player_1")["observation"], e2.observe("player_1")["observation"]
    )


def test_pettingzoo_rewards_at_the_end():
    e = env("tiny", players=2)
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    final = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            final[agent] = reward
            e.step(None)
            continue
        assert reward == 0.0
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(final.values()) in ([0.0, 1.0], [0.5, 0.5])


def test_bad_options_are_refused():
    from obelisk.core import InvalidOptions

    with pytest.raises(InvalidOptions, match="unknown option"):
        env("tiny", players=2, colour="red")


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_encoder_fast_path_writes_what_the_layout_says(game):
    """The compiled writer and the reference walk of the layout give the same vectors."""
    import random

    from obelisk.adapters.encoding import spaces
    from obelisk.core import get_game

    g = get_game(game)
    n = min(g.player_counts())
    _, _, enc = spaces(g, n, g.make_options(None))
    rng = random.Random(7)
    state = g.new_state(n, 99, g.make_options(None))
    steps = 0
    while not state.is_terminal() and steps < 400:
        obs = state.observation(steps % n)
        if steps % 4 == 0:
            vec = enc.encode(obs)
            assert vec.dtype == np.float32 and vec.shape == (enc.size,)
            assert np.array_equal(vec, np.asarray(enc.encode_slow(obs), np.float32))
        state.apply_unchecked(rng.choice(state.legal_actions()))
        steps += 1


def test_openspiel_seeds_go_to_played_games_in_order():
    """States OpenSpiel throws away unplayed hand their seed back; clones deal nothing."""
    g = load_game("sobek", players=2, rng_seed=10)
    for _ in range(3):  # what OpenSpiel does to measure the observation tensor
        g.new_initial_state().observation_tensor(0)
    a = g.new_initial_state()
    a_start = str(a)
    a.apply_action(a.legal_actions()[0])
    c = a.clone()
    assert str(c) == str(a) and c.history() == a.history()
    b = g.new_initial_state()
    b.apply_action(b.legal_actions()[0])
    assert (a._inner.seed, c._inner.seed, b._inner.seed) == (10, 10, 11)
    fresh = load_game("sobek", players=2, rng_seed=10)
    first, second = fresh.new_initial_state(), fresh.new_initial_state()  # both alive
    assert str(first) == a_start != str(second)


def test_openspiel_observation_string_is_the_seats_observation_as_json():
    import json

    g = load_game("sobek", players=3)
    s = g.new_initial_state()
    s.apply_action(s.legal_actions()[0])
    for p in range(3):
        assert json.loads(s.observation_string(p)) == s._inner.state.observation(p)


# -- OpenSpiel: the whole API (issue 27) ------------------------------------------------


def _played(game: str, players: int, moves: int, seed: int = 0, **params):
    """An OpenSpiel state after ``moves`` random moves (fewer if the game ends)."""
    g = load_game(game, players=players, **params)
    s = g.new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if s.is_terminal():
            break
        s.apply_action(int(rng.choice(s.legal_actions())))
    return g, s


def _same(a, b) -> None:
    n = a.num_players()
    assert str(a) == str(b) and a.history() == b.history()
    assert a.current_player() == b.current_player() and a.returns() == b.returns()
    for p in range(n):
        assert a.observation_string(p) == b.observation_string(p)
        assert a.information_state_string(p) == b.information_state_string(p)
        assert np.array_equal(a.observation_tensor(p), b.observation_tensor(p))


@pytest.mark.parametrize(("game", "players"), LOWEST)
def test_openspiel_states_serialise_as_their_record_and_play_on_the_same(game, players):
    """serialize/deserialize_state, pickle and serialize_game_and_state round-trip a state
    exactly: same views, and the same future (the chance generator is restored too)."""
    import pickle

    for moves in (0, 1, 25):
        g, s = _played(game, players, moves)
        copies = [
            g.deserialize_state(s.serialize()),
            pickle.loads(pickle.dumps(s)),
            pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, s))[1],
        ]
        for c in copies:
            _same(s, c)
        rng = np.random.default_rng(moves)
        for _ in range(40):
            if s.is_terminal():
                break
            a = int(rng.choice(s.legal_actions()))
            for x in (s, *copies):
                x.apply_action(a)
        for c in copies:
            _same(s, c)


def test_openspiel_pickles_load_in_a_fresh_process():
    """A pickled game or state carries a loader that registers the Obelisk games."""
    import pickle
    import subprocess
    import sys

    g, s = _played("sobek", 2, 5)
    blob = pickle.dumps((g, s)).hex()
    code = (
        "import pickle, sys; g, s = pickle.loads(bytes.fromhex(sys.stdin.read()));"
        "print(g.get_type().short_name, len(s.history()), s.current_player())"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], input=blob, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split()[-3:] == ["obelisk_sobek", "5", str(s.current_player())]


def test_openspiel_a_serialised_initial_state_deals_the_same_game():
    g = load_game("ramses", players=3, rng_seed=7)
    s = g.new_initial_state()
    c = g.deserialize_state(s.serialize())  # neither was played: the seed travels
    assert str(c) == str(s)


@pytest.mark.parametrize(("game", "players"), LOWEST)
def test_openspiel_resample_from_infostate_keeps_what_the_player_knows(game, players):
    """resample_from_infostate is determinize: the player's strings, tensor and legal
    actions stay; what it can't know is re-drawn (in some sample, for a game that hides
    something); the original is untouched."""
    from obelisk.core.conformance import _game_fields

    varied = False
    for moves in (0, 3, 30):
        _, s = _played(game, players, moves, seed=moves)
        if s.is_terminal():
            continue
        before = str(s)
        for k in range(3):
            p = s.current_player()
            r = s.resample_from_infostate(p, lambda k=k: k / 3 + 0.1)
            assert r.information_state_string(p) == s.information_state_string(p)
            assert r.observation_string(p) == s.observation_string(p)
            assert np.array_equal(r.observation_tensor(p), s.observation_tensor(p))
            assert r.legal_actions() == s.legal_actions()
            assert not r._inner.state.replayable and s._inner.state.replayable
            varied = varied or _game_fields(r._inner.state) != _game_fields(s._inner.state)
            r.apply_action(r.legal_actions()[0])  # a resampled world plays on
        assert str(s) == before
    assert varied or game in ("tiny", "abu_simbel")  # Abu Simbel hides nothing this early


@pytest.mark.parametrize(("game", "players"), LOWEST[:1])
def test_openspiel_information_state_is_recall_and_flags_match_the_methods(game, players):
    """The game type says what the state provides: an information-state string (the
    observation and a digest of everything the seat saw) and a tensor summarising it."""
    g, s = _played("sobek", 2, 6)
    t = g.get_type()
    assert t.provides_information_state_string and t.provides_information_state_tensor
    assert t.provides_observation_string and t.provides_observation_tensor
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    import json

    info = json.loads(s.information_state_string(0))
    assert info["observation"] == s._inner.state.observation(0)
    assert info["seen"] == len(s._inner.state.events_for(0)) and len(info["recall"]) == 64
    tensor = s.information_state_tensor(0)
    obs = s.observation_tensor(0)
    assert list(tensor[: len(obs)]) == list(obs), "the tensor starts with the observation"
    assert len(tensor) > len(obs) and all(0.0 <= x <= 1.0 for x in tensor[len(obs) :])
    assert len(tensor) == g.information_state_tensor_size()
    # recall: the same observation reached by another path is another information state
    a, b = _played("sobek", 2, 1, seed=1)[1], _played("sobek", 2, 1, seed=2)[1]
    if a.observation_string(1) == b.observation_string(1):
        assert a.information_state_string(1) != b.information_state_string(1) or str(a) == str(b)


def test_openspiel_clones_keep_future_draws_unless_resample_chance():
    """clone() copies the chance generator (a plain MCTS foresees the draws); with
    resample_chance=True each clone gets a fresh generator: same position, other draws."""

    def futures(**params) -> set[str]:
        _, s = _played("sobek", 2, 2, **params)
        seen = set()
        for _ in range(6):
            c = s.clone()
            assert str(c) == str(s) and c.history() == s.history()
            rng = np.random.default_rng(0)  # the same moves on every clone
            for _ in range(60):
                if c.is_terminal():
                    break
                c.apply_action(int(rng.choice(c.legal_actions())))
            seen.add(str(c))
        return seen

    assert len(futures()) == 1
    assert len(futures(resample_chance=True)) > 1


#: per game: simulations per move, rollout depth and rollout policy. The test is that
#: whole games run, every seat deciding, in seconds: Abu Simbel needs a simulation per
#: gesture and the bare standing (a wrong gesture costs a charm at once), the long
#: random-like games (Ramses runs about 1,000 moves) get the fewest simulations.
BOTS = {
    "abu_simbel": (20, 0, "random"),
    "sobek": (4, 5, "playout"),
    "khufu": (4, 5, "playout"),
    "mummy": (4, 5, "playout"),
    "ramses": (2, 0, "random"),
    "tiny": (4, 0, "random"),
}


#: Ramses' near-random games run 1,400-2,900 moves without the burial limit: a minute.
BOT_CASES = [
    pytest.param(*p.values, id=p.id, marks=pytest.mark.slow if p.id == "ramses" else ())
    for p in LOWEST
]


@pytest.mark.parametrize(("game", "players"), BOT_CASES)
def test_openspiel_ismcts_and_mcts_bots_play_whole_games(game, players):
    """OpenSpiel's ISMCTSBot (on resampled worlds) and MCTSBot play a whole game through
    evaluate_bots, with the seats taken in turn; every seat decides."""
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.algorithms.ismcts import ISMCTSFinalPolicyType

    from obelisk.adapters.openspiel import RolloutEvaluator, ismcts_bot, mcts_bot

    g = load_game(game, players=players, rng_seed=3)
    sims, depth, policy = BOTS[game]

    def leaf(p: int) -> RolloutEvaluator:
        return RolloutEvaluator(depth=depth, seed=p, policy=policy)

    bots = [
        ismcts_bot(
            g, sims, seed=p, evaluator=leaf(p), final_policy_type=ISMCTSFinalPolicyType.MAX_VALUE
        )
        if p % 2 == 0
        else mcts_bot(g, sims, seed=p, evaluator=leaf(p))
        for p in range(players)
    ]
    state = g.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(0))
    assert state.is_terminal() and len(returns) == players
    assert all(0.0 <= r <= 1.0 for r in returns)
    seats = {step.seat for step in state._inner.state.history}
    assert seats == set(range(players))


def test_openspiel_rollout_evaluator_scores_a_lost_charm_below_a_correct_move():
    """With depth 0 the evaluator is the standing: Abu Simbel's wrong gesture costs a charm."""
    from obelisk.adapters.openspiel import RolloutEvaluator

    g = load_game("abu_simbel", players=2, rng_seed=3)
    s = g.new_initial_state()
    ev = RolloutEvaluator(depth=0)
    values = {s.action_to_string(a): ev.evaluate(s.child(a))[0] for a in s.legal_actions()}
    best = max(values, key=values.get)
    right = s._inner.state.expected_sequence()[0]
    assert best.replace(" ", "_").upper().startswith(right.split("_x")[0])
    assert sorted(values.values())[-2] < values[best]
    with pytest.raises(ValueError, match="policy must be"):
        RolloutEvaluator(policy="greedy")
    deep = RolloutEvaluator(depth=30, seed=1, policy="random").evaluate(s)
    assert deep.shape == (2,) and all(0 <= v <= 1 for v in deep)


def test_openspiel_takes_every_option_as_a_parameter_and_declares_its_utility():
    g = load_game("sobek", players=2, penalty_mode="half_round", market_size=8)
    assert g.options.penalty_mode == "half_round" and g.options.market_size == 8
    assert "penalty_mode=half_round" in str(g)
    again = pyspiel.load_game(str(g))  # the parameters travel in the game string
    assert again.options == g.options
    # every game has a winner sharing 1: constant-sum; Khufu may win himself: general-sum
    assert g.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert g.utility_sum() == 1.0
    khufu = load_game("khufu", players=3)
    assert khufu.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    team = load_game("abu_simbel", players=2, cooperative=True)
    assert team.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    with pytest.raises(ValueError, match="no option"):
        load_game("sobek", players=2, colour="red")


def test_obelisk_players_play_as_openspiel_bots():
    from open_spiel.python.algorithms import evaluate_bots

    from obelisk.adapters.openspiel import obelisk_bot

    g = load_game("sobek", players=2)
    bots = [obelisk_bot(g, 0, "heuristic", seed=1), obelisk_bot(g, 1, "random", seed=2)]
    first = evaluate_bots.evaluate_bots(g.new_initial_state(), bots, np.random.RandomState(0))
    assert sorted(first) == [0.0, 1.0]
    g2 = load_game("sobek", players=2)
    bots = [obelisk_bot(g2, 0, "heuristic", seed=1), obelisk_bot(g2, 1, "random", seed=2)]
    again = evaluate_bots.evaluate_bots(g2.new_initial_state(), bots, np.random.RandomState(0))
    assert again == first, "seeded bots replay the same game"


def test_pettingzoo_observations_lie_in_their_bounded_space():
    e = env("mummy", players=2)
    e.reset(seed=3)
    space = e.observation_space(e.possible_agents[0])["observation"]
    assert space.low.min() == -1.0 and space.high.max() == 1.0
    rng = random.Random(0)
    for _ in range(300):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            break
        assert space.contains(obs["observation"])
        e.step(rng.choice([i for i, m in enumerate(obs["action_mask"]) if m]))


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_action_index_finds_what_equality_finds(game):
    """ActionIndex (by object, then by field values) gives the ids the action list's own
    dict gives, for the engine's objects and for equal copies of them."""
    import copy

    from obelisk.adapters.encoding import ActionIndex, action_space
    from obelisk.core import get_game

    g = get_game(game)
    n = min(g.player_counts())
    actions, _ = action_space(g, n, g.make_options(None))
    by_value = {a: i for i, a in enumerate(actions)}
    index = ActionIndex(actions)
    rng = random.Random(5)
    state = g.new_state(n, 3, g.make_options(None))
    for _ in range(120):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        expected = sorted(by_value[a] for a in legal)
        assert index.ids(legal) == expected
        assert index.ids(legal) == expected  # the second time from the memo
        assert index.ids([copy.copy(a) for a in legal]) == expected
        state.apply_unchecked(rng.choice(legal))


def test_openspiel_legal_actions_answered_in_python_are_openspiels():
    """The Python legal_actions() gives what OpenSpiel's C++ path gives, for the current
    player and the others, as a new list each time (a caller may shuffle it)."""
    g, s = _played("sobek", 3, 5)
    base = pyspiel.State
    while not s.is_terminal():
        p = s.current_player()
        legal = s.legal_actions()
        assert legal == list(base.legal_actions(s)) == sorted(legal) and legal
        for q in range(3):
            assert s.legal_actions(q) == list(base.legal_actions(s, q))
        assert s.legal_actions_mask(p) == [int(a in legal) for a in range(g.num_distinct_actions())]
        legal.reverse()
        assert s.legal_actions() == sorted(legal)
        s.apply_action(legal[len(legal) // 2])
        if len(s.history()) > 40:
            break
    assert s.legal_actions(0) == list(base.legal_actions(s, 0))


def test_openspiel_sees_a_move_made_on_the_obelisk_state():
    """What the adapter keeps per position (legal ids, current player, text) follows a move
    made on the Obelisk state directly (``state.inner``)."""
    g, s = _played("ramses", 2, 3)
    inner = s.inner
    before = (s.legal_actions(), s.current_player(), str(s))
    inner.apply(inner.legal_actions()[0])
    ids = sorted(g.index[a] for a in inner.legal_actions())
    assert s.legal_actions() == ids
    assert s.current_player() == inner.current_player and str(s) == inner.to_text(None)
    assert (s.legal_actions(), s.current_player(), str(s)) != before


def test_openspiel_refuses_an_illegal_action_with_its_rule():
    from obelisk.core.errors import IllegalAction

    g, s = _played("sobek", 2, 2)
    illegal = next(a for a in range(g.num_distinct_actions()) if a not in s.legal_actions())
    with pytest.raises(IllegalAction, match=r"\[sobek:"):
        s.apply_action(illegal)
    with pytest.raises(ValueError, match="outside"):
        s.apply_action(g.num_distinct_actions())
    assert len(s.history()) == 2  # nothing was played
