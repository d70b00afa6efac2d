"""Khufu at the table: undo in a live (real-time) game, two players, words a person types."""

from __future__ import annotations

import random

import pytest

from obelisk.core import InvalidOptions, UndoError, undo
from obelisk.games.khufu import GAME
from obelisk.games.khufu import rules as R
from obelisk.games.khufu.actions import Bet, Stay, Steal, Tick


def _at_an_undoable_choice(seed: int, **opts):
    """A real-time game (from its seed, so a record replays it) played at random until the
    seat to move may stay in a chamber or bet a card: decisions that draw nothing."""
    s = GAME.new_state(3, seed, {"clock": "realtime", **opts})
    rng = random.Random(seed)
    for _ in range(3000):
        legal = s.legal_actions()
        mine = [a for a in legal if isinstance(a, (Stay, Bet))]
        if mine:
            return s, mine[0]
        s.apply(rng.choice(legal))
    raise AssertionError("no undoable choice reached")


@pytest.mark.rules("khufu:12.3")
def test_undo_in_a_live_game_keeps_the_time_that_passed():
    """Issue 22: a Tick that only moves time on no longer bars undo (it did on every tick)."""
    s, action = _at_an_undoable_choice(5, director=False)
    seat = s.current_player
    before = s.observation(seat)
    s.apply(action)
    events = len(s.events)
    for _ in range(3):
        s.apply_system(Tick(5))
    assert len(s.events) == events  # pure ticks: nothing happened but time
    assert s.undoable(seat) >= 1
    back = undo(s, seat)
    assert back.elapsed == s.elapsed == before["clock"]["elapsed"] + 15
    assert back.current_player == seat
    assert action in back.legal_actions()
    after = back.observation(seat)
    assert after["decision"] == before["decision"]
    assert after["players"] == before["players"]


@pytest.mark.rules("khufu:5.7", "khufu:14.9")
def test_a_tick_that_does_something_still_bars_undo():
    s, action = _at_an_undoable_choice(5, director=False)
    seat = s.current_player
    s.apply(action)
    s.apply_system(Tick(61))  # the decision times out: its default is played
    assert any(e.kind == "timeout" for e in s.events)
    assert s.undoable(seat) == 0
    with pytest.raises(UndoError):
        undo(s, seat)
    # the five-minute warning is an event too
    s, action = _at_an_undoable_choice(6, director=False)
    seat = s.current_player
    s.apply(action)
    left = s.options.countdown - s.elapsed - s.options.final_minutes_at
    if left > 0 and s.dec is not None and s.dec[0] == R.WAGER_D:
        s.dec_ticks = -(10**6)  # keep the wager from timing out on the long tick
        s.apply_system(Tick(left))
        assert s.f2 and s.undoable(seat) == 0


def test_a_live_game_with_the_director_undoes_between_events():
    s, action = _at_an_undoable_choice(7)
    seat = s.current_player
    s.apply(action)
    s.apply_system(Tick(1))
    if len(s.history) and s.history[-1].barrier:
        assert s.undoable(seat) == 0
    else:
        assert s.undoable(seat) >= 1
        assert undo(s, seat).elapsed == s.elapsed


@pytest.mark.rules("khufu:2.3")
def test_two_players_are_accepted_behind_the_option():
    opts = GAME.make_options({"allow_two_players": True})
    GAME.check_players(2, opts)
    GAME.check_options(opts, 2)
    s = GAME.new_state(2, 1, {"allow_two_players": True})
    assert s.num_players == 2 and not s.is_terminal()
    with pytest.raises(InvalidOptions):
        GAME.new_state(2, 1)


@pytest.mark.rules("khufu:7.3")
def test_a_steal_is_typed_with_the_victim_counted_from_1():
    from khufu_helpers import give, new, turn

    s = new(3)
    turn(s, 0, pos=4)
    give(s, 0, "T20")
    give(s, 1, "T15")
    give(s, 2, "T16")
    s.chance.force(2, label="die")
    s.apply(s.legal_actions()[0])
    assert s.parse_action("steal 2") == Steal(1)
    assert s.parse_action("steal 3") == Steal(2)
    assert s.parse_action("steal vampire") == Steal(2)
    assert Steal(1).text() == "steal 2"
    assert s.choice_text(Steal(1)) == "steal from Player 2 (Zombie) — a random one of 1 card"


# -- choices and the text view in words ----------------------------------------------
@pytest.mark.rules("khufu:10.2", "khufu:10.5")
def test_challenge_choices_name_their_symbols_and_odds():
    from khufu_helpers import all_scarabs, give, new, turn

    from obelisk.games.khufu.actions import CHALLENGE
    from obelisk.games.khufu.casino import challenge_counts
    from obelisk.games.khufu.components import SYMBOLS

    s = new(3)
    turn(s, 0, room="KING")
    give(s, 0, "T13", "T14", "T23", "T25", "T33")
    all_scarabs(s, 0)
    s.chance.force([0, 30, 50], label="khufu_hand")  # Cat, Ankh, King
    s.chance.force([12, 13, 22, 24, 32], label="deal")
    s.apply(CHALLENGE)
    texts = [s.choice_text(a) for a in s.legal_actions()]
    w, d, _ = challenge_counts(
        [SYMBOLS.index(x) for x in ("CAT", "ANKH", "KING")],
        [SYMBOLS.index(x) for x in ("FALCON", "FALCON", "JACKAL")],
    )
    assert f"select Falcon, Falcon, Jackal — wins on {w}, draws on {d} of the 36 dice rolls" in (
        texts
    )
    assert not any("T1" in t or "T2" in t or "FALCON" in t for t in texts)
    assert s.parse_action("select falcon falcon jackal").cards in (
        ("T13", "T14", "T23"),
        ("T13", "T14", "T25"),
    )
    with pytest.raises(Exception) as e:
        s.apply(s.parse_action("select cat falcon falcon"))
    assert "choose 3 of the dealt cards: Falcon, Falcon, Jackal, Jackal and Ankh" in str(e.value)


@pytest.mark.rules("khufu:8.1", "khufu:8.2")
def test_wager_choices_in_words():
    from khufu_helpers import give, new, turn

    s = new(3)
    turn(s, 0, room="KING")
    give(s, 0, "T01", "T13", "T21", "T31")
    s.apply(Stay())
    assert s.choice_text(Bet("T01")) == "bet a Cat with a cobra — a table card, face up"
    assert s.parse_action("bet falcon") == Bet("T13")
    for c in ("T01", "T13", "T21", "T31"):
        s.apply(Bet(c))
    place = s.legal_actions()[-1]
    assert s.choice_text(place) == (
        "place — play the King's table with 4 cards: wins if the symbol die shows Cat or Falcon"
    )
    s = new(3)
    turn(s, 1, room="SERVANT")
    assert s.choice_text(s.legal_actions()[0]) == (
        "leave — roll and walk on from the Servant's door (no chamber on the way)"
    )


def test_the_text_view_counts_players_from_1_and_names_things_in_words():
    from narration_check import ZERO_SEAT
    from obelisk.core import raw_fragment

    s = GAME.new_state(4, 3, {"clock": "realtime", "pieces": "seat_order"})
    rng = random.Random(1)
    for _ in range(120):
        s.apply(rng.choice(s.legal_actions()))
    for seat in (None, 0, 1):
        text = s.to_text(seat)
        assert not ZERO_SEAT.search(text) and raw_fragment(text) is None, text
        assert "Player 1 (Witch)" in text and " left" in text and "(real time)" in text
        assert "T Treasure, C Curse, S Steal" in text
        for bad in ("EYE_OF_HORUS", "HIGH_PRIEST", "hourglass", "P1 ", "T01", "KING "):
            assert bad not in text, (bad, text)
        assert max(len(line) for line in text.splitlines()) <= 76
    mine = s.to_text(s.current_player)
    assert f"To decide: Player {s.current_player + 1}" in mine
    assert "Your hand (" in mine


@pytest.mark.rules("khufu:5.7")
def test_no_undo_into_a_decision_whose_time_has_run_out():
    """The time an undo keeps counts toward the restored decision's 60 s: an undo that
    would land past it is refused (a replay would time it out and play its default)."""
    s, action = _at_an_undoable_choice(5, director=False)
    seat = s.current_player
    s.apply_system(Tick(55))  # the person thinks 55 s, then decides
    s.apply(action)
    s.apply_system(Tick(4))
    assert s.undoable(seat) >= 1  # 59 s: the decision can still be given back
    back = undo(s, seat)
    assert back.current_player == seat and action in back.legal_actions()
    s.apply_system(Tick(1))
    assert s.undoable(seat) == 0  # 60 s: it would time out at once
    with pytest.raises(UndoError):
        undo(s, seat)


def test_every_choice_has_words_and_its_short_form_parses_back():
    """Along random games (simulated and real time): every legal action has a choice text
    without ids or enum names, and typing its short form gives that very action."""
    import re

    for seed, opts in ((1, {}), (2, {"clock": "realtime"}), (3, {})):
        s = GAME.new_state(3 + seed, seed, opts)
        rng = random.Random(seed)
        for _ in range(600):
            if s.is_terminal():
                break
            legal = s.legal_actions()
            for a in legal[:40]:
                text = s.choice_text(a)
                assert not re.search(r"\bT\d\d\b|[A-Z]{2,}_[A-Z]", text), text
                assert s.parse_action(a.text()) == a, a.text()
            if opts and rng.random() < 0.3:
                s.apply_system(Tick(rng.choice((5, 30))))
            else:
                s.apply(rng.choice(legal))
            s.to_text(s.current_player if not s.is_terminal() else None)
