"""Round end, scoring, penalty, start player, game end (sobek:10-13)."""

from __future__ import annotations

import random

import pytest
from sobek_fixtures import arrange, corr, ids, new, play

from obelisk.games.sobek.powers import P_STARTER
from obelisk.games.sobek.scoring import penalties, set_value, winners
from rulebook import refuses


def stuck_round(s, **kw):
    """P1 lays a fish set with an empty market and deck; P2 then cannot act: round over."""
    hands = {0: ["fish1", "fish1", "fish0"]}
    hands.update(kw.pop("hands", {}))
    arrange(s, hands=hands, market=[], deck=[], turn=0, pool=[], **kw)
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0")


# -- sobek:10.1 trigger ------------------------------------------------------------------------
@pytest.mark.rules("sobek:10.1")
def test_round_ends_when_player_to_move_cannot_act():
    """The round ends at once when the next player has no action."""
    s = new(3)
    stuck_round(s)
    assert s.last_result["round"] == 1
    assert s.current_player == s.pend[-1][1]  # the start-player choice


@pytest.mark.rules("sobek:10.1")
def test_player_with_character_keeps_round_going():
    """A player holding a character can always act."""
    s = new(3)
    stuck_round(s, hands={1: ["overseer"]})
    assert s.last_result is None and s.current_player == 1
    play(s, "play overseer")
    assert s.last_result is not None


@pytest.mark.rules("sobek:10.1", "sobek:15")
def test_edge27_immediate_round_end_after_extra_action():
    """Edge 27: round_end_mode=immediate: the turn that empties market and deck ends the
    round, after a pending extra action."""
    s = new(3, round_end_mode="immediate")
    arrange(
        s,
        hands={0: ["fish1", "fish1", "fish0", "thief"], 1: ["overseer"]},
        market=["wheat1"],
        deck=[],
        turn=0,
        pool=["EXTRA_ACTION"],
    )
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0", "done", "token extra action")
    assert s.in_extra and s.last_result is None
    play(s, "take 1")
    assert s.last_result is not None and s.last_result["round"] == 1


@pytest.mark.rules("sobek:10.1")
def test_until_stuck_goes_on_after_market_empties():
    """Default: an empty market and deck does not end the round while players can act."""
    s = new(3)
    arrange(s, hands={0: [], 1: ["thief"]}, market=["wheat1"], deck=[], turn=0, pool=[])
    play(s, "take 1")
    assert s.last_result is None and s.current_player == 1


# -- sobek:10.2 procedure --------------------------------------------------------------------
@pytest.mark.rules("sobek:10.2", "sobek:11.2")
def test_edge14_hand_cards_become_corruption_before_penalty():
    """Edge 14: P1 holds 3 cards at the end and so becomes the most corrupt."""
    s = new(3)
    arrange(
        s,
        hands={0: ["fish1", "fish1", "fish0", "ivory3", "ivory3", "ebony0"]},
        sets={1: {"wheat": ["wheat1", "wheat1", "wheat1"]}},
        corruption={1: ["cattle0", "cattle0"]},
        market=[],
        deck=[],
        turn=0,
        pool=[],
    )
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0")
    r = s.last_result
    assert r["corruption"] == [3, 2, 0]
    assert r["most_corrupt"] == [0]
    assert r["penalty"] == [6, 0, 0] and r["round_points"] == [0, 9, 0]
    assert s.totals == [0, 9, 0]


@pytest.mark.rules("sobek:10.2", "sobek:15")
def test_hand_cards_kept_out_of_corruption_when_option_off():
    """hand_to_corruption_at_round_end=False: leftover hand cards do not count."""
    s = new(3, hand_to_corruption_at_round_end=False)
    arrange(
        s,
        hands={0: ["fish1", "fish1", "fish0", "ivory3"]},
        corruption={1: ["cattle0"]},
        market=[],
        deck=[],
        turn=0,
        pool=[],
    )
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0")
    assert s.last_result["corruption"] == [0, 1, 0]


@pytest.mark.rules("sobek:10.2", "sobek:4.2")
def test_next_round_starts_fresh():
    """Scores carry over; sets, corruption and hands do not; new greens and market."""
    s = new(3)
    stuck_round(s, corruption={2: ["cattle0"]})
    assert s.totals == [6, 0, 0]
    chooser = s.pend[-1][1]
    assert chooser in (1, 2)
    play(s, "starter player 2")
    assert s.round == 2 and s.start_player == 1 and s.current_player == 1
    assert all(len(h) == 2 for h in s.hands) and s.corr == [[], [], []]
    assert all(not g for ps in s.sets for g in ps)
    assert len(s.market) == 9 and len(s.pool) == 5 and s.used == []
    assert s.totals == [6, 0, 0]


# -- sobek:11 scoring ----------------------------------------------------------------------------
@pytest.mark.rules("sobek:11.1")
def test_set_value_is_cards_times_scarabs():
    """Amulets and characters count as cards with no scarabs."""
    s = new(3)
    free = list(range(63))
    cards = ids(s, ["ivory3", "ivory3", "ivory0", "amulet", "queen"], free)
    assert set_value(s.t, cards) == 5 * 6
    assert set_value(s.t, []) == 0


@pytest.mark.rules("sobek:11.3", "sobek:11.1", "sobek:11.2", "sobek:12")
def test_worked_example():
    """sobek:11.3 exactly: A 42 -> 18, B 30, C 40 -> 0; totals 53, 71, 52; C chooses."""
    s = new(3)
    arrange(
        s,
        sets={
            0: {
                "ivory": ["ivory3", "ivory3", "ivory0", "amulet"],
                "fish": ["fish1", "fish1", "fish1", "fish0", "thief", "amulet"],
            },
            1: {
                "cattle": ["cattle2", "cattle2", "cattle2"],
                "wheat": ["wheat1", "wheat1", "wheat1", "wheat0"],
            },
            2: {"marble": ["marble2", "marble2", "marble2", "marble2", "marble0"]},
        },
        hands={0: ["ebony0", "ebony2"], 1: ["cattle0"]},
        corruption={
            0: ["ebony2", "ebony2", "ebony2", "ebony2", "fish1"],
            1: ["wheat0", "fish0", "fish0"],
            2: ["cattle0", "cattle0", "wheat1", "wheat1", "wheat1", "ivory0", "amulet"],
        },
        market=[],
        deck=[],
        turn=2,
        pool=[],
    )
    s.round = 2
    s.totals = [35, 41, 52]
    s._end_round()
    r = s.last_result
    assert r["set_values"] == [
        {"ivory": 24, "fish": 18},
        {"cattle": 18, "wheat": 12},
        {"marble": 40},
    ]
    assert r["set_points"] == [42, 30, 40]
    assert r["corruption"] == [7, 4, 7]
    assert r["most_corrupt"] == [0, 2]
    assert r["penalty"] == [24, 0, 40]
    assert r["round_points"] == [18, 30, 0]
    assert s.totals == [53, 71, 52]
    assert s.current_player == 2 and s.pend[-1][0] == 12


@pytest.mark.rules("sobek:11.2")
def test_edge15_penalty_ties_and_no_set():
    """Edge 15: both most corrupt players lose their best set; one without sets loses 0."""
    t = new().t
    worst, lost = penalties(
        t, "best_set", [[0, 10, 0, 0, 0, 0], [0] * 6, [5, 0, 0, 0, 0, 0]], [[1, 2], [3, 4], [5]]
    )
    assert worst == [0, 1] and lost == [10, 0, 0]


@pytest.mark.rules("sobek:11.2")
def test_edge15_no_penalty_when_nobody_is_corrupt():
    """Edge 15: all at 0 corruption: nobody is penalised."""
    t = new().t
    worst, lost = penalties(t, "best_set", [[9, 0, 0, 0, 0, 0]] * 3, [[], [], []])
    assert worst == [] and lost == [0, 0, 0]


@pytest.mark.rules("sobek:11.2", "sobek:15")
def test_penalty_half_round_and_matching_types():
    """penalty_mode alternatives: half the round (rounded down); sets matching corruption."""
    s = new(3)
    t = s.t
    free = list(range(63))
    pile = ids(s, ["fish1", "thief", "amulet", "ivory0"], free)  # fish, fish, -, ivory
    values = [[10, 0, 0, 7, 5, 0], [0] * 6, [0] * 6]
    assert penalties(t, "half_round", values, [pile, [], []])[1] == [11, 0, 0]
    assert penalties(t, "matching_types", values, [pile, [], []])[1] == [15, 0, 0]
    amulets_only = ids(s, ["amulet"], free)
    assert penalties(t, "matching_types", values, [amulets_only, [], []])[1] == [0, 0, 0]


@pytest.mark.rules("sobek:11.2", "sobek:9")
def test_edge16_bonus_points_escape_the_penalty():
    """Edge 16: E1 points stay even when the player is the most corrupt."""
    s = new(3)
    arrange(
        s,
        hands={0: ["fish1", "fish1", "fish0", "ivory3"]},
        market=[],
        deck=[],
        turn=0,
        pool=["BONUS_3"],
    )
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0", "token bonus")
    r = s.last_result
    assert r["most_corrupt"] == [0] and r["penalty"][0] == 6
    assert s.totals[0] == 3


# -- sobek:12 start player --------------------------------------------------------------------
@pytest.mark.rules("sobek:12")
def test_lowest_score_chooses_start_player():
    """The lowest total names anyone, themselves included."""
    s = new(3)
    stuck_round(s, sets={1: {"ivory": ["ivory3", "ivory3", "ivory3"]}})
    # totals: P1 6, P2 27, P3 0 -> P3 chooses
    assert s.totals == [6, 27, 0] and s.current_player == 2
    assert [a.text() for a in s.legal_actions()] == [
        "starter player 1",
        "starter player 2",
        "starter player 3",
    ]
    refuses(s, s.game.action_from_json({"kind": "take", "position": 1}), "sobek:12")
    play(s, "starter player 3")
    assert s.current_player == 2 and s.start_player == 2


@pytest.mark.rules("sobek:12")
def test_edge17_tie_for_lowest_chooser_is_random():
    """Edge 17: P2 and P3 tie on 0; the seeded draw picks the chooser."""
    for pick in (1, 2):
        s = new(3)
        arrange(s, hands={0: ["fish1", "fish1", "fish0"]}, market=[], deck=[], turn=0, pool=[])
        s.chance.force(pick, label="chooser")
        play(s, "set fish", "add fish 1", "add fish 1", "add fish 0")
        assert s.current_player == pick


# -- sobek:13 end of the game ---------------------------------------------------------------
@pytest.mark.rules("sobek:13")
def test_game_ends_after_round_three():
    """After round 3's scoring the game is over."""
    s = new(3)
    s.round = 3
    stuck_round(s)
    assert s.is_terminal() and s.current_player == -1 and s.legal_actions() == []
    assert s.winners() == [0] and s.returns() == [1.0, 0.0, 0.0]


@pytest.mark.rules("sobek:13", "sobek:15")
@pytest.mark.parametrize(("score", "ends"), [(101, True), (100, False)])
def test_edge19_early_end(score, ends):
    """Edge 19, the option early_end_over=100 (a forum summary's rule): more than 100 after
    round 2 ends the game; exactly 100 does not."""
    s2 = new(3, early_end_over=100)
    s2.round = 2
    arrange(s2, hands={0: ["fish1", "fish1", "fish0"]}, market=[], deck=[], turn=0, pool=[])
    s2.totals = [score - 6, 0, 0]
    play(s2, "set fish", "add fish 1", "add fish 1", "add fish 0")
    assert s2.totals[0] == score
    assert s2.is_terminal() is ends


@pytest.mark.rules("sobek:1", "sobek:13")
def test_three_rounds_by_default_whatever_the_scores():
    """The seed: "You have 3 rounds in which to acquire more money than your rivals": by
    default a total of 200 after round 2 does not end the game (issue 27)."""
    s = new(3)
    assert s.options.early_end_over is None
    s.round = 2
    arrange(s, hands={0: ["fish1", "fish1", "fish0"]}, market=[], deck=[], turn=0, pool=[])
    s.totals = [200, 0, 0]
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0")
    assert s.last_result["round"] == 2 and s.totals == [206, 0, 0]
    assert not s.is_terminal() and s.pend[-1][0] == P_STARTER


@pytest.mark.rules("sobek:13", "sobek:15")
def test_early_end_disabled():
    """early_end_over=None: no early end."""
    s = new(3, early_end_over=None)
    s.round = 2
    arrange(s, hands={0: ["fish1", "fish1", "fish0"]}, market=[], deck=[], turn=0, pool=[])
    s.totals = [200, 0, 0]
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0")
    assert not s.is_terminal()


@pytest.mark.rules("sobek:13")
def test_edge20_tiebreaks():
    """Edge 20: fewer corruption cards breaks a tie; a full tie is a shared win."""
    assert winners([50, 50, 10], [3, 2, 0], "fewest_corruption_then_shared") == [1]
    assert winners([50, 50, 10], [2, 2, 0], "fewest_corruption_then_shared") == [0, 1]
    assert winners([50, 50, 10], [3, 2, 0], "shared") == [0, 1]
    s = new(2)
    s.round = 3
    arrange(
        s,
        hands={0: ["fish1", "fish1", "fish0"]},
        corruption={1: ["ivory0"]},
        market=[],
        deck=[],
        turn=0,
        pool=[],
    )
    s.totals = [3, 9]
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0")
    assert s.totals == [9, 9] and s.winners() == [0] and s.returns() == [1.0, 0.0]


@pytest.mark.rules("sobek:4.2", "sobek:7")
def test_edge18_two_players_five_shipments():
    """Edge 18: with 2 players a round has exactly 5 shipments of 9 (9 cards stay out)."""
    s = new(2, seed=4)
    rng = random.Random(4)
    while s.round == 1:
        legal = s.legal_actions()
        takes = [a for a in legal if a.kind == "take"]
        s.apply(takes[0] if takes else rng.choice(legal))
    sizes = []
    for e in s.events:
        if e.kind == "round" and e.data["round"] == 2:
            break
        if e.kind == "chance" and e.data["label"] == "shipment":
            sizes.append(len(e.data["value"]))
    assert sizes == [9, 9, 9, 9, 9]


@pytest.mark.rules("sobek:10.2")
def test_corruption_cards_listed_for_owner_only():
    """The round's penalty uses the piles; during the round others see only a tile."""
    s = new(3)
    arrange(s, corruption={0: ["ivory3"]}, market=["fish1"] * 3, turn=0)
    assert "corruption_counts" not in s.observation(1)
    assert s.observation(0)["corruption"] == ["ivory3"]
    assert corr(s, 0) == ["ivory3"]
