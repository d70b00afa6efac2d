"""The seed's failed announcement (issue 27, mummy:7.2).

The seed says, in our words: the number an explorer announces must be walked to the
last step; if it cannot be, he rolls again. So every rolled face may be announced; one
with no complete walk is announced to everybody (the mummy too), fails, and the dice
that are not set aside are rolled again (a reroll as any other, as often as needed).
The engine's earlier rule (only faces with a complete walk are offered) is the option
``only_usable_faces``, which an old record without that option replays with.
"""

from __future__ import annotations

import random

import pytest
from mummy_helpers import GAME, cell, kinds, new, place, roll, start_turn

from obelisk.core import PlayerView, Record, Voice, replay
from obelisk.core.conformance import fingerprint, views
from obelisk.games.mummy.actions import Choose, Reroll
from obelisk.games.mummy.bot import MummyBelief
from obelisk.games.mummy.rules import CHOOSE, MOVE

S = (10, 4)
NAMES = ("Ann", "Bob", "Cleo")


def blocked():
    """Red on E10 (9,4) with the mummy on D10 (9,3) and Green on E9 (8,4): a 1 has no
    complete walk (its only end field holds Green), a 2 has (over Green to D9)."""
    s = new(3)
    place(s, {0: (9, 4), 1: (8, 4)}, (9, 3))
    return s


@pytest.mark.rules("mummy:7.2")
def test_every_rolled_face_may_be_announced_and_a_failed_one_rolls_again():
    """Seed: an announced number must be walked completely, otherwise one rolls again."""
    s = blocked()
    start_turn(s, 0, roll=["1", "1", "2", "mummy", "arrow"])
    assert s.phase == CHOOSE and s.aside == 1
    assert s.legal_actions() == [Choose("1"), Choose("2"), Choose("arrow"), Reroll()]
    m0 = m1 = len(s.events)
    roll(s, ["3", "3", "mummy", "4"])
    s.apply(Choose("1"))
    # announced to all, failed, and the four free dice rolled again (seen by explorers)
    assert kinds(s, 0, m0) == ["action", "announce_failed"]
    assert kinds(s, 1, m1) == ["action", "announce_failed", "chance", "rolled"]
    failed = s.events_for(0, m0)[1]
    assert failed["face"] == "1" and failed["aside"] == 1 and failed["figure"] == 0
    assert s.phase == CHOOSE and s.aside == 2 and s.rolls == 2
    assert s.chance.log[-1][0] == "roll"
    assert s.pos[0] == cell(s, (9, 4))  # the figure did not move
    s.apply(Choose("4"))
    assert s.phase == MOVE


@pytest.mark.rules("mummy:7.2")
def test_the_failed_arrow_is_announced_too():
    """An arrow that cannot move a single field fails like a number (seed: the figure
    must move, standing still is not allowed)."""
    s = blocked()  # north Green, west the mummy, south the stairs, east a wall
    start_turn(s, 0, roll=["arrow", "arrow", "arrow", "arrow", "2"])
    assert Choose("arrow") in s.legal_actions()
    roll(s, ["2", "2", "2", "2", "2"])
    s.apply(Choose("arrow"))
    assert s.events_for(0)[-1]["kind"] == "announce_failed"
    assert s.phase == CHOOSE


@pytest.mark.rules("mummy:7.2", "mummy:14")
def test_the_failed_announcement_is_narrated_for_everybody():
    """Seed: an announced number must be walked completely, otherwise one rolls again."""
    s = blocked()
    start_turn(s, 0, roll=["1", "1", "2", "mummy", "arrow"])
    mark = len(s.events)
    roll(s, ["3", "3", "3", "4"])
    s.apply(Choose("1"))
    said = {}
    for seat in (0, 1, None):
        voice = Voice(NAMES, seat)
        events = s.events_for(seat, mark)
        said[seat] = [x for x in (GAME.narrate(e, voice) for e in events) if x]
    want = "Red (Bob) announces 1 but cannot walk it all (1 mummy die set aside): rolls again."
    assert want in said[0]
    assert (
        "Your red explorer announces 1 but cannot walk it all (1 mummy die set aside): "
        "you roll again." in said[1]
    )
    assert want in said[None]
    assert not any("announces 1." in x for x in said[0])  # said once, not twice
    got = dict(GAME.narrator.explanations({"kind": "announce_failed"}))
    assert "a failed announcement" in got


@pytest.mark.rules("mummy:7.2")
def test_the_choice_says_the_face_will_fail():
    s = blocked()
    start_turn(s, 0, roll=["1", "1", "2", "mummy", "arrow"])
    text = s.choice_text(Choose("1"))
    assert text.startswith("choose 1 — announce 1: no walk of exactly 1 step fits")
    assert "roll the free dice again" in text


@pytest.mark.rules("mummy:7.2", "mummy:17")
def test_the_mummy_deduces_from_a_failed_announcement():
    """A failed 1 says the figure had no complete walk of 1: the rules' public belief
    and the belief mummy both keep only such fields, and still hold the truth."""
    s = blocked()
    b = s.board
    s.belief.cells[0] = b.full & ~b.sv_mask
    s.belief.cells[1] = b.full & ~b.sv_mask
    start_turn(s, 0, roll=["1", "1", "2", "mummy", "arrow"])
    roll(s, ["3", "3", "3", "4"])
    s.apply(Choose("1"))
    left = s.belief.cells[0]
    assert s.belief.contains(0, cell(s, (9, 4)))
    assert left.bit_count() < 20  # from 119 fields to a few


@pytest.mark.rules("mummy:7.2", "mummy:17")
def test_the_belief_mummy_stays_true_against_explorers_who_fail():
    """Random explorers announce failing faces often; the belief mummy reads each one and
    her belief still holds every figure's true field whenever she moves."""
    fails = checks = 0
    for seed in range(3):
        s = GAME.new_state(3, seed, {"max_rounds": 8})
        bot = MummyBelief()
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.current_player == 0:
                action = bot.act(PlayerView(s, 0), rng)
                assert bot.belief is not None
                for f, p in enumerate(s.pos):
                    if p >= 0:
                        assert bot.belief.contains(f, p)
                        checks += 1
            else:
                action = rng.choice(s.legal_actions())
            s.apply(action)
        fails += sum(1 for e in s.events if e.kind == "announce_failed")
    assert fails > 0 and checks > 0


@pytest.mark.rules("mummy:7.2")
def test_the_simulation_option_keeps_the_old_rule():
    s = new(3, only_usable_faces=True)
    place(s, {0: (9, 4), 1: (8, 4)}, (9, 3))
    start_turn(s, 0, roll=["1", "1", "2", "mummy", "arrow"])
    assert Choose("1") not in s.legal_actions()
    before = fingerprint(s)
    with pytest.raises(Exception, match="no legal move"):
        s.apply(Choose("1"))
    assert fingerprint(s) == before


def _random_game(seed, options=None):
    s = GAME.new_state(3, seed, options)
    rng = random.Random(seed)
    while not s.is_terminal() and len(s.history) < 400:
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.rules("mummy:7.2")
def test_a_record_from_before_the_option_replays_the_old_way():
    """An old record holds every option but ``only_usable_faces``: it means the old rule."""
    s = _random_game(3, {"only_usable_faces": True})
    data = Record.from_state(s).to_json()
    del data["options"]["only_usable_faces"]
    again = replay(Record.from_json(data), check_result=False)
    assert again.options.only_usable_faces is True
    assert views(again) == views(s)
    # a new record keeps the seed's rule, and random play does announce failures
    n = _random_game(3)
    assert n.options.only_usable_faces is False
    fresh = replay(Record.from_json(Record.from_state(n).to_json()), check_result=False)
    assert views(fresh) == views(n)
    assert GAME.make_options({}).only_usable_faces is False


def test_random_play_announces_failures_and_keeps_the_belief_true():
    fails = 0
    for seed in range(4):
        s = _random_game(seed)
        fails += sum(1 for e in s.events if e.kind == "announce_failed")
        s.check_invariants()
    assert fails > 0
