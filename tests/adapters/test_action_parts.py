"""``action_parts`` describes an action space by parts (kind, field values, list items), and
the PettingZoo environment hands it out with its action masks."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

from obelisk.adapters.encoding import action_parts
from obelisk.adapters.pettingzoo import env
from obelisk.games.khufu.actions import ROLL, Give, Select, Steal


def test_an_action_is_its_kind_its_field_values_and_each_item_of_a_list() -> None:
    parts = action_parts([ROLL, Steal(1), Give("T05"), Select(("T05", "T07", "T09"))])
    named = [[parts.names[k] for k in parts.of(i)] for i in range(4)]
    assert named == [
        ["roll"],
        ["steal", "steal.target=1"],
        ["give", "give.card=T05"],
        ["select", "select.cards∋T05", "select.cards∋T07", "select.cards∋T09"],
    ]
    assert parts.table.shape == (4, 4) and parts.table[0, 1] == -1  # padded with -1


def test_khufus_selections_share_one_part_per_card() -> None:
    e = env("khufu", players=3)
    parts = e.action_parts()
    assert parts is e.action_parts()  # computed once per environment
    selects = [i for i, a in enumerate(e.actions) if a.kind == "select"]
    cards = {n for n in parts.names if n.startswith("select.cards∋")}
    assert len(cards) == 60 and len(parts.names) < 250  # a few hundred rows, not 34,360
    assert len({tuple(parts.of(i)) for i in range(len(e.actions))}) == len(e.actions)
    a = e.actions[selects[0]]
    assert [parts.names[k] for k in parts.of(selects[0])] == ["select"] + [
        f"select.cards∋{c}" for c in a.cards
    ]


def test_the_action_mask_alone_is_the_mask_of_the_observation() -> None:
    e = env("sobek", players=2)
    e.reset(seed=3)
    for agent in e.possible_agents:
        assert (e.action_mask(agent) == e.observe(agent)["action_mask"]).all()
