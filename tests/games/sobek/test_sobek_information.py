"""Hidden information (sobek:14), determinism, text view and the heuristic player."""

from __future__ import annotations

import json
import random

import pytest
from sobek_fixtures import GAME, arrange, new, play

from obelisk.core import PlayerView, Record, replay
from obelisk.games.sobek.bot import SobekHeuristic


def seen(state, seat):
    """Everything ``seat`` is shown, as one string."""
    return json.dumps([state.observation(seat), state.events_for(seat), state.to_text(seat)])


@pytest.mark.rules("sobek:14")
def test_edge21_no_leaks_of_characters_hands_or_tokens():
    """Edge 21: an opponent never sees a face-down character, a hand, or unchosen tokens."""
    s = arrange(
        new(3),
        hands={0: ["fish1", "fish1", "fish0", "courtesan"], 1: ["ivory3", "ebony2"]},
        market=["queen", "wheat1", "wheat0"],
        turn=0,
        pool=["BONUS_3", "GOSSIP", "CUSTOMS"],
    )
    for seat in (1, 2, None):
        assert "queen" not in seen(s, seat) and "courtesan" not in seen(s, seat)
    assert "ivory3" not in seen(s, 0) and "ivory3" not in seen(s, 2)
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0", "done")
    assert "GOSSIP" in seen(s, 0)
    for seat in (1, 2, None):
        assert "GOSSIP" not in seen(s, seat) and "CUSTOMS" not in seen(s, seat)
    play(s, "token bonus")
    assert "BONUS_3" in seen(s, 1)
    assert "GOSSIP" not in seen(s, 1)


@pytest.mark.rules("sobek:14")
def test_other_corruption_is_only_a_tile():
    """Others see no corruption count by default; the option shows the counts."""
    s = arrange(new(3), corruption={0: ["ivory3", "fish1"]}, market=["fish1"] * 3, turn=0)
    assert "corruption_counts" not in s.observation(1)
    assert s.observation(0)["corruption_count"] == 2
    assert "corruption tile" in s.to_text(1)
    s2 = new(3, corruption_counts_public=True)
    arrange(s2, corruption={0: ["ivory3", "fish1"]}, market=["fish1"] * 3, turn=0)
    assert s2.observation(1)["corruption_counts"] == [2, 0, 0]


@pytest.mark.rules("sobek:14", "sobek:15")
def test_owner_does_not_see_face_down_corruption_when_option_off():
    """owner_sees_own_corruption=False: a skipped face-down character stays unseen."""
    s = new(3, owner_sees_own_corruption=False)
    arrange(s, market=["thief", "fish1", "wheat1"], turn=0)
    play(s, "take 2")
    obs = s.observation(0)
    assert obs["corruption_count"] == 1 and obs["corruption"] == []
    s2 = new(3)
    arrange(s2, market=["thief", "fish1", "wheat1"], turn=0)
    play(s2, "take 2")
    assert s2.observation(0)["corruption"] == ["thief"]


@pytest.mark.rules("sobek:14", "sobek:15")
def test_hand_backs_public_option():
    """hand_backs_public=True: everybody sees the back colours of hidden cards in hands."""
    s = new(3, hand_backs_public=True)
    arrange(s, market=["thief", "fish1", "wheat1"], turn=0)
    play(s, "take 1")
    assert s.observation(2)["hand_backs"][0] == {"green": 0, "beige": 0, "character": 1}


@pytest.mark.rules("sobek:14")
def test_determinize_keeps_what_the_seat_knows():
    """A determinization for P1 keeps P1's hand and the public table, re-deals the rest."""
    s = new(3, seed=9)
    rng = random.Random(9)
    for _ in range(30):
        s.apply(rng.choice(s.legal_actions()))
    for seat in range(3):
        d = s.determinize(seat, random.Random(1))
        assert d.observation(seat) == s.observation(seat)
        d.check_invariants()
    varied = any(s.determinize(0, random.Random(k)).hands[1] != s.hands[1] for k in range(20))
    assert varied


@pytest.mark.rules("sobek:14", "sobek:8")
def test_courtesan_peek_is_remembered_by_determinize():
    """After looking at a hand, the peeker's determinizations keep that hand."""
    s = arrange(
        new(3),
        hands={0: ["courtesan", "wheat0"], 1: ["fish1", "ivory3", "ebony2"]},
        market=["fish0"] * 3,
        turn=0,
    )
    play(s, "play courtesan")  # P2 is the only target
    for k in range(10):
        d = s.determinize(0, random.Random(k))
        assert sorted(d.observation(0)["pending"]["their_hand"]) == ["ebony2", "fish1", "ivory3"]


@pytest.mark.rules("sobek:5")
def test_edge22_same_seed_same_decisions_same_record():
    """Edge 22: the same seed and decisions give an identical record."""

    def run():
        s = new(4, seed=77)
        rng = random.Random(5)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        return Record.from_state(s)

    a, b = run(), run()
    assert a.dumps() == b.dumps()
    again = replay(Record.from_json(json.loads(a.dumps())), lambda _n: GAME)
    assert again.scores() == [float(x) for x in a.result["scores"]]


@pytest.mark.rules("sobek:14")
def test_to_text_view():
    """to_text: market with positions, hand grouped by goods, sets, corruption, scores."""
    s = arrange(
        new(3),
        hands={0: ["fish1", "fish0", "ivory3", "amulet"]},
        sets={1: {"wheat": ["wheat1", "wheat1", "wheat0"]}},
        corruption={0: ["cattle0"]},
        market=["fish1", "thief", "ivory0", "wheat1", "marble2"],
        turn=0,
    )
    text = s.to_text(0)
    assert (
        "Market (take 1-4): 1:fish 1  2:[?]  3:ivory 0  4:wheat 1\n  further along: 5:marble 2"
        in text
    )
    assert "Your hand: ivory 3 | fish 1 0 | amulet" in text
    assert "Player 2: 0 points, 0 in hand, corruption tile; sets: wheat 1 1 0 (6)" in text
    assert "Your corruption: 1 card (cattle 0)" in text
    assert "round 1 of 3" in text and "your decision" in text
    for seat in (None, 0, 1, 2):  # seats counted from 1, never P1 or seat 0
        view = s.to_text(seat)
        assert "P1" not in view and "Player 0" not in view and "player 0" not in view
    assert "thief" not in s.to_text(1)


@pytest.mark.rules("sobek:5")
def test_action_text_forms():
    """Actions read the way a person types them."""
    s = arrange(
        new(3), hands={1: ["fish1"], 2: ["wheat0"], 0: ["collector"]}, market=["fish1"] * 3, turn=0
    )
    play(s, "play collector")
    assert [a.text() for a in s.legal_actions()] == ["target player 2", "target player 3"]
    assert [s.choice_text(a) for a in s.legal_actions()] == [
        "target player 2 — make player 2 bury a card in their corruption (1 card in hand)",
        "target player 3 — make player 3 bury a card in their corruption (1 card in hand)",
    ]


def test_heuristic_beats_random():
    """The heuristic player wins most 2-player games against a random player (30 games)."""
    wins = 0.0
    for i in range(30):
        s = new(2, seed=500 + i)
        bot = SobekHeuristic()
        me = i % 2
        rng = random.Random(i)
        while not s.is_terminal():
            p = s.current_player
            a = bot.act(PlayerView(s, p), rng) if p == me else rng.choice(s.legal_actions())
            s.apply(a)
        wins += s.returns()[me]
    assert wins >= 24


def test_heuristic_is_registered():
    """obelisk finds the heuristic level through the game."""
    assert "heuristic" in GAME.agent_levels()
    assert isinstance(GAME.heuristic_agent(), SobekHeuristic)


@pytest.mark.slow
def test_heuristic_strength_benchmark():
    """Benchmark (slow): >= 90% of 500 seat-rotated 2-player games against random."""
    wins = 0.0
    for i in range(500):
        s = new(2, seed=10_000 + i)
        bot = SobekHeuristic()
        me = i % 2
        rng = random.Random(i)
        while not s.is_terminal():
            p = s.current_player
            a = bot.act(PlayerView(s, p), rng) if p == me else rng.choice(s.legal_actions())
            s.apply_unchecked(a)
        wins += s.returns()[me]
    assert wins / 500 >= 0.9


@pytest.mark.rules("sobek:5")
def test_undo_until_a_reveal_or_the_next_seat_acts():
    """Opening a set may be taken back, a laid card may not; a finished turn may be taken
    back until the next seat acts (the undo policy, issue 38)."""
    s = arrange(
        new(3),
        hands={0: ["fish1", "fish1", "fish0", "wheat1"]},
        market=["wheat1"] * 4,
        turn=0,
        pool=[],
    )
    play(s, "set fish")
    assert s.undoable(0) == 1
    play(s, "add fish 1")
    assert s.undoable(0) == 0
    s2 = arrange(new(3), market=["wheat1"] * 4, turn=0)
    play(s2, "take 1")
    assert s2.current_player == 1 and s2.undoable(0) == 1
    s2.apply(s2.legal_actions()[0])
    assert s2.undoable(0) == 0


@pytest.mark.rules("sobek:14")
def test_clones_share_nothing_mutable():
    """Playing on a clone (whose lists are copied on write) never changes the original."""
    from obelisk.core.conformance import fingerprint

    for n in (2, 4):
        s = new(n, seed=n)
        rng = random.Random(n)
        step = 0
        while not s.is_terminal():
            if step % 5 == 0:
                before = fingerprint(s)
                c = s.clone()
                for _ in range(40):
                    if c.is_terminal():
                        break
                    c.apply(rng.choice(c.legal_actions()))
                assert fingerprint(s) == before
            s.apply(rng.choice(s.legal_actions()))
            step += 1
