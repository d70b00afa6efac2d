"""Sobek's narration: every event as a sentence from the reader's side (issue 22).

The shared check plays random and heuristic games (default rules and both variants)
and narrates every event for every seat and a spectator; the scenarios below pin the
important sentences from scripted positions, and that a seat never reads another
seat's secret.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from sobek_fixtures import GAME, arrange, new, play

import narration_check
from obelisk.core import Voice, raw_fragment
from obelisk.games.sobek import words
from obelisk.games.sobek.narration import SobekNarrator
from rulebook import refuses

NAMES = ("Ann", "Bob", "Cleo")

#: the kinds every default game emits, and those only options or rare positions reach
COMMON = {
    "action",
    "chance",
    "round",
    "round end",
    "game end",
    "choose start player",
    "set",
    "tokens",
    "got",
    "took",
    "draw",
    "drew",
    "stole",
    "stolen",
    "looked",
}


def sentences(state, seat, start=0, names=NAMES):
    """What ``seat`` reads of the events from ``start`` on (None lines dropped)."""
    voice = Voice(tuple(names[: state.num_players]), seat)
    out = [GAME.narrate(e, voice) for e in state.events_for(seat)[start:]]
    return [x for x in out if x is not None]


def mark(state, seat):
    """Where ``seat``'s events stand now (to narrate only what follows)."""
    return len(state.events_for(seat))


# -- the shared check --------------------------------------------------------------------
def test_every_event_kind_has_a_sentence_in_default_games():
    seen = narration_check.check_narration(GAME, list(narration_check.games(GAME, range(6))))
    assert seen.kinds >= COMMON


def test_the_invented_tokens_have_sentences():
    """The variant with the pre-issue-27 tokens: the extra action and its forfeit."""
    options = GAME.variants["invented"]
    states = list(narration_check.games(GAME, range(6), options=options))
    seen = narration_check.check_narration(GAME, states)
    assert {"extra action", "extra action forfeited"} <= seen.kinds


@pytest.mark.parametrize("variant", ["open", "harsh"])
def test_every_event_kind_has_a_sentence_in_the_variants(variant):
    """open: the owner sees the corruption pile only while choosing ("corruption");
    harsh: an extra action may be passed ("passed", silent: the action says it)."""
    options = GAME.variants[variant]
    states = list(narration_check.games(GAME, range(3), options=options))
    seen = narration_check.check_narration(GAME, states)
    assert ("corruption" if variant == "open" else "passed") in seen.kinds


def test_the_narrator_is_the_games():
    assert isinstance(GAME.narrator, SobekNarrator)
    for kind in COMMON | {"passed", "corruption", "extra action forfeited"}:
        assert GAME.narrator.knows(kind), kind


# -- sentences from scripted positions ----------------------------------------------------
@pytest.mark.rules("sobek:6.1")
def test_a_take_with_skipped_cards_says_the_corruption():
    s = arrange(new(3), market=["wheat0", "thief", "fish1", "ivory3", "cattle2"], turn=0)
    at = [mark(s, p) for p in range(3)]
    play(s, "take 3")
    assert sentences(s, 1, at[1]) == [
        "Ann takes fish 1 from position 3, skipping wheat 0 and a face-down character "
        "(2 cards to their corruption)."
    ]
    assert sentences(s, 0, at[0]) == [
        "You take fish 1 from position 3, skipping wheat 0 and a face-down character "
        "(2 cards to your corruption)."
    ]


@pytest.mark.rules("sobek:6.1", "sobek:14")
def test_a_face_down_character_is_named_to_its_taker_only():
    s = arrange(new(3), market=["thief", "fish1"], turn=0)
    at = [mark(s, p) for p in range(3)]
    play(s, "take 1")
    assert sentences(s, 0, at[0]) == [
        "You take a face-down character from the front of the market.",
        "The character is the Thief.",
    ]
    assert sentences(s, 1, at[1]) == [
        "Ann takes a face-down character from the front of the market."
    ]


@pytest.mark.rules("sobek:6.3", "sobek:9")
def test_a_set_a_token_and_the_extra_action():
    s = arrange(
        new(3),
        hands={0: ["fish1", "fish1", "fish0"]},
        market=["wheat1", "cattle2"],
        turn=0,
        pool=["BONUS_3", "EXTRA_ACTION"],
    )
    at = [mark(s, p) for p in range(3)]
    play(s, "set fish", "add fish1", "add fish1", "add fish0", "token EXTRA_ACTION")
    assert sentences(s, 1, at[1]) == [
        "Ann lays a fish set: fish 1, fish 1 and fish 0 (worth 6).",
        "Ann chooses the extra-action token (take one more action this turn).",
        "Ann has an extra action.",
    ]
    mine = sentences(s, 0, at[0])
    assert mine[1] == "You choose among the tokens left: bonus and extra action."
    assert mine[2] == "You choose the extra-action token (take one more action this turn)."


@pytest.mark.rules("sobek:9")
def test_the_bonus_token_says_its_points():
    s = arrange(
        new(3),
        hands={0: ["fish1", "fish1", "fish0"]},
        market=["wheat1"],
        turn=0,
        pool=["BONUS_3"],
    )
    at = mark(s, 2)
    play(s, "set fish", "add fish1", "add fish1", "add fish0", "token BONUS_3")
    assert "Ann chooses the bonus token (score 3 points at once)." in sentences(s, 2, at)


@pytest.mark.rules("sobek:8", "sobek:14")
def test_the_thief_names_the_card_to_thief_and_victim_only():
    s = arrange(new(3), hands={0: ["thief"], 1: ["queen"]}, market=["wheat1"], turn=0)
    at = [mark(s, p) for p in range(3)]
    play(s, "play thief")  # Bob is the only target, the queen his only card
    assert sentences(s, 0, at[0]) == [
        "You play the Thief to steal a random card from an opponent.",
        "You pick Bob to steal from.",
        "You steal Queen Sobekneferu from Bob.",
    ]
    assert sentences(s, 1, at[1]) == [
        "Ann plays the Thief to steal a random card from an opponent.",
        "Ann picks you to steal from.",
        "Ann steals your Queen Sobekneferu.",
    ]
    assert sentences(s, 2, at[2]) == [
        "Ann plays the Thief to steal a random card from an opponent.",
        "Ann picks Bob to steal from.",
        "Ann steals a random card from Bob's hand.",
    ]
    assert not any("Queen" in x for x in sentences(s, 2) + sentences(s, None))


@pytest.mark.rules("sobek:8", "sobek:14")
def test_the_courtesans_swap_is_face_down_for_the_others():
    s = arrange(
        new(3),
        hands={0: ["courtesan", "wheat0"], 1: ["ivory3", "queen"], 2: ["fish1"]},
        market=["cattle2"],
        turn=0,
    )
    at = [mark(s, p) for p in range(3)]
    play(s, "play courtesan", "target P2", "grab queen")  # wheat0 goes back: the only card
    assert sentences(s, 0, at[0])[1:] == [
        "You pick Bob for the swap.",
        "You look at Bob's hand: ivory 3 and Queen Sobekneferu.",
        "You take Queen Sobekneferu from Bob's hand.",
        "You give wheat 0 back to Bob.",
    ]
    assert sentences(s, 1, at[1])[1:] == [
        "Ann picks you for the swap.",
        "Ann takes your Queen Sobekneferu.",
        "Ann gives wheat 0 back to you.",
    ]
    cleo = sentences(s, 2, at[2])[1:]
    assert cleo == [
        "Ann picks Bob for the swap.",
        "Ann takes a card from Bob's hand.",
        "Ann gives Bob a card back.",
    ]


@pytest.mark.rules("sobek:4.2", "sobek:7")
def test_the_deal_and_the_shipment():
    s = new(3, seed=2)
    ann = sentences(s, 0)
    assert ann[0].startswith("Round 1 of 3 begins; ") and ann[0].endswith(" starts.")
    assert ann[1].startswith("You are dealt ")
    assert ann[2].startswith("New goods arrive at the market: ")
    bob = sentences(s, 1)
    assert ann[1] not in bob and ann[2] in bob
    assert not any("dealt" in x for x in sentences(s, None))


@pytest.mark.rules("sobek:10.2", "sobek:11.2", "sobek:12")
def test_the_round_end_summary_and_the_next_start_player():
    s = new(3)
    hands = {0: ["fish1", "fish1", "fish0"], 1: ["wheat0", "wheat0"]}
    arrange(
        s, hands=hands, market=[], deck=[], turn=0, pool=[], corruption={2: ["ivory3", "ivory0"]}
    )
    at = mark(s, 2)
    play(s, "set fish", "add fish1", "add fish1", "add fish0")
    said = sentences(s, 2, at)
    assert said[-2] == (
        "Round 1 ends. Bob and you are the most corrupt with 2 cards each: Bob has no set to "
        "lose and you have no set to lose. Round points: Ann 6, Bob 0 and you 0. "
        "Totals: Ann 6, Bob 0 and you 0."
    )
    assert (
        said[-1]
        == "Bob and you share the lowest score (0); by lot, Bob chooses who starts round 2."
    )
    at = mark(s, 2)
    play(s, "starter P1")
    assert sentences(s, 2, at)[:2] == [
        "Bob chooses Ann to start round 2.",
        "Round 2 of 3 begins; Ann starts.",
    ]


@pytest.mark.rules("sobek:11.2")
def test_the_most_corrupt_player_loses_a_named_set():
    event = {
        "kind": "round end",
        "round": 1,
        "corruption": [11, 14, 7],
        "most_corrupt": [1],
        "penalty": [0, 24, 0],
        "lost_sets": [[], ["cattle"], []],
        "penalty_mode": "best_set",
        "round_points": [24, 6, 20],
        "scores": [24, 9, 20],
    }
    assert GAME.narrate(event, Voice(NAMES, 1)) == (
        "Round 1 ends. You are the most corrupt with 14 cards, and lose your cattle set "
        "(24 points). Round points: Ann 24, you 6 and Cleo 20. Totals: Ann 24, you 9 and "
        "Cleo 20."
    )


@pytest.mark.rules("sobek:13")
def test_the_game_end_says_why_and_who_won():
    early = {
        "kind": "game end",
        "scores": [104, 60, 99],
        "winners": [0],
        "reason": "early",
        "round": 2,
        "over": 100,
    }
    assert GAME.narrate(early, Voice(NAMES, None)) == (
        "The game ends early: after round 2, Ann has more than 100 points. Ann wins with 104 "
        "points. Final scores: Ann 104, Bob 60 and Cleo 99."
    )
    tie = {"kind": "game end", "scores": [80, 80], "winners": [1], "reason": "rounds", "round": 3}
    assert GAME.narrate(tie, Voice(NAMES[:2], 1)) == (
        "The game ends after round 3. Ann and you tie on 80 points; you win with fewer "
        "corruption cards. Final scores: Ann 80 and you 80."
    )


def test_no_sentence_reveals_another_seats_private_event():
    """For every seat, no sentence names a card only another seat's private events hold."""
    for state in narration_check.games(GAME, range(3), levels=("heuristic",)):
        everyone = {str(c) for e in state.events_for(None) for c in _cards_in(e)}
        for seat in range(state.num_players):
            mine = {str(c) for e in state.events_for(seat) for c in _cards_in(e)}
            secret = set()
            for other in range(state.num_players):
                if other != seat:
                    secret |= {str(c) for e in state.events_for(other) for c in _cards_in(e)}
            secret -= mine | everyone
            said = " ".join(sentences(state, seat))
            for name in secret:
                assert words.card(name) not in said, (seat, name)


def _cards_in(event):
    for key in ("card", "cards", "value"):
        v = event.get(key)
        if isinstance(v, str):
            yield v
        elif isinstance(v, list):
            yield from (x for x in v if isinstance(x, str))
    a = event.get("action")
    if isinstance(a, dict):
        yield from (a[k] for k in ("card", "character") if isinstance(a.get(k), str))


# -- the watched game ---------------------------------------------------------------------
@pytest.mark.parametrize(("seats", "seed"), [(3, 3), (3, 11), (2, 8)])
def test_a_watched_game_reads_clean(seats, seed):
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "obelisk.cli.main",
            "play",
            "sobek",
            "--seats",
            ",".join(["heuristic"] * seats),
            "--fast",
            "--seed",
            str(seed),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    assert "Round 1 of 3 begins" in out and "The game ends" in out
    for line in out.splitlines():
        assert raw_fragment(line) is None, line
        assert not narration_check.ZERO_SEAT.search(line), line


# -- choices, typed forms, messages -------------------------------------------------------
@pytest.mark.rules("sobek:6.1")
def test_take_choices_say_the_card_and_the_corruption():
    s = arrange(new(3), market=["wheat0", "thief", "fish1", "ivory3", "cattle2"], turn=0)
    assert [s.choice_text(a) for a in s.legal_actions()] == [
        "take 1 — wheat 0 (no corruption)",
        "take 2 — a face-down character (1 card to your corruption)",
        "take 3 — fish 1 (2 cards to your corruption)",
        "take 4 — ivory 3 (3 cards to your corruption)",
    ]


@pytest.mark.rules("sobek:6.2", "sobek:6.3", "sobek:9")
def test_set_token_and_character_choices_in_words():
    s = arrange(
        new(3),
        hands={0: ["fish1", "fish1", "fish0", "thief"]},
        market=["wheat1"],
        turn=0,
        pool=["EXTRA_ACTION", "BONUS_3"],
    )
    texts = [s.choice_text(a) for a in s.legal_actions()]
    assert "play thief — the Thief: steal a random card from an opponent" in texts
    assert "set fish — lay a new fish set (3 or more cards)" in texts
    play(s, "set fish", "add fish 1")
    assert s.choice_text(s.parse_action("add thief")) == (
        "add thief — lay the Thief in the set (no scarab, no power)"
    )
    assert s.choice_text(s.parse_action("add fish 0")) == "add fish 0 — lay fish 0 (0 scarabs)"
    play(s, "add fish 1", "add fish 0")
    assert s.choice_text(s.parse_action("done")) == "done — finish the fish set: 3 cards, worth 6"
    play(s, "done")
    assert [s.choice_text(a) for a in s.legal_actions()] == [
        "token bonus — the bonus token: score 3 points at once",
        "token extra action — the extra-action token: take one more action this turn",
    ]


def test_older_typed_forms_still_parse():
    s = arrange(
        new(3),
        hands={0: ["fish1", "fish1", "fish0"]},
        market=["wheat1"],
        turn=0,
        pool=["EXTRA_ACTION"],
    )
    play(s, "set fish", "add fish1", "add fish 1", "add fish0", "token EXTRA_ACTION")
    assert s.in_extra


@pytest.mark.rules("sobek:6.3")
def test_messages_count_seats_from_one_and_name_cards_in_words():
    from obelisk.games.sobek.actions import Add, Take

    s = arrange(new(3), hands={1: ["fish1", "fish1", "fish0", "ivory3"]}, market=["wheat1"], turn=1)
    play(s, "set fish")
    assert "Player 2 is laying a fish set" in refuses(s, Take(1), "sobek:6.3")
    assert "not ivory 3" in refuses(s, Add("ivory3"), "sobek:6.3")


def test_terms_are_explained_and_all_in_the_glossary():
    glossary = GAME.narrator.glossary()
    for term in ("Corruption", "Scarabs", "Amulet", "Free-passage token", "Thief", "Vizier"):
        assert term in glossary, term
    assert "Queen Sobekneferu" in glossary and "Bonus token" in glossary
    assert "Extra-action token" in glossary  # the invented token of an option, explained too
    play_event = {"kind": "action", "seat": 0, "action": {"kind": "play", "character": "thief"}}
    [(term, text)] = GAME.narrator.explanations(play_event)
    assert term == "Thief" and "at random" in text and "fish set" in text
    token_event = {
        "kind": "action",
        "seat": 0,
        "action": {"kind": "token", "effect": "EXTRA_ACTION"},
    }
    assert GAME.narrator.explanations(token_event)[0][0] == "Extra-action token"
    for text in glossary.values():
        assert raw_fragment(text) is None and "_" not in text


@pytest.mark.rules("sobek:8")
def test_a_move_out_of_turn_inside_an_effect_is_explained_in_words():
    from obelisk.games.sobek.actions import Give

    s = arrange(
        new(3),
        hands={0: ["vizier"], 1: ["fish1", "wheat0"], 2: ["ivory3", "cattle2"]},
        market=["wheat1"],
        turn=0,
    )
    play(s, "play vizier")
    assert str(s.explain_illegal(Give("ivory3"))).startswith(
        "Player 2 is giving a card to player 1 (an effect being resolved); 'give ivory 3' is "
        "not one of the choices"
    )


def test_the_rules_print_the_option_rows_as_written():
    """Issue 22: `obelisk rules sobek` turned ':fish:' of a character row into an emoji."""
    out = subprocess.run(
        [sys.executable, "-m", "obelisk.cli.main", "rules", "sobek"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert "thief:fish:STEAL_RANDOM" in out.replace("\n", "")
    assert "\N{FISH}" not in out


@pytest.mark.rules("sobek:8", "sobek:14")
def test_the_scribes_draw_is_named_to_the_drawer_only():
    s = arrange(new(3), hands={0: ["scribe"]}, market=["wheat1"], deck=["ivory3", "queen"], turn=0)
    at = [mark(s, p) for p in range(3)]
    play(s, "play scribe")
    assert sentences(s, 0, at[0]) == [
        "You play the Scribe to draw 2 cards.",
        "You draw ivory 3 and Queen Sobekneferu.",
    ]
    assert sentences(s, 1, at[1]) == [
        "Ann plays the Scribe to draw 2 cards.",
        "Ann draws 2 cards from the deck (0 left).",
    ]


@pytest.mark.rules("sobek:8")
def test_the_boatman_takes_the_front_cards():
    s = arrange(new(3), hands={0: ["boatman"]}, market=["thief", "fish1", "wheat0"], turn=0)
    at = [mark(s, p) for p in range(3)]
    play(s, "play boatman")
    assert sentences(s, 0, at[0]) == [
        "You play the Boatman to take the first 2 market cards with no corruption.",
        "You take a face-down character from the front of the market, with no corruption.",
        "The character is the Thief.",
        "You take fish 1 from the front of the market, with no corruption.",
    ]
    assert "Thief" not in " ".join(sentences(s, 1, at[1]))


@pytest.mark.rules("sobek:8", "sobek:14")
def test_the_tax_collectors_victim_buries_face_down():
    s = arrange(new(3), hands={0: ["collector"], 1: ["ivory3", "fish1"]}, market=["wheat1"], turn=0)
    play(s, "play collector")  # Bob is the only opponent with cards
    at = [mark(s, p) for p in range(3)]
    play(s, "bury ivory 3")
    assert sentences(s, 1, at[1]) == ["You bury ivory 3 in your corruption."]
    assert sentences(s, 0, at[0]) == ["Bob buries a card from their hand in their corruption."]


@pytest.mark.rules("sobek:8")
def test_the_overseer_sinks_and_the_priest_purges():
    s = arrange(
        new(3),
        hands={0: ["overseer"], 1: ["priest"]},
        corruption={1: ["wheat0", "amulet"]},
        market=["wheat1", "thief", "fish1", "ivory3"],
        turn=0,
    )
    at = [mark(s, p) for p in range(3)]
    play(s, "play overseer", "sink 2")
    assert sentences(s, 2, at[2])[-1] == (
        "Ann sinks the first 2 market cards: wheat 1 and a face-down character."
    )
    at = [mark(s, p) for p in range(3)]
    play(s, "play priest", "purge amulet", "done")
    assert sentences(s, 1, at[1])[1:] == [
        "You throw away an amulet from your corruption.",
        "You stop throwing away corruption cards.",
    ]
    assert sentences(s, 0, at[0])[1:] == [
        "Bob throws away a card of their corruption, face down.",
        "Bob stops throwing away corruption cards.",
    ]


@pytest.mark.rules("sobek:9")
def test_a_free_passage_take_says_the_skipped_cards_are_discarded():
    """FREE_PASSAGE (default token): the take's sentence says where the skipped cards went."""
    s = arrange(new(3), hands={0: ["fish1", "fish1", "fish0"]}, market=["wheat0", "ivory3"], turn=0)
    s.pool = ["FREE_PASSAGE"]
    play(s, "set fish", "add fish 1", "add fish 1", "add fish 0", "token free passage")
    s.turn = 0  # (scripted: back to player 1 for the take)
    start = mark(s, 1)
    play(s, "take 2")
    text = " ".join(sentences(s, 1, start))
    assert "to the discard pile: free passage, no corruption" in text, text
