"""The plan of a run: seat rotation, paired seeds, sweeps, option typing, one game's line."""

from __future__ import annotations

import pytest

from obelisk.core import InvalidOptions, get_game
from obelisk.sim.tournament import (
    RunPlan,
    deal_seed,
    distinct_rotations,
    play_game,
    split_seats,
)


def test_rotations_are_distinct_cyclic_shifts() -> None:
    assert distinct_rotations(["a", "b"]) == [("a", "b"), ("b", "a")]
    assert distinct_rotations(["a", "a", "a"]) == [("a", "a", "a")]
    assert distinct_rotations(["a", "b", "a", "b"]) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert len(distinct_rotations(["a", "b", "b"])) == 3


def test_every_deal_is_played_in_every_seat_order_and_every_setting() -> None:
    game = get_game("tiny")
    plan = RunPlan.build(
        game, 5, seats=["random", "random", "random"], sweep={"knocks": ["true", "false"]}
    )
    # one distinct seat order: 5 deals per setting
    assert plan.total() == 10
    plan = RunPlan.build(game, 5, seats=["random", "random"], seed=3)
    assert plan.rotations() == [("random", "random")]
    game = get_game("tiny_slow")
    plan = RunPlan.build(game, 5, seats=["sleepy", "random"], sweep={"knocks": ["on", "off"]})
    # 5 games rounded up to whole rotations (3 deals x 2 orders), times 2 settings
    assert plan.games_per_arm() == 6
    assert plan.total() == 12
    specs = list(plan.specs())
    assert [s.index for s in specs] == list(range(12))
    # a deal's games share a seed across orders and settings; deals differ
    by_deal: dict[int, set[int]] = {}
    for s in specs:
        by_deal.setdefault(s.deal, set()).add(s.seed)
    assert all(len(v) == 1 for v in by_deal.values())
    assert len({next(iter(v)) for v in by_deal.values()}) == 3
    assert {s.seats for s in specs if s.deal == 0 and s.arm == 0} == {
        ("sleepy", "random"),
        ("random", "sleepy"),
    }
    # sweep values are typed through the game's options
    assert [s.options for s in specs[:4]] == [{"knocks": True}] * 2 + [{"knocks": False}] * 2
    assert plan.arm_labels() == ["knocks=true", "knocks=false"]


def test_growing_a_run_keeps_its_indices() -> None:
    game = get_game("tiny")
    small = {s.index: s for s in RunPlan.build(game, 4, seats=["random"], seed=9).specs()}
    big = {s.index: s for s in RunPlan.build(game, 10, seats=["random"], seed=9).specs()}
    assert all(big[i] == s for i, s in small.items())


def test_seeds_are_stable_and_differ_between_base_seeds() -> None:
    assert deal_seed(0, 0) == deal_seed(0, 0)
    assert deal_seed(0, 0) != deal_seed(1, 0)
    assert deal_seed(0, 1) != deal_seed(1, 0)
    assert 0 <= deal_seed(123, 456) < 2**48


def test_header_round_trip() -> None:
    game = get_game("tiny")
    plan = RunPlan.build(game, 7, players=3, options={"deck_size": "15"}, seed=4)
    again = RunPlan.from_header(plan.header())
    assert again == plan
    assert plan.options == {"deck_size": 15}
    assert plan.seats == ("random", "random", "random")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 9}, "2-4 players"),
        ({"seats": ["random", "wizard"]}, "unknown player level 'wizard'"),
        ({"seats": ["random", "random"], "players": 3}, "one per seat"),
        ({"options": {"colour": "red"}}, "unknown option"),
        ({"options": {"hand_size": "lots"}}, "expected an integer"),
        ({"sweep": {"deck_size": ["12", "5"]}}, "too small"),
        ({"options": {"knocks": "on"}, "sweep": {"knocks": ["on"]}}, "both fixed"),
    ],
)
def test_bad_plans_fail_before_any_game(kwargs: dict, message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        RunPlan.build(get_game("tiny"), 10, **kwargs)
    with pytest.raises(InvalidOptions, match="at least 1"):
        RunPlan.build(get_game("tiny"), 0)


def test_split_seats_keeps_search_specs_whole() -> None:
    assert split_seats("random, heuristic") == ["random", "heuristic"]
    assert split_seats("ismcts:iterations=9,rollout=random,random") == [
        "ismcts:iterations=9,rollout=random",
        "random",
    ]


def test_lead_changes_follow_the_running_score() -> None:
    # script (0,1,2,0,0,2,3,0), seats alternate: scores after each step
    # [0,0] [0,1]=seat 2 leads, [2,1]=seat 1 (change 1), [2,1], [2,1], [2,3]=seat 2 (change 2),
    # [5,3]=seat 1 (change 3), [5,3]
    race = get_game("sim_race")
    spec = next(RunPlan.build(race, 1, seats=["random"]).specs())
    line = play_game(race, spec, timing=False)
    assert line["lead_changes"] == 3
    assert line["scores"] == [5.0, 3.0]
    assert line["winners"] == [0]
    assert line["returns"] == [1.0, 0.0]
    assert line["margin"] == 2.0
    assert line["length"] == 8
    assert line["decisions"] == [4, 4]
    assert line["first"] == 0
    assert line["metrics"] == {"zero_steps": 4, "label": "race"}
    assert "duration" not in line
    # a tie does not change the lead: [0,0] [1,0] [1,1] [1,2]: one change
    spec2 = next(RunPlan.build(race, 1, options={"script": "1,1,0,1"}).specs())
    line2 = play_game(race, spec2, timing=True)
    assert line2["lead_changes"] == 1
    assert line2["winners"] == [1]
    assert line2["duration"] >= 0


def test_an_engine_error_is_recorded_on_the_line() -> None:
    race = get_game("sim_race")
    spec = next(RunPlan.build(race, 1).specs())
    broken = type(spec)(spec.index, 0, 0, 0, spec.seed, ("random", "random"), {"script": "x"})
    line = play_game(race, broken, timing=False)
    assert "expected an integer" in line["error"]
    assert line["i"] == spec.index


def test_variants_are_swept_by_name_and_fixed_options_stay_on_top() -> None:
    game = get_game("tiny")
    plan = RunPlan.build(
        game,
        2,
        seats=["random"],
        options={"knocks": "false"},
        sweep={"variant": ["default", "short"]},
    )
    assert plan.arm_labels() == ["variant=default", "variant=short"]
    assert plan.arms() == [
        {"knocks": False},
        {"deck_size": 8, "hand_size": 2, "knocks": False},
    ]
    assert RunPlan.from_header(plan.header()) == plan
    fixed = RunPlan.build(game, 2, variant="short")
    assert fixed.options == {"deck_size": 8, "hand_size": 2}
    with pytest.raises(InvalidOptions, match="no variant 'long'"):
        RunPlan.build(game, 2, sweep={"variant": ["default", "long"]})
