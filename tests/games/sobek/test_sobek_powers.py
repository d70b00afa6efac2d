"""Character powers (sobek:8) and event tokens (sobek:9), one scenario each."""

from __future__ import annotations

import pytest
from sobek_fixtures import arrange, corr, hand, kinds, market, new, play

from obelisk.games.sobek.actions import DONE, Give, Take
from obelisk.games.sobek.components import INVENTED_EVENTS
from rulebook import refuses

#: the option that restores the pre-issue-27 tokens (EXTRA_ACTION, LAUNDER)
INVENTED = {"events": INVENTED_EVENTS}


def lay_fish(s, token):
    """P1 lays fish1 fish1 fish0 and takes ``token``."""
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0", f"token {token}")


# -- sobek:8 characters ------------------------------------------------------------------------
@pytest.mark.rules("sobek:8")
def test_queen_royal_pick_any_position_no_corruption():
    """C1 Queen: any market card, skipped cards are not corruption."""
    s = arrange(
        new(3),
        hands={0: ["queen"]},
        market=["fish0", "wheat0", "cattle0", "fish0", "ivory3", "wheat1"],
        turn=0,
    )
    play(s, "play queen")
    assert kinds(s) == [f"pick {i}" for i in range(1, 7)]
    play(s, "pick 5")
    assert hand(s, 0) == ["ivory3"] and s.corr[0] == []
    assert market(s) == ["fish0", "wheat0", "cattle0", "fish0", "wheat1"]


@pytest.mark.rules("sobek:8", "sobek:7")
def test_edge13_queen_takes_last_card_then_refill():
    """Edge 13: the Queen taking the last market card is followed by a new shipment."""
    s = arrange(new(3), hands={0: ["queen"]}, market=["ivory3"], turn=0)
    deck = s.dealable
    play(s, "play queen")  # one card: picked without a question
    assert hand(s, 0) == ["ivory3"] and len(s.market) == 9 and s.dealable == deck - 9


@pytest.mark.rules("sobek:8", "sobek:5")
def test_edge26_vizier_tribute_in_seating_order():
    """Edge 26/C2 Vizier: each opponent from the active player's left gives a card."""
    s = arrange(
        new(4),
        hands={
            1: ["vizier"],
            2: ["fish1", "ivory3"],
            3: ["wheat0", "marble0"],
            0: ["cattle2", "ebony0"],
        },
        market=["fish0"] * 3,
        turn=1,
    )
    play(s, "play vizier")
    assert s.current_player == 2
    assert kinds(s) == ["give ivory 3", "give fish 1"]
    play(s, "give fish 1")
    assert s.current_player == 3
    play(s, "give wheat 0")
    assert s.current_player == 0
    play(s, "give cattle 2")
    assert sorted(hand(s, 1)) == ["cattle2", "fish1", "wheat0"]
    assert s.current_player == 2  # P2's turn is over; the next player


@pytest.mark.rules("sobek:8")
def test_edge11_vizier_with_empty_handed_opponents():
    """Edge 11: opponents without cards give nothing."""
    s = arrange(new(3), hands={0: ["vizier"], 2: ["fish1", "wheat1"]}, market=["fish0"] * 3, turn=0)
    play(s, "play vizier")
    assert s.current_player == 2
    play(s, "give fish 1")
    assert hand(s, 0) == ["fish1"] and s.current_player == 1


@pytest.mark.rules("sobek:8", "sobek:14")
def test_tribute_card_hidden_from_others():
    """The given card is seen only by the giver and the receiver."""
    s = arrange(
        new(3),
        hands={0: ["vizier"], 1: ["ivory3", "wheat0"], 2: ["fish1", "marble0"]},
        market=["fish0"] * 3,
        turn=0,
    )
    play(s, "play vizier", "give ivory 3")
    assert "ivory3" in str(s.events_for(0)) and "ivory3" in str(s.events_for(1))
    assert "ivory3" not in str(s.events_for(2)[-3:])


@pytest.mark.rules("sobek:8")
def test_priest_purify_up_to_two():
    """C3 High Priest: 0-2 cards of your own pile go face down to the discard."""
    s = arrange(
        new(3),
        hands={0: ["priest"]},
        corruption={0: ["fish1", "wheat0", "ivory3"]},
        market=["fish0"] * 3,
        turn=0,
    )
    play(s, "play priest")
    assert kinds(s) == ["purge ivory 3", "purge fish 1", "purge wheat 0", "done"]
    play(s, "purge wheat 0", "purge fish 1")
    assert corr(s, 0) == ["ivory3"]
    assert s.observation(1)["discard_face_down"] == 2
    assert s.current_player == 1


@pytest.mark.rules("sobek:8")
def test_priest_may_purge_none():
    """Choosing 0 cards is allowed."""
    s = arrange(
        new(3), hands={0: ["priest"]}, corruption={0: ["fish1"]}, market=["fish0"] * 3, turn=0
    )
    play(s, "play priest", "done")
    assert corr(s, 0) == ["fish1"] and s.current_player == 1


@pytest.mark.rules("sobek:8")
def test_scribe_draws_two():
    """C4 Scribe: the top 2 cards of the deck, seen by the drawer only."""
    s = arrange(
        new(3),
        hands={0: ["scribe"]},
        market=["fish0"] * 3,
        deck=["ivory3", "wheat1", "cattle0"],
        turn=0,
    )
    play(s, "play scribe")
    assert len(s.hands[0]) == 2 and s.dealable == 1
    assert s.observation(1)["hand_sizes"][0] == 2


@pytest.mark.rules("sobek:8", "sobek:7")
def test_edge12_scribe_with_empty_deck():
    """Edge 12: Scribe with 0 cards in the deck draws nothing."""
    s = arrange(new(3), hands={0: ["scribe"]}, market=["fish0"] * 3, deck=[], turn=0)
    play(s, "play scribe")
    assert s.hands[0] == [] and s.current_player == 1


@pytest.mark.rules("sobek:8", "sobek:7")
def test_edge12_scribe_with_one_card():
    """Edge 12 (constructed): a deck of 1 card gives 1."""
    s = arrange(new(3), hands={0: ["scribe"]}, market=["fish0"] * 3, deck=["ivory3"], turn=0)
    play(s, "play scribe")
    assert hand(s, 0) == ["ivory3"] and s.dealable == 0


@pytest.mark.rules("sobek:8", "sobek:7")
def test_edge12_scribe_makes_last_shipment_short():
    """Edge 12: Scribe draws 2 of a deck of 9; the last shipment has 7 cards."""
    s = arrange(
        new(3),
        hands={0: ["scribe"]},
        market=["fish0"],
        deck=["wheat1"] * 7 + ["cattle2"] * 2,
        turn=0,
    )
    play(s, "play scribe")
    assert s.dealable == 7
    play(s, "take 1")
    assert len(s.market) == 7 and s.dealable == 0


@pytest.mark.rules("sobek:8")
def test_thief_steals_random_card():
    """C5 Thief: choose an opponent with cards; a random card (scripted) moves."""
    s = arrange(
        new(4),
        hands={0: ["thief"], 1: ["wheat0"], 2: ["fish1", "ivory3"]},
        market=["fish0"] * 3,
        turn=0,
    )
    play(s, "play thief")
    assert kinds(s) == ["target player 2", "target player 3"]  # P4 has no cards
    s.chance.force(s.hands[2][0], label="steal")
    play(s, "target player 3")
    assert hand(s, 0) == ["ivory3"] and hand(s, 2) == ["fish1"]


@pytest.mark.rules("sobek:8")
def test_edge11_thief_when_no_opponent_has_cards():
    """Edge 11: no effect, the Thief is still discarded."""
    s = arrange(new(3), hands={0: ["thief"]}, market=["fish0"] * 3, turn=0)
    play(s, "play thief")
    assert s.observation(0)["discard"] == ["thief"] and s.current_player == 1


@pytest.mark.rules("sobek:8")
def test_boatman_takes_front_two():
    """C6 Boatman: positions 1 and 2 into the hand, no corruption."""
    s = arrange(new(3), hands={0: ["boatman"]}, market=["fish0", "ivory3", "wheat1"], turn=0)
    play(s, "play boatman")
    assert sorted(hand(s, 0)) == ["fish0", "ivory3"] and s.corr[0] == []
    assert market(s) == ["wheat1"]


@pytest.mark.rules("sobek:8", "sobek:7")
def test_edge23_boatman_with_one_card_left():
    """Edge 23: one market card and a non-empty deck: it takes 1 card only, then refill."""
    s = arrange(new(3), hands={0: ["boatman"]}, market=["ivory3"], turn=0)
    play(s, "play boatman")
    assert hand(s, 0) == ["ivory3"]
    assert len(s.market) == 9


@pytest.mark.rules("sobek:8")
def test_collector_denounce():
    """C7 Tax Collector: the chosen opponent buries a card of their choice."""
    s = arrange(
        new(3), hands={0: ["collector"], 1: ["fish1", "ivory3"]}, market=["fish0"] * 3, turn=0
    )
    play(s, "play collector")  # P2 is the only opponent with cards
    assert s.current_player == 1
    assert kinds(s) == ["bury ivory 3", "bury fish 1"]
    play(s, "bury fish 1")
    assert hand(s, 1) == ["ivory3"] and corr(s, 1) == ["fish1"]
    assert s.current_player == 1  # P1's turn ended: P2 plays on


@pytest.mark.rules("sobek:8")
def test_edge24_courtesan_swap():
    """Edge 24/C8: look, take one card, give exactly one other card back."""
    s = arrange(
        new(3),
        hands={0: ["courtesan", "wheat0", "cattle0"], 1: ["fish1", "ivory3"]},
        market=["fish0"] * 3,
        turn=0,
    )
    play(s, "play courtesan")  # P2 is the only opponent with cards
    assert s.observation(0)["pending"]["their_hand"] == ["ivory3", "fish1"]
    assert "their_hand" not in s.observation(1)["pending"]
    play(s, "grab ivory 3")
    assert kinds(s) == ["give cattle 0", "give wheat 0"]  # not the card just taken
    refuses(s, Give("ivory3"), "sobek:8")
    play(s, "give wheat 0")
    assert hand(s, 0) == ["ivory3", "cattle0"] and sorted(hand(s, 1)) == ["fish1", "wheat0"]


@pytest.mark.rules("sobek:8")
def test_edge24_courtesan_with_no_other_card():
    """Edge 24: holding no other card after taking, nothing is given back."""
    s = arrange(
        new(3), hands={0: ["courtesan"], 1: ["fish1", "ivory3"]}, market=["fish0"] * 3, turn=0
    )
    play(s, "play courtesan", "grab fish 1")
    assert hand(s, 0) == ["fish1"] and hand(s, 1) == ["ivory3"] and s.current_player == 1


@pytest.mark.rules("sobek:8")
def test_overseer_sinks_front_cards():
    """C9 Overseer: positions 1..j to the discard (characters stay face down)."""
    s = arrange(
        new(3), hands={0: ["overseer"]}, market=["fish0", "thief", "wheat0", "ivory3"], turn=0
    )
    play(s, "play overseer")
    assert kinds(s) == ["sink 0", "sink 1", "sink 2", "sink 3"]
    play(s, "sink 3")
    assert market(s) == ["ivory3"] and s.corr[0] == []
    obs = s.observation(1)
    assert obs["discard"] == ["overseer", "fish0", "wheat0"] and obs["discard_face_down"] == 1


# -- sobek:9 event tokens --------------------------------------------------------------------
def fish_state(n=3, pool=(), **kw):
    s = new(n, **kw.pop("options", {}))
    hands = {0: ["fish1", "fish1", "fish0"]}
    hands.update(kw.pop("hands", {}))
    return arrange(
        s, hands=hands, market=kw.pop("market", ["wheat1"] * 5), turn=0, pool=list(pool), **kw
    )


@pytest.mark.rules("sobek:9", "sobek:11.1")
def test_bonus_3():
    """E1: 3 points straight onto the total."""
    s = fish_state(pool=["BONUS_3", "GOSSIP"])
    lay_fish(s, "BONUS_3")
    assert s.totals[0] == 3 and s.pool == ["GOSSIP"] and s.used == ["BONUS_3"]


@pytest.mark.rules("sobek:9", "sobek:5")
def test_edge10_extra_action_chains_into_another_set():
    """Edge 10 (option: the invented token table): the extra action lays another set,
    which takes another token."""
    s = fish_state(
        options=INVENTED,
        pool=["EXTRA_ACTION", "BONUS_3"],
        hands={0: ["fish1", "fish1", "fish0", "wheat1", "wheat1", "wheat0"]},
    )
    lay_fish(s, "EXTRA_ACTION")
    assert s.current_player == 0 and s.in_extra
    play(s, "set wheat", "add wheat 1", "add wheat 1", "add wheat 0", "token bonus")
    assert s.totals[0] == 3 and s.current_player == 1


@pytest.mark.rules("sobek:9", "sobek:5")
def test_edge10_extra_action_forfeited_without_legal_option():
    """Edge 10 (option: the invented token table): with no legal action the extra action is
    forfeited; the round goes on."""
    s = fish_state(
        options=INVENTED, pool=["EXTRA_ACTION"], market=[], deck=[], hands={1: ["thief"]}
    )
    lay_fish(s, "EXTRA_ACTION")
    assert s.current_player == 1 and s.round == 1 and s.last_result is None
    assert any(e["kind"] == "extra action forfeited" for e in s.events_for(None))


@pytest.mark.rules("sobek:9")
def test_absolution():
    """E3: 0-2 cards of your pile to the discard, face down."""
    s = fish_state(pool=["ABSOLUTION"], corruption={0: ["ivory3", "wheat0", "cattle0"]})
    lay_fish(s, "ABSOLUTION")
    play(s, "purge ivory 3", "purge wheat 0")
    assert corr(s, 0) == ["cattle0"] and s.current_player == 1


@pytest.mark.rules("sobek:9")
def test_edge9_token_that_cannot_be_applied():
    """Edge 9: ABSOLUTION with an empty pile is discarded; nothing else changes."""
    s = fish_state(pool=["ABSOLUTION", "BONUS_3"])
    lay_fish(s, "ABSOLUTION")
    assert s.used == ["ABSOLUTION"] and s.totals == [0, 0, 0] and s.current_player == 1


@pytest.mark.rules("sobek:9")
def test_launder():
    """E4 (option: the invented token table): 0-2 fitting corruption cards join the set just
    played, face up."""
    s = fish_state(
        options=INVENTED, pool=["LAUNDER"], corruption={0: ["fish1", "amulet", "ivory3"]}
    )
    lay_fish(s, "LAUNDER")
    assert kinds(s) == ["launder fish 1", "launder amulet", "done"]
    play(s, "launder fish 1", "launder amulet")
    assert len(s.sets[0][4]) == 5 and corr(s, 0) == ["ivory3"]


@pytest.mark.rules("sobek:9", "sobek:14")
def test_scapegoat():
    """E5: move 0-2 of your corruption cards to the chosen opponent's pile."""
    s = fish_state(pool=["SCAPEGOAT"], corruption={0: ["ivory3", "wheat0"]})
    lay_fish(s, "SCAPEGOAT")
    assert kinds(s) == ["target player 2", "target player 3"]
    play(s, "target player 3", "shift wheat 0", "done")
    assert corr(s, 0) == ["ivory3"] and corr(s, 2) == ["wheat0"]
    assert s.observation(2)["corruption"] == ["wheat0"]  # the receiver may look at it


@pytest.mark.rules("sobek:9")
def test_gossip():
    """E6: draw 2 cards."""
    s = fish_state(pool=["GOSSIP"], deck=["ivory3", "ivory3", "wheat0"])
    lay_fish(s, "GOSSIP")
    assert sorted(hand(s, 0)) == ["ivory3", "ivory3"] or len(s.hands[0]) == 2
    assert s.dealable == 1


@pytest.mark.rules("sobek:9")
def test_pickpocket():
    """E7: a random card from an opponent of your choice."""
    s = fish_state(pool=["PICKPOCKET"], hands={1: ["ivory3"]})
    lay_fish(s, "PICKPOCKET")  # one victim, one card: nothing to choose
    assert hand(s, 0) == ["ivory3"] and s.hands[1] == []


@pytest.mark.rules("sobek:9", "sobek:5")
def test_edge26_customs_order():
    """Edge 26/E8: every opponent with cards buries one, from the active player's left."""
    s = fish_state(
        n=4, pool=["CUSTOMS"], hands={1: ["ivory3", "ebony0"], 2: [], 3: ["wheat0", "cattle2"]}
    )
    lay_fish(s, "CUSTOMS")
    assert s.current_player == 1
    play(s, "bury ivory 3")
    assert s.current_player == 3  # P3 holds nothing
    play(s, "bury cattle 2")
    assert corr(s, 1) == ["ivory3"] and corr(s, 3) == ["cattle2"] and s.current_player == 1


@pytest.mark.rules("sobek:9")
def test_priority_berth():
    """E9: any market card, no corruption."""
    s = fish_state(
        pool=["PRIORITY_BERTH"], market=["wheat0", "fish0", "cattle0", "wheat0", "ivory3"]
    )
    lay_fish(s, "PRIORITY_BERTH")
    play(s, "pick 5")
    assert hand(s, 0) == ["ivory3"] and s.corr[0] == []


@pytest.mark.rules("sobek:9", "sobek:8")
def test_edge11_pickpocket_without_victims():
    """Edge 11: PICKPOCKET when every opponent's hand is empty does nothing."""
    s = fish_state(pool=["PICKPOCKET"])
    lay_fish(s, "PICKPOCKET")
    assert s.current_player == 1 and s.hands[0] == []


@pytest.mark.rules("sobek:8", "sobek:9")
def test_effect_choice_blocks_other_actions():
    """During an effect's choice, a normal action is rejected naming the effect rule."""
    s = arrange(new(3), hands={0: ["queen"]}, market=["fish0"] * 3, turn=0)
    play(s, "play queen")
    refuses(s, Take(1), "sobek:8")


# -- issue 27: the default tokens follow the seed ----------------------------------------------
@pytest.mark.rules("sobek:9", "sobek:5")
def test_free_passage_gives_no_second_action():
    """FREE_PASSAGE, the default in place of EXTRA_ACTION: "one (and only one) of the 3
    actions": the turn ends with the set; the passage is kept for a later take."""
    s = fish_state(pool=["FREE_PASSAGE", "BONUS_3"])
    lay_fish(s, "free passage")
    assert s.current_player == 1 and not s.in_extra and s.extra == 0
    assert s.free == [1, 0, 0] and s.observation(2)["free_passages"] == [1, 0, 0]
    assert s.used == ["FREE_PASSAGE"]


@pytest.mark.rules("sobek:9", "sobek:6.1")
def test_free_passage_next_skipping_take_costs_no_corruption():
    """FREE_PASSAGE: "all the cards that you skip end up under your corruption tile", except
    on the one take the token covers: those go to the discard pile; the next skip costs."""
    s = fish_state(
        pool=["FREE_PASSAGE"],
        market=[
            *("fish0", "cattle0", "wheat0", "cattle0", "ivory3"),
            *("ebony2", "marble2", "fish1", "wheat1"),
        ],
    )
    lay_fish(s, "free passage")
    play(s, "take 1", "take 1")  # players 2 and 3
    assert kinds(s)[2] == "take 3"
    assert "free passage" in s.choice_text(Take(3))
    play(s, "take 3")
    assert hand(s, 0) == ["ivory3"] and corr(s, 0) == [] and s.free == [0, 0, 0]
    assert [s.t.name(c) for c in s.discard_up] == ["wheat0", "cattle0"]
    play(s, "take 1", "take 1", "take 2")  # the passage is used up: skipping costs again
    assert hand(s, 0) == ["ivory3", "wheat1"] and corr(s, 0) == ["fish1"]


@pytest.mark.rules("sobek:9", "sobek:6.3")
def test_laundering_needs_three_fitting_cards():
    """LAUNDER_SET, the default in place of LAUNDER: "you must add a minimum of 3 new cards":
    with only 2 fitting corruption cards the token does nothing."""
    s = fish_state(pool=["LAUNDER_SET"], corruption={0: ["fish1", "amulet", "ivory3"]})
    lay_fish(s, "laundering")
    assert s.current_player == 1 and sorted(corr(s, 0)) == ["amulet", "fish1", "ivory3"]
    assert len(s.sets[0][4]) == 3


@pytest.mark.rules("sobek:9", "sobek:6.3")
def test_laundering_moves_none_or_at_least_three():
    """LAUNDER_SET: "a minimum of 3 new cards" ("you can, of course, play more"): once a card
    is moved, stopping is refused until 3 are in; every fitting card may go."""
    s = fish_state(
        pool=["LAUNDER_SET"], corruption={0: ["fish1", "fish0", "amulet", "fish1", "ivory3"]}
    )
    lay_fish(s, "laundering")
    assert kinds(s) == ["launder fish 1", "launder fish 0", "launder amulet", "done"]
    play(s, "launder fish 1")
    assert "done" not in kinds(s)
    assert "at least 3" in refuses(s, DONE, "sobek:9")
    play(s, "launder fish 0", "launder amulet")
    assert kinds(s) == ["launder fish 1", "done"]
    play(s, "launder fish 1")  # all 4 fitting cards; the choice closes by itself
    assert len(s.sets[0][4]) == 7 and corr(s, 0) == ["ivory3"] and s.current_player == 1


@pytest.mark.rules("sobek:9")
def test_laundering_may_move_nothing():
    """LAUNDER_SET: like any token, one may choose it and apply nothing ("simply discard
    it"): done before the first card."""
    s = fish_state(pool=["LAUNDER_SET"], corruption={0: ["fish1", "fish0", "amulet"]})
    lay_fish(s, "laundering")
    play(s, "done")
    assert sorted(corr(s, 0)) == ["amulet", "fish0", "fish1"] and s.current_player == 1
