"""Runs: same seed gives the same file on any number of workers; a killed run resumes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from simgames import plugin_env

from obelisk.core import get_game
from obelisk.sim.backends import InlineBackend, LocalBackend, make_backend
from obelisk.sim.results import ResultsError, read_results
from obelisk.sim.run import simulate
from obelisk.sim.tournament import RunPlan


def _plan(games: int = 150, timing: bool = False) -> RunPlan:
    return RunPlan.build(
        get_game("tiny"),
        games,
        seats=["random", "random", "random"],
        sweep={"knocks": ["true", "false"]},
        seed=11,
        timing=timing,
    )


def test_same_seed_gives_identical_files_on_one_and_two_workers(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    s1 = simulate(_plan(), one, make_backend("local", 1))
    s2 = simulate(_plan(), two, make_backend("local", 2))
    assert isinstance(make_backend("local", 1), InlineBackend)
    assert isinstance(make_backend("local", 2), LocalBackend)
    assert s1.played == s2.played == 300
    assert one.read_bytes() == two.read_bytes()
    res = read_results(one)
    assert [g["i"] for g in res.games] == list(range(300))
    assert res.header["total"] == 300


def test_with_timing_only_the_durations_differ(tmp_path: Path) -> None:
    simulate(_plan(100, timing=True), tmp_path / "a.jsonl", make_backend("local", 1))
    simulate(_plan(100, timing=True), tmp_path / "b.jsonl", make_backend("local", 2))

    def strip(p: Path) -> list[dict]:
        games = read_results(p).games
        assert all(g["duration"] >= 0 for g in games)
        return [{k: v for k, v in g.items() if k != "duration"} for g in games]

    assert strip(tmp_path / "a.jsonl") == strip(tmp_path / "b.jsonl")


def test_an_existing_file_is_not_overwritten_by_accident(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    simulate(_plan(10), out, make_backend("local", 1))
    with pytest.raises(ResultsError, match="--resume"):
        simulate(_plan(10), out, make_backend("local", 1))
    other = RunPlan.build(get_game("tiny"), 10, seats=["random"], seed=12)
    with pytest.raises(ResultsError, match="seed"):
        simulate(other, out, make_backend("local", 1), resume=True)
    summary = simulate(_plan(10), out, make_backend("local", 1), overwrite=True)
    assert summary.played == 20


def test_resume_grows_a_run_and_plays_only_the_new_games(tmp_path: Path) -> None:
    out, ref = tmp_path / "r.jsonl", tmp_path / "ref.jsonl"
    simulate(_plan(50), out, make_backend("local", 1))
    again = simulate(_plan(50), out, make_backend("local", 1), resume=True)
    assert (again.resumed, again.played) == (100, 0)
    grown = simulate(_plan(120), out, make_backend("local", 2), resume=True)
    assert (grown.resumed, grown.played) == (100, 140)
    simulate(_plan(120), ref, make_backend("local", 1))
    assert out.read_bytes() == ref.read_bytes()


def test_a_torn_last_line_is_cut_off_on_resume(tmp_path: Path) -> None:
    out, ref = tmp_path / "r.jsonl", tmp_path / "ref.jsonl"
    simulate(_plan(40), ref, make_backend("local", 1))
    lines = ref.read_text().splitlines(keepends=True)
    # a run killed in the middle of writing game 31's line, games in arrival order
    out.write_text("".join(lines[:1] + lines[20:31] + lines[1:12]) + lines[31][:25])
    res = read_results(out)
    assert res.torn and len(res.games) == 22
    summary = simulate(_plan(40), out, make_backend("local", 2), resume=True)
    assert (summary.resumed, summary.played) == (22, 58)
    assert out.read_bytes() == ref.read_bytes()


def test_a_killed_run_loses_no_finished_game(tmp_path: Path) -> None:
    out, ref = tmp_path / "killed.jsonl", tmp_path / "ref.jsonl"
    args = ["tiny_slow", "-n", "300", "--seats", "sleepy,random", "--seed", "5", "--no-timing"]
    cmd = [sys.executable, "-m", "obelisk.cli.main", "simulate", *args, "-w", "2", "-q"]
    proc = subprocess.Popen([*cmd, "--out", str(out)], env=plugin_env(), start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if out.exists() and out.read_bytes().count(b"\n") > 40:
                break
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGKILL)  # the driver and its workers, no chance to clean up
    finally:
        proc.wait()
    kept = read_results(out)
    assert 40 <= len(kept.games) < 300, "the run should be killed in the middle"
    # resume in this process, with the sleep switched off, and compare with a clean run
    os.environ["SIM_TEST_SLEEP"] = "0"
    try:
        plan = RunPlan.build(
            get_game("tiny_slow"), 300, seats=["sleepy", "random"], seed=5, timing=False
        )
        summary = simulate(plan, out, make_backend("local", 2), resume=True)
        simulate(plan, ref, make_backend("local", 1))
    finally:
        del os.environ["SIM_TEST_SLEEP"]
    assert summary.resumed == len(kept.games)
    assert summary.resumed + summary.played == 300
    final = read_results(out)
    by_index = {g["i"]: g for g in final.games}
    assert all(by_index[g["i"]] == g for g in kept.games)
    assert out.read_bytes() == ref.read_bytes()
    assert json.loads(out.read_text().splitlines()[0])["game"] == "tiny_slow"
