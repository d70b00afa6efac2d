"""The computer as the mummy beside a physical board (issue 28): ``obelisk.companion.mummy``.

The main check: an engine game of the ``belief`` mummy against explorers is recorded;
what its explorers would have said aloud (and the die, and the magnet) is taken from the
record and told to the companion, which must then walk exactly the steps the ``belief``
mummy walked in that game. Then: impossible inputs are refused with the state unchanged,
undo, save and resume, the terminal command, and the page (in test_mummy_page.py).
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import subprocess
import sys
import time

import pytest

from obelisk.companion.mummy import MummyCompanionError, MummySession, from_record, load
from obelisk.core import PlayerView, Record, Voice, get_game, replay
from obelisk.core.conformance import fingerprint, views
from obelisk.games.mummy.actions import Choose, Lost, Resolve, Step
from obelisk.games.mummy.bot import MummyBelief, MummyHeuristic
from obelisk.games.mummy.table import (
    CATCH,
    DIE,
    MOVED,
    TABLE_GAME,
    TURN,
    Aside,
    Cannot,
    Card,
    Caught,
    Die,
    Fail,
    Free,
    NoCard,
)

GAME = get_game("mummy")


class RandomExplorer:
    """Random explorers announce faces that fail (the seed's rule, mummy:7.2)."""

    def act(self, view, rng):
        return rng.choice(view.legal_actions())


def engine_game(n, seed, explorers="heuristic", options=None, mummy=None):
    """A whole engine game: the ``belief`` mummy (or ``mummy``; her own generator, seeded
    ``seed``) against heuristic (or random) explorers."""
    s = GAME.new_state(n, seed, options)
    mummy, mrng = mummy or MummyBelief(), random.Random(seed)
    make = MummyHeuristic if explorers == "heuristic" else RandomExplorer
    players = [make() for _ in range(n)]
    erng = random.Random(seed + 1000)
    while not s.is_terminal():
        p = s.current_player
        view = PlayerView(s, p)
        s.apply(mummy.act(view, mrng) if p == 0 else players[p].act(view, erng))
    return s


def said_aloud(record):
    """From a full record: what the explorers said aloud (faces, failures, dice set aside,
    resolutions, five mummies, cannot move, cards), the die they would have rolled for her,
    and what the magnet did; and the steps the mummy took."""
    state = replay(record)
    events = state.events_for(1)  # an explorer's view: rolls included, nobody's hand needed
    inputs, walked = [], []
    for i, e in enumerate(events):
        k = e["kind"]
        if k == "rolled" and e["before"] < e["aside"] < 5:
            inputs.append(Aside(e["aside"]))
        elif k == "action":
            kind = e["action"]["kind"]
            if kind == "choose":
                face = e["action"]["face"]
                inputs.append(Fail(face) if e.get("failed") else Choose(face))
            elif kind == "lost":
                inputs.append(Lost())
            elif kind == "step" and e["seat"] == 0:
                walked.append(Step(e["action"]["direction"]))
        elif k == "resolve":
            inputs.append(Resolve(True))
        elif k == "cannot_move":
            inputs.append(Cannot())
        elif k == "moved":
            inputs.append(Card(e["card"]) if e.get("card") else NoCard())
        elif k == "mummy_move":
            if e["move"] == "normal":
                inputs.append(Die(e["die"]))
            taken, caught = 0, None
            for later in events[i + 1 :]:
                if later["kind"] == "action" and later["action"]["kind"] == "step":
                    taken += 1
                elif later["kind"] == "capture":
                    caught = Caught(later["figure"], taken)
                    break
                elif later["kind"] in ("mummy_move", "turn", "game_over"):
                    break
            if e["steps"]:
                inputs.append(caught or Free())
    return inputs, walked


GAMES = [(2, 0, "heuristic"), (3, 1, "heuristic"), (4, 2, "heuristic"), (5, 0, "heuristic")]
# seed 4: a figure cannot move; seed 22: five mummies, then a forced resolution
GAMES += [(2, 4, "heuristic"), (2, 22, "heuristic")]
GAMES += [(2, 1, "random"), (2, 6, "random")]


@pytest.mark.rules("mummy:14", "mummy:17", "mummy:7.2", "mummy:9.3")
@pytest.mark.parametrize(("n", "seed", "explorers"), GAMES)
def test_told_what_the_explorers_said_it_walks_as_the_belief_mummy_did(n, seed, explorers):
    options = {"max_rounds": 12} if explorers == "random" else None
    played = engine_game(n, seed, explorers, options)
    record = Record.from_json(json.loads(Record.from_state(played).dumps()))
    inputs, walked = said_aloud(record)
    session = MummySession([f"P{i}" for i in range(1, n)], "normal", seed, options or {})
    plans = []
    for action in inputs:
        if session.state.phase == CATCH:
            plans.append(session.plan())
        session.apply(action)
    mine = [st.action for st in session.state.history if st.seat == 0]
    assert mine == walked
    assert session.state.is_terminal() == played.is_terminal()
    assert session.state.reason == played.reason
    assert session.state.ankhs == played.ankhs
    # every path shown before the magnet's answer starts with the steps she then took
    flat = [a for plan in plans for a in plan]
    assert len(flat) >= len(walked)
    if explorers == "random":
        assert any(isinstance(a, Fail) for a in inputs)  # failed announcements were heard
    if (n, seed) == (2, 4):
        assert any(isinstance(a, Cannot) for a in inputs)
    if (n, seed) == (2, 22):
        assert any(e.kind == "forced" for e in session.state.events)


def fresh(names=("Ann", "Bob"), seed=3, **options):
    return MummySession(list(names), "normal", seed, options)


def refused(session, text, *words):
    before = fingerprint(session.state)
    told = len(session.told)
    with pytest.raises(MummyCompanionError) as err:
        session.say(text)
    assert fingerprint(session.state) == before and len(session.told) == told
    message = str(err.value)
    for w in words:
        assert w.lower() in message.lower(), message
    assert re.search(r"'[^']+'", message), f"no input to type instead: {message}"  # issue 36
    return message


@pytest.mark.rules("mummy:3", "mummy:7.4", "mummy:8", "mummy:9.3", "mummy:7.0b")
def test_impossible_inputs_are_refused_and_change_nothing():
    s = fresh()
    assert s.state.phase == TURN
    refused(s, "6", "not on the explorer dice")
    refused(s, "banana", "did not understand")
    refused(s, "green 3", "Red (Ann)'s turn")
    refused(s, "cannot move", "can always move")  # from the stairs a 1 always fits
    refused(s, "resolve", "no mummy dice")
    s.say("aside 2")
    refused(s, "aside 1", "only grows")
    refused(s, "resolve", "before the first roll")
    s.say("1")  # from the stairs: E10
    assert s.state.phase == MOVED
    refused(s, "crown", "cannot have ended on the crown")  # D9 is far from E10
    refused(s, "card Z40", "not a field of the maze")
    refused(s, "card E10", "holds no symbol")
    s.say("no card")
    s.say("2")
    s.say("none")
    assert s.state.phase == DIE
    refused(s, "7", "shows 1, 2, 3, 4, 5, 6 only")
    s.say("3")  # the players rolled 3: 3 + 2 aside = 5 steps
    assert s.state.phase == CATCH and len(s.plan()) == 5
    refused(s, "red 9", "walks 5 steps")
    refused(s, "red", "At which of her steps")
    far = s.path_fields()[-1]
    # nobody could have reached the end of her path from the stairs in two short moves?
    message = refused(s, "blue 1", "did not understand")
    assert message
    s.say("no")
    assert s.state.phase == TURN and s.state.round == 2
    assert s.state.mummy == far


@pytest.mark.rules("mummy:7.1")
def test_a_forgotten_aside_is_told_late_and_resolved():
    """Issue 36 item 3: Red set 2 dice aside and nobody said it; at Red's next turn the
    explorers want them resolved. 'resolve' says how; 'resolve 2' does it in one input."""
    s = fresh()
    for text in ("3", "no card", "2", "no card", "roll", "no"):
        s.say(text)
    assert s.state.phase == TURN and s.state.aside == 0 and s.state.round == 2
    refused(s, "resolve", "no mummy dice lie aside", "'resolve 2'")
    start = len(s.log())
    s.say("resolve 2")
    st = s.state
    assert st.phase == CATCH and len(s.plan()) == 2  # her intermediate move: 2 steps
    assert "resolves 2 mummy dice set aside in an earlier turn" in " ".join(s.log()[start:])
    s.undo()
    assert s.state.phase == TURN and s.state.aside == 0
    s.say("aside 1")  # told as this turn's roll: too late to resolve, and it says the way out
    refused(s, "resolve", "before the first roll", "'undo'", "'resolve 2'")
    refused(s, "resolve 1", "'undo'")


def test_one_die_aside_is_said_in_the_singular():
    s = fresh()
    s.say("aside 1")
    assert "1 mummy die lies aside" in s.prompt()
    refused(s, "aside 1", "1 mummy die already lies aside")


@pytest.mark.rules("mummy:9.3", "mummy:10")
def test_the_magnet_caught_someone_on_her_path():
    s = fresh(("Ann",), seed=1)  # two players: Ann plays red and green
    b = s.state.board
    for _ in range(8):
        for text in ("4", "no card", "3", "no card", "6"):
            s.say(text)
        path = s.path_fields()
        assert len(path) == 6
        possible = s.state.belief.cells[0]
        ks = [k for k, c in enumerate(path, 1) if (possible >> c) & 1]
        bad = [k for k, c in enumerate(path, 1) if not (possible >> c) & 1]
        if bad:  # a capture on a field where Red cannot be is refused
            refused(s, f"red {bad[0]}", "cannot be on")
        if ks:
            break
        s.say("no")
    else:
        pytest.fail("the mummy never came near Red")
    k = ks[0]
    s.say(f"red on {s.side_label(path[k - 1])}")  # named from the mummy's side (mirrored)
    st = s.state
    assert st.mummy == path[k - 1]
    assert st.ankhs[0] == 1 and st.pos[0] == b.dungeon
    assert any("catches Red (Ann)" in line for line in s.log())


def test_undo_takes_back_the_last_input_and_its_answers():
    s = fresh()
    s.say("3")
    s.say("no card")
    before = fingerprint(s.state)
    s.say("aside 1")
    s.undo()
    assert fingerprint(s.state) == before
    for text in ("1", "no card", "roll"):
        s.say(text)
    plan = s.plan()
    s.say("no")
    walked = [st.action for st in s.state.history if st.seat == 0]
    assert walked == plan
    s.undo()  # the answer "no": her steps go with it
    assert s.state.phase == CATCH and not [st for st in s.state.history if st.seat == 0]
    assert s.plan() == plan  # the same die, the same path
    while s.told:
        s.undo()
    with pytest.raises(MummyCompanionError, match="nothing to undo"):
        s.undo()


def test_save_resume_and_replay(tmp_path):
    s = fresh(seed=8)
    for text in ("aside 1", "arrow", "no card", "4", "no card", "roll", "no", "resolve", "no"):
        s.say(text)
    s.say("2")
    path = tmp_path / "mummy.json"
    s.save(path)
    data = json.loads(path.read_text())
    assert data["game"] == "mummy_table" and data["meta"]["companion"] == "mummy"
    again = load(path)
    assert again.names == ["Ann", "Bob"] and again.state.phase == s.state.phase
    assert views(again.state) == views(s.state)
    assert again.log() == s.log() and again.prompt() == s.prompt()
    # the record replays through the core like any record
    state = replay(Record.load(path), lambda _name: TABLE_GAME)
    assert state.mummy == s.state.mummy
    # a record made otherwise is refused with a reason
    data["steps"][-1]["action"] = {"kind": "choose", "face": "9"}
    with pytest.raises(MummyCompanionError, match="does not replay"):
        from_record(data)
    with pytest.raises(MummyCompanionError, match="not of the mummy companion"):
        from_record({**data, "game": "mummy"})


def test_the_terminal_command(tmp_path):
    save = tmp_path / "game.json"
    script = "help\n3\nno card\n7\n2\nno card\n\nno\nundo\nquit\n"
    t0 = time.monotonic()
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "obelisk.cli.main",
            "companion",
            "mummy",
            "Ann",
            "Bob",
            "--seed",
            "4",
            "--save",
            str(save),
        ],
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    took = time.monotonic() - t0
    assert "I am the mummy" in out
    assert "Red (Ann) announces 3." in out
    assert "'7' is not on the explorer dice" in out
    assert "Move the mummy" in out and "Taken back." in out
    assert "Saved in" in out
    resumed = load(save)
    assert resumed.state.phase == CATCH  # the "no" was taken back
    assert took < 100
    resumed_out = subprocess.run(
        [sys.executable, "-m", "obelisk.cli.main", "companion", "mummy", "--resume", str(save)],
        input="no\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    assert "Resumed: Ann, Bob" in resumed_out and "The mummy walks" in resumed_out


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_random_inputs_play_a_whole_game_or_are_refused_unchanged(level):
    """Any input the table could give (possible or not) is applied or refused with the
    game unchanged; the game runs to its end at both levels."""
    rng = random.Random(7)
    s = MummySession(["A", "B", "C"], level, 5)
    refusals = 0
    stuck: set[object] = set()
    for _ in range(1500):
        if s.state.is_terminal():
            break
        legal = s.state.legal_actions()
        if stuck >= set(legal):  # random inputs contradicted each other: the way out
            s.undo()
            stuck = set()
            continue
        action = rng.choice(legal)
        before = fingerprint(s.state)
        try:
            s.apply(action)
            stuck = set()
        except MummyCompanionError as exc:
            refusals += 1
            stuck.add(action)
            assert fingerprint(s.state) == before
            assert re.search(r"'[^']+'", str(exc)), str(exc)  # what to type instead
        s.state.check_invariants()
    assert s.state.is_terminal()
    assert refusals > 0  # captures named where nobody can be


def test_every_table_event_is_a_sentence():
    """The companion's log: every event of a whole table game in words, for the table and
    for the mummy's seat (no raw fields, no seat counted from 0)."""
    rng = random.Random(11)
    s = MummySession(["Ann", "Bob"], "normal", 12)
    while not s.state.is_terminal():
        with contextlib.suppress(MummyCompanionError):
            s.apply(rng.choice(s.state.legal_actions()))
    kinds = set()
    for seat in (None, 0, 1):
        voice = Voice(("Obelisk", "Ann", "Bob"), seat)
        for e in s.state.events_for(seat):
            kinds.add(e["kind"])
            text = TABLE_GAME.narrate(e, voice)
            if text is None:
                continue
            assert not re.search(r"\w=\w|\{'|\(\w+: ", text), text
    assert {"setup", "turn", "action", "moved", "mummy_move", "game_over"} <= kinds
    assert all(line and line[0].isupper() for line in s.log())
