"""The ladder: schedule (paired seeds, seat rotation), results file, resuming, the CLI."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

from obelisk.agents.ladder import Ladder, run_ladder, schedule
from obelisk.cli.main import app
from obelisk.core import InvalidOptions

FAST = "ismcts:iterations=8"


def test_two_player_schedule_pairs_seeds_and_rotates_seats():
    tasks = schedule(["a", "b", "c"], players=2, games=4, seed=10)
    assert len(tasks) == 3 * 4  # 3 pairs, 2 blocks of 2 games
    by_pair: dict[frozenset[str], list[int]] = {}
    for t in tasks:
        by_pair.setdefault(frozenset(t.seats), []).append(t.seed)
    assert all(sorted(s) == [10, 10, 11, 11] for s in by_pair.values())
    seats = Counter((lv, i) for t in tasks for i, lv in enumerate(t.seats))
    assert set(seats.values()) == {4}  # every level in every seat equally often


def test_more_players_one_alone_against_the_field_both_ways():
    tasks = schedule(["a", "b"], players=3, games=6, seed=0)
    assert len(tasks) == 6
    assert Counter(t.seats.count("a") for t in tasks) == {1: 3, 2: 3}
    assert {t.seats.index("a") for t in tasks if t.seats.count("a") == 1} == {0, 1, 2}


def test_alone_plays_only_that_level_alone_against_the_field():
    tasks = schedule(["a", "b", "c"], players=3, games=6, seed=0, alone="a")
    assert len(tasks) == 2 * 2 * 3  # 2 blocks x 2 opponents x 3 seats
    assert all(t.seats.count("a") == 1 for t in tasks)
    assert {frozenset(t.seats) for t in tasks} == {frozenset("ab"), frozenset("ac")}
    assert {t.seats.index("a") for t in tasks} == {0, 1, 2}
    both = {t.key() for t in schedule(["a", "b", "c"], 3, 12, 0)}
    assert {t.key() for t in tasks} <= both  # the same games as a full ladder's
    with pytest.raises(InvalidOptions, match="not one of the levels"):
        schedule(["a", "b"], 3, 6, 0, alone="z")


def test_alone_ladder_resumes_only_its_own_file(tmp_path):
    out = tmp_path / "ladder.json"
    run_ladder(Ladder("tiny", ["random", FAST], 3, 3, seed=2, alone=FAST), out=out)
    data = json.loads(out.read_text())
    assert data["alone"] == FAST and data["played"] == 3
    cells = {(c["level"], c["opponent"]): c for c in data["table"]}
    assert cells[(FAST, "random")]["games"] == 3 and cells[("random", FAST)]["games"] == 0
    full = Ladder.load_matching(out, Ladder("tiny", ["random", FAST], 3, 3, seed=2))
    assert full.results == []


def test_schedule_refuses_nonsense():
    with pytest.raises(InvalidOptions):
        schedule(["a"], 2, 4, 0)
    with pytest.raises(InvalidOptions):
        schedule(["a", "a"], 2, 4, 0)


def test_ladder_runs_saves_and_resumes(tmp_path):
    out = tmp_path / "ladder.json"
    lad = run_ladder(Ladder("tiny", ["random", FAST], 2, 6, seed=3), out=out)
    data = json.loads(out.read_text())
    assert data["complete"] and data["played"] == 6 == len(data["results"])
    assert data["ratings"]["random"] == 0.0
    cells = {(c["level"], c["opponent"]): c for c in data["table"]}
    a, b = cells[("random", FAST)], cells[(FAST, "random")]
    assert a["games"] == b["games"] == 6
    assert a["share"] + b["share"] == pytest.approx(1.0)
    assert a["ci95"][0] <= a["share"] <= a["ci95"][1]
    assert data["think_seconds"][FAST]["decisions"] > 0
    again = Ladder.load_matching(out, Ladder("tiny", ["random", FAST], 2, 6, seed=3))
    assert again.pending() == []
    assert [r.returns for r in again.results] == [r.returns for r in lad.results]
    other = Ladder.load_matching(out, Ladder("tiny", ["random", FAST], 2, 6, seed=4))
    assert other.results == []


def test_ladder_is_reproducible(tmp_path):
    one = run_ladder(Ladder("tiny", ["random", FAST], 3, 6, seed=1))
    two = run_ladder(Ladder("tiny", ["random", FAST], 3, 6, seed=1))
    assert [(r.seats, r.returns) for r in one.results] == [
        (r.seats, r.returns) for r in two.results
    ]


def test_ladder_refuses_unknown_levels_and_player_counts():
    with pytest.raises(InvalidOptions, match="unknown level"):
        run_ladder(Ladder("tiny", ["random", "grandmaster"], 2, 2))
    with pytest.raises(InvalidOptions, match="players"):
        run_ladder(Ladder("tiny", ["random", FAST], 5, 2))


def test_cli_ladder(tmp_path):
    out = tmp_path / "l.json"
    res = CliRunner().invoke(
        app,
        [
            "ladder",
            "tiny",
            "--games",
            "2",
            "--levels",
            f"random,{FAST}",
            "--jobs",
            "1",
            "--out",
            str(out),
        ],
    )
    assert res.exit_code == 0, res.output
    assert "Elo" in res.output and out.exists()
    # not a terminal: no bar, but a plain progress line a log file can show
    assert "2 of 2 games played" in res.output and "random " in res.output
    bad = CliRunner().invoke(
        app, ["ladder", "tiny", "--levels", "random,nobody", "--out", str(out)]
    )
    assert bad.exit_code == 2
    assert "unknown level 'nobody'" in bad.output
    lonely = CliRunner().invoke(
        app, ["ladder", "tiny", "--levels", f"random,{FAST}", "--alone", "hard", "--out", str(out)]
    )
    assert lonely.exit_code == 2
    assert "--alone 'hard' is not one of the levels" in lonely.output


def test_cli_levels():
    res = CliRunner().invoke(app, ["levels", "tiny"])
    assert res.exit_code == 0
    assert "normal" in res.output and "ISMCTS" in res.output


def test_level_lists_keep_search_specs_whole():
    from obelisk.cli.commands.ladder import split_levels

    assert split_levels("random, ismcts:iterations=5,depth=3,heuristic,normal") == [
        "random",
        "ismcts:iterations=5,depth=3",
        "heuristic",
        "normal",
    ]
