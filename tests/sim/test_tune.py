"""``obelisk tune``: its objectives, its search space, and a whole small run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from obelisk.cli.main import app
from obelisk.core import InvalidOptions, get_game
from obelisk.sim.tune import Objective, default_space, parse_space, side_shares

pytest.importorskip("optuna")


def _line(returns: list[float], length: int = 10, drama: float = 0.0) -> dict:
    return {"returns": returns, "length": length, "flow": {"drama": drama}}


def test_fair_is_the_largest_distance_from_a_fair_share_by_role() -> None:
    # the mummy (seat 1) wins 1 of 4, the explorers 3 of 4: fair is 1/2 for each side
    lines = [_line([1.0, 0.0]), _line([0.0, 1.0]), _line([0.0, 1.0]), _line([0.0, 1.0])]
    assert Objective.parse("fair").value(lines, ["mummy", "explorer"]) == 0.25
    names = [n for n, _, _ in side_shares(lines, ["mummy", "explorer"])]
    assert names == ["mummy", "explorer"]
    # one role: seats compared with 1/2 each
    assert Objective.parse("fair").value(lines, ["player", "player"]) == 0.25


def test_length_and_drama_objectives() -> None:
    lines = [_line([1.0, 0.0], 10, 0.5), _line([0.0, 1.0], 20, 0.1)]
    assert Objective.parse("length=12").value(lines, ["p", "p"]) == 3.0
    assert Objective.parse("drama").value(lines, ["p", "p"]) == pytest.approx(-0.3)
    with pytest.raises(InvalidOptions, match="objectives: fair, length=N, drama"):
        Objective.parse("fun")


def test_the_space_comes_from_the_options_types() -> None:
    tiny = get_game("tiny")
    assert default_space(tiny) == {"knocks": [False, True]}
    assert parse_space(tiny, ["hand_size=2..4", "knocks"]) == {
        "hand_size": [2, 3, 4],
        "knocks": [False, True],
    }
    with pytest.raises(InvalidOptions, match="needs values"):
        parse_space(tiny, ["hand_size"])
    with pytest.raises(InvalidOptions, match="no option 'colour'"):
        parse_space(tiny, ["colour"])


def test_a_small_tuning_run_writes_its_trials_and_confirmation(tmp_path: Path) -> None:
    args = ["tune", "tiny", "--players", "2", "--seats", "random", "--param", "knocks"]
    args += ["--trials", "5", "-n", "8", "--confirm", "8", "-w", "1", "--out", str(tmp_path)]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    data = json.loads((tmp_path / "tune-tiny.json").read_text())
    assert data["sampler"] == "grid (all 2 settings)"
    assert sorted(t["options"]["knocks"] for t in data["trials"]) == [False, True]
    md = (tmp_path / "tune-tiny.md").read_text()
    assert "Reproduce: `obelisk tune tiny" in md
    assert "| default | win shares |" in md and "| best | win shares |" in md
    assert (
        "tune-tiny-best against tune-tiny-default" in md
    )  # the report's paired comparison of the two settings
