"""obelisk bench: both playouts per game, with steps per game and the seats reached."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from obelisk.cli.main import app
from obelisk.core import get_game
from obelisk.sim.bench import bench_game, bench_search


def test_bench_reports_random_and_playout_rows_with_steps_and_seats():
    r = CliRunner().invoke(
        app, ["bench", "abu_simbel", "sobek", "--runs", "1", "--seconds", "0.05", "--json"]
    )
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)
    assert [(x["game"], x["playout"]) for x in rows] == [
        ("abu_simbel", "random"),
        ("abu_simbel", "playout"),
        ("sobek", "random"),
        ("sobek", "playout"),
    ]
    by = {(x["game"], x["playout"]): x for x in rows}
    # random Abu Simbel games end after a few moves (since issue 36 each player fails in
    # turn, so both seats act: the old blind spot, seat 0 alone, needs failing_player)
    assert by["abu_simbel", "random"]["steps_per_game"] < 10
    assert by["abu_simbel", "random"]["seats_every_game"] == [0, 1]
    assert by["abu_simbel", "playout"]["steps_per_game"] > 100
    assert by["abu_simbel", "playout"]["seats_every_game"] == [0, 1]
    for x in rows:
        assert x["us_per_step"] > 0 and x["games_per_second"] > 0 and x["steps_per_game"] > 0
    # the quiet step (a simulation's) beside the loud one, where the playout reads no events
    assert by["sobek", "random"]["quiet_us_per_step"] > 0
    assert by["sobek", "playout"]["quiet_us_per_step"] > 0  # its heuristic reads its recall
    assert by["abu_simbel", "playout"]["quiet_us_per_step"] is None  # a memory of events


def test_bench_table_and_one_playout():
    r = CliRunner().invoke(
        app, ["bench", "sobek", "--runs", "1", "--seconds", "0.05", "--playout", "playout"]
    )
    assert r.exit_code == 0, r.output
    assert "playout" in r.output and "random" not in r.output.split("┃")[-1]
    r = CliRunner().invoke(app, ["bench", "sobek", "--playout", "greedy"])
    assert r.exit_code == 2 and "choose both, random or playout" in r.output


def test_bench_game_refuses_an_unknown_policy():
    with pytest.raises(ValueError, match="unknown playout policy"):
        bench_game(get_game("sobek"), 2, runs=1, seconds=0.01, policy="greedy")


def test_bench_measures_the_search_on_an_iteration_budget():
    args = ["bench", "sobek", "--runs", "1", "--seconds", "0.05", "--playout", "random"]
    r = CliRunner().invoke(app, [*args, "--search", "2", "--json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)
    search = [x for x in rows if "iterations_per_second" in x]
    # the search levels' heuristic rollouts (Sobek's player reads its recall, not its
    # events: quiet copies), and uniform rollouts on quiet copies
    assert [(x["rollout"], x["quiet"]) for x in search] == [("heuristic", True), ("random", True)]
    for row in search:
        assert row["game"] == "sobek" and row["decisions"] == 2 and row["iterations"] == 300
        assert row["iterations_per_second"] >= row["slowest_iterations_per_second"] > 0
    # a heuristic that reads its events (Ramses' memory) keeps the copies loud
    assert not bench_search(get_game("ramses"), 3, decisions=1, iterations=20)["quiet"]
