"""The balance report from a hand-made results file, checked against hand-computed numbers."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from obelisk.sim.report import analyze, html_page, markdown, tables
from obelisk.sim.stats import wilson


def _game(i: int, arm: int, seats: list[str], returns: list[float], **kw: object) -> dict:
    winners = [j for j, r in enumerate(returns) if r > 0]
    line = {
        "i": i,
        "arm": arm,
        "deal": i // 2,
        "rot": i % 2,
        "seed": 1,
        "seats": seats,
        "options": {},
        "scores": kw.get("scores", [float(10 * r) for r in returns]),
        "returns": returns,
        "winners": winners,
        "length": kw.get("length", 10),
        "decisions": [5, 5],
        "first": kw.get("first", 0),
        "lead_changes": kw.get("lead", 0),
        "margin": kw.get("margin", 10.0),
        "duration": 0.01,
    }
    return line


def _write(path: Path, games: list[dict], arms: int = 1) -> Path:
    header = {
        "format": "obelisk-sim",
        "format_version": 1,
        "engine_version": "0",
        "game": "tiny",
        "players": 2,
        "seats": ["heuristic", "random"],
        "games": 4,
        "seed": 0,
        "options": {},
        "sweep": {"knocks": [True, False]} if arms == 2 else {},
        "timing": True,
        "rotations": [["heuristic", "random"], ["random", "heuristic"]],
        "arms": [{"knocks": True}, {"knocks": False}][:arms],
        "arm_labels": ["knocks=true", "knocks=false"][:arms],
        "total": len(games),
    }
    path.write_text("\n".join(json.dumps(x) for x in [header, *games]) + "\n")
    return path


H, R = "heuristic", "random"


def test_win_shares_by_seat_level_and_first_player(tmp_path: Path) -> None:
    games = [
        _game(0, 0, [H, R], [1.0, 0.0], length=10, lead=0),
        _game(1, 0, [R, H], [0.0, 1.0], length=12, lead=2),
        _game(2, 0, [H, R], [0.5, 0.5], length=14, lead=1, first=1, margin=0.0),
        _game(3, 0, [R, H], [1.0, 0.0], length=20, lead=1),
    ]
    for g, rounds in zip(games, [3, 3, 4, 6], strict=True):
        g["metrics"] = {"rounds": rounds, "mode": "x"}
    rep = analyze(_write(tmp_path / "r.jsonl", games))
    (a,) = rep.arms
    # seat 1 won games 0 and 3 and half of game 2: 2.5 of 4
    assert [s.successes for s in a.seat_shares] == [2.5, 1.5]
    assert a.seat_shares[0].value == 0.625
    assert (a.seat_shares[0].lo, a.seat_shares[0].hi) == wilson(2.5, 4)
    # heuristic: 1 + 1 + 0.5 + 0 = 2.5 wins in 4 seats; random: 0 + 0 + 0.5 + 1 = 1.5
    assert a.level_shares[H].successes == 2.5 and a.level_shares[H].n == 4
    assert a.level_shares[R].successes == 1.5
    # the first mover: seat 1, seat 1, seat 2 (half a win), seat 1 -> 1 + 0 + 0.5 + 1 = 2.5
    assert a.first is not None and a.first.successes == 2.5
    assert a.ties.successes == 1
    assert a.no_winner.successes == 0
    assert a.length.mean == 14.0 and a.length.median == 13.0
    assert a.lead_changes.mean == 1.0
    assert a.no_lead_change.value == 0.25
    assert a.margin.mean == 7.5
    assert a.winning_score.mean == 8.75  # 10, 10, 5 (the shared game), 10
    assert list(a.metrics) == ["rounds"]
    assert a.metrics["rounds"].mean == 4.0
    assert any(r[0] == "rounds" for t in tables(rep) for r in t.rows)
    assert not a.team
    assert rep.complete and rep.games == 4 and rep.errors == 0


def test_settings_are_compared_with_the_first(tmp_path: Path) -> None:
    games = [_game(i, 0, [H, R], [1.0, 0.0], length=10) for i in range(0, 20, 2)]
    games += [
        _game(i, 1, [H, R], [0.0, 1.0] if i % 4 == 1 else [1.0, 0.0], length=12)
        for i in range(1, 20, 2)
    ]
    games.append({**_game(21, 1, [H, R], [1.0, 0.0]), "error": "ValueError: boom"})
    for g in games:
        if "error" in g:
            for k in ("scores", "returns", "winners"):
                g.pop(k)
    rep = analyze(_write(tmp_path / "r.jsonl", games, arms=2))
    assert [a.n for a in rep.arms] == [10, 10]
    assert rep.errors == 1
    by_metric = {c.metric: c for c in rep.comparisons}
    c = by_metric["seat 1 win share"]
    # 10/10 against 5/10 (i = 1, 5, 9, 13, 17 have i % 4 == 1 -> seat 2 wins): pooled 0.75
    assert (c.base, c.value, c.diff) == (1.0, 0.5, -0.5)
    z = -0.5 / (0.75 * 0.25 * 0.2) ** 0.5
    assert c.p == pytest.approx(__import__("math").erfc(abs(z) / 2**0.5))
    # every length is 10 in one setting and 12 in the other: a certain difference
    assert by_metric["game length (steps)"].diff == 2.0
    assert by_metric["game length (steps)"].p == 0.0
    for t in tables(rep):
        assert all(len(r) == len(t.columns) for r in t.rows), t.title
    titles = [t.title for t in tables(rep)]
    assert "knocks=false against knocks=true" in titles
    assert "Win share by level — knocks=false" in titles


def test_cooperative_results_report_the_team(tmp_path: Path) -> None:
    games = [_game(i, 0, [H, H], [1.0, 1.0] if i < 3 else [0.0, 0.0]) for i in range(4)]
    for g in games:
        g["winners"] = [0, 1] if g["returns"][0] else []
    (a,) = analyze(_write(tmp_path / "r.jsonl", games)).arms
    assert a.team
    assert a.seat_shares[0].value == 0.75
    assert a.no_winner.value == 0.25


def test_html_is_self_contained_with_embedded_plots(tmp_path: Path) -> None:
    games = [
        _game(i, i % 2, [H, R], [1.0, 0.0] if i % 3 else [0.0, 1.0], length=8 + i % 5, lead=i % 3)
        for i in range(24)
    ]
    rep = analyze(_write(tmp_path / "r.jsonl", games, arms=2))
    page = html_page(rep)
    assert page.count("data:image/png;base64,") >= 5
    assert not re.search(r"(src|href)=['\"](?!data:)", page), "no external resources"
    assert "Win share by seat" in page
    md = markdown(rep)
    assert "| seat | win share | 95% CI | wins | mean score |" in md


def _roles_file(path: Path, games: list[dict], **header: object) -> Path:
    _write(path, games)
    lines = path.read_text().splitlines()
    h = json.loads(lines[0])
    h.update(header)
    path.write_text("\n".join([json.dumps(h), *lines[1:]]) + "\n")
    return path


def test_roles_are_compared_by_role_and_seats_within_a_role(tmp_path: Path) -> None:
    # seat 1 is the mummy, seats 2 and 3 explorers: the mummy wins 1 of 4 games
    outcomes = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0]]
    games = [_game(i, 0, [H, H, H], r) for i, r in enumerate(outcomes)]
    path = _roles_file(
        tmp_path / "r.jsonl",
        games,
        players=3,
        arm_roles=[["mummy", "explorer", "explorer"]],
        arm_scores=[{"kind": "composite", "words": "ankhs; cards"}],
    )
    (a,) = analyze(path).arms
    assert not a.one_role
    assert a.role_shares["mummy"].value == 0.25
    assert a.role_shares["explorer"].value == 0.75
    titles = [t.title for t in tables(analyze(path))]
    assert "Win share by role" in titles
    assert "Seats within the role explorer" in titles
    assert "First player" not in titles, "the first mover's role decides, not its position"
    (dist,) = [t for t in tables(analyze(path)) if t.title == "Distributions"]
    names = [r[0] for r in dist.rows]
    assert "winning margin" not in names and "mummy's score" in names


def test_win_lose_scores_have_no_margin_and_capped_games_are_counted(tmp_path: Path) -> None:
    games = [_game(i, 0, [H, R], [1.0, 0.0] if i else [0.0, 0.0]) for i in range(4)]
    games[0]["end"] = "max_rounds"
    path = _roles_file(
        tmp_path / "r.jsonl", games, arm_scores=[{"kind": "win_lose", "words": "1 or 0"}]
    )
    rep = analyze(path)
    (a,) = rep.arms
    assert a.capped.successes == 1
    assert a.completion.value == 0.75
    ts = {t.title: t for t in tables(rep)}
    assert "winning margin" not in [r[0] for r in ts["Distributions"].rows]
    assert "stopped by a safety cap" in ts["How games ended"].note


def test_paired_settings_use_the_sign_test_with_holm(tmp_path: Path) -> None:
    # the same 10 deals in both settings: seat 1 wins all in the first, 2 of 10 in the other
    games = []
    for d in range(10):
        games.append({**_game(2 * d, 0, [H, R], [1.0, 0.0]), "deal": d, "rot": 0})
        r = [1.0, 0.0] if d < 2 else [0.0, 1.0]
        games.append({**_game(2 * d + 1, 1, [H, R], r), "deal": d, "rot": 0})
    rep = analyze(_write(tmp_path / "r.jsonl", games, arms=2))
    c = {c.metric: c for c in rep.comparisons}["seat 1 win share"]
    assert c.test == "sign"
    assert c.p == pytest.approx(2 * 0.5**8)  # 8 discordant pairs, all one way
    assert c.p_holm >= c.p
    assert all(x.p_holm <= 1 for x in rep.comparisons)


def test_files_that_differ_only_in_seed_make_a_seed_check(tmp_path: Path) -> None:
    a = _write(tmp_path / "a.jsonl", [_game(i, 0, [H, R], [1.0, 0.0]) for i in range(4)])
    b = _roles_file(
        tmp_path / "b.jsonl", [_game(i, 0, [H, R], [0.0, 1.0]) for i in range(4)], seed=9
    )
    rep = analyze([a, b])
    assert rep.seed_values == [0, 9]
    (st,) = [t for t in tables(rep) if t.title.startswith("The same question")]
    assert [r[0] for r in st.rows] == ["0", "0", "9", "9"]


def test_runs_of_other_player_counts_compare_only_what_they_share(tmp_path: Path) -> None:
    two = _write(tmp_path / "two.jsonl", [_game(i, 0, [H, R], [1.0, 0.0]) for i in range(4)])
    three = _roles_file(
        tmp_path / "three.jsonl",
        [_game(i, 0, [H, R, R], [0.0, 1.0, 0.0], length=20) for i in range(4)],
        players=3,
        seed=5,
    )
    rep = analyze([two, three])
    metrics = {c.metric for c in rep.comparisons}
    assert "game length (steps)" in metrics
    assert not any(m.startswith("seat ") for m in metrics), "seats of 2 and 3 players differ"
    assert {c.test for c in rep.comparisons} <= {"z", "Welch"}, "other deals: unpaired"


def test_the_fair_share_counts_only_games_some_seat_won(tmp_path: Path) -> None:
    # Khufu wins 1 of 4 games himself: the seats share the other 3, fair is 3/8 each
    games = [_game(i, 0, [H, R], [1.0, 0.0] if i % 2 else [0.0, 1.0]) for i in range(3)]
    games.append(_game(3, 0, [H, R], [0.0, 0.0]))
    (a,) = analyze(_write(tmp_path / "k.jsonl", games)).arms
    assert a.fair == pytest.approx(0.375)
