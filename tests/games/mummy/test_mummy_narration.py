"""Fluch der Mumie's narration: every event as a sentence from the reader's side (issue 22).

The shared check plays random and heuristic games (default rules, and the options that
open more decisions) and narrates every event for every seat and a spectator; the
scenarios pin the important sentences from scripted positions; the hidden-information
tests check that the mummy's side never reads an explorer's field, roll or path, and
that no explorer reads another explorer's cards.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys

import pytest
from mummy_helpers import GAME, new, place, roll, start_turn

import narration_check
from obelisk.core import Voice, raw_fragment
from obelisk.games.mummy.actions import Arrow, Choose, Lost, Move, Play, Reroll, Resolve, Step
from obelisk.games.mummy.components import SYMBOLS, label
from obelisk.games.mummy.narration import GLOSSARY, MummyNarrator

NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve")
S, V = (10, 4), (10, 9)
ALL = ["1", "2", "3", "4", "arrow"]
OPTIONS = {"card_play_mandatory": False, "mummy_may_stop_early": True, "max_rounds": 6}


def sentences(state, seat, start=0):
    """What ``seat`` reads of its events from its ``start``-th on (silences dropped)."""
    voice = Voice(NAMES[: state.num_players], seat)
    out = [GAME.narrate(e, voice) for e in state.events_for(seat)[start:]]
    return [x for x in out if x is not None]


def mark(state, seat):
    return len(state.events_for(seat))


def fresh(n=3, positions=None, mummy=(0, 0), **opts):
    s = new(n, **opts)
    place(s, positions or {f: S for f in range(len(s.pos))}, mummy)
    return s


# -- the shared check ------------------------------------------------------------------------
KINDS = {
    "setup",
    "hand",
    "turn",
    "rolled",
    "action",
    "chance",
    "moved",
    "mummy_move",
    "resolve",
    "forced",
    "capture",
    "game_over",
}


@functools.cache
def default_games():
    """Random and heuristic games, every player count, a few seeds (shared by the tests)."""
    return tuple(narration_check.games(GAME, (1, 2)))


def test_every_event_kind_has_a_sentence_in_default_games():
    states = list(default_games())
    seen = narration_check.check_narration(GAME, states)
    assert seen.kinds >= KINDS
    assert isinstance(GAME.narrator, MummyNarrator)
    assert {s.reason for s in states} == {"mummy", "explorer"}
    acts = {e["action"]["kind"] for s in states for e in s.events_for(1) if e["kind"] == "action"}
    assert acts >= {"choose", "move", "arrow", "resolve", "reroll", "lost", "step"}


def test_options_that_open_more_decisions_are_narrated_too():
    states = list(narration_check.games(GAME, (1, 2), options=OPTIONS))
    seen = narration_check.check_narration(GAME, states)
    assert seen.kinds >= KINDS - {"capture", "forced"}
    acts = {e["action"]["kind"] for s in states for e in s.events_for(1) if e["kind"] == "action"}
    assert {"play", "stop"} <= acts
    assert {s.reason for s in states} >= {"max_rounds"}


@pytest.mark.rules("mummy:7.0b")
def test_cannot_move_is_narrated():
    """A rare event: forced from a dead end with the mummy in front (mummy:16)."""
    s = fresh(3, {0: (2, 5), 1: S}, mummy=(3, 5))
    m = mark(s, 0)
    start_turn(s, 0, roll=ALL)
    got = sentences(s, 0, m)
    assert got[:2] == ["Red (Bob) takes a turn.", "Red (Bob) cannot move at all: the turn ends."]
    assert MummyNarrator().explanations({"kind": "cannot_move"})[0][0] == "cannot move"


# -- scenarios -------------------------------------------------------------------------------
@pytest.mark.rules("mummy:7.2", "mummy:7.3", "mummy:8.1", "mummy:14")
def test_a_number_move_as_each_side_reads_it():
    s = fresh(3)
    m0, m1, m2, ms = mark(s, 0), mark(s, 1), mark(s, 2), mark(s, None)
    start_turn(s, 0, roll=["3", "mummy", "arrow", "1", "mummy"])
    s.apply(Choose("3"))
    s.apply(Move(8, 3))
    announce = "Red (Bob) announces 3, with 2 mummy dice set aside."
    assert sentences(s, 0, m0)[:3] == [
        "Red (Bob) takes a turn.",
        announce,
        "Red (Bob) moves, out of sight, and plays no card.",
    ]
    assert sentences(s, None, ms)[:3] == sentences(s, 0, m0)[:3]
    assert sentences(s, 1, m1)[:4] == [
        "Your red explorer takes a turn.",
        "Your red explorer rolled: 1, 3, arrow, mummy, mummy. 2 mummy dice now set aside.",
        "Your red explorer announces 3, with 2 mummy dice set aside.",
        "Your red explorer walks 3 steps from E11 to D9.",
    ]
    assert sentences(s, 2, m2)[1:4] == [
        "Red (Bob) rolled: 1, 3, arrow, mummy, mummy. 2 mummy dice now set aside.",
        announce,
        "Red (Bob) walks 3 steps from E11 to D9.",
    ]


@pytest.mark.rules("mummy:7.2", "mummy:8.2", "mummy:13")
def test_rerolls_and_the_arrow_in_the_two_player_game():
    s = fresh(2)
    m1, m0 = mark(s, 1), mark(s, 0)
    start_turn(s, 0, roll=["1", "mummy", "2", "3", "4"])
    roll(s, ["arrow", "2", "2", "2"])
    s.apply(Reroll())
    s.apply(Choose("arrow"))
    s.apply(Arrow("N"))
    assert sentences(s, 1, m1)[1:5] == [
        "Your red explorer rolled: 1, 2, 3, 4, mummy. 1 mummy die now set aside.",
        "Your red explorer rerolled: 2, 2, 2, arrow (1 mummy die already aside).",
        "Your red explorer announces the arrow, with 1 mummy die set aside.",
        "Your red explorer slides north from E11 to E10.",
    ]
    # the mummy hears neither the reroll nor the direction
    assert sentences(s, 0, m0)[1:3] == [
        "Red (Bob) announces the arrow, with 1 mummy die set aside.",
        "Red (Bob) moves, out of sight, and plays no card.",
    ]


@pytest.mark.rules("mummy:7.4")
def test_a_card_play_names_the_symbol_and_its_field():
    s = fresh(3, {0: (8, 5), 1: S})
    s.hands[1] = ("a", "e", "i", "o", "s")
    m = mark(s, 0)
    start_turn(s, 0, roll=ALL)
    s.apply(Choose("1"))
    s.apply(Move(8, 4))
    assert sentences(s, 0, m)[2] == (
        "Red (Bob) ends on E9, the crown (red), and plays that card (4 cards left)."
    )


@pytest.mark.rules("mummy:7.1", "mummy:9.2")
def test_resolving_and_the_intermediate_move():
    s = fresh(3, mummy=(5, 5))
    m0, m1 = mark(s, 0), mark(s, 1)
    start_turn(s, 0, aside=2)
    s.apply(Resolve(True))
    s.apply(Step("E"))
    assert sentences(s, 0, m0)[:4] == [
        "Red (Bob) takes a turn.",
        "Red (Bob) resolves the 2 mummy dice set aside.",
        "You walk 2 steps at once (an intermediate move).",
        "You step east to G6.",
    ]
    assert sentences(s, 1, m1)[2:4] == [
        "The mummy (Ann) walks 2 steps at once (an intermediate move).",
        "The mummy steps east to G6.",
    ]
    s2 = fresh(3)
    m = mark(s2, 1)
    start_turn(s2, 0, aside=1)
    roll(s2, ALL[:4])
    s2.apply(Resolve(False))
    assert sentences(s2, 1, m)[1] == "Your red explorer keeps the 1 mummy die aside and rolls."
    assert "keeps" not in " ".join(sentences(s2, 0))  # a declined resolution is not heard


@pytest.mark.rules("mummy:11.1", "mummy:7.0")
def test_five_mummies_and_the_forced_resolution():
    s = fresh(3, {0: (9, 3), 1: S})
    m0, m1 = mark(s, 0), mark(s, 1)
    start_turn(s, 0, roll=["mummy", "mummy", "1", "2", "3"], aside=0)
    roll(s, ["mummy", "mummy", "mummy"])
    s.apply(Reroll())
    s.apply(Lost())
    assert sentences(s, 1, m1)[2] == (
        "Your red explorer rerolled: mummy, mummy, mummy (2 mummy dice already aside). "
        "All five dice show the mummy."
    )
    assert sentences(s, 0, m0)[1:5] == [
        "Red (Bob) announces five mummies: the turn is lost.",
        "Green (Cleo) takes a turn.",
        "All five dice were set aside: before the turn of Green (Cleo) they are resolved by force.",
        "You walk 5 steps at once (an intermediate move).",
    ]


@pytest.mark.rules("mummy:9.1", "mummy:11.2")
def test_the_mummy_normal_move_says_die_and_dice_aside():
    s = fresh(3, mummy=(5, 5))
    s.aside = s.aside_public = 2
    s.fig = 1
    m0, m1 = mark(s, 0), mark(s, 1)
    s.chance.force(4, label="mummy die")
    s._end_turn()
    assert sentences(s, 0, m0) == ["You roll 4 on the mummy die: 4 + 2 set aside = 6 steps."]
    assert sentences(s, 1, m1) == [
        "The mummy (Ann) rolls 4 on the mummy die: 4 + 2 set aside = 6 steps."
    ]
    t = fresh(3, mummy=(5, 5))
    t.aside = t.aside_public = 5
    t.fig = 1
    t.chance.force(1, label="mummy die")
    t._end_turn()
    for _ in range(6):
        t.apply(t.legal_actions()[0])
    assert sentences(t, 1)[-1] == "The mummy (Ann) walks 5 steps more, for the five set-aside dice."


def test_a_mummy_seat_named_as_the_mummy_is_not_named_twice():
    voice = Voice(("Bot 1 (the mummy)", "Bot 2 (normal)"), None)
    event = {"kind": "mummy_move", "move": "normal", "steps": 4, "die": 4, "aside": 0}
    assert GAME.narrate(event, voice) == "Bot 1 (the mummy) rolls 4 on the mummy die: 4 steps."


@pytest.mark.rules("mummy:9.3", "mummy:10", "mummy:12")
def test_captures_elimination_and_the_end():
    s = fresh(3, {0: (5, 6), 1: S}, mummy=(5, 5))
    s.fig = 1
    s.chance.force(3, label="mummy die")
    s._end_turn()
    m0, m1, m2 = mark(s, 0), mark(s, 1), mark(s, 2)
    roll(s, ALL)
    s.apply(Step("E"))
    assert sentences(s, 0, m0)[1] == (
        "You catch Red (Bob) on G6 and take an ankh (1 of 4): "
        "it goes to the dungeon; Bob has 2 ankhs left."
    )
    assert sentences(s, 1, m1)[1] == (
        "The mummy (Ann) catches your red explorer on G6 and takes an ankh (1 of 4): "
        "it goes to the dungeon; you have 2 ankhs left."
    )
    assert sentences(s, 2, m2)[1].startswith("The mummy (Ann) catches Red (Bob) on G6")
    # the fourth ankh: the mummy wins at once
    t = fresh(3, {0: (5, 6), 1: S}, mummy=(5, 5))
    t.ankhs = [3, 1, 2]
    t.fig = 1
    t.chance.force(3, label="mummy die")
    t._end_turn()
    t.apply(Step("E"))
    assert sentences(t, 2)[-2:] == [
        "The mummy (Ann) catches Red (Bob) on G6 and takes an ankh (4 of 4): "
        "Bob has no ankh left and is out of the game.",
        "The mummy (Ann) has 4 ankhs and wins.",
    ]
    assert sentences(t, 0)[-1] == "You have 4 ankhs and win."


@pytest.mark.rules("mummy:12", "mummy:7.4")
def test_an_explorer_win():
    s = fresh(3, {0: (8, 5), 1: S})
    s.hands[1] = ("o",)
    start_turn(s, 0, roll=ALL)
    s.apply(Choose("1"))
    s.apply(Move(8, 4))
    assert sentences(s, 0)[-2:] == [
        "Red (Bob) ends on E9, the crown (red), and plays that card (the last one).",
        "Bob has played all his task cards and wins.",
    ]
    assert sentences(s, 1)[-1] == "You have played all your task cards and win."


@pytest.mark.rules("mummy:5", "mummy:14")
def test_setup_and_the_hand_are_told_to_each_reader():
    s = new(3, seed=4)
    first = sentences(s, 1)[:2]
    assert first[0] == (
        "Ann is the mummy, in her sarcophagus on F11; your red explorer and Green (Cleo) "
        "start on the stairs on E11. The mummy wins with 4 ankhs."
    )
    cards = [f"{SYMBOLS[x][1]} ({SYMBOLS[x][0]}, " for x in s.hands[1]]
    assert first[1].startswith("Your task cards: ") and all(c in first[1] for c in cards)
    assert sentences(s, 0)[0].startswith("You are the mummy, in your sarcophagus on F11;")
    assert not any(x.startswith("Your task cards") for x in sentences(s, 0))


def test_every_term_is_explained_once_in_the_glossary():
    n = MummyNarrator()
    assert set(n.glossary()) == set(GLOSSARY)
    seen = set()
    for s in default_games():
        for e in s.events_for(1):
            seen |= {t for t, _ in n.explanations(e)}
    assert seen >= set(GLOSSARY) - {"cannot move"}
    assert all(raw_fragment(t) is None and t.strip() for t in GLOSSARY.values())


# -- hidden information ----------------------------------------------------------------------
LABEL = re.compile(r"\b[A-K](?:1[01]|[1-9])\b")


@pytest.mark.rules("mummy:14")
@pytest.mark.parametrize("n", [2, 3, 5])
def test_the_mummy_side_never_reads_an_explorer_field(n):
    """The mummy and a spectator read only fields that are public: her own steps, the
    stairs and her sarcophagus, a played card's symbol, a capture."""
    for s in default_games():
        if s.num_players != n:
            continue
        public = {"E11", "F11"}
        for e in s.events_for(0):
            if "cell" in e and (e["kind"] in ("moved", "capture") or e["kind"] == "action"):
                public.add(label(*e["cell"]))
        for seat in (0, None):
            for text in sentences(s, seat):
                assert set(LABEL.findall(text)) <= public, text
                secret = r"\b(?:slides|rolled|rerolled|keeps)\b| from [A-K]\d+ to "
                assert not re.search(secret, text), text


@pytest.mark.rules("mummy:14")
def test_no_explorer_reads_another_explorers_cards():
    """An explorer's hand is his own: the names of another's unplayed cards never
    appear in his sentences, nor in the mummy's."""
    for s in default_games():
        texts = {seat: "\n".join(sentences(s, seat)) for seat in [None, *range(s.num_players)]}
        for t in range(1, s.num_players):
            secret = {SYMBOLS[x][1] for x in s.hands[t]}
            for seat, text in texts.items():
                if seat != t:
                    found = [w for w in secret if re.search(rf"\b{w}\b", text)]
                    assert not found, (seat, found)


# -- the watched game ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("seats", "seed"), [("heuristic,heuristic,heuristic", 3), ("heuristic,heuristic", 5)]
)
def test_a_watched_game_reads_as_sentences(seats, seed):
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "obelisk.cli.main",
            "play",
            "mummy",
            "--seats",
            seats,
            "--fast",
            "--seed",
            str(seed),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env={**os.environ, "COLUMNS": "100"},
    ).stdout
    lines = out.splitlines()
    assert any("announces" in x for x in lines) and any("mummy die" in x for x in lines)
    for line in lines:
        assert raw_fragment(line) is None, line
        assert not narration_check.ZERO_SEAT.search(line), line
        assert "figure=" not in line and "(mummy die:" not in line, line


# -- choices, typed forms, the view, messages ------------------------------------------------
@pytest.mark.rules("mummy:7.1", "mummy:7.2")
def test_dice_choices_in_words():
    s = fresh(3)
    start_turn(s, 0, aside=2)
    assert [s.choice_text(a) for a in s.legal_actions()] == [
        "resolve yes — hand back the 2 mummy dice: the mummy walks 2 steps now, then you roll "
        "all five",
        "resolve no — keep them aside (they lengthen her move) and roll 3 dice",
    ]
    roll(s, ["3", "arrow", "mummy"])
    s.apply(Resolve(False))
    assert [s.choice_text(a) for a in s.legal_actions()] == [
        "choose 3 — announce 3 and walk exactly 3 steps, to D9, C10 or E10",
        "choose arrow — announce the arrow and slide north to E10",
        "reroll — roll the 2 free dice again",
    ]


@pytest.mark.rules("mummy:8.1", "mummy:8.2", "mummy:9")
def test_move_choices_are_destinations_on_the_labelled_maze():
    s = fresh(3, mummy=(5, 5))
    s.hands[1] = ("a", "e", "i", "n", "s")
    start_turn(s, 0, roll=ALL)
    s.apply(Choose("2"))
    assert [s.choice_text(a) for a in s.legal_actions()] == [
        "move D10 — end on D10 (mummy 6 steps away)"
    ]
    text = s.to_text(1)
    assert "(1)" in text and "(1)" not in s.to_text(0) and "(1)" not in s.to_text(2)
    assert "end field of choice" in text
    s.apply(Move(9, 3))
    # the mummy's steps: direction, field, steps left
    t = fresh(3, mummy=(5, 5))
    t.fig = 1
    t.aside = t.aside_public = 0
    t.chance.force(2, label="mummy die")
    t._end_turn()
    assert t.choice_text(Step("E")) == "step E — east to G6, 1 step left after it"
    t.apply(Step("E"))
    assert t.choice_text(Step("W")) == "step W — west to F6, your last step"


@pytest.mark.rules("mummy:7.4")
def test_a_move_onto_a_held_symbol_says_the_card_is_played():
    s = fresh(3, {0: (8, 5), 1: S}, mummy=(0, 0))
    s.hands[1] = ("a", "e", "i", "o", "s")
    start_turn(s, 0, roll=ALL)
    s.apply(Choose("1"))
    texts = [s.choice_text(a) for a in s.legal_actions()]
    assert "move E9 — end on E9 (the crown: you play this card; mummy 16 steps away)" in texts


def test_moves_are_typed_by_label_number_or_old_row_and_column():
    s = fresh(3)
    start_turn(s, 0, roll=ALL)
    s.apply(Choose("3"))
    assert s.parse_action("move D9") == Move(8, 3)
    assert s.parse_action("d9") == Move(8, 3)
    assert s.parse_action("move 8 3") == Move(8, 3)  # the old form still works
    assert Move(8, 3).text() == "move D9"
    t = fresh(3)
    start_turn(t, 0, roll=ALL)
    t.apply(Choose("arrow"))
    assert t.parse_action("north") == Arrow("N") and t.parse_action("n") == Arrow("N")
    with pytest.raises(Exception, match="not a legal action"):
        t.parse_action("A1")


def test_the_view_counts_seats_from_1_and_fits_80_columns():
    for n in (2, 3, 5):
        s = new(n, seed=2)
        for seat in [None, *range(n)]:
            text = s.to_text(seat)
            assert max(len(x) for x in text.splitlines()) <= 76
            assert not narration_check.ZERO_SEAT.search(text)
            assert raw_fragment(text) is None
            assert "   A   B   C" in text and "11 |" in text
        assert "seat 2 (you)" in s.to_text(1) and "You are the mummy." in s.to_text(0)


@pytest.mark.rules("mummy:8.1", "mummy:9", "mummy:11.1")
def test_refusals_name_fields_by_label_and_give_the_real_reason():
    s = fresh(3, {0: S, 1: (9, 2)})
    start_turn(s, 0, roll=ALL)
    s.apply(Choose("3"))
    assert "another explorer stands on C10" in str(s.explain_illegal(Move(9, 2)))
    t = fresh(3)
    start_turn(t, 0, roll=["mummy"] * 5)
    err = t.explain_illegal(Choose("1"))
    assert err.rule == "mummy:11.1" and "all five dice show the mummy" in err.reason
    u = fresh(3, mummy=(10, 5))
    u.fig = 1
    u.chance.force(2, label="mummy die")
    u._end_turn()
    assert "cannot step west from F11" in str(u.explain_illegal(Step("W")))


def test_play_choices_when_card_play_is_optional():
    s = fresh(3, {0: (8, 5), 1: S}, card_play_mandatory=False)
    s.hands[1] = ("a", "e", "i", "o", "s")
    m = mark(s, 1)
    start_turn(s, 0, roll=ALL)
    s.apply(Choose("1"))
    s.apply(Move(8, 4))
    assert [s.choice_text(a) for a in s.legal_actions()] == [
        "play yes — play your card of the crown (red)",
        "play no — keep your card for later",
    ]
    s.apply(Play(False))
    assert "Your red explorer keeps the card of the crown (red) for now." in sentences(s, 1, m)
    assert "crown" not in " ".join(sentences(s, 0))


def test_level_descriptions_are_plain_words():
    """`obelisk levels mummy` printed reST markup (`:class:`) and 'see the module
    docstring' from the players' docstrings."""
    from obelisk.agents.levels import describe_level

    for level in ("heuristic", "belief"):
        text = describe_level(GAME, level)
        assert ":class:" not in text and "`" not in text and "docstring" not in text, text
        assert "Mummy" not in text and "mummy:17" not in text, text
