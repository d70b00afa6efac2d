"""``obelisk simulate`` and ``obelisk report`` as a user runs them."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from obelisk.cli.main import app
from obelisk.sim.results import read_results

runner = CliRunner()


def test_simulate_then_report(tmp_path: Path) -> None:
    out = tmp_path / "tiny.jsonl"
    args = ["simulate", "tiny", "-n", "60", "--players", "3", "--seats", "random"]
    r = runner.invoke(app, [*args, "--sweep", "knocks=true,false", "-w", "1", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "120 games" in r.output
    assert "obelisk report" in r.output
    res = read_results(out)
    assert len(res.games) == 120
    assert res.header["sweep"] == {"knocks": [True, False]}
    r = runner.invoke(app, [*args, "--sweep", "knocks=true,false", "--out", str(out)])
    assert r.exit_code == 2
    assert "exists; continue it with --resume" in r.output
    r = runner.invoke(app, [*args, "--sweep", "knocks=true,false", "--out", str(out), "--resume"])
    assert r.exit_code == 0, r.output
    assert "120 were already done" in r.output
    html, md = tmp_path / "r.html", tmp_path / "r.md"
    r = runner.invoke(app, ["report", str(out), "--html", str(html), "--markdown", str(md)])
    assert r.exit_code == 0, r.output
    assert "Win share by seat" in r.output
    assert "knocks=false against knocks=true" in r.output
    assert html.read_text().startswith("<!doctype html>")
    assert "#### First player" in md.read_text()


def test_errors_are_one_clear_line(tmp_path: Path) -> None:
    cases = [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", "tiny", "--seats", "wizard"], "unknown player level 'wizard'"),
        (["simulate", "tiny", "-o", "colour=red"], "unknown option(s) colour"),
        (["simulate", "tiny", "--sweep", "knocks"], "not of the form name=value"),
        (["simulate", "tiny", "--backend", "slurm"], "unknown backend 'slurm'"),
        (["simulate", "tiny", "--workers", "0"], "--workers must be at least 1"),
        (["report", str(tmp_path / "missing.jsonl")], "no such results file"),
    ]
    for args, message in cases:
        r = runner.invoke(app, args)
        assert r.exit_code == 2, (args, r.output)
        assert "error:" in r.output and message in r.output, (args, r.output)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"hello": 1}\n')
    r = runner.invoke(app, ["report", str(bad)])
    assert r.exit_code == 2 and "not an Obelisk simulation results file" in r.output


def test_one_game_is_pulled_out_and_replayed(tmp_path: Path) -> None:
    out, rec = tmp_path / "sobek.jsonl", tmp_path / "game1.json"
    args = ["simulate", "sobek", "-n", "2", "--players", "2", "-w", "1", "-q", "--out", str(out)]
    assert runner.invoke(app, args).exit_code == 0
    r = runner.invoke(
        app, ["simulate", "sobek", "--out", str(out), "--extract", "1", "--record", str(rec)]
    )
    assert r.exit_code == 0, r.output
    assert f"obelisk replay {rec}" in r.output
    r = runner.invoke(app, ["replay", str(rec)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["simulate", "sobek", "--out", str(out), "--extract", "7"])
    assert r.exit_code == 2 and "no game number 7" in r.output


def test_a_sweep_over_player_counts_and_seat_mixes_in_one_command(tmp_path: Path) -> None:
    """``--sweep players=2,3`` and ``--sweep seats=A|B`` play one results file per player count
    and seat mix, on the same base seed, and name the report that compares them all."""
    out = tmp_path / "tiny.jsonl"
    r = runner.invoke(
        app,
        [
            *("simulate", "tiny", "-n", "12", "-w", "1", "--out", str(out), "-q"),
            *("--sweep", "players=2,3", "--sweep", "seats=random|easy"),
        ],
    )
    assert r.exit_code == 0, r.output
    names = ["tiny-2p-seats1", "tiny-2p-seats2", "tiny-3p-seats1", "tiny-3p-seats2"]
    files = [tmp_path / f"{n}.jsonl" for n in names]
    heads = [read_results(f).header for f in files]
    assert [h["players"] for h in heads] == [2, 2, 3, 3]
    assert [h["seats"] for h in heads] == [
        ["random", "random"],
        ["easy", "easy"],
        ["random", "random", "random"],
        ["easy", "easy", "easy"],
    ]
    assert {h["seed"] for h in heads} == {0}
    assert "Next: obelisk report " + " ".join(map(str, files)) in r.output
    r = runner.invoke(app, ["report", *map(str, files)])
    assert r.exit_code == 0, r.output
    for name in names[1:]:
        assert f"{name} against tiny-2p-seats1" in r.output
    # the two seat mixes of 2 players played the same deals: their games are paired
    mixes = r.output.split("tiny-2p-seats2 against tiny-2p-seats1")[1].split(" against ")[0]
    assert "paired t" in mixes and "sign" in mixes, mixes


def test_a_swept_player_count_must_be_a_number(tmp_path: Path) -> None:
    r = runner.invoke(app, ["simulate", "tiny", "--sweep", "players=two", "-q"])
    assert r.exit_code == 2
    assert "--sweep players= takes numbers, not 'two'" in r.output
