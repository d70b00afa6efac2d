"""Each game tells the simulator its seats' roles, its scores' meaning and its own numbers."""

from __future__ import annotations

import pytest

from obelisk.core import get_game
from obelisk.sim.tournament import RunPlan, play_game

OWN = {
    "sobek": "corruption penalty per seat and round",
    "ramses": "misses per card found",
    "abu_simbel": "failed turns",
    "mummy": "captures per round",
    "khufu": "interruptions",
}


@pytest.mark.parametrize("name", sorted(OWN))
def test_a_game_reports_its_own_numbers_and_flow(name: str) -> None:
    game = get_game(name)
    plan = RunPlan.build(game, 1, players=3, seats=["heuristic"], seed=11)
    line = play_game(game, next(plan.specs()), timing=False)
    assert "error" not in line, line.get("error")
    assert OWN[name] in line["metrics"]
    assert line["flow"]["branching factor"] >= 1
    assert line["trail"]


def test_the_mummy_is_seat_one_and_its_scores_are_composite() -> None:
    mummy = get_game("mummy")
    opts = mummy.make_options()
    assert mummy.seat_roles(3, opts) == ("mummy", "explorer", "explorer")  # mummy:2
    assert mummy.score_meaning(opts).kind == "composite"
    header = RunPlan.build(mummy, 2, players=2).header()
    assert header["arm_roles"] == [["mummy", "explorer"]]
    assert header["arm_options"][0]["max_rounds"] is None, "no invented round cap"


def test_khufu_scores_are_win_or_lose_and_other_games_count_points() -> None:
    khufu = get_game("khufu")
    assert khufu.score_meaning(khufu.make_options()).kind == "win_lose"
    assert khufu.seat_roles(3, khufu.make_options()) == ("player",) * 3
    for name in ("sobek", "ramses", "abu_simbel"):
        g = get_game(name)
        assert g.score_meaning(g.make_options()).kind == "points"


def test_a_results_header_records_the_commit_and_the_search_budget() -> None:
    sobek = get_game("sobek")
    h = RunPlan.build(sobek, 2, players=2, seats=["search-easy", "random"]).header()
    assert "commit" in h and "dirty" in h
    assert "25 iterations" in h["players_spec"]["search-easy"]
    assert "0.25 s" not in h["players_spec"]["search-easy"], "iteration budgets only"
    assert h["time_caps"] is False
