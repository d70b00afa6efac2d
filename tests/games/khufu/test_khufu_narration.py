"""Khufu's narration: every event kind in words, exact sentences, no leaks, a clean transcript."""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import pytest
from khufu_helpers import card, curse_next, force_draw, give, hand, new, turn
from rich.console import Console

from obelisk.agents import make_agent
from obelisk.core import PlayerView, Voice, raw_fragment
from obelisk.games.khufu import GAME
from obelisk.games.khufu.actions import (
    ANSWER,
    DECLINE,
    ENTER,
    LEAVE,
    PLACE,
    ROLL,
    SILENT,
    STAY,
    TAKE,
    Bet,
    Give,
    Steal,
    Tick,
)
from obelisk.games.khufu.components import EVENT_IDS, EVENT_TYPES

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import narration_check

NAMES = ("Ann", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (normal)")

#: Every kind a simulated game emits, given enough games.
SIMULATED_KINDS = {
    "action",
    "chance",
    "khufu",
    "move",
    "draw",
    "returned",
    "card_moved",
    "steal",
    "cobra",
    "wager",
    "challenge",
    "challenge_result",
    "curse",
    "relocate",
    "blocked",
    "sarcophagus",
    "lucky",
    "symbol",
    "suit",
    "coin",
    "missed_turn",
}


def say(state, seat, start=None, names=NAMES):
    """The sentences ``seat`` reads of the events from ``start`` (an index of
    ``state.events``; default: after the set-up), None ones dropped."""
    voice = Voice(tuple(names[: state.num_players]), seat)
    out = []
    if start is None:
        start = state.setup_end
    for e in state.events_for(seat, start):
        line = GAME.narrate(e, voice)
        if line:
            out.append(line)
    return out


def mark(state, seat=None):
    return len(state.events)


def fresh(n=3, **opts):
    s = new(n, **opts)
    s.setup_end = len(s.events)
    return s


def roll_for(eid: str) -> int:
    """The khufu_event draw that fires ``eid`` with the default weights."""
    total = 0
    for e in EVENT_TYPES:
        total += e.weight
        if e.id == eid:
            return total
    raise KeyError(eid)


# -- every kind, over many games ------------------------------------------------
@pytest.mark.parametrize("level", ["random", "heuristic"])
def test_every_event_kind_of_simulated_games_is_narrated(level):
    seen = narration_check.check_narration(
        GAME, list(narration_check.games(GAME, seeds=range(6), levels=(level,)))
    )
    assert seen.kinds >= SIMULATED_KINDS, SIMULATED_KINDS - seen.kinds
    orders = {
        line
        for kind, _seat, line in seen.lines
        if kind == "khufu" and line and line.startswith("Khufu")
    }
    assert len(orders) >= 15  # most of Khufu's twenty orders, each in words


def _live_games(seeds):
    """Real-time games with random ticks: interruptions, timeouts, the five-minute warning."""
    for seed in seeds:
        rng = random.Random(seed)
        n = 3 + seed % 4
        s = GAME.new_state(n, seed, {"clock": "realtime"})
        bots = [make_agent(GAME, "random") for _ in range(n)]
        steps = 0
        while not s.is_terminal() and steps < 4000:
            if rng.random() < 0.5:
                s.apply_system(Tick(rng.choice((5, 20, 30, 61))))
            else:
                p = s.current_player
                s.apply(bots[p].act(PlayerView(s, p), rng))
            steps += 1
        yield s


def test_every_event_kind_of_realtime_games_is_narrated():
    seen = narration_check.check_narration(GAME, list(_live_games(range(6))))
    assert {"interrupt", "timeout"} <= seen.kinds
    texts = [line for _k, _s, line in seen.lines if line]
    assert any(t.startswith("Khufu: five minutes left!") for t in texts)
    assert any(t.startswith("Time is up: Khufu wins") for t in texts)


def test_every_khufu_order_has_its_own_sentence():
    """Each of the twenty orders, fired from one position, reads as words naming whom it hits."""
    texts = set()
    for eid in EVENT_IDS:
        s = fresh(3, director=True)
        give(s, 0, "T01", "T02", "T03", "T04", "T05")
        s.next_due = 0
        s.chance.force(roll_for(eid), label="khufu_event")
        s._fire(False)
        events = [e for e in s.events_for(0) if e["kind"] == "khufu"]
        text = GAME.narrate(events[-1], Voice(NAMES[:3], 0))
        assert text and text.startswith("Khufu"), (eid, text)
        assert raw_fragment(text) is None and eid not in text, (eid, text)
        texts.add(text)
    assert len(texts) == len(EVENT_IDS)


# -- exact sentences -------------------------------------------------------------
@pytest.mark.rules("khufu:4.7", "khufu:4.5")
def test_the_opening_names_lucky_and_the_lucky_symbols():
    s = GAME.new_state(3, 0, {"pieces": "seat_order"}, forced=[["CAT", "ANKH", "KING"], 1])
    assert say(s, 0, 0) == [
        "Khufu names Bot 2 (normal) Lucky, to play first. "
        "Lucky symbols: Cat for you, Ankh for Bot 2 (normal) and King for Bot 3 (normal)."
    ]
    assert say(s, None, 0)[0].startswith("Khufu names Bot 2 (normal) Lucky")


@pytest.mark.rules("khufu:4.1", "khufu:14.9")
def test_the_piece_choice_is_told_and_khufu_greets_after_it():
    """Seed: "Everybody choose a playing piece": each choice is a sentence, then Khufu
    names Lucky."""
    from obelisk.games.khufu.actions import Piece

    s = GAME.new_state(3, 0, forced=[["CAT", "ANKH", "KING"], 1])
    s.setup_end = len(s.events)
    for name in ("Gorgon", "Witch", "Zombie"):
        s.apply(Piece(name))
    lines = say(s, 0)
    assert lines[:3] == [
        "You play the Gorgon.",
        "Bot 2 (normal) plays the Witch.",
        "Bot 3 (normal) plays the Zombie.",
    ]
    assert lines[3].startswith("Khufu names Bot 2 (normal) Lucky")


@pytest.mark.rules("khufu:5.3", "khufu:7.1")
def test_a_roll_the_move_and_a_treasure():
    s = fresh(3)
    turn(s, 0, pos=4)
    s.chance.force(3, label="die")
    s.apply(ROLL)
    force_draw(s, "T41")
    s.apply(TAKE)
    assert say(s, 0) == [
        "You roll a 3: to space 7, a Treasure space.",
        "You draw an Eye of Horus with a cobra.",
    ]
    assert say(s, 1) == [
        "Ann rolls a 3: to space 7, a Treasure space.",
        "Ann draws a Treasure card.",
    ]


@pytest.mark.rules("khufu:6.2", "khufu:5.4")
def test_a_door_on_the_way_and_leaving_a_chamber():
    s = fresh(3)
    turn(s, 0, pos=7)
    give(s, 0, "T05", "T06")
    s.chance.force(6, label="die")
    s.apply(ROLL)
    s.apply(ENTER)
    assert say(s, 1) == [
        "Ann rolls a 6: stops at the High-Priest's door (space 9) with 4 steps to go.",
        "Ann enters the High-Priest's Chamber.",
    ]
    s = fresh(3)
    turn(s, 2, room="SERVANT")
    s.chance.force(3, label="die")
    s.apply(LEAVE)
    assert (
        say(s, 2)[0] == "You leave the Servant's Chamber and roll a 3: to space 3, a Curse space."
    )


@pytest.mark.rules("khufu:6.2", "khufu:19")
def test_a_door_reached_on_the_last_pip_and_passed():
    """Edge 4: PASS on the last pip leaves the piece on the door, with no effect."""
    from obelisk.games.khufu.actions import PASS

    s = fresh(3)
    turn(s, 0, pos=7)
    give(s, 0, "T05", "T06")
    s.chance.force(2, label="die")
    s.apply(ROLL)
    s.apply(PASS)
    assert say(s, 1) == [
        "Ann rolls a 2: stops at the High-Priest's door (space 9).",
        "Ann stays on the High-Priest's door (space 9) without entering.",
    ]
    s = fresh(3)
    turn(s, 0, pos=7)
    give(s, 0, "T05", "T06")
    s.chance.force(4, label="die")
    s.apply(ROLL)
    s.apply(PASS)
    assert "You walk past the door: to space 11, a Curse space." in say(s, 0)


@pytest.mark.rules("khufu:8.1", "khufu:8.3", "khufu:8.2")
def test_wagers_in_words():
    s = fresh(3)
    turn(s, 0, room="SERVANT")
    give(s, 0, "T41")
    s.apply(STAY)
    start = mark(s, 0)
    s.apply(Bet("T41"))
    s.chance.force(3, label="die")
    s.apply(PLACE)
    assert say(s, 0, start) == [
        "You add an Eye of Horus with a cobra to your wager.",
        "You wager 1 card at the Servant's table; the die shows 3 \u2014 won! "
        "You place a Scarab in the Servant's Chamber and keep the cards.",
    ]
    assert say(s, 1)[-1:] == [
        "Ann wagers 1 card at the Servant's table; the die shows 3 \u2014 won! "
        "Ann places a Scarab in the Servant's Chamber and keeps the cards."
    ]
    s = fresh(3)
    turn(s, 1, room="KING")
    give(s, 1, "T01", "T13", "T21", "T31")
    s.apply(STAY)
    for c in ("T01", "T13", "T21", "T31"):
        s.apply(Bet(c))
    s.chance.force("KING", label="symbol_die")
    s.apply(PLACE)
    assert say(s, 0)[-1] == (
        "Bot 2 (normal) wagers 4 cards at the King's table with Cat and Falcon face up; "
        "the symbol die shows King \u2014 lost, the 4 cards go to the bottom of the deck."
    )


@pytest.mark.rules("khufu:7.3")
def test_a_steal_and_a_cobra_say_only_what_each_reader_knows():
    s = fresh(3)
    turn(s, 0, pos=4)
    give(s, 0, "T20")
    give(s, 1, "T15")
    s.chance.force(2, label="die")
    s.apply(ROLL)
    s.chance.force("plain", label="steal_kind")
    s.apply(Steal(1))
    assert say(s, 0)[-1] == "You steal a Falcon from Bot 2 (normal)."
    assert say(s, 1, names=("Ann", "You"))[-1] == "Ann steals your Falcon."
    assert say(s, 2)[-1] == "Ann steals a card from Bot 2 (normal)."
    assert "Falcon" not in " ".join(say(s, 2))
    s = fresh(3)
    turn(s, 0, pos=4)
    give(s, 0, "T20")
    give(s, 1, "T11")
    s.chance.force(2, label="die")
    s.apply(ROLL)
    s.chance.force("cobra", label="steal_kind")
    s.chance.force(card("T11"), label="steal_card")
    s.apply(Steal(1))
    s.apply(Give("T20"))
    assert say(s, 2)[-2:] == [
        "Cobra! Ann pulls a Falcon with a cobra from Bot 2 (normal)'s cards: it stays with "
        "Bot 2 (normal); Ann owes Bot 2 (normal) a card.",
        "Ann gives Bot 2 (normal) a card.",
    ]
    assert say(s, 0)[-1] == "You give Bot 2 (normal) a Falcon."


@pytest.mark.rules("khufu:15")
def test_curse_cards_in_words():
    s = fresh(3)
    turn(s, 0, pos=1)
    give(s, 0, "T41")
    s.chance.force(2, label="die")
    curse_next(s, "TOMB_TOLL")
    s.apply(ROLL)
    assert (
        say(s, 1)[-1] == "Ann draws the Curse card Tomb Toll: Ann owes you a card of their choice."
    )
    assert say(s, 2)[-1] == (
        "Ann draws the Curse card Tomb Toll: Ann owes Bot 2 (normal) a card of their choice."
    )
    assert say(s, 0)[-1] == (
        "You draw the Curse card Tomb Toll: you owe Bot 2 (normal) a card of your choice."
    )
    s = fresh(3)
    turn(s, 1, pos=1)
    s.chance.force(2, label="die")
    curse_next(s, "SAND_TRAP")
    s.apply(ROLL)
    assert say(s, 0)[-1] == (
        "Bot 2 (normal) draws the Curse card Sand Trap: Bot 2 (normal) misses their next turn."
    )


@pytest.mark.rules("khufu:14.7")
def test_miss_a_turn_names_the_next_player():
    s = fresh(3, director=True)
    turn(s, 0, pos=4)
    s.next_due = 0
    s.chance.force(roll_for("MISS_NEXT_TURN"), label="khufu_event")
    s._fire(False)
    assert say(s, 0)[-1] == "Khufu: the next player, Bot 2 (normal), misses a turn."
    assert say(s, 1)[-1] == "Khufu: you, the next player, miss a turn."


@pytest.mark.rules("khufu:14.9", "khufu:11.2")
def test_the_five_minute_warning_and_time_up():
    s = fresh(3, clock="realtime")
    turn(s, 0, pos=4)
    start = mark(s, None)
    s.chance.force(3, label="die")
    s.apply_system(Tick(2400))
    assert say(s, None, start) == [
        "Khufu: five minutes left! The hourglass turns into a ticking timer.",
        "Ann's time for the roll ran out: the die is rolled.",
        "Ann rolls a 3: to space 7, a Treasure space.",
    ]
    s.apply_system(Tick(300))
    assert say(s, None)[-1] == (
        "Time is up: Khufu wins; nobody reached the Sarcophagus and beat the Ultimate "
        "Challenge in time."
    )


@pytest.mark.rules("khufu:14.7")
def test_the_mummy_call_and_the_answers():
    s = fresh(3, director=True)
    turn(s, 0, pos=4)
    s.dec = None
    s.stack = []
    s.next_due = 0
    s.chance.force(roll_for("MUMMY_CALL"), label="khufu_event")
    s._fire(False)
    s._run()
    s.apply(ANSWER)
    s.apply(SILENT)
    assert say(s, 2)[-3:] == [
        "Khufu: \u201cWho is the mummy?\u201d Everyone who stays silent returns a random card.",
        "Ann shouts: \u201cYou are the mummy!\u201d",
        "Bot 2 (normal) stays silent.",
    ]


def test_a_declined_treasure():
    s = fresh(3)
    turn(s, 0, pos=4)
    s.chance.force(3, label="die")
    s.apply(ROLL)
    s.apply(DECLINE)
    assert say(s, 1)[-1] == "Ann leaves the Treasure card."


# -- no leaks --------------------------------------------------------------------
@pytest.mark.rules("khufu:17.2")
def test_a_seat_never_reads_another_seats_secret_cards():
    """Seat 0's draws, bets and gifts name the card only for seat 0 (and a receiver)."""
    s = fresh(3)
    turn(s, 0, pos=4)
    s.chance.force(3, label="die")
    s.apply(ROLL)
    force_draw(s, "T41")
    s.apply(TAKE)
    assert hand(s, 0) == ["T41"]
    assert "You draw an Eye of Horus with a cobra." in say(s, 0)
    for seat in (1, 2, None):
        assert not any("Eye of Horus" in t for t in say(s, seat)), seat
    # a wager's cards stay secret (only their number is told)
    s = fresh(3)
    turn(s, 0, room="HIGH_PRIEST")
    give(s, 0, "T41", "T51")
    s.apply(STAY)
    s.apply(Bet("T41"))
    s.apply(Bet("T51"))
    s.chance.force(1, label="die")
    s.apply(PLACE)
    assert any("Eye of Horus" in t for t in say(s, 0))
    for seat in (1, 2, None):
        lines = say(s, seat)
        assert not any("Eye of Horus" in t or "King" in t for t in lines), (seat, lines)
        assert lines[-1].startswith("Ann wagers 2 cards at the High-Priest's table")
    # a tomb toll: giver and receiver see the card, the third seat only that one moved
    s = fresh(3)
    turn(s, 0, pos=1)
    give(s, 0, "T55")
    s.chance.force(2, label="die")
    curse_next(s, "TOMB_TOLL")
    s.apply(ROLL)
    s.apply(Give("T55"))
    assert say(s, 0)[-1] == "You give Bot 2 (normal) a King."
    assert say(s, 1, names=("Ann", "You", "Bob"))[-1] == "Ann gives you a King."
    assert say(s, 2)[-1] == "Ann gives Bot 2 (normal) a card."
    # a random return: only its owner learns which card went
    s = fresh(3)
    turn(s, 0, pos=1)
    give(s, 0, "T55")
    s.chance.force(2, label="die")
    curse_next(s, "SNAKE_BITE")
    s.apply(ROLL)
    assert say(s, 0)[-1] == "You lose a King: it goes to the bottom of the deck."
    assert say(s, 1)[-1] == "Ann returns a random card to the bottom of the deck."


# -- the watched transcript ------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_watched_game_transcript_is_clean(seed):
    from obelisk.tui import PlaySession, parse_seats

    seats = parse_seats(GAME, "heuristic,heuristic,heuristic", None)
    c = Console(file=io.StringIO(), record=True, width=100, force_terminal=False)
    session = PlaySession.new(GAME, seats, seed, console=c, fast=True)
    session.run()
    text = c.export_text()
    for line in text.splitlines():
        assert raw_fragment(line) is None, line
        assert not narration_check.ZERO_SEAT.search(line), line
        assert "T0" not in line and "P0" not in line, line
    assert "Khufu names" in text


@pytest.mark.rules("khufu:14.4", "khufu:5.8")
def test_an_interruption_and_a_timeout_in_words():
    s = fresh(3, director=True, clock="realtime")
    s.next_due = 10**9
    turn(s, 0, pos=7)
    s.apply_system(Tick(50))
    s.next_due = 0
    s.chance.force(roll_for("TAUNT"), label="khufu_event")
    s.chance.force(100, label="khufu_gap")
    s.apply_system(Tick(10))
    assert say(s, 1) == [
        "Khufu interrupts: Ann's turn ends before the roll.",
        "Khufu laughs at the players; nothing else happens.",
    ]
    s = fresh(3, clock="realtime")
    turn(s, 0, pos=4)
    s.chance.force(3, label="die")
    s.apply_system(Tick(60))
    assert say(s, 0) == [
        "Your time for the roll ran out: the die is rolled.",
        "You roll a 3: to space 7, a Treasure space.",
    ]


def test_the_glossary_explains_every_curse_and_order():
    gl = GAME.narrator.glossary()
    assert len([t for t in gl if t.endswith(" (Curse card)")]) == 10
    assert len([t for t in gl if t.endswith(" (Khufu's order)")]) == 20
    assert {"Lucky", "Scarab", "Cobra", "Ultimate Challenge", "Sarcophagus"} <= set(gl)
    first = GAME.narrator.explanations({"kind": "curse", "seat": 0, "card": "PLAGUE"})
    assert first and first[0][0] == "Plague (Curse card)"


@pytest.mark.rules("khufu:2.3")
def test_two_player_games_are_narrated_too():
    opts = {"allow_two_players": True}
    states = [
        narration_check.play(GAME, 2, seed, level, opts)
        for seed in range(2)
        for level in ("random", "heuristic")
    ]
    seen = narration_check.check_narration(GAME, states)
    assert {"move", "wager", "khufu"} <= seen.kinds


@pytest.mark.rules("khufu:10.2", "khufu:10.5", "khufu:10.7")
def test_the_ultimate_challenge_in_words():
    from khufu_helpers import all_scarabs

    from obelisk.games.khufu.actions import CHALLENGE, Select

    s = fresh(3)
    turn(s, 0, room="KING")
    give(s, 0, "T13", "T14", "T23", "T25", "T33")
    all_scarabs(s, 0)
    s.chance.force([0, 30, 50], label="khufu_hand")  # Cat, Ankh, King
    s.chance.force([12, 13, 22, 24, 32], label="deal")
    s.apply(CHALLENGE)
    s.chance.force("EYE_OF_HORUS", "FALCON", label="symbol_die")
    s.apply(Select(("T13", "T14", "T23")))
    assert say(s, 1) == [
        "Ann takes on Khufu's Ultimate Challenge in the King's Chamber.",
        "The clock stops. Khufu shows Cat, Ankh and King; Ann is dealt Falcon, Falcon, Jackal, "
        "Jackal and Ankh; Ann chooses three.",
        "The symbol dice show Eye of Horus and Falcon: Ann's Falcon, Falcon and Jackal make "
        "three of a kind against Khufu's no pair. Ann beats Khufu and wins the game!",
    ]
    assert say(s, 0)[-1].endswith("You beat Khufu and win the game!")
