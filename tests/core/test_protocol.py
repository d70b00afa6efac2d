"""Actions, options, illegal actions, registry and the CLI's basic commands."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from obelisk.cli.main import app
from obelisk.core import (
    ActionFormatError,
    InvalidOptions,
    PlayerView,
    UnknownGame,
    get_game,
    parse_assignments,
)
from rulebook import refuses
from tinycards import TINY, Knock, Play

runner = CliRunner()


def test_action_json_and_text_forms():
    assert Play(7).to_json() == {"kind": "play", "card": 7}
    assert TINY.action_from_json({"kind": "play", "card": 7}) == Play(7)
    assert str(Play(7)) == "play 7" and Knock().text() == "knock"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "play"}, "missing the field 'card'"),
        ({"kind": "play", "card": "7"}, "expected an integer"),
        ({"kind": "play", "card": True}, "expected an integer"),
        ({"kind": "play", "card": 1, "x": 2}, "no field"),
        ({"kind": "jump"}, "unknown action kind"),
        ([1, 2], "JSON object"),
    ],
)
def test_bad_action_json(data, message):
    with pytest.raises(ActionFormatError, match=message):
        TINY.action_from_json(data)


def test_typed_actions_by_number_text_and_prefix():
    s = TINY.new_state(2, 0, forced=[[1, 2, 3], [4, 5, 6]])
    assert s.parse_action("2") == Play(2)
    assert s.parse_action("  PLAY   3 ") == Play(3)
    assert s.parse_action("kn") == Knock()
    with pytest.raises(ActionFormatError, match="ambiguous"):
        s.parse_action("pl")
    with pytest.raises(ActionFormatError, match="no choice number 9"):
        s.parse_action("9")
    with pytest.raises(ActionFormatError, match="not a legal action"):
        s.parse_action("play 9")


def test_illegal_action_names_the_rule_and_changes_nothing():
    s = TINY.new_state(2, 0, forced=[[1, 2, 3], [4, 5, 6]])
    msg = refuses(s, Play(5), "tiny:2")
    assert "not in your hand" in msg


def test_options_parse_and_errors():
    assert TINY.make_options({"deck_size": "10", "knocks": "no"}).knocks is False
    assert TINY.variant_options("short").deck_size == 8
    assert parse_assignments(["hand-size=2"]) == {"hand_size": "2"}
    with pytest.raises(InvalidOptions, match="unknown option"):
        TINY.make_options({"colour": "red"})
    with pytest.raises(InvalidOptions, match="expected an integer"):
        TINY.make_options({"deck_size": "many"})
    with pytest.raises(InvalidOptions, match="too small"):
        TINY.new_state(4, 0, {"deck_size": 5})
    with pytest.raises(InvalidOptions, match="2-4 players"):
        TINY.new_state(5, 0)
    with pytest.raises(InvalidOptions, match="no variant"):
        TINY.variant_options("long")


def test_registry_lookup():
    assert get_game("TINY") is TINY
    with pytest.raises(UnknownGame, match="known games"):
        get_game("chess")


def test_player_view_shows_only_the_seat():
    s = TINY.new_state(2, 0, forced=[[1, 2, 3], [4, 5, 6]])
    v = PlayerView(s, 1)
    assert v.observation()["hand"] == [4, 5, 6]
    assert v.legal_actions() == []
    assert not hasattr(v, "state") and not hasattr(v, "_state")


def test_returns_share_ties():
    s = TINY.new_state(2, 0, forced=[[1, 2, 3], [4, 5, 6]])
    s.points = [5, 5]
    s.hands = [[], []]
    assert s.returns() == [0.5, 0.5]


def test_cli_games_rules_and_errors():
    r = runner.invoke(app, ["games"])
    assert r.exit_code == 0 and "tiny" in r.output
    r = runner.invoke(app, ["rules", "tiny"])
    assert r.exit_code == 0 and "deck_size" in r.output
    r = runner.invoke(app, ["rules", "chess"])
    assert r.exit_code == 2 and "unknown game 'chess'" in r.output


def test_cli_bench_prints_real_numbers():
    import json

    r = runner.invoke(app, ["bench", "tiny", "--runs", "2", "--seconds", "0.2", "--json"])
    assert r.exit_code == 0, r.output
    row = json.loads(r.output)[0]
    assert row["game"] == "tiny" and row["us_per_step"] > 0 and row["games_per_second"] > 0


def test_player_view_pages_its_own_events_and_counts_no_secret_ones():
    s = TINY.new_state(2, 0, forced=[[1, 2, 3], [4, 5, 6]])
    v0, v1 = PlayerView(s, 0), PlayerView(s, 1)
    assert v1.step == 1  # its own deal only
    s.chance.force(9)
    s.apply(Play(3))  # public action, then a draw private to seat 0
    assert v1.step == 2 and v0.step == 3
    assert v1.events(1) == [
        {"kind": "action", "seat": 0, "action": {"kind": "play", "card": 3}, "text": "play 3"}
    ]
    assert v0.events(2) == [{"kind": "chance", "label": "draw", "value": 9}]
