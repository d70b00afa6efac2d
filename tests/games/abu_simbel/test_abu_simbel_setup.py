"""Components, setup and options (abu_simbel:2.x, 4, 1)."""

from __future__ import annotations

from collections import Counter

import pytest
from abu_simbel_helpers import GAME, scripted

from obelisk.core import InvalidOptions
from obelisk.games.abu_simbel.components import (
    TOKENS,
    card_token,
    parse_chamber_deck,
    parse_treasures,
)
from obelisk.games.abu_simbel.options import AbuSimbelOptions


@pytest.mark.rules("abu_simbel:2.1", "abu_simbel:2.2")
def test_chamber_deck_has_30_cards_of_11_types():
    cards = parse_chamber_deck(AbuSimbelOptions().chamber_deck)
    assert len(cards) == 30
    types = Counter("SCORPIONS" if c.startswith("SCORPIONS") else c for c in cards)
    assert len(types) == 11
    assert types == {
        "MUMMY": 3, "BLADES": 3, "LAVA": 3, "CRACK": 3, "EMPTY": 2, "PIT": 3,
        "SCORPIONS": 3, "DIVE": 3, "GAS": 3, "CRAWL": 2, "HISSING": 2,
    }  # fmt: skip
    assert sorted(c for c in cards if c.startswith("SCORPIONS")) == [
        "SCORPIONS_1",
        "SCORPIONS_2",
        "SCORPIONS_3",
    ]


@pytest.mark.rules("abu_simbel:2.2", "abu_simbel:10.3")
def test_each_chamber_has_exactly_one_token():
    assert card_token("MUMMY") == "PUNCH"
    assert card_token("BLADES") == "DUCK"
    assert card_token("LAVA") == "JUMP"
    assert card_token("CRACK") == "CRAB_2"
    assert card_token("EMPTY") == "STEP_2"
    assert card_token("PIT") == "ROPE_2"
    assert card_token("SCORPIONS_3") == "STOMP_x3"
    assert card_token("DIVE") == "SWIM"
    assert card_token("GAS") == "COVER_NOSE"
    assert card_token("CRAWL") == "CRAWL"
    assert card_token("HISSING") == "BALANCE"
    assert len(TOKENS) == 16 and TOKENS[6:12] == tuple(f"STOMP_x{k}" for k in range(1, 7))


@pytest.mark.rules("abu_simbel:2.2")
def test_replacement_chamber_table_is_data_and_validated():
    s = GAME.new_state(2, 0, {"chamber_deck": "LAVA*2,SCORPIONS_6*2"})
    assert s.chamber_total == 4
    with pytest.raises(InvalidOptions, match="at least 3"):
        GAME.new_state(2, 0, {"chamber_deck": "LAVA*2"})
    with pytest.raises(InvalidOptions, match=r"1\.\.6"):
        GAME.new_state(2, 0, {"chamber_deck": "LAVA*3,SCORPIONS_7"})
    with pytest.raises(InvalidOptions, match="unknown chamber type"):
        GAME.new_state(2, 0, {"chamber_deck": "LAVA*3,TRAPDOOR"})


@pytest.mark.rules("abu_simbel:2.3")
def test_treasures_21_cards_9_6_6_jewels_three_types():
    cards = parse_treasures(AbuSimbelOptions().treasure_cards)
    assert len(cards) == 21
    jewels = Counter(int(c.split(":")[1]) for c in cards)
    assert jewels == {1: 9, 2: 6, 3: 6}
    types = Counter(c.split(":")[0] for c in cards)
    assert types == {"URN": 7, "ARK": 7, "CHEST": 7}
    with pytest.raises(InvalidOptions, match="unknown treasure type"):
        GAME.new_state(2, 0, {"treasure_cards": "VASE:3*21"})


@pytest.mark.rules("abu_simbel:2.4", "abu_simbel:4")
def test_charm_piles_hold_four_jewels_complete_scarab_on_top():
    s = GAME.new_state(4, 0)
    obs = s.observation(0)
    assert [p["charms"] for p in obs["players"]] == [3, 3, 3, 3]
    assert [p["charm_jewels"] for p in obs["players"]] == [4, 4, 4, 4]
    assert s.charm_jewels == (2, 1, 1)


@pytest.mark.rules("abu_simbel:2.5", "abu_simbel:4")
def test_setup_components():
    s = scripted(3, route=["LAVA", "GAS", "DIVE"])
    assert s.mummy_supply == 6
    assert s.deck_counts == [7, 7, 7]
    assert len(s.pool) == 21
    assert len(s.main_deck) == 27 and s.discard == []
    assert s.route == ["LAVA", "GAS", "DIVE"]
    assert s.active == 0 and s.phase == "way_in"
    assert s.tableaux == [[], [], []]
    s.check_invariants()


@pytest.mark.rules("abu_simbel:4")
def test_first_player_option_and_random_first_player():
    s = scripted(4, first_player=2)
    assert s.active == 2
    opts = GAME.make_options({"first_player": "random"})
    s = GAME._make_state(4, 5, opts)
    s.chance.force(3, label="first_player")
    s._setup()
    assert s.active == 3
    with pytest.raises(InvalidOptions):
        GAME.new_state(3, 0, {"first_player": 3})


@pytest.mark.rules("abu_simbel:4", "abu_simbel:9.3")
def test_player_counts():
    for n in range(2, 7):
        GAME.new_state(n, 0)
    solo = GAME.new_state(1, 0)  # one player can only play All for One
    assert solo.coop and solo.team_charms == 6
    assert GAME.new_state(1, 0, {"cooperative": True}).num_players == 1
    with pytest.raises(InvalidOptions, match="competitive"):
        GAME.new_state(2, 0, {"min_players_competitive": 3})
    with pytest.raises(InvalidOptions, match="Ultimate"):
        GAME.new_state(1, 0, {"ultimate": True})
    with pytest.raises(InvalidOptions):
        GAME.new_state(7, 0)


@pytest.mark.rules("abu_simbel:10")
def test_bad_option_combinations_are_rejected():
    """A-29: referee mode with a bot seat or fewer than 2 seats; Ultimate + All for One."""
    with pytest.raises(InvalidOptions, match="computer players"):
        GAME.new_state(3, 0, {"judging_mode": "referee", "bot_seats": "1"})
    with pytest.raises(InvalidOptions, match="at least 2 seats"):
        GAME.new_state(1, 0, {"judging_mode": "referee", "cooperative": True})
    with pytest.raises(InvalidOptions, match="Ultimate"):
        GAME.new_state(3, 0, {"ultimate": True, "cooperative": True})
    with pytest.raises(InvalidOptions):
        GAME.new_state(3, 0, {"free_judging_seats": "5"})
    with pytest.raises(InvalidOptions):
        GAME.new_state(3, 0, {"judging_mode": "shouting"})
    with pytest.raises(InvalidOptions):
        GAME.new_state(3, 0, {"nonsense": 1})
