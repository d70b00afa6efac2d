"""The countdown, Lucky and the Khufu Director (khufu:5.7-5.8, 12-15)."""

from __future__ import annotations

import random

import pytest
from khufu_helpers import card, curse_next, force_draw, give, hand, new, turn

from obelisk.core import PlayerView
from obelisk.games.khufu import GAME
from obelisk.games.khufu import rules as R
from obelisk.games.khufu.actions import (
    ANSWER,
    DECLINE,
    ROLL,
    SILENT,
    STAY,
    Bet,
    Give,
    Steal,
    Tick,
)
from obelisk.games.khufu.components import EVENT_INDEX, EVENT_TYPES
from rulebook import refuses


def roll_for(eid: str) -> int:
    """The Director's raw roll (1..100) that selects event ``eid``."""
    i = EVENT_INDEX[eid]
    return 1 + sum(e.weight for e in EVENT_TYPES[:i])


def directed(n=4, **opts):
    s = new(n, director=True, **opts)
    s.next_due = 10**9
    return s


def fire_after_turn(s, p, eid, gap=150, pos=7):
    """p's turn ends at once (an ineligible door); the checkpoint fires ``eid``."""
    turn(s, p, pos=pos)
    s.no_entry[p] = True  # the move never stops at the door (khufu:6.3)
    s.next_due = 0
    s.chance.force(2, label="die")
    s.chance.force(roll_for(eid), label="khufu_event")
    s.chance.force(gap, label="khufu_gap")


def kinds(s, seat=None):
    return [e.get("event") for e in s.events_for(seat) if e["kind"] == "khufu"]


@pytest.mark.rules("khufu:14.1", "khufu:14.3", "khufu:14.10", "khufu:12.4")
def test_event_fires_at_the_turn_boundary_and_schedules_the_next():
    """Edge 39: one event per checkpoint; next_due is computed after the event."""
    s = directed()
    s.elapsed = 500
    fire_after_turn(s, 0, "TAUNT", gap=150)
    s.apply(ROLL)
    assert kinds(s)[-1] == "TAUNT"
    assert s.next_due == 500 + 20 + 150  # the event's 20 s, then the gap
    assert s.elapsed == 500 + 20 + 10  # + the next turn's start
    assert not s.in_event


@pytest.mark.rules("khufu:14.10", "khufu:14.2")
def test_director_stream_does_not_depend_on_the_play():
    """Edge 40: same seed, different decisions, same events."""

    def events(seed, bot):
        s = GAME.new_state(4, seed)
        rng = random.Random(99)
        agent = GAME.heuristic_agent()
        while not s.is_terminal():
            p = s.current_player
            a = agent.act(PlayerView(s, p), rng) if bot else rng.choice(s.legal_actions())
            s.apply(a)
        return [e.data["event"] for e in s.events if e.kind == "khufu" and "number" in e.data]

    a, b = events(5, True), events(5, False)
    k = min(len(a), len(b))
    assert k >= 3 and a[:k] == b[:k]


@pytest.mark.rules("khufu:14.2")
def test_turns_schedule_fires_after_completed_turns():
    s = GAME.new_state(3, 0, {"schedule": "turns"})
    assert 3 <= s.next_due <= 8
    due = s.next_due
    rng = random.Random(0)
    while s.turns_done < due:
        s.apply(rng.choice(s.legal_actions()))
    fired = [e for e in s.events if e.kind == "khufu" and "number" in e.data]
    assert len(fired) == 1
    assert due + 3 <= s.next_due <= due + 8


@pytest.mark.rules("khufu:12.4", "khufu:11.2", "khufu:14.9")
def test_a_step_whose_charge_reaches_2700_does_not_happen():
    """Edge 36: the steal would cost 5 s at 2696: Khufu wins and nothing is stolen."""
    s = new()
    turn(s, 0, pos=4)
    give(s, 0, "T20")
    give(s, 1, "T30")
    s.chance.force(2, label="die")
    s.apply(ROLL)
    s.elapsed = 2696
    s.apply(Steal(1))
    assert s.is_terminal() and s.winner is None
    assert hand(s, 0) == ["T20"] and hand(s, 1) == ["T30"]
    assert kinds(s)[-1] == "TIME_UP"


@pytest.mark.rules("khufu:12.4")
def test_declined_steal_costs_nothing():
    """Edge 51."""
    s = new()
    turn(s, 0, pos=4)
    give(s, 0, "T20")
    give(s, 1, "T30")
    s.chance.force(2, label="die")
    s.apply(ROLL)
    t0 = s.elapsed
    s.apply(DECLINE)
    assert s.elapsed == t0 + 10  # only the next turn


@pytest.mark.rules("khufu:14.7", "khufu:11.2")
@pytest.mark.parametrize(
    ("before", "final", "khufu_won_at_e19"), [(2619, 2709, False), (2620, 2700, True)]
)
def test_sands_run_fast_near_the_end(before, final, khufu_won_at_e19):
    """Edge 37: at 2639 after the charge the game goes on with 1 s left; at 2640 Khufu wins."""
    s = directed()
    fire_after_turn(s, 0, "SANDS_RUN_FAST")
    s.elapsed = before
    s.apply(ROLL)
    assert s.is_terminal() and s.elapsed == final
    names = kinds(s)
    assert names[-2:] == ["SANDS_RUN_FAST", "TIME_UP"]
    # At 2639 the game went on: the next turn's start is what ran out the clock.
    assert (s.elapsed == 2700) == khufu_won_at_e19


@pytest.mark.rules("khufu:12.2", "khufu:14.9")
def test_five_minute_warning_fires_once():
    """Edge 38."""
    s = new()
    s.elapsed = 2385
    turn(s, 0, pos=7)
    s.chance.force(2, label="die")
    s.apply(ROLL)  # next turn start: 2395 → remaining 305
    assert "FIVE_MINUTES_LEFT" not in kinds(s)
    turn(s, 1, pos=7)
    s.chance.force(2, label="die")
    s.apply(ROLL)  # 2405 → 295 left
    turn(s, 2, pos=7)
    s.chance.force(2, label="die")
    s.apply(ROLL)
    assert kinds(s).count("FIVE_MINUTES_LEFT") == 1
    assert s.observation(0)["clock"]["numeric_timer"]


@pytest.mark.rules("khufu:14.6", "khufu:14.8", "khufu:14.7")
def test_rotate_chamber_blocks_for_two_rounds_opens_a_blocked_one_and_caps_at_two():
    """Edge 42."""
    s = directed()
    fire_after_turn(s, 0, "ROTATE_CHAMBER")
    s.chance.force("QUEEN", label="chamber")
    s.apply(ROLL)
    assert s.block[2] == 8  # 2 x 4 turn ends
    s2 = directed()
    s2.block = [0, 3, 5, 0]
    fire_after_turn(s2, 0, "ROTATE_CHAMBER")
    s2.chance.force("KING", label="chamber")
    s2.apply(ROLL)
    assert s2.block == [0, 2, 4, 0]  # nothing blocked (cap 2); the turn end counted down
    s3 = directed()
    s3.block = [0, 3, 0, 0]
    fire_after_turn(s3, 0, "ROTATE_CHAMBER")
    s3.chance.force("HIGH_PRIEST", label="chamber")
    s3.apply(ROLL)
    assert s3.block == [0, 0, 0, 0]


@pytest.mark.rules("khufu:14.8")
def test_block_expires_after_exactly_2n_turn_ends():
    s = new(3)
    s.block = [0, 0, 6, 0]
    for k in range(6):
        turn(s, k % 3, pos=7)
        s.chance.force(2, label="die")
        s.apply(ROLL)
        assert s.block[2] == 5 - k


@pytest.mark.rules("khufu:14.7", "khufu:13.3", "khufu:13.4")
def test_restore_move_sarcophagus_and_new_lucky():
    s = directed()
    s.block = [3, 0, 2, 0]
    fire_after_turn(s, 0, "RESTORE_CHAMBERS")
    s.apply(ROLL)
    assert s.block == [0, 0, 0, 0]
    s = directed()
    fire_after_turn(s, 0, "MOVE_SARCOPHAGUS")
    s.chance.force("QUEEN", label="chamber")
    s.apply(ROLL)
    assert s.observation(None)["sarcophagus"] == "QUEEN"
    s = directed()
    s.lucky = 0
    fire_after_turn(s, 0, "NEW_LUCKY")
    s.chance.force(2, label="player")
    s.apply(ROLL)
    assert s.lucky == 2 and s.current_player == 1  # turn order unchanged


@pytest.mark.rules("khufu:14.7", "khufu:14.5")
def test_favoured_suit_symbol_roll_underdog_and_coin_draw_in_loop_order():
    s = directed(3)
    s.lucky_sym = (0, 3, 1)  # CAT, ANKH, FALCON
    s.lucky = 1
    fire_after_turn(s, 0, "FAVOURED_SUIT")
    s.chance.force("ANIMALS", label="suit")
    force_draw(s, "T44", "T45")  # loop order from Lucky 1: seats 2 then 0
    s.apply(ROLL)
    assert hand(s, 2) == ["T44"] and hand(s, 0) == ["T45"] and hand(s, 1) == []
    # E08 with 3 players can hit nobody (edge 3).
    s = directed(3)
    s.lucky_sym = (0, 3, 1)
    fire_after_turn(s, 0, "LUCKY_SYMBOL_ROLL")
    s.chance.force("KING", label="symbol_die")
    s.apply(ROLL)
    assert [len(h) for h in s.hands] == [0, 0, 0]
    s = directed(3)
    s.scarabs = [1, 3, 1]
    fire_after_turn(s, 0, "UNDERDOG")
    s.apply(ROLL)
    assert [len(h) for h in s.hands] == [1, 0, 1]
    s = directed(3)
    s.lucky = 0
    give(s, 0, "T01")
    give(s, 1, "T02")
    fire_after_turn(s, 0, "KHUFUS_COIN")
    s.chance.force("TAILS", label="coin")
    force_draw(s, "T50")
    s.chance.force("HEADS", label="coin")
    s.apply(ROLL)
    assert hand(s, 0) == ["T01", "T50"] and hand(s, 1) == []


@pytest.mark.rules("khufu:14.7", "khufu:7.4")
def test_tax_and_symbol_tithe_ignore_cobras():
    """Edge 15 (PHARAOHS_TAX, SYMBOL_TITHE)."""
    s = directed(3)
    give(s, 0, "T01", "T02", "T03", "T04", "T05")
    give(s, 1, "T06")
    fire_after_turn(s, 0, "PHARAOHS_TAX")
    s.chance.force(card("T01"), label="tax")
    s.apply(ROLL)
    assert hand(s, 0) == ["T02", "T03", "T04", "T05"] and hand(s, 1) == ["T06"]
    s = directed(3)
    s.lucky = 0
    give(s, 0, "T01", "T12", "T02")
    give(s, 1, "T15")
    fire_after_turn(s, 0, "SYMBOL_TITHE")
    s.chance.force("CAT", label="symbol_die")
    s.chance.force(card("T02"), label="tithe")
    s.apply(ROLL)
    assert hand(s, 0) == ["T01", "T12"] and hand(s, 1) == ["T15"]
    assert any(e["kind"] == "returned" and e["cards"] == ["T02"] for e in s.events_for(2))


@pytest.mark.rules("khufu:14.7", "khufu:7.3")
def test_lucky_pickpocket_steals_with_the_cobra_rule():
    s = directed(3)
    s.lucky = 2
    give(s, 2, "T05")
    give(s, 1, "T11", "T25")
    fire_after_turn(s, 0, "LUCKY_PICKPOCKET")
    s.apply(ROLL)
    assert s.dec == (R.PICK_D, 2, (1,)) and s.legal_actions() == [Steal(1)]
    s.chance.force("cobra", label="steal_kind")
    s.chance.force(card("T11"), label="steal_card")
    s.apply(Steal(1))
    assert s.dec == (R.COBRA_D, 2, 1)
    s.apply(Give("T05"))
    assert hand(s, 1) == ["T11", "T25", "T05"] and hand(s, 2) == []
    assert s.current_player == 1 and not s.in_event


@pytest.mark.rules("khufu:14.7")
def test_pass_to_the_left_is_simultaneous():
    """Edge 43."""
    s = directed(3)
    s.lucky = 0
    give(s, 0, "T01")
    give(s, 1, "T11", "T12")
    fire_after_turn(s, 0, "PASS_TO_THE_LEFT")
    s.chance.force(card("T01"), card("T12"), label="pass")
    s.apply(ROLL)
    assert hand(s, 0) == [] and hand(s, 1) == ["T11", "T01"] and hand(s, 2) == ["T12"]


@pytest.mark.rules("khufu:14.7", "khufu:6.8")
def test_sandstorm_and_tailwind_relocate_and_draw_on_curse_spaces():
    """Edge 11: E13 from 1 → 34; E13 from 6 → 3 draws; E14 from 1 → 3 draws, in loop order."""
    s = directed(3)
    s.lucky = 0
    s.room = [-1, -1, 3]
    s.pos = [1, 6, 27]
    fire_after_turn(s, 2, "SANDSTORM", pos=7)
    s.room[2] = -1
    curse_next(s, "SAND_TRAP")
    s.apply(ROLL)  # seat 2 lands on 9, then everything moves back 3
    assert s.pos[:2] == [34, 3] and s.pos[2] == 6
    assert s.miss[1] == 1
    s = directed(3)
    s.lucky = 0
    s.pos = [1, 30, 30]
    s.room = [-1, -1, 3]
    fire_after_turn(s, 1, "TAILWIND", pos=7)
    traps = [i for i in s.cpool if R.K.CURSE_IDS[s.t.curse_cards[i]] == "SAND_TRAP"]
    s.chance.force(*traps, label="curse")
    s.apply(ROLL)  # seat 1 stops on 9 and is blown to 11, a Curse space too
    assert s.pos[0] == 3 and s.pos[1] == 11 and s.miss[:2] == [1, 1]
    assert s.room[2] == 3  # inside a chamber: not moved


@pytest.mark.rules("khufu:14.7")
def test_curse_the_richest_sends_every_tied_player_in_loop_order():
    """Edge 44: a player inside a chamber leaves it."""
    s = directed(3)
    s.lucky = 1
    give(s, 0, "T01", "T02")
    give(s, 2, "T03", "T04")
    s.room = [3, -1, -1]
    fire_after_turn(s, 1, "CURSE_THE_RICHEST")
    curse_next(s, "SAND_TRAP")
    s.chance.force(
        next(i for i in s.cpool if R.K.CURSE_IDS[s.t.curse_cards[i]] == "MUMMYS_GRIP"),
        label="curse",
    )
    s.apply(ROLL)
    assert s.room[0] == -1 and s.pos[0] == 29  # first Curse space after the King's door
    assert s.pos[2] == 3 and s.no_entry[0] and s.current_player == 0  # grip now active
    curses = [(e["seat"], e["card"]) for e in s.events_for(None) if e["kind"] == "curse"]
    assert curses == [(2, "SAND_TRAP"), (0, "MUMMYS_GRIP")]  # loop order from Lucky 1


@pytest.mark.rules("khufu:14.7", "khufu:5.2", "khufu:15")
def test_miss_next_turn_stacks_with_sand_trap():
    """Edge 45."""
    s = directed(3)
    s.miss[1] = 1
    fire_after_turn(s, 0, "MISS_NEXT_TURN")
    s.apply(ROLL)
    assert s.miss[1] == 1  # was 2, the first miss already consumed
    assert s.current_player == 2
    for p in (2, 0):
        turn(s, p, pos=7)
        s.no_entry[p] = True
        s.chance.force(2, label="die")
        s.apply(ROLL)
    assert s.miss[1] == 0 and s.current_player == 2  # seat 1 missed both turns


@pytest.mark.rules("khufu:14.7", "khufu:13.1")
def test_lucky_extra_turn_when_lucky_is_upcoming():
    """Edge 46: Lucky plays twice in a row; then the upcoming player."""
    s = directed(3)
    s.lucky = 1
    s.room[1] = -1
    fire_after_turn(s, 0, "LUCKY_EXTRA_TURN")
    s.apply(ROLL)
    assert s.current_player == 1  # the extra turn
    s.pos[1] = 7
    s.chance.force(2, label="die")
    s.apply(ROLL)
    assert s.current_player == 1  # the regular turn
    s.pos[1] = 7
    s.chance.force(2, label="die")
    s.apply(ROLL)
    assert s.current_player == 2


@pytest.mark.rules("khufu:14.7", "khufu:5.2")
def test_extra_turn_with_a_pending_miss_is_the_missed_turn():
    """Edge 50."""
    s = directed(3)
    s.lucky = 2
    s.miss[2] = 1
    fire_after_turn(s, 0, "LUCKY_EXTRA_TURN")
    t0 = s.elapsed
    s.apply(ROLL)
    assert s.miss[2] == 0 and s.current_player == 1
    assert s.elapsed == t0 + 20 + 3 + 10


@pytest.mark.rules("khufu:14.7", "khufu:5.7", "khufu:5.8")
def test_mummy_call_answers_and_penalty():
    s = directed(3)
    s.lucky = 0
    give(s, 1, "T05")
    fire_after_turn(s, 0, "MUMMY_CALL")
    s.apply(ROLL)
    assert s.dec == (R.MUMMY_D, 0)
    s.apply(ANSWER)
    assert s.dec == (R.MUMMY_D, 1)
    s.apply(SILENT)
    s.chance.force(card("T05"), label="mummy_penalty")
    s.apply(ANSWER)
    assert hand(s, 1) == [] and s.current_player == 1


# -- real time -----------------------------------------------------------------
def live(n=3):
    s = new(n, director=True, clock="realtime")
    s.next_due = 10**9
    return s


@pytest.mark.rules("khufu:12.3", "khufu:11.3")
def test_ticks_advance_the_clock_only_in_realtime():
    s = new()
    refuses(s, Tick(5), "khufu:12.3", system=True)
    s = live()
    t0 = s.elapsed
    s.apply_system(Tick(7))
    assert s.elapsed == t0 + 7 == 7  # no simulated costs in real time
    s.apply_system(Tick(2700))
    assert s.is_terminal() and s.winner is None  # edge 49: time-up before anything else


@pytest.mark.rules("khufu:14.4", "khufu:14.3", "khufu:12.3")
def test_realtime_event_interrupts_a_wager_and_the_door():
    """Edge 41."""
    s = live()
    turn(s, 0, room="SERVANT")
    give(s, 0, "T05")
    s.apply(STAY)
    s.apply(Bet("T05"))
    s.next_due = 0
    s.chance.force(roll_for("TAUNT"), label="khufu_event")
    s.chance.force(100, label="khufu_gap")
    s.apply_system(Tick(1))
    assert s.room[0] == 0 and hand(s, 0) == ["T05"] and s.scarabs[0] == 0
    assert s.current_player == 1 and s.wager == []
    s = live()
    turn(s, 0, pos=7)
    give(s, 0, "T05", "T06")
    s.chance.force(6, label="die")
    s.apply(ROLL)
    assert s.dec[0] == R.DOOR_D
    s.next_due = 0
    s.chance.force(roll_for("TAUNT"), label="khufu_event")
    s.chance.force(100, label="khufu_gap")
    s.apply_system(Tick(1))
    assert s.pos[0] == 9 and s.room[0] == -1 and s.current_player == 1


@pytest.mark.rules("khufu:14.4", "khufu:5.8")
def test_realtime_interrupt_completes_the_cobra_obligation_first():
    s = live()
    turn(s, 0, pos=4)
    give(s, 0, "T20")
    give(s, 1, "T11")
    s.chance.force(2, label="die")
    s.apply(ROLL)
    s.chance.force("cobra", label="steal_kind")
    s.chance.force(card("T11"), label="steal_card")
    s.apply(Steal(1))
    assert s.dec == (R.COBRA_D, 0, 1)
    s.next_due = 0
    s.chance.force(roll_for("TAUNT"), label="khufu_event")
    s.chance.force(100, label="khufu_gap")
    s.chance.force(card("T20"), label="default_give")
    s.apply_system(Tick(3))
    assert hand(s, 1) == ["T11", "T20"] and s.current_player == 1


@pytest.mark.rules("khufu:5.7", "khufu:5.8", "khufu:10.1")
def test_timeouts_apply_defaults_and_challenge_ticks_do_not_move_the_clock():
    """Edge 49: ticks during a Challenge count toward its timeout only."""
    s = live()
    turn(s, 0, pos=7)
    s.apply_system(Tick(59))
    assert s.dec == (R.ROLL_D, 0)
    s.chance.force(2, label="die")
    s.apply_system(Tick(1))  # 60 s: the default ROLL is played
    assert s.current_player == 1
    s = live()
    turn(s, 0, room="KING")
    give(s, 0, "T01", "T11", "T21", "T31")
    s.scarabs[0] = 0b1111
    s.apply(s.legal_actions()[0])  # CHALLENGE
    assert s.in_challenge
    t0 = s.elapsed
    s.next_due = 0  # due, but no event fires during a Challenge
    s.apply_system(Tick(30))
    assert s.elapsed == t0 and s.in_challenge
    s.chance.force("CAT", "CAT", label="symbol_die")
    s.apply_system(Tick(30))  # timeout: the first three dealt cards
    assert not s.in_challenge and s.ch_sel == tuple(sorted(s.ch_dealt[:3]))


@pytest.mark.rules("khufu:12.3", "khufu:14.4", "khufu:14.3")
def test_tick_with_event_due_and_timeout_fires_the_event_instead():
    """Edge 49: the event wins; the decision is cancelled, not timed out."""
    s = live()
    turn(s, 0, pos=7)
    s.apply_system(Tick(50))
    s.next_due = 0
    s.chance.force(roll_for("TAUNT"), label="khufu_event")
    s.chance.force(100, label="khufu_gap")
    s.apply_system(Tick(10))
    assert s.pos[0] == 7 and s.current_player == 1
    assert any(e["kind"] == "interrupt" for e in s.events_for(0))


def test_same_seed_same_decisions_same_game():
    a = GAME.new_state(4, 11)
    b = GAME.new_state(4, 11)
    rng1, rng2 = random.Random(3), random.Random(3)
    while not a.is_terminal():
        a.apply(rng1.choice(a.legal_actions()))
        b.apply(rng2.choice(b.legal_actions()))
    assert a.events_for(None) == b.events_for(None)
