"""Sobek components, set-up and options (sobek:2, sobek:4, sobek:15)."""

from __future__ import annotations

from collections import Counter

import pytest
from sobek_fixtures import GAME, new

from obelisk.core import InvalidOptions
from obelisk.games.sobek import components as C


@pytest.mark.rules("sobek:2.1", "sobek:2.2")
def test_card_counts_and_scarabs():
    """54 goods cards (6 families + 5 amulets), 9 characters: 63 cards in all."""
    t = new().t
    kinds = Counter(t.kind_names[k] for k in t.card_kind)
    assert len(t.card_kind) == 63
    assert sum(1 for c in range(63) if t.card_char[c]) == 9
    assert kinds["amulet"] == 5
    per_family = {
        g: kinds[f"{g}{v}"] + kinds[f"{g}0"]
        for g, v in zip(C.GOODS, (3, 2, 2, 2, 1, 1), strict=False)
    }
    assert per_family == {"ivory": 6, "ebony": 7, "marble": 7, "cattle": 9, "fish": 10, "wheat": 10}
    valued = {g: kinds[f"{g}{v}"] for g, v in zip(C.GOODS, (3, 2, 2, 2, 1, 1), strict=False)}
    assert valued == {"ivory": 4, "ebony": 5, "marble": 5, "cattle": 6, "fish": 7, "wheat": 7}
    assert [
        t.kind_scarabs[t.kind_index[f"{g}{v}"]]
        for g, v in zip(C.GOODS, (3, 2, 2, 2, 1, 1), strict=False)
    ] == [3, 2, 2, 2, 1, 1]
    assert t.kind_scarabs[t.kind_index["amulet"]] == 0


@pytest.mark.rules("sobek:2.2")
def test_green_starting_cards():
    """The nine green cards: one zero card per family plus a valued cattle, fish and wheat."""
    t = new().t
    greens = sorted(t.name(c) for c in t.green)
    assert greens == sorted(
        ["ivory0", "ebony0", "marble0", "cattle0", "fish0", "wheat0", "cattle2", "fish1", "wheat1"]
    )
    assert len(t.beige) == 54  # 45 beige goods + 9 characters


@pytest.mark.rules("sobek:2.3", "sobek:8")
def test_characters_and_families():
    """Nine characters, 1 ivory, 1 ebony, 1 marble, 2 cattle, 2 fish, 2 wheat; no scarabs."""
    t = new().t
    chars = {
        t.kind_names[k]: C.GOODS[t.kind_goods[k]]
        for k in range(len(t.kind_names))
        if t.kind_char[k]
    }
    assert chars == {
        "queen": "ivory",
        "vizier": "ebony",
        "priest": "marble",
        "scribe": "cattle",
        "collector": "cattle",
        "thief": "fish",
        "courtesan": "fish",
        "boatman": "wheat",
        "overseer": "wheat",
    }
    assert all(t.kind_scarabs[k] == 0 for k in range(len(t.kind_names)) if t.kind_char[k])
    assert C.character_title("queen") == "Queen Sobekneferu"


@pytest.mark.rules("sobek:2.4", "sobek:9")
def test_event_tokens():
    """Twelve tokens, nine effects, three of them twice; by default the two tokens the seed
    contradicted are the free passage and the laundering of 3+ cards (issue 27)."""
    t = new().t
    counts = Counter(t.tokens)
    assert len(t.tokens) == 12 and len(counts) == 9
    assert sorted(e for e, k in counts.items() if k == 2) == [
        "ABSOLUTION",
        "BONUS_3",
        "FREE_PASSAGE",
    ]
    assert "LAUNDER_SET" in counts and "EXTRA_ACTION" not in counts and "LAUNDER" not in counts


@pytest.mark.rules("sobek:2.4", "sobek:9", "sobek:13", "sobek:15")
def test_the_invented_variant_restores_the_old_defaults():
    """The variant ``invented``: the forum's early end and the spec's first token table."""
    o = GAME.variant_options("invented")
    assert o.early_end_over == 100
    counts = Counter(GAME.new_state(3, 0, o).t.tokens)
    assert counts["EXTRA_ACTION"] == 2 and counts["LAUNDER"] == 1
    assert "FREE_PASSAGE" not in counts and "LAUNDER_SET" not in counts


@pytest.mark.rules("sobek:4.1")
def test_game_setup():
    """Scores start at 0; round 1; the start player is drawn at random (scripted here)."""
    s = GAME._make_state(3, 5, GAME.make_options(None))
    s.chance.force(2, label="start player")
    s._setup()
    assert s.totals == [0, 0, 0]
    assert s.round == 1
    assert s.start_player == 2 and s.current_player == 2


@pytest.mark.rules("sobek:4.2")
def test_round_setup_three_players():
    """2 green cards each, the other 3 set aside, 5 tokens, a market of 9 from the 54."""
    s = new(3)
    t = s.t
    for p in range(3):
        assert len(s.hands[p]) == 2
        assert all(t.card_green[c] for c in s.hands[p])
    assert len(s.aside) == 3 and all(t.card_green[c] for c in s.aside)
    assert len(s.pool) == 5
    assert len(s.market) == 9
    assert s.dealable == 54 - 9
    assert s.corr == [[], [], []]
    obs = s.observation(0)
    assert obs["market"] == ["character" if t.card_char[c] else t.name(c) for c in s.market]


@pytest.mark.rules("sobek:4.2")
def test_round_setup_two_players_removes_nine():
    """With 2 players 9 cards stay out unseen: 45 dealable, 36 after the first shipment."""
    s = new(2)
    assert len(s.hands[0]) == len(s.hands[1]) == 2
    assert len(s.aside) == 5
    assert s.dealable == 36
    assert s.observation(0)["deck"] == 36


@pytest.mark.rules("sobek:4.2")
def test_round_setup_scripted_shipment():
    """The first shipment is dealt from the '0' space in the drawn order."""
    s = GAME._make_state(3, 5, GAME.make_options(None))
    t = C.build_table(s.options)
    ivory3 = next(c for c in t.beige if t.name(c) == "ivory3")
    fish1 = next(c for c in t.beige if t.name(c) == "fish1")
    thief = next(c for c in t.beige if t.name(c) == "thief")
    others = [c for c in t.beige if not t.card_char[c] and c not in (ivory3, fish1)][:6]
    g = list(t.green)
    s.chance.force(0, label="start player")
    gn = [t.name(c) for c in g]
    s.chance.force(gn[0:2], gn[2:4], gn[4:6], label="green cards")
    s.chance.force(list(t.tokens[:5]), label="event tokens")
    s.chance.force(["fish1", "character", "ivory3", *[t.name(c) for c in others]], label="shipment")
    s.chance.force([thief], label="face-down characters")
    s._setup()
    assert s.market[:3] == [fish1, thief, ivory3]
    assert s.hands[1] == g[2:4]
    assert s.pool == sorted(t.tokens[:5])
    assert s.observation(1)["market"][:3] == ["fish1", "character", "ivory3"]


@pytest.mark.rules("sobek:15")
def test_options_have_defaults_and_variants():
    """Every option has a default; the variants set the non-default values."""
    o = GAME.make_options(None)
    assert o.penalty_mode == "best_set" and o.round_end_mode == "until_stuck"
    assert o.early_end_over is None and o.tiebreak == "fewest_corruption_then_shared"
    assert o.corruption_counts_public is False and o.owner_sees_own_corruption is True
    assert o.hand_backs_public is False and o.two_player_remove == 9
    assert o.market_size == 9 and o.take_window == 4 and o.new_set_needs_goods_card
    assert o.hand_to_corruption_at_round_end
    for v in GAME.variants:
        GAME.new_state(3, 0, GAME.variant_options(v))


@pytest.mark.rules("sobek:15")
@pytest.mark.parametrize(
    "bad",
    [
        {"scarabs": (3, 2, 2)},
        {"scarabs": (3, 2, 2, 2, 1, 0)},
        {"valued_split": (7, 5, 5, 6, 7, 7)},
        {"characters": ("queen:gold:ROYAL_PICK",)},
        {"characters": ("queen:ivory:FLY",)},
        {"events": ("BONUS_3:0",)},
        {"events": ("NOPE:1",)},
        {"green_cards": ("ivory_shiny",)},
        {"tokens_per_round": 13},
        {"penalty_mode": "everything"},
        {"market_size": 0},
        {"green_per_player": 5},
        {"unknown_option": 1},
    ],
)
def test_bad_options_raise(bad):
    """Impossible option values raise InvalidOptions."""
    with pytest.raises(InvalidOptions):
        GAME.new_state(3, 0, bad)


@pytest.mark.rules("sobek:15")
def test_design_values_are_data():
    """Changing a DESIGN row changes the game without code: a 3-scarab cattle, a new power."""
    s = new(
        3, scarabs=(3, 2, 2, 3, 1, 1), characters=("queen:ivory:DRAW2", *C.DEFAULT_CHARACTERS[1:])
    )
    t = s.t
    assert "cattle3" in t.kind_index
    assert t.kind_power[t.kind_index["queen"]] == "DRAW2"
