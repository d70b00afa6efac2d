"""Setup, options and variants (ramses:4.1 - 4.4, ramses:10.4; edge cases S-1..S-3)."""

from __future__ import annotations

import pytest

from games.ramses.ramses_helpers import GAME
from obelisk.core import InvalidOptions
from obelisk.games.ramses.actions import Draw, PlaceTreasure
from obelisk.games.ramses.components import BLOCK, BLOCK_PLACES, PLACES
from rulebook import refuses


@pytest.mark.rules("ramses:4.1", "ramses:4.3")
@pytest.mark.parametrize("seed", range(5))
def test_s1_deal_invariants(seed):
    """S-1: one treasure per block, 36 blanks, a blank at the empty place, 47 pyramids,
    the card counts of the deck table."""
    st = GAME.new_state(4, seed)
    for b in range(12):
        assert sum(1 for p in BLOCK_PLACES[b] if st.tokens[p]) == 1
    assert st.tokens.count(0) == 36 and st.tokens[st.empty] == 0
    assert sum(1 for p in st.pyr if p >= 0) == 47
    assert [len(p) for p in st.pools] == [12, 23, 13]
    assert st.orient == 0 and st.phase == "draw" and st.legal_actions() == [Draw()]
    st.check_invariants()


@pytest.mark.rules("ramses:4.4")
def test_s2_same_seed_same_setup_and_seeds_differ():
    """S-2: determinism; different seeds give different deals."""
    a, b = GAME.new_state(3, 42), GAME.new_state(3, 42)
    assert (a.tokens, a.pyr, a.empty, a.first) == (b.tokens, b.pyr, b.empty, b.first)
    layouts = {GAME.new_state(3, s).tokens for s in range(20)}
    assert len(layouts) == 20


@pytest.mark.rules("ramses:4.4", "ramses:11.1")
def test_setup_draws_hide_the_layout_from_everyone():
    st = GAME.new_state(3, 7)
    hidden = [e for e in st.events if e.kind == "chance" and e.to is not None]
    labels = {e.data["label"] for e in hidden}
    assert labels == {"treasure_blocks", "treasure_place"} and all(
        e.to == frozenset() for e in hidden
    )
    public = [e.data["label"] for e in st.events if e.kind == "chance" and e.to is None]
    assert public == ["first_player", "empty_place", "pyramids"]


@pytest.mark.rules("ramses:4.1")
def test_forced_setup_places_treasures_exactly():
    forced = [1, 9, list(range(1, 13))] + [0] * 12
    st = GAME.new_state(3, 0, forced=forced)
    assert st.first == 1 and st.empty == 9
    # block 0's treasure avoids the empty place (9 is in block 0? no: block 0 is 0,1,8,9)
    assert BLOCK[9] == 0 and st.tokens[0] == 1 and st.tokens[9] == 0
    assert st.tokens[BLOCK_PLACES[5][0]] == 6


@pytest.mark.rules("ramses:4.2")
def test_s3_players_place_rules():
    """S-3: placing into a block that has a treasure, or a treasure twice, is rejected."""
    st = GAME.new_state(3, 1, {"setup_mode": "players_place", "first_player": 2})
    assert st.phase == "place" and st.current_player == 2
    st.apply(PlaceTreasure(3, 0))
    assert st.current_player == 0
    for bad in (PlaceTreasure(3, 20), PlaceTreasure(4, 9)):
        refuses(st, bad, "ramses:4.2")
    for t in range(1, 13):
        if t == 3:
            continue
        b = t - 1 if t != 1 else 2  # T01 goes to block 2, T03 already sits in block 0
        st.apply(PlaceTreasure(t, BLOCK_PLACES[b][1]))
    assert st.phase == "draw" and st.current_player == 2
    assert st.tokens[st.empty] == 0 and st.pyr[st.empty] == -1
    st.check_invariants()


@pytest.mark.rules("ramses:10.4")
@pytest.mark.parametrize(
    "bad",
    [
        {"colour_split": (10, 10)},
        {"treasure_names": ("a",)},
        {"rotate_after_find_stacks": (4,)},
        {"elimination_stacks": (0,)},
        {"max_slides_per_search": 0},
        {"max_misses_per_card": 0},
        {"max_misses_per_card": 13},
        {"max_slides_per_search": 301},
        {"step_limit": 0},
        {"step_limit": 200_001},
        {"first_player": 3},
        {"seat_sides": (0, 1)},
        {"deck": "no_such_deck"},
        {"setup_mode": "manual"},
        {"no_such_option": 1},
    ],
)
def test_bad_options_raise(bad):
    with pytest.raises(InvalidOptions):
        GAME.new_state(3, 0, bad)


@pytest.mark.rules("ramses:10.4", "ramses:1")
def test_player_counts():
    for n in (2, 3, 4, 5):
        assert GAME.new_state(n, 0).num_players == n
    for n in (1, 6):
        with pytest.raises(InvalidOptions):
            GAME.new_state(n, 0)


@pytest.mark.rules("ramses:10.4")
def test_every_option_has_a_default_and_variants_exist():
    o = GAME.make_options(None)
    assert o.rotate_after_find_stacks == (2, 3) and o.elimination_stacks == (3,)
    assert o.rotation_direction == "cw" and o.max_slides_per_search is None
    assert o.max_misses_per_card is None and o.step_limit == GAME.capabilities.max_steps
    assert o.tiebreak == "shared" and not o.seat_views and not o.professional
    assert set(GAME.variants) == {"small_children", "no_end_card", "professional"}
    assert PLACES == 48
