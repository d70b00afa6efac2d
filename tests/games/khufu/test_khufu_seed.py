"""Issue 27, the seed wins by default: Khufu interrupts a simulated turn as a real-time one,
and everybody chooses a playing piece at set-up. Each default quotes the seed's sentence;
the options that restore the old behaviour are tested too, and so is an old record."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from khufu_helpers import hand, new, turn

from obelisk.core import InvalidOptions, PlayerView, Record, RecordError, replay, undo
from obelisk.games.khufu import GAME
from obelisk.games.khufu import rules as R
from obelisk.games.khufu.actions import DECLINE, ROLL, Piece, Tick
from obelisk.games.khufu.bot import KhufuHeuristic
from obelisk.games.khufu.components import CHARACTERS, EVENT_INDEX, EVENT_TYPES

RECORDS = Path(__file__).parent / "records"


def roll_for(eid: str) -> int:
    """The Director's raw roll (1..100) that selects event ``eid``."""
    i = EVENT_INDEX[eid]
    return 1 + sum(e.weight for e in EVENT_TYPES[:i])


def taunt_next(s: R.KhufuState, gap: int = 100) -> None:
    s.chance.force(roll_for("TAUNT"), label="khufu_event")
    s.chance.force(gap, label="khufu_gap")


def kinds(s: R.KhufuState) -> list[str]:
    return [e["kind"] for e in s.events_for(None)]


# -- Khufu appears between any two actions, in both modes --------------------------
@pytest.mark.rules("khufu:14.3", "khufu:14.4", "khufu:12.4")
def test_simulated_khufu_interrupts_the_turn_at_a_treasure():
    """Seed: "If you're in the middle of a turn, your turn is now over." The Treasure
    space's 2 s make Khufu due while the card is offered: he appears, the card is not
    taken, and the turn is over (as a real-time Tick at that moment would do)."""
    s = new(3, director=True)
    turn(s, 0, pos=7)
    s.elapsed = 500
    s.next_due = 502
    s.chance.force(3, label="die")  # 7 -> 10, a Treasure space (2 s: 502)
    taunt_next(s, gap=100)
    s.apply(ROLL)
    assert s.pos[0] == 10 and hand(s, 0) == []
    interrupts = [e for e in s.events_for(None) if e["kind"] == "interrupt"]
    assert [(e["seat"], e["decision"]) for e in interrupts] == [(0, "TAKE_TREASURE")]
    assert s.current_player == 1 and s.dec == (R.CHAMBER_D, 1, 0)  # still in the Servant's
    assert s.elapsed == 502 + 20 + 10  # the event's 20 s, then seat 2's turn start
    assert s.next_due == 522 + 100  # the gap counts from the end of the event


@pytest.mark.rules("khufu:14.3", "khufu:14.4", "khufu:5.3")
def test_simulated_khufu_can_end_a_turn_before_its_roll():
    """Seed: "Whenever Khufu appears, you must STOP". The turn start's 10 s make Khufu
    due before the roll: the next player's turn is over at once, the piece stays put."""
    s = new(3, director=True)
    turn(s, 0, pos=7)
    s.no_entry[0] = True  # seat 1 walks past the door and the turn ends on space 9
    s.elapsed = 500
    s.next_due = 505  # not due at the turn boundary (500), due after seat 2's 10 s
    s.pos[1] = 4
    s.room[1] = -1
    s.chance.force(2, label="die")
    taunt_next(s)
    s.apply(ROLL)
    assert s.pos[1] == 4  # seat 2 never rolled
    assert [e for e in s.events_for(None) if e["kind"] == "interrupt"][-1]["decision"] == "ROLL"
    assert s.current_player == 2


@pytest.mark.rules("khufu:14.3")
def test_sim_interrupts_false_keeps_khufu_to_the_turn_boundaries():
    """The old behaviour, kept as an option: the same position offers the Treasure card,
    and Khufu appears only once the turn is over."""
    s = new(3, director=True, sim_interrupts=False)
    turn(s, 0, pos=7)
    s.elapsed = 500
    s.next_due = 502
    s.chance.force(3, label="die")
    s.apply(ROLL)
    assert s.dec == (R.TAKE_D, 0)
    taunt_next(s)
    s.apply(DECLINE)
    assert s.pos[0] == 10 and "interrupt" not in kinds(s)
    assert [e.data.get("event") for e in s.events if e.kind == "khufu"][-1] == "TAUNT"


@pytest.mark.rules("khufu:14.3", "khufu:14.7")
def test_whole_simulated_games_are_interrupted_like_real_time_ones():
    """Khufu interrupts simulated turns mid-way with the one event table; with
    ``sim_interrupts=false`` no turn of a whole game is ever interrupted."""

    def play(seed: int, **opts: object) -> R.KhufuState:
        s = GAME.new_state(4, seed, {"pieces": "seat_order", **opts})
        rng = random.Random(seed)
        bots = [KhufuHeuristic() for _ in range(4)]
        while not s.is_terminal():
            p = s.current_player
            s.apply(bots[p].act(PlayerView(s, p), rng))
        return s

    hit = 0
    for seed in range(3):
        s = play(seed)
        hit += kinds(s).count("interrupt")
        fired = [e.data["event"] for e in s.events if e.kind == "khufu" and "number" in e.data]
        assert set(fired) <= {e.id for e in EVENT_TYPES}
        assert "interrupt" not in kinds(play(seed, sim_interrupts=False))
    assert hit >= 3


# -- Everybody chooses a playing piece -----------------------------------------------
@pytest.mark.rules("khufu:4.1", "khufu:4.9", "khufu:14.9")
def test_everybody_chooses_a_playing_piece_at_set_up():
    """Seed: "Everybody choose a playing piece". Seats choose in seat order among the
    pieces still free; then Khufu greets the table and Lucky's first turn starts the
    countdown."""
    s = GAME.new_state(3, 0, {"director": False}, forced=[["CAT", "ANKH", "KING"], 1])
    assert s.dec == (R.PIECE_D, 0) and s.elapsed == 0
    assert s.legal_actions() == [Piece(c) for c in CHARACTERS]
    assert s.observation(None)["decision"] == {
        "kind": "CHOOSE_PIECE",
        "seat": 0,
        "pieces": list(CHARACTERS),
    }
    assert "khufu" not in kinds(s)  # Khufu appears once the pieces are on the board
    s.apply(Piece("Gorgon"))
    assert s.current_player == 1 and Piece("Gorgon") not in s.legal_actions()
    with pytest.raises(Exception) as e:
        s.apply(Piece("Gorgon"))
    assert getattr(e.value, "rule", None) == "khufu:4.1"
    s.apply(Piece("Witch"))
    s.apply(Piece("Vampire"))
    players = s.observation(None)["players"]
    assert [p["character"] for p in players] == ["Gorgon", "Witch", "Vampire"]
    assert [e.data["event"] for e in s.events if e.kind == "khufu"] == ["INTRO"]
    assert s.current_player == 1 == s.lucky and s.dec == (R.CHAMBER_D, 1, 0)
    assert s.elapsed == 10  # khufu:4.9 the countdown started with Lucky's first turn
    assert "Player 1 (Gorgon)" in s.to_text(0)


@pytest.mark.rules("khufu:4.1")
def test_pieces_option_seat_order_or_one_piece_per_seat():
    """The old fixed assignment stays as ``pieces=seat_order``; a list gives each seat
    its piece (a lobby may ask there)."""
    s = GAME.new_state(4, 0, {"pieces": "seat_order"})
    assert s.piece == list(CHARACTERS[:4]) and s.dec is not None and s.dec[0] != R.PIECE_D
    s = GAME.new_state(3, 0, {"pieces": "poltergeist, WITCH,zombie"})
    assert s.piece == ["Poltergeist", "Witch", "Zombie"] and s.dec[0] != R.PIECE_D
    for bad in ("witch,zombie", "witch,witch,zombie", "witch,zombie,mummy"):
        with pytest.raises(InvalidOptions, match=r"khufu:4\.1"):
            GAME.new_state(3, 0, {"pieces": bad})


@pytest.mark.rules("khufu:4.1", "khufu:12.3")
def test_a_piece_is_typed_by_name_and_undone_and_ticks_wait_for_set_up():
    """Real time: the clock does not run while the pieces are chosen (Ticks change
    nothing and bar no undo); a piece is typed by its name; a choice may be undone."""
    s = GAME.new_state(3, 4, {"clock": "realtime"})
    assert s.parse_action("gorgon") == Piece("Gorgon")
    assert s.parse_action("piece witch") == Piece("Witch")
    assert s.choice_text(Piece("Witch")).startswith("piece Witch — play the Witch")
    s.apply(Piece("Werewolf"))
    events = len(s.events)
    s.apply_system(Tick(90))  # more than a decision's timeout: nothing happens
    assert s.elapsed == 0 and len(s.events) == events and s.dec == (R.PIECE_D, 1)
    s.apply(Piece("Witch"))
    assert s.undoable(1) == 1
    back = undo(s, 1)
    assert back.dec == (R.PIECE_D, 1) and back.piece == ["Werewolf", None, None]


def test_bots_take_the_first_free_piece():
    """The heuristic takes the first free piece, so all-bot games keep the seat order."""
    s = GAME.new_state(4, 1)
    bot = KhufuHeuristic()
    rng = random.Random(0)
    while s.dec is not None and s.dec[0] == R.PIECE_D:
        s.apply(bot.act(PlayerView(s, s.current_player), rng))
    assert s.piece == list(CHARACTERS[:4])


# -- records saved before these defaults -------------------------------------------
@pytest.mark.rules("khufu:14.3", "khufu:4.1")
def test_a_record_saved_before_issue_27_replays_the_old_way():
    """The record (160 steps, 4 heuristic seats, simulated clock) was saved by the engine
    of commit a67772d, which had neither option: it replays with the pieces by seat and
    Khufu at turn ends only. Under the new defaults it would not replay."""
    data = json.loads((RECORDS / "before_issue27_simulated.json").read_text())
    assert "sim_interrupts" not in data["options"] and "pieces" not in data["options"]
    s = replay(Record.from_json(data))
    assert s.options.sim_interrupts is False and s.options.pieces == "seat_order"
    assert len(s.history) == 160 and s.elapsed == 1082
    assert "interrupt" not in kinds(s)
    # saved again, it names both options, so it keeps replaying the same way
    again = Record.from_state(s).to_json()
    assert again["options"]["sim_interrupts"] is False
    assert replay(Record.from_json(again)).elapsed == 1082
    newer = dict(data, options={**data["options"], "sim_interrupts": True})
    with pytest.raises(RecordError):
        replay(Record.from_json(newer))
    # a partial mapping (the command line's --option) gets the seed's defaults
    o = GAME.make_options({"director": False})
    assert o.sim_interrupts is True and o.pieces == "choose"


@pytest.mark.rules("khufu:16.5")
def test_the_packed_pool_hash_names_the_card_a_loop_over_the_pool_names():
    """A treasure draw hashes the pool in 128-bit lanes of one integer (issue 37): the
    card named is the one of least hash(key, card) found card by card, the first on a tie,
    with the cards drawn in the same step after the pool (khufu:16.5)."""

    def by_loop(key, *groups):
        best, best_h = -1, 1 << 64
        for group in groups:
            for c in group:
                z = (((key << 8) | c) * 0x9E3779B97F4A7C15) & R.MASK64
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & R.MASK64
                z ^= z >> 31
                if z < best_h:
                    best_h, best = z, c
        return best

    rng = random.Random(3)
    for _ in range(2000):
        cards = rng.sample(range(60), rng.randrange(61))
        k = rng.randrange(4)
        key = rng.randrange(R.DRAW_KEYS + 1)
        assert R._least(key, cards[k:], cards[:k]) == by_loop(key, cards[k:], cards[:k])
