"""Khufu set-up, components, options and player counts (khufu:2-4, 13)."""

from __future__ import annotations

import pytest
from khufu_helpers import new

from obelisk.core import InvalidOptions
from obelisk.games.khufu import GAME
from obelisk.games.khufu import components as K
from obelisk.games.khufu import rules as R


@pytest.mark.rules("khufu:2.1")
def test_six_symbols_in_two_suits():
    assert K.SYMBOLS == ("CAT", "FALCON", "JACKAL", "ANKH", "EYE_OF_HORUS", "KING")
    assert [K.SUITS[K.SUIT_OF[i]] for i in range(6)] == ["ANIMALS"] * 3 + ["ROYALS"] * 3


@pytest.mark.rules("khufu:2.2")
def test_treasure_deck_is_60_cards_10_per_symbol_2_cobras_each():
    t = K.tables(GAME.make_options())
    assert t.num_cards == 60
    assert t.card_ids[0] == "T01" and t.card_ids[-1] == "T60"
    for s in range(6):
        cards = [c for c in range(60) if t.card_symbol[c] == s]
        assert len(cards) == 10
        assert [t.card_cobra[c] for c in cards] == [True, True] + [False] * 8
    assert sum(t.card_cobra) == 12


@pytest.mark.rules("khufu:2.3")
def test_player_counts_three_to_six_two_behind_option():
    """Edge 47: two players only with allow_two_players; seven never."""
    for n in range(3, 7):
        assert new(n).num_players == n
    with pytest.raises(InvalidOptions, match=r"khufu:2\.3"):
        GAME.new_state(2, 0)
    s = GAME.new_state(2, 0, {"allow_two_players": True})
    assert s.num_players == 2
    with pytest.raises(InvalidOptions):
        GAME.new_state(7, 0, {"allow_two_players": True})


@pytest.mark.rules("khufu:3.1", "khufu:3.2")
def test_board_is_a_36_space_loop_with_doors_treasure_curse_steal():
    t = K.tables(GAME.make_options())
    assert t.length == 36
    assert t.door_of == (0, 9, 18, 27)
    assert t.curse_spaces == (3, 11, 16, 24, 29)
    assert [i for i, k in enumerate(t.kind) if k == "S"] == [6, 13, 21, 32, 34]
    assert t.kind.count("T") == 22


@pytest.mark.rules("khufu:3.3", "khufu:3.4")
def test_chambers_in_increasing_stakes_and_doors_nine_apart():
    t = K.tables(GAME.make_options())
    assert t.min_wager == (1, 2, 3, 4)
    doors = t.door_of
    gaps = [(doors[(i + 1) % 4] - doors[i]) % 36 for i in range(4)]
    assert min(gaps) > 6  # no single move reaches two doors


@pytest.mark.rules("khufu:3.5", "khufu:3.6", "khufu:4.3")
def test_sarcophagus_starts_in_kings_and_furthest_curse_spaces():
    s = new()
    assert s.sarc == K.KING
    assert s.t.furthest_curse == (3, 11, 24, 29)  # Servant, High-Priest, Queen, King


@pytest.mark.rules("khufu:3.7")
def test_pieces_share_spaces():
    s = new(3)
    assert len(set(s.pos)) == 1 and set(s.room) == {K.SERVANT}


@pytest.mark.rules("khufu:4.1", "khufu:4.2", "khufu:4.4", "khufu:4.6")
def test_setup_characters_open_chambers_decks_and_start_in_servants():
    s = new(6)
    obs = s.observation(None)
    assert [p["character"] for p in obs["players"]] == list(K.CHARACTERS)
    assert s.block == [0, 0, 0, 0]
    assert obs["deck"] == 60 and obs["curse_deck"] == 20
    assert all(p["location"] == "SERVANT" and p["hand"] == 0 for p in obs["players"])
    assert sorted(s.pool) == list(range(60))


@pytest.mark.rules("khufu:4.5")
def test_lucky_symbols_dealt_face_up_and_distinct():
    """Edge 3: distinct for 6 players; with 3 players three symbols are unused."""
    s6 = new(6, seed=3)
    assert sorted(s6.lucky_sym) == list(range(6))
    s3 = new(3, seed=3)
    assert len(set(s3.lucky_sym)) == 3
    assert {p["lucky_symbol"] for p in s3.observation(1)["players"]} <= set(K.SYMBOLS)


@pytest.mark.rules("khufu:4.7", "khufu:4.8", "khufu:13.1", "khufu:13.2")
def test_lucky_is_chosen_by_chance_and_plays_first():
    """Edge 1: Lucky plays first, then seat order from Lucky."""
    s = GAME.new_state(
        4,
        0,
        {"director": False, "pieces": "seat_order"},
        forced=[["CAT", "FALCON", "JACKAL", "ANKH"], 2],
    )
    assert s.lucky == 2 and s.current_player == 2
    seen = []
    while len(seen) < 5:
        p = s.current_player
        if not seen or seen[-1] != p:
            seen.append(p)
        s.apply(R.Leave() if R.Leave() in s.legal_actions() else s.legal_actions()[-1])
    assert seen == [2, 3, 0, 1, 2]


@pytest.mark.rules("khufu:4.9", "khufu:12.1")
def test_countdown_is_45_minutes_from_luckys_first_turn():
    s = new()
    obs = s.observation(None)["clock"]
    assert obs["countdown"] == 2700
    # The first turn's start has been charged (khufu:12.4): 10 s.
    assert obs["elapsed"] == 10 and obs["remaining"] == 2690


def test_bad_options_raise_invalid_options():
    with pytest.raises(InvalidOptions):
        GAME.new_state(4, 0, {"board": "0TTC"})
    with pytest.raises(InvalidOptions):
        GAME.new_state(4, 0, {"event_weights": (1, 2)})
    with pytest.raises(InvalidOptions):
        GAME.new_state(4, 0, {"min_wagers": (1, 2, 3, 0)})
    with pytest.raises(InvalidOptions):
        GAME.new_state(4, 0, {"qualify_treasures": 2})
    with pytest.raises(InvalidOptions):
        GAME.new_state(4, 0, {"no_such_option": 1})
    with pytest.raises(InvalidOptions):
        GAME.new_state(4, 0, {"gap_seconds": (200, 100)})


def test_design_values_are_options():
    """Every [DESIGN] table is an option or data row (docs/rules/khufu.md)."""
    o = GAME.make_options({"board": "0TTCTTSTT1TCTSTTCT2TTSTTCTT3TCTTSTSTTTTT", "cost_turn": 12})
    t = K.tables(o)
    assert t.length == 40
    s = GAME.new_state(3, 1, GAME.make_options({"cost_turn": 12, "pieces": "seat_order"}))
    assert s.elapsed == 12
    assert len(K.EVENT_TYPES) == 20 and sum(K.DEFAULT_EVENT_WEIGHTS) == 100
    assert sum(K.DEFAULT_CURSE_COPIES) == 20
