"""Hidden information (ramses:11.1 - 11.4; edge cases H-1..H-3) and determinization."""

from __future__ import annotations

import json
import random
import re

import pytest

from games.ramses.ramses_helpers import GAME, card_of, draw, empty_stack, give_hand, make, slide
from obelisk.games.ramses.actions import RiskDeclare
from obelisk.games.ramses.components import PLACES, TREASURE_NAMES, tid


def _random_states(n=3, seed=0, steps=400, options=None):
    st = GAME.new_state(n, seed, options)
    rng = random.Random(seed)
    out = []
    while not st.is_terminal() and len(out) < steps:
        st.apply(rng.choice(st.legal_actions()))
        out.append(st.clone())
    return out


@pytest.mark.rules("ramses:11.1", "ramses:11.4")
@pytest.mark.parametrize("seed", range(3))
def test_h1_observation_holds_only_the_token_at_the_empty_place(seed):
    """H-1: no observation contains the token of a covered place; it does show the empty's."""
    for st in _random_states(3, seed, 300):
        for seat in (0, 1, 2, None):
            obs = st.observation(seat)
            blob = json.dumps({k: v for k, v in obs.items() if k not in ("hand", "hands")})
            assert obs["showing"] == tid(st.tokens[st.empty])
            for t in range(1, 13):
                if st.tokens[st.empty] != t:
                    mentioned = tid(t) in blob
                    if mentioned:  # only cards and declarations name a treasure
                        stripped = {
                            k: v
                            for k, v in obs.items()
                            if k
                            not in (
                                "hand",
                                "hands",
                                "current_card",
                                "discard",
                                "search",
                                "declared",
                                "showing",
                            )
                        }
                        assert tid(t) not in json.dumps(stripped)
            assert "tokens" not in obs and "layout" not in obs


@pytest.mark.rules("ramses:11.1", "ramses:11.4")
def test_h1_two_layouts_give_identical_observations():
    """The leak test: states that differ only under the pyramids look the same to every seat."""
    from obelisk.games.ramses.components import BLOCK_PLACES

    a = make(3)
    b = make(3, layout={t: BLOCK_PLACES[t - 1][3] for t in range(1, 13)})
    assert a.tokens != b.tokens
    for s in (0, 1, 2, None):
        assert a.observation(s) == b.observation(s)
        assert a.to_text(s) == b.to_text(s)


@pytest.mark.rules("ramses:11.2")
def test_h2_hands_are_counts_and_blind_transfers_are_private():
    st = make(3)
    give_hand(st, 1, card_of(st, 1, 7), card_of(st, 1, 8))
    empty_stack(st, 1)
    draw(st, card_of(st, 2, kind="risk"))
    st.apply(RiskDeclare(2, 1))
    slide(st, 2)
    slide(st, 1)
    slide(st, 0)  # success: a blind card from seat 1
    obs2 = st.observation(2)
    assert obs2["hand_counts"] == [1, 1, 0] and obs2["hand"] == []
    assert "hands" not in obs2
    for e in st.events_for(2):
        if e["kind"] == "card_transferred":
            assert "card" not in e and "treasure" not in e
    mine = [e for e in st.events_for(0) if e["kind"] == "card_transferred" and "card" in e]
    assert mine and mine[-1]["treasure"] in ("T07", "T08")


@pytest.mark.rules("ramses:11.3")
def test_h3_no_coordinates_of_past_reveals_in_observations_or_log_text():
    """H-3: observations name only the current empty place; event texts name no place."""
    for st in _random_states(3, 4, 250):
        obs = st.observation(1)
        assert set(obs["empty"]) == {"place", "row", "col"}
        assert "seen" not in obs and "reveals" not in obs
    for e in st.events_for(1):
        if e["kind"] == "chance":  # the core's raw draws (cards, the first empty place)
            continue
        text = e.get("text", "")
        assert text, e
        assert not re.search(r"\b(place|row|col)\b", text)
        assert not re.search(r"\(\d+, ?\d+\)", text)


@pytest.mark.rules("ramses:11.2", "ramses:11.4")
def test_determinize_redraws_covered_tokens_and_unknown_cards_only():
    st = make(3)
    give_hand(st, 1, card_of(st, 1, 7))
    st.masks[1] = [1 << 1]  # only seat 1 knows this card
    draw(st, card_of(st, 1, 5))
    slide(st, 9)
    d = st.determinize(0, random.Random(3))
    assert d.tokens[1] == 0 and d.tokens[9] == 0  # seen places keep their tokens
    assert sorted(t for t in d.tokens if t) == list(range(1, 13))
    layouts = {st.determinize(0, random.Random(k)).tokens for k in range(10)}
    assert len(layouts) > 1
    assert st.determinize(1, random.Random(0)).hands[1] == [card_of(st, 1, 7)]
    d.check_invariants()


@pytest.mark.rules("ramses:11.2")
def test_determinize_keeps_a_gift_treasure_public():
    st = make(3)
    give_hand(st, 2, card_of(st, 1, 2))
    empty_stack(st, 1)
    draw(st, card_of(st, 2, kind="gift"))
    from obelisk.games.ramses.actions import GiftDeclare

    st.apply(GiftDeclare(2))
    slide(st, 2)
    for k in range(5):
        d = st.determinize(1, random.Random(k))
        assert [d.deck[c].treasure for c in d.hands[0]] == [2]


@pytest.mark.rules("ramses:11.1")
def test_treasure_names_in_text_view():
    st = make(3)
    draw(st, card_of(st, 1, 3))
    text = st.to_text(0)
    assert TREASURE_NAMES[2] in text and "slide up" in text
    assert len([ln for ln in text.splitlines() if "|" in ln]) == 6
    assert PLACES == 48


@pytest.mark.rules("ramses:11.4", "ramses:7.2")
def test_determinize_keeps_a_choosing_gift_giver_able_to_choose():
    st = make(4)
    give_hand(st, 2, card_of(st, 2, 2), card_of(st, 3, 2), card_of(st, 1, 9))
    for q in (2,):
        st.masks[q] = [1 << q] * 3  # nobody else knows seat 2's cards
    empty_stack(st, 1)
    draw(st, card_of(st, 2, kind="gift"))
    from obelisk.games.ramses.actions import GiftDeclare

    st.apply(GiftDeclare(2))
    slide(st, 2)
    assert st.phase == "give" and st.to_move == 2
    for k in range(10):
        d = st.determinize(0, random.Random(k))
        assert len(d.legal_actions()) >= 2
        d.check_invariants()


@pytest.mark.rules("ramses:4.2", "ramses:11.4")
def test_determinize_while_players_place_keeps_the_public_placements():
    """Nothing is hidden while the seats place the treasures: a determinization is a copy."""
    st = GAME.new_state(3, 1, {"setup_mode": "players_place", "first_player": 0})
    for _ in range(4):
        st.apply(st.legal_actions()[5])
    for k in range(3):
        d = st.determinize(1, random.Random(k))
        assert d.tokens == st.tokens and d.legal_actions() == st.legal_actions()
