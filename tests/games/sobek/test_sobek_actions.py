"""Sobek turns and the three actions (sobek:5, 6.1, 6.2, 6.3, 7) and their edge cases."""

from __future__ import annotations

import pytest
from sobek_fixtures import arrange, corr, hand, kinds, market, new, play, refuses

from obelisk.games.sobek.actions import Add, Done, Pass, Play, Set, Take


# -- sobek:5 turn structure ------------------------------------------------------------
@pytest.mark.rules("sobek:5")
def test_turn_passes_left():
    """One action per turn, then the player on the left."""
    s = arrange(new(3), market=["fish1"] * 5, turn=2)
    play(s, "take 1")
    assert s.current_player == 0
    play(s, "take 1")
    assert s.current_player == 1


@pytest.mark.rules("sobek:5")
def test_three_actions_offered_and_no_pass():
    """Take 1-4, play a held character, lay a possible set; there is no pass."""
    s = arrange(
        new(3),
        hands={0: ["fish1", "fish1", "fish0", "thief"]},
        market=["wheat1"] * 6,
        turn=0,
    )
    assert kinds(s) == ["take 1", "take 2", "take 3", "take 4", "play thief", "set fish"]
    msg = refuses(s, Pass(), "sobek:5")
    assert "no passing" in msg


@pytest.mark.rules("sobek:5", "sobek:9")
def test_edge25_extra_action_cannot_be_passed():
    """Edge 25: an extra action while Take is legal is compulsory: a pass is rejected."""
    s = arrange(
        new(3),
        hands={0: ["fish1", "fish1", "fish0"]},
        market=["wheat1"] * 5,
        turn=0,
        pool=["EXTRA_ACTION"],
    )
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0", "token extra action")
    assert s.current_player == 0 and s.in_extra
    refuses(s, Pass(), "sobek:5")
    play(s, "take 1")
    assert s.current_player == 1


@pytest.mark.rules("sobek:5", "sobek:15")
def test_extra_action_may_be_passed_when_option_off():
    """extra_action_compulsory=False: the extra action may be passed."""
    s = new(3, extra_action_compulsory=False)
    arrange(
        s,
        hands={0: ["fish1", "fish1", "fish0"]},
        market=["wheat1"] * 5,
        turn=0,
        pool=["EXTRA_ACTION"],
    )
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0", "token extra action")
    assert "pass" in kinds(s)
    play(s, "pass")
    assert s.current_player == 1


# -- sobek:6.1 take a card ---------------------------------------------------------------
@pytest.mark.rules("sobek:6.1")
def test_take_first_card_costs_nothing():
    """Edge 2: taking position 1 adds no corruption."""
    s = arrange(new(3), market=["fish1", "ivory3", "wheat0", "cattle2", "marble2"], turn=0)
    play(s, "take 1")
    assert hand(s, 0) == ["fish1"] and s.corr[0] == []
    assert market(s) == ["ivory3", "wheat0", "cattle2", "marble2"]


@pytest.mark.rules("sobek:6.1")
def test_take_fourth_card_three_to_corruption_including_character():
    """Edge 2: taking position 4 puts exactly 3 cards under the tile, a face-down one too."""
    s = arrange(new(3), market=["fish1", "thief", "wheat0", "ivory3", "marble2"], turn=0)
    play(s, "take 4")
    assert hand(s, 0) == ["ivory3"]
    assert sorted(corr(s, 0)) == sorted(["fish1", "thief", "wheat0"])
    assert market(s) == ["marble2"]
    obs = s.observation(0)
    assert obs["corruption_count"] == 3


@pytest.mark.rules("sobek:6.1", "sobek:11.3")
def test_take_worked_example():
    """sobek:11.3 take example: position 3 costs Fish(1) and the face-down character."""
    s = arrange(new(3), market=["fish1", "scribe", "ivory3", "wheat0", "cattle2"], turn=1)
    play(s, "take 3")
    assert sorted(corr(s, 1)) == ["fish1", "scribe"]
    assert hand(s, 1) == ["ivory3"]
    assert market(s)[0] == "wheat0"


@pytest.mark.rules("sobek:6.1")
def test_take_position_five_is_illegal():
    """Only the first four cards may be taken."""
    s = arrange(new(3), market=["fish1"] * 5 + ["wheat1"] * 4, turn=0)
    msg = refuses(s, Take(5), "sobek:6.1")
    assert "first 4" in msg


@pytest.mark.rules("sobek:6.1")
@pytest.mark.parametrize("left", [1, 2, 3])
def test_edge1_short_market_positions(left):
    """Edge 1: with 1-3 cards left only those positions are legal; position 4 is rejected."""
    s = arrange(new(3), market=["fish1"] * left, turn=0)
    assert [a.text() for a in s.legal_actions() if a.kind == "take"] == [
        f"take {i}" for i in range(1, left + 1)
    ]
    refuses(s, Take(4), "sobek:6.1")


@pytest.mark.rules("sobek:6.1", "sobek:14")
def test_taken_character_seen_only_by_taker():
    """A face-down character taken from the market: only the taker learns which it is."""
    s = arrange(new(3), market=["thief", "fish1"], turn=0)
    play(s, "take 1")
    assert s.observation(0)["hand"] == ["thief"]
    assert "thief" not in str(s.events_for(1)) and "thief" not in str(s.events_for(None))
    assert any(e.get("card") == "thief" for e in s.events_for(0))


# -- sobek:6.2 play a character -------------------------------------------------------------
@pytest.mark.rules("sobek:6.2")
def test_play_character_discards_face_up_and_resolves():
    """The character goes face up on the discard pile, then its power (Scribe: draw 2)."""
    s = arrange(new(3), hands={0: ["scribe"]}, market=["fish1"] * 3, turn=0)
    play(s, "play scribe")
    assert s.observation(1)["discard"] == ["scribe"]
    assert len(s.hands[0]) == 2
    assert s.current_player == 1


@pytest.mark.rules("sobek:6.2")
def test_play_character_not_held_is_illegal():
    """A character you do not hold cannot be played."""
    s = arrange(new(3), hands={0: ["scribe"]}, market=["fish1"] * 3, turn=0)
    msg = refuses(s, Play("thief"), "sobek:6.2")
    assert "thief" in msg


@pytest.mark.rules("sobek:6.2", "sobek:8")
def test_play_character_without_effect_is_allowed():
    """A character may be played even if its power does nothing (Thief, empty hands)."""
    s = arrange(new(3), hands={0: ["thief"]}, market=["fish1"] * 3, turn=0)
    play(s, "play thief")
    assert s.hands[0] == [] and s.current_player == 1


# -- sobek:6.3 play a set ------------------------------------------------------------------
@pytest.mark.rules("sobek:6.3")
def test_set_of_exactly_three():
    """Edge 5: a set of 3 goods cards is laid face up and takes an event token."""
    s = arrange(
        new(3),
        hands={0: ["fish1", "fish1", "fish0", "ivory3"]},
        market=["wheat1"] * 4,
        turn=0,
        pool=["BONUS_3"],
    )
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0")
    assert s.observation(2)["sets"][0] == {"fish": ["fish1", "fish1", "fish0"]}
    assert hand(s, 0) == ["ivory3"]
    assert s.current_player == 0  # choosing the token
    play(s, "token bonus")
    assert s.totals[0] == 3 and s.current_player == 1


@pytest.mark.rules("sobek:6.3")
def test_set_of_two_is_illegal():
    """Edge 5: done after two cards is rejected."""
    s = arrange(new(3), hands={0: ["fish1", "fish1", "fish0"]}, market=["wheat1"] * 4, turn=0)
    play(s, "set fish", "add fish 1", "add fish 1")
    msg = refuses(s, Done(), "sobek:6.3")
    assert "at least 3" in msg


@pytest.mark.rules("sobek:6.3")
def test_mixed_goods_are_illegal():
    """A fish set takes no ivory."""
    s = arrange(
        new(3), hands={0: ["fish1", "fish1", "fish0", "ivory3"]}, market=["wheat1"] * 4, turn=0
    )
    play(s, "set fish")
    msg = refuses(s, Add("ivory3"), "sobek:6.3")
    assert "mixed goods" in msg


@pytest.mark.rules("sobek:6.3")
def test_set_without_three_cards_cannot_start():
    """Set is not offered, and is rejected, without 3 eligible cards."""
    s = arrange(new(3), hands={0: ["fish1", "fish1", "ivory3"]}, market=["wheat1"] * 4, turn=0)
    assert "set fish" not in kinds(s)
    refuses(s, Set("fish"), "sobek:6.3")


@pytest.mark.rules("sobek:6.3")
def test_addition_needs_three_new_cards():
    """Edge 5: adding 2 cards to an existing set is illegal; 3 amulets may be added."""
    s = arrange(
        new(3),
        hands={0: ["fish1", "amulet", "amulet", "amulet"]},
        sets={0: {"fish": ["fish1", "fish1", "fish0"]}},
        market=["wheat1"] * 4,
        turn=0,
        pool=[],
    )
    play(s, "set fish", "add fish 1", "add amulet")
    refuses(s, Done(), "sobek:6.3")
    s2 = arrange(
        new(3),
        hands={0: ["amulet", "amulet", "amulet"]},
        sets={0: {"fish": ["fish1", "fish1", "fish0"]}},
        market=["wheat1"] * 4,
        turn=0,
        pool=[],
    )
    play(s2, "set fish", "add amulet", "add amulet", "add amulet")
    assert len(s2.sets[0][4]) == 6


@pytest.mark.rules("sobek:6.3")
def test_new_set_of_wild_cards_only_is_illegal():
    """Edge 5: a new set of 3 amulets, or Thief + Courtesan + amulet, is illegal."""
    s = arrange(new(3), hands={0: ["amulet", "amulet", "amulet"]}, market=["wheat1"] * 4, turn=0)
    assert not any(k.startswith("set") for k in kinds(s))
    refuses(s, Set("fish"), "sobek:6.3")
    s = arrange(new(3), hands={0: ["thief", "courtesan", "amulet"]}, market=["wheat1"] * 4, turn=0)
    assert "set fish" not in kinds(s)
    refuses(s, Set("fish"), "sobek:6.3")
    s = arrange(
        new(3), hands={0: ["thief", "courtesan", "amulet", "fish1"]}, market=["wheat1"] * 4, turn=0
    )
    play(s, "set fish", "add thief", "add courtesan", "add amulet")
    msg = refuses(s, Done(), "sobek:6.3")
    assert "goods card" in msg
    play(s, "add fish 1")
    assert len(s.sets[0][4]) == 4


@pytest.mark.rules("sobek:6.3", "sobek:15")
def test_wild_new_set_allowed_when_option_off():
    """new_set_needs_goods_card=False: 3 amulets may open a set."""
    s = new(3, new_set_needs_goods_card=False)
    arrange(s, hands={0: ["amulet", "amulet", "amulet"]}, market=["wheat1"] * 4, turn=0, pool=[])
    play(s, "set ivory", "add amulet", "add amulet", "add amulet")
    assert len(s.sets[0][0]) == 3


@pytest.mark.rules("sobek:6.3")
def test_edge6_character_in_its_family_set():
    """Edge 6: a fish character in a fish set is accepted and its power is not resolved."""
    s = arrange(
        new(3),
        hands={0: ["fish1", "fish1", "thief"], 1: ["ivory3"]},
        market=["wheat1"] * 4,
        turn=0,
        pool=[],
    )
    play(s, "set fish", "add fish 1", "add fish 1", "add thief")
    assert hand(s, 1) == ["ivory3"]  # nothing stolen
    assert s.observation(1)["sets"][0]["fish"] == ["fish1", "fish1", "thief"]
    assert s.current_player == 1


@pytest.mark.rules("sobek:6.3")
def test_edge6_character_of_other_family_is_illegal():
    """Edge 6: the Queen (ivory) cannot join a fish set."""
    s = arrange(
        new(3), hands={0: ["fish1", "fish1", "fish0", "queen"]}, market=["wheat1"] * 4, turn=0
    )
    play(s, "set fish")
    refuses(s, Add("queen"), "sobek:6.3")


@pytest.mark.rules("sobek:6.3", "sobek:11.1")
def test_edge7_plays_of_one_type_merge():
    """Edge 7: "set fish" with a fish set laid joins it; scoring uses the merged set. The seed:
    "It is possible to add cards to a set that has already been played". Laying the cards as
    a second fish set instead ("new fish") is tested in test_sobek_second_set.py."""
    s = arrange(
        new(3),
        hands={0: ["fish1", "fish1", "fish0"]},
        sets={0: {"fish": ["fish1", "fish1", "fish1"]}},
        market=["wheat1"] * 4,
        turn=0,
        pool=[],
    )
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0")
    assert len(s.sets[0][4]) == 6
    from obelisk.games.sobek.scoring import set_value

    assert set_value(s.t, s.sets[0][4]) == 6 * 5


@pytest.mark.rules("sobek:6.3", "sobek:9")
def test_edge8_sixth_set_has_no_event():
    """Edge 8: once the five tokens are gone a set (or an addition) triggers nothing."""
    s = arrange(
        new(3),
        hands={0: ["fish1", "fish1", "fish0"]},
        sets={0: {"fish": ["fish1", "fish1", "fish1"]}},
        market=["wheat1"] * 4,
        turn=0,
        pool=[],
        sets_played=5,
    )
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0")
    assert s.current_player == 1 and s.sets_played == 6


@pytest.mark.rules("sobek:6.3", "sobek:9")
def test_addition_triggers_an_event():
    """An addition to an existing set is a set play: it takes a token."""
    s = arrange(
        new(3),
        hands={0: ["fish1", "fish1", "fish0"]},
        sets={0: {"fish": ["fish1", "fish1", "fish1"]}},
        market=["wheat1"] * 4,
        turn=0,
        pool=["BONUS_3", "GOSSIP"],
    )
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0")
    assert kinds(s) == ["token bonus", "token gossip"]
    assert s.observation(0)["pending"]["tokens"] == ["BONUS_3", "GOSSIP"]
    assert "tokens" not in s.observation(1)["pending"]


# -- sobek:7 market and deck ----------------------------------------------------------------
@pytest.mark.rules("sobek:7")
def test_edge3_empty_market_gets_new_shipment():
    """Edge 3: the take that empties the market deals the next 9 at once."""
    s = arrange(new(3), market=["fish1"], turn=0)
    deck = s.dealable
    play(s, "take 1")
    assert len(s.market) == 9 and s.dealable == deck - 9


@pytest.mark.rules("sobek:7")
def test_edge3_partial_shipment():
    """Edge 3: fewer than 9 cards in the deck: a short shipment."""
    s = arrange(new(3), market=["fish1"], deck=["wheat1"] * 5 + ["ivory3", "cattle2"], turn=0)
    play(s, "take 1")
    assert len(s.market) == 7 and s.dealable == 0


@pytest.mark.rules("sobek:7")
def test_no_cards_added_to_non_empty_market():
    """Cards are never added to a market that still holds cards."""
    s = arrange(new(3), market=["fish1", "fish0"], turn=0)
    play(s, "take 1")
    assert market(s) == ["fish0"]


@pytest.mark.rules("sobek:7", "sobek:10.1")
def test_edge4_empty_market_and_deck():
    """Edge 4: Take is illegal; players go on with sets and characters; the first one who
    cannot act ends the round."""
    s = arrange(
        new(3),
        hands={0: ["fish1", "fish1", "fish0"], 1: ["thief"], 2: ["ivory3"]},
        market=[],
        deck=[],
        turn=0,
        pool=[],
    )
    refuses(s, Take(1), "sobek:7")
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0")
    assert s.current_player == 1 and s.round == 1
    play(s, "play thief")  # the only target, the only card: no choice to make
    # P3 had only one card and it was stolen; P3 cannot act: the round ends
    assert s.round == 1 and s.last_result is not None and s.last_result["round"] == 1
