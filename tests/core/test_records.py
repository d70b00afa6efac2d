"""Records: round trips, damaged and illegal records, redaction, and `obelisk replay`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from obelisk.cli.main import app
from obelisk.core import Record, RecordError, redacted, replay
from obelisk.core.conformance import play_random
from tinycards import TINY

runner = CliRunner()


@pytest.fixture
def finished():
    return play_random(TINY, 3, None, 11)


def _data(state):
    return json.loads(Record.from_state(state).dumps())


def test_round_trip_reaches_the_same_result(finished):
    again = replay(Record.from_json(_data(finished)))
    assert again.scores() == finished.scores()
    assert again.observation(1) == finished.observation(1)


def test_record_holds_header_steps_and_chance(finished):
    d = _data(finished)
    assert d["format"] == "obelisk-record" and d["game"] == "tiny" and d["seed"] == 11
    assert d["options"] == {"hand_size": 3, "deck_size": 12, "knocks": True}
    assert len(d["setup_chance"]) == 3
    assert all({"seat", "action", "chance"} <= set(s) for s in d["steps"])
    assert d["result"]["scores"] == finished.scores()


def test_scripted_games_replay_from_their_record():
    s = TINY.new_state(2, 0, forced=[[1, 2, 3], [10, 11, 12]])
    s.chance.force(4)
    s.apply(s.parse_action("play 3"))
    again = replay(Record.from_json(_data(s)))
    assert again.hands == [[1, 2, 4], [10, 11, 12]]


def test_illegal_step_is_rejected_with_its_index(finished):
    d = _data(finished)
    d["steps"][4]["action"] = {"kind": "play", "card": 99}
    with pytest.raises(RecordError) as e:
        replay(Record.from_json(d))
    assert e.value.index == 4
    assert "illegal" in str(e.value) and "step 4" in str(e.value)


def test_malformed_action_is_rejected_with_its_index(finished):
    d = _data(finished)
    d["steps"][2]["action"] = {"kind": "fly"}
    with pytest.raises(RecordError, match="step 2: unknown action kind 'fly'"):
        replay(Record.from_json(d))


def test_wrong_seat_is_rejected(finished):
    d = _data(finished)
    d["steps"][0]["seat"] = 2
    with pytest.raises(RecordError, match="step 0: the record gives this action to seat 2"):
        replay(Record.from_json(d))


def test_impossible_chance_outcome_is_rejected(finished):
    d = _data(finished)
    i = next(i for i, s in enumerate(d["steps"]) if s["chance"])
    d["steps"][i]["chance"][0][1] = 500
    with pytest.raises(RecordError) as e:
        replay(Record.from_json(d))
    assert e.value.index == i and "chance" in str(e.value)


def test_extra_chance_outcome_is_rejected(finished):
    d = _data(finished)
    i = next(i for i, s in enumerate(d["steps"]) if not s["chance"])
    d["steps"][i]["chance"] = [["draw", 0]]
    with pytest.raises(RecordError, match=f"step {i}: 1 recorded chance outcome"):
        replay(Record.from_json(d))


def test_tampered_result_is_rejected(finished):
    d = _data(finished)
    d["result"]["scores"] = [99, 0, 0]
    with pytest.raises(RecordError, match="scores"):
        replay(Record.from_json(d))


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.pop("game"), "field 'game'"),
        (lambda d: d.update(format="chess"), "not an Obelisk game record"),
        (lambda d: d.update(format_version=9), "format version"),
        (lambda d: d["steps"].insert(0, 5), "step 0"),
        (lambda d: d.update(options={"colour": "red"}), "unknown option"),
        (lambda d: d.update(num_players=9), "2-4 players"),
        (lambda d: d.update(game="nonesuch"), "unknown game"),
    ],
)
def test_damaged_headers_are_rejected(finished, mutate, message):
    d = _data(finished)
    mutate(d)
    with pytest.raises(RecordError, match=message):
        replay(Record.from_json(d))


def test_redacted_record_holds_only_what_the_seat_saw(finished):
    s = TINY.new_state(3, 5, forced=[[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    s.chance.force(12)
    s.apply(s.parse_action("play 3"))
    r0 = redacted(s, 0)
    r1 = redacted(s, 1)
    assert {"kind": "chance", "label": "draw", "value": 12} in r0["events"]  # its own draw
    assert all(e.get("value") != 12 for e in r1["events"])
    assert r1["observation"]["hand"] == [4, 5, 6]
    assert "seed" not in r1 and "steps" not in r1
    with pytest.raises(RecordError, match="redacted"):
        Record.from_json(r1)


def test_replay_command_ok_and_errors(tmp_path, finished):
    good = tmp_path / "good.json"
    Record.from_state(finished).save(good)
    r = runner.invoke(app, ["replay", str(good)])
    assert r.exit_code == 0 and "replay OK" in r.output
    bad = tmp_path / "bad.json"
    d = _data(finished)
    d["steps"][3]["action"] = {"kind": "play", "card": 77}
    bad.write_text(json.dumps(d))
    r = runner.invoke(app, ["replay", str(bad)])
    assert r.exit_code == 2
    assert "record step 3" in r.output and "Traceback" not in r.output
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": ')
    r = runner.invoke(app, ["replay", str(broken)])
    assert r.exit_code == 2 and "not valid JSON" in r.output
    r = runner.invoke(app, ["replay", str(tmp_path / "missing.json")])
    assert r.exit_code == 2 and "cannot read" in r.output


@pytest.mark.parametrize(
    ("name", "players"), [("sobek", 2), ("ramses", 2), ("khufu", 3), ("mummy", 2)]
)
def test_a_game_resumed_from_its_record_draws_what_the_original_draws(name, players):
    """A saved game, resumed, goes on exactly as the original would have: the record keeps
    the chance generator's state (forced outcomes do not move it during the replay)."""
    import random as _random

    from obelisk.agents import make_agent
    from obelisk.core import PlayerView, get_game

    game = get_game(name)
    original = game.new_state(players, 5)
    agent = make_agent(game, "random")
    rng = _random.Random(5)
    for _ in range(40):
        original.apply(agent.act(PlayerView(original, original.current_player), rng))
    resumed = replay(Record.from_json(json.loads(Record.from_state(original).dumps())))
    rng = _random.Random(9)
    for _ in range(150):
        if original.is_terminal():
            break
        action = agent.act(PlayerView(original, original.current_player), rng)
        original.apply(action)
        resumed.apply(action)
        assert resumed.observation(None) == original.observation(None)


def test_replay_command_tells_a_redacted_record_as_its_seat_read_it(tmp_path):
    from obelisk.core import get_game

    g = get_game("sobek")
    state = play_random(g, 2, g.make_options(), 7)
    data = redacted(state, 1, [{"name": "Ann"}, {"name": "Bob"}])
    path = tmp_path / "bob.json"
    path.write_text(json.dumps(data))
    r = runner.invoke(app, ["replay", str(path)])
    assert r.exit_code == 0, r.output
    assert "the game as Bob saw it" in r.output and "told, not replayed" in r.output
    assert "Scores: Ann " in r.output and "Winner:" in r.output
    assert "{" not in r.output and "Traceback" not in r.output
    told = [line for line in r.output.splitlines() if line.startswith("  ")]
    assert len(told) > 20  # one sentence per narrated event
    data["events"] = "nothing"
    path.write_text(json.dumps(data))
    r = runner.invoke(app, ["replay", str(path)])
    assert r.exit_code == 2 and "not a readable redacted record" in r.output
