"""Whole games: invariants, hidden information, determinize, records, the heuristic player."""

from __future__ import annotations

import json
import random

import pytest

from obelisk.core import PlayerView, Record, replay
from obelisk.games.khufu import GAME
from obelisk.games.khufu import components as K
from obelisk.games.khufu.bot import KhufuHeuristic


def _play(n, seed, heuristic=(), check=True, options=None):
    s = GAME.new_state(n, seed, options)
    rng = random.Random(seed)
    bots = {p: KhufuHeuristic() for p in heuristic}
    while not s.is_terminal():
        p = s.current_player
        a = bots[p].act(PlayerView(s, p), rng) if p in bots else rng.choice(s.legal_actions())
        before = s.elapsed
        s.apply(a)
        if check:
            s.check_invariants()
            assert s.elapsed >= before  # khufu:18.2 the clock never runs back
    return s


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_invariants_hold_after_every_step(n):
    """Edge 48 (a few seeds here; the slow test runs 1000 per player count)."""
    for seed in range(2):
        _play(n, seed, heuristic=range(n) if seed else ())


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_invariants_hold_in_a_thousand_bot_games(n):
    """Edge 48."""
    for seed in range(1000):
        _play(n, seed, heuristic=range(n))


@pytest.mark.rules("khufu:12.4", "khufu:14.3")
def test_simulated_mode_interrupts_turns_only_by_default():
    """Seed: "your turn is now over" (test_khufu_seed.py); sim_interrupts=false restores
    the turn-boundary checkpoints, where no turn is ever interrupted."""
    s = _play(4, 3, check=False, options={"sim_interrupts": False})
    kinds = [e["kind"] for e in s.events_for(None)]
    assert "interrupt" not in kinds


def test_no_view_shows_a_card_its_seat_cannot_know():
    """The leak test over hands, wagers, the pool and the returned cards, along whole games.

    A seat's observation shows its own cards' faces (``hand_faces``: symbol, cobra) and
    no other seat's: redealing the cards it cannot place leaves its observation as it was.

    Every card id in a seat's observation, text or events is a card the seat may know:
    its own, or one whose place is public (revealed cobras, table cards, tithes, the
    Challenge), or one it saw move.
    """
    for n, seed in ((3, 7), (5, 8)):
        s = GAME.new_state(n, seed)
        rng = random.Random(seed)
        bots = [KhufuHeuristic() for _ in range(n)]
        step = 0
        while not s.is_terminal():
            p = s.current_player
            s.apply(
                bots[p].act(PlayerView(s, p), rng) if step % 2 else rng.choice(s.legal_actions())
            )
            step += 1
            if step % 7:
                continue
            # Khufu's 3 cards come from his own virtual deck (khufu:10.3), and the last
            # Challenge's deal stays on show as public history.
            virtual = {s.card_id(c) for c in (*s.ch_khufu, *s.ch_dealt)}
            assert "hand_faces" not in s.observation(None)
            for q in range(n):
                obs = s.observation(q)
                # the seat's own faces, and only those: no other seat's symbols or cobras
                assert obs["hand_faces"] == [
                    {
                        "card": s.card_id(c),
                        "symbol": K.SYMBOLS[s.t.card_symbol[c]],
                        "cobra": s.t.card_cobra[c],
                    }
                    for c in s.hands[q]
                ]
                assert [f["card"] for f in obs["hand_faces"]] == obs["hand"]
                # re-dealing every card q cannot place changes nothing q is shown
                assert s.determinize(q, random.Random(step)).observation(q) == obs
                shown = json.dumps([obs, s.to_text(q)])
                for c in range(60):
                    if s.known[c] >> q & 1 or s.card_id(c) in virtual:
                        continue
                    assert f'"{s.card_id(c)}"' not in shown, (q, s.card_id(c))
                    assert f"{s.card_id(c)}=" not in shown
        d = s.determinize(1, random.Random(0))
        assert d.observation(1) == s.observation(1)
        assert d.events_for(1) == s.events_for(1)
        assert d.to_text(1) == s.to_text(1)


def test_determinize_redraws_unknown_cards_and_keeps_known_ones():
    s = GAME.new_state(4, 2)
    rng = random.Random(2)
    for _ in range(200):
        s.apply(rng.choice(s.legal_actions()))
    seen_other = False
    for k in range(5):
        d = s.determinize(0, random.Random(k))
        assert d.hands[0] == s.hands[0]
        assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
        for p in range(1, 4):
            for c_real, c_new in zip(s.hands[p], d.hands[p], strict=True):
                if s.known[c_real] & 1:
                    assert c_real == c_new
        seen_other = seen_other or d.hands[1:] != s.hands[1:]
        d.check_invariants()
    assert seen_other


def test_record_replays_a_whole_game():
    s = _play(5, 4, heuristic=(0, 2), check=False)
    again = replay(Record.from_json(json.loads(Record.from_state(s).dumps())))
    assert again.events_for(None) == s.events_for(None) and again.winners() == s.winners()


def test_heuristic_beats_random_players():
    """The heuristic wins clearly more than its share against random players."""
    wins = 0
    games = 16
    for seed in range(games):
        s = _play(3, 500 + seed, heuristic=(seed % 3,), check=False)
        wins += s.winner == seed % 3
    assert wins / games > 0.4  # random players almost never win (measured: see docs)


def test_text_view_names_the_decision():
    s = GAME.new_state(4, 1)
    text = s.to_text(s.current_player)
    assert "To decide" in text and "Your hand" in text
    assert "Your hand" not in s.to_text(None)


@pytest.mark.rules("khufu:12.3", "khufu:14.4")
@pytest.mark.parametrize("schedule", ["seconds", "turns"])
def test_realtime_games_with_random_ticks_stay_consistent(schedule):
    """Real-time play: Ticks between actions interrupt turns, time out decisions, end the game."""
    from obelisk.games.khufu.actions import Tick

    for seed in range(3):
        s = GAME.new_state(4, seed, {"clock": "realtime", "schedule": schedule})
        rng = random.Random(seed)
        steps = 0
        while not s.is_terminal():
            if rng.random() < 0.5:
                s.apply_system(Tick(rng.randint(1, 40)))
            else:
                s.apply(rng.choice(s.legal_actions()))
            s.check_invariants()
            steps += 1
            assert steps < 20000
        replayed = replay(Record.from_json(json.loads(Record.from_state(s).dumps())))
        assert replayed.events_for(None) == s.events_for(None)


def test_turn_schedule_games_end():
    for n in (3, 6):
        s = _play(n, 1, options={"schedule": "turns"})
        assert s.is_terminal()
