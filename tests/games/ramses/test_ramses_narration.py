"""Ramses II in words (issue 22): every event kind narrated, memory-honest lasting
sentences (never a token that is or will again be covered), flashes for the moment,
choices and the text view in words, hints that never recall for a person.

Layout of ``make``: T01 on place 0, T02 on 2, T03 on 4, T04 on 6, T05 on 16; the empty
place is 1, with blanks on 3 and 8-15.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

import narration_check
from games.ramses.ramses_helpers import GAME, card_of, draw, empty_stack, give_hand, make, slide
from obelisk.core import PlayerView, Voice, raw_fragment
from obelisk.games.ramses.actions import GiftDeclare, GiveCard, PokerDeclare, RiskDeclare, Slide
from obelisk.games.ramses.bot import TableBot
from obelisk.games.ramses.components import TREASURE_NAMES
from obelisk.games.ramses.narration import GLOSSARY
from obelisk.tui import PlaySession, Quit, parse_seats

NAMES = ("Ann", "Bot 2 (normal)", "Bot 3 (normal)", "Bot 4 (normal)", "Bot 5 (normal)")
NAME_RE = re.compile(r"\b(" + "|".join(map(re.escape, TREASURE_NAMES)) + r")\b")


def voice(n: int, viewer: int | None) -> Voice:
    return Voice(NAMES[:n], viewer)


def said(st, viewer: int | None = 0, start: int = 0) -> list[str]:
    """The lasting sentences ``viewer`` reads for the events from index ``start``."""
    v = voice(st.num_players, viewer)
    out = []
    for e in redacted(st, viewer, start):
        line = GAME.narrate(e, v)
        if line:
            out.append(line)
    return out


def flashes(st, viewer: int | None = 0, start: int = 0) -> list[str]:
    v = voice(st.num_players, viewer)
    return [f for e in redacted(st, viewer, start) if (f := GAME.flash(e, v))]


def redacted(st, viewer, start):
    return st.events_for(viewer, start)


def _event(st, kind):
    empty_stack(st, 1)
    draw(st, card_of(st, 2, kind=kind))


# -- every kind, over many games ------------------------------------------------------
EXPECTED_KINDS = {
    "action",
    "card_buried",
    "card_drawn",
    "card_transferred",
    "chance",
    "declared",
    "eliminated",
    "event_resolved",
    "find",
    "game_over",
    "lucky",
    "miss",
    "rotated",
    "search_started",
    "setup",
    "stack_started",
    "turn_ended",
}


def test_every_event_kind_has_a_sentence_or_a_silence():
    states = list(narration_check.games(GAME, seeds=range(4), levels=("random", "heuristic")))
    states += list(
        narration_check.games(
            GAME, seeds=range(2), levels=("heuristic",), options={"setup_mode": "players_place"}
        )
    )
    states += list(
        narration_check.games(
            GAME, seeds=range(2), levels=("random",), options={"small_children": True}
        )
    )
    states += list(  # the anti-stall options of simulation (off by default) bury cards
        narration_check.games(
            GAME,
            seeds=range(2),
            levels=("random",),
            options={"max_misses_per_card": 1, "max_slides_per_search": 3},
        )
    )
    seen = narration_check.check_narration(GAME, states)
    assert seen.kinds == EXPECTED_KINDS | {"placed"}
    for kind, _seat, text in seen.lines:
        if text:
            assert not re.search(r"\bT\d\d\b|#\d", text), (kind, text)  # no raw ids
            assert "_" not in text, (kind, text)  # no enum spellings


# -- scenario sentences ---------------------------------------------------------------------
@pytest.mark.rules("ramses:6.4", "ramses:6.5", "ramses:11.3")
def test_a_miss_never_names_the_token_it_uncovered_except_in_the_flash():
    st = make(3)
    draw(st, card_of(st, 1, 5))
    start = len(st.events)
    slide(st, 2)  # T02 Trumpet: a miss
    assert said(st, 2, start) == [
        "Ann slides a pyramid.",
        "Ann uncovers another treasure, not the Mummy: a miss.",
        "Bot 2 (normal) searches for the Mummy next.",
    ]
    assert said(st, 1, start)[:2] == [
        "Ann slides a pyramid.",
        "Ann uncovers another treasure, not the Mummy: a miss.",
    ]
    assert said(st, 1, start)[2] == "You search for the Mummy next."
    assert flashes(st, 0, start) == ["You uncover the Trumpet."]
    assert flashes(st, 1, start) == ["Ann uncovers the Trumpet."]


@pytest.mark.rules("ramses:6.2", "ramses:6.5")
def test_drawing_and_finding():
    st = make(3)
    draw(st, card_of(st, 1, 1))
    slide(st, 0)  # T01: found
    assert said(st, 0) == [
        "The pyramids cover the treasures. You begin.",
        "Stack 1 begins.",
        "You turn over the Parrot card (stack 1, 1 point).",
        "You slide a pyramid.",
        "You find the Parrot and keep the card (stack 1, 1 point).",
    ]
    assert flashes(st, 2) == ["Ann uncovers the Parrot."]


@pytest.mark.rules("ramses:6.3", "ramses:6.5", "ramses:3.2")
def test_lucky_find_and_quarter_turn_are_explained():
    st = make(3)
    draw(st, card_of(st, 1, 2))
    slide(st, 2)  # T02 found; it shows now
    empty_stack(st, 1)
    start = len(st.events)
    draw(st, card_of(st, 2, 2))  # seat 1 turns over T02 again: lucky
    assert said(st, None, start) == [
        "Stack 2 begins: every find turns the box a quarter.",
        "Bot 2 (normal) turns over the Trumpet card (stack 2, 2 points).",
        "Bot 2 (normal) is lucky: the treasure at the empty place is the Trumpet already, so "
        "no slide is needed.",
        "Bot 2 (normal) finds the Trumpet and keeps the card (stack 2, 2 points).",
        "The box turns a quarter clockwise.",
    ]
    terms = [t for e in st.events_for(None, start) for t, _ in GAME.narrator.explanations(e)]
    assert terms == ["stack 2", "lucky find", "quarter turn"]


@pytest.mark.rules("ramses:8", "ramses:9")
def test_stack_three_elimination_and_the_end():
    st = make(2)
    empty_stack(st, 1)
    empty_stack(st, 2)
    start = len(st.events)
    draw(st, card_of(st, 3, 5))
    slide(st, 2)  # T02: out
    lines = said(st, 1, start)
    assert lines[0] == (
        "Stack 3 begins: every find turns the box a quarter and a wrong treasure puts the "
        "searcher out of the game."
    )
    assert "Ann is out of the game and keeps their cards." in lines
    assert said(st, 0, start)[-2] == "You are out of the game; you keep your cards."
    start = len(st.events)
    slide(st, 1)  # seat 1 searches T05 alone: back to place 1 (blank), then ...
    slide(st, 2)  # T02 again: out too, the game ends
    assert said(st, 0, start)[-1] == (
        "Game over: every player is out. Points: you 0 and Bot 2 (normal) 0. "
        "You and Bot 2 (normal) share the win."
    )


@pytest.mark.rules("ramses:9")
def test_the_end_card():
    st = make(3)
    give_hand(st, 1, card_of(st, 1, 7))
    empty_stack(st, 1)
    empty_stack(st, 2)
    draw(st, card_of(st, 3, kind="end"))
    assert said(st, 2)[-2:] == [
        "Ann turns over the end card.",
        "Game over: the end card turned up. Points: Ann 0, Bot 2 (normal) 1 and you 0. "
        "Bot 2 (normal) wins.",
    ]


@pytest.mark.rules("ramses:7.1")
def test_sandstorm_explained_the_first_time():
    st = make(3)
    _event(st, "sandstorm")
    assert said(st, 1)[-2:] == [
        "Ann turns over an event card: Sandstorm.",
        "The box turns half round.",
    ]
    e = [x for x in st.events_for(1) if x["kind"] == "card_drawn"][-1]
    assert GAME.narrator.explanations(e) == [("Sandstorm", GLOSSARY["Sandstorm"])]


@pytest.mark.rules("ramses:7.2", "ramses:11.2")
def test_gift_gives_told_with_the_card_only_to_giver_and_receiver():
    st = make(4)
    give_hand(st, 1, card_of(st, 1, 2))
    give_hand(st, 2, card_of(st, 2, 2), card_of(st, 3, 2))
    _event(st, "gift")
    start = len(st.events)
    st.apply(GiftDeclare(2))
    slide(st, 2)  # found
    st.apply(GiveCard(card_of(st, 3, 2)))
    assert said(st, 0, start) == [
        "You name the Trumpet for the Gift.",
        "You search for the Trumpet.",
        "You slide a pyramid and find the Trumpet.",
        "Bot 2 (normal) gives you the Trumpet card (stack 1, 1 point).",
        "Bot 3 (normal) gives you the Trumpet card (stack 3, 4 points).",
        "Your Gift succeeds.",
    ]
    assert said(st, 3, start)[3:] == [
        "Bot 2 (normal) gives Ann a Trumpet card.",
        "Bot 3 (normal) gives Ann a Trumpet card.",
        "Ann's Gift succeeds.",
    ]
    # the stack and value of a Gift's card stay between giver and receiver
    assert not any("stack" in x for x in said(st, 3, start)[3:5])


@pytest.mark.rules("ramses:7.3", "ramses:11.2")
def test_risk_success_blind_card_is_named_only_to_the_two_seats():
    st = make(3)
    give_hand(st, 1, card_of(st, 1, 7))
    _event(st, "risk")
    start = len(st.events)
    st.apply(RiskDeclare(2, 1))
    slide(st, 2)  # T02 found
    slide(st, 1)  # back to place 1 (blank)
    slide(st, 0)  # T01 found
    mine = said(st, 0, start)
    assert mine[:4] == [
        "You risk the Trumpet and then the Parrot.",
        "You search for the Trumpet first.",
        "You slide a pyramid and find the Trumpet.",
        "You go on to the Parrot.",
    ]
    assert mine[-2:] == [
        "You draw the Spectacles card (stack 1, 1 point) from Bot 2 (normal)'s hand without "
        "looking.",
        "Your Risk succeeds.",
    ]
    assert said(st, 1, start)[-2] == (
        "Ann draws the Spectacles card (stack 1, 1 point) from your hand without looking."
    )
    third = said(st, 2, start)
    assert third[-2] == "Ann draws a card from Bot 2 (normal)'s hand without looking."
    assert not any("Spectacles" in x for x in third)  # seat 2 never saw which card


@pytest.mark.rules("ramses:7.3")
def test_risk_failure_and_its_penalty():
    st = make(3)
    give_hand(st, 0, card_of(st, 1, 9))
    _event(st, "risk")
    st.apply(RiskDeclare(1, 3))
    start = len(st.events)
    slide(st, 2)  # T02: wrong
    assert said(st, 2, start) == [
        "Ann slides a pyramid and uncovers another treasure, not the Parrot."
    ]
    choice = st.choice_text(GiveCard(card_of(st, 1, 9), 2))
    assert choice == "give Scarab, stack 1, to seat 3 — your card (1 point) goes to seat 3"
    st.apply(GiveCard(card_of(st, 1, 9), 2))
    assert said(st, 2, start)[-2:] == [
        "Ann gives you the Scarab card (stack 1, 1 point) (the Risk's penalty).",
        "Ann's Risk fails.",
    ]
    assert said(st, 1, start)[-2:] == [
        "Ann gives Bot 3 (normal) a card (the Risk's penalty).",
        "Ann's Risk fails.",
    ]


@pytest.mark.rules("ramses:7.4")
def test_mirage_card_is_public_and_the_cardless_neighbour_case():
    st = make(3)
    give_hand(st, 2, card_of(st, 1, 4))
    _event(st, "mirage")
    lines = said(st, 1)
    assert lines[-2:] == [
        "Ann takes the Sacred Dog card (stack 1, 1 point) from Bot 3 (normal)'s hand "
        "without looking, and shows it.",
        "Ann searches for the Sacred Dog, the Mirage card's treasure.",
    ]
    st = make(3)
    _event(st, "mirage")
    assert said(st, 0)[-1] == "The Mirage does nothing: Bot 3 (normal) holds no cards."


@pytest.mark.rules("ramses:7.5")
def test_poker_in_the_desert():
    st = make(3)
    give_hand(st, 0, card_of(st, 1, 9))
    _event(st, "poker")
    choice = st.choice_text(PokerDeclare(2, 1))
    assert choice == "poker Trumpet, seat 2"
    st.apply(st.parse_action("poker trumpet seat 2"))
    slide(st, 2)  # seat 1 finds T02: it takes a blind card from Ann
    assert said(st, 2)[-5:] == [
        "Ann bets that Bot 2 (normal) cannot find the Trumpet.",
        "Bot 2 (normal) searches for the Trumpet, as the bet demands.",
        "Bot 2 (normal) slides a pyramid and finds the Trumpet.",
        "Bot 2 (normal) draws a card from Ann's hand without looking.",
        "Bot 2 (normal) wins the Poker in the Desert.",
    ]


def test_every_glossary_term_is_explained_somewhere():
    assert {"Sandstorm", "Gift", "Risk", "Mirage", "Poker in the Desert", "end card"} <= set(
        GAME.narrator.glossary()
    )
    for term, text in GAME.narrator.glossary().items():
        assert text.endswith(".") and "\n" not in text, term


# -- hidden cards: a seat's sentences hold only its own events --------------------------------
@pytest.mark.rules("ramses:11.2")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_sentence_names_a_card_only_other_seats_saw(seed):
    """A card given or drawn unseen between two seats is named only to those two."""
    st = narration_check.play(GAME, 3, seed, "heuristic")
    private = 0
    for viewer in [None, 0, 1, 2]:
        v = voice(3, viewer)
        for e in st.events_for(viewer):
            if e["kind"] != "card_transferred":
                continue
            line = GAME.narrate(e, v) or ""
            if viewer in (e["from"], e["to"]):
                private += "type" in e
                continue
            if "type" not in e:  # the card's own event went to the two seats only
                assert "stack" not in line and "point" not in line, line
    assert private


# -- memory honesty ----------------------------------------------------------------------------
def _names(text: str) -> set[str]:
    return set(NAME_RE.findall(text))


def memory_violations(st, seat: int) -> list[tuple[str, str]]:
    """Lasting sentences for ``seat`` naming a treasure whose token the seat saw uncovered
    and then covered again, with no public naming of that treasure since."""
    v = voice(st.num_players, seat)
    showing: str | None = None  # the treasure at the empty place now (a name), if any
    covered: set[str] = set()  # seen, covered again, not named in public since
    bad = []
    for e in st.events_for(seat):
        kind = e["kind"]
        named: set[str] = set()  # what this event itself shows for good
        if kind in ("card_drawn", "find", "lucky", "card_buried", "card_transferred"):
            named |= {e["name"]} if e.get("name") else set()
        if kind == "declared":
            named |= set(e.get("names") or [])
        if kind == "search_started":
            named.add(e["target_name"])
        if kind == "miss" or (kind == "action" and e.get("target_name")):
            named.add(e["target_name"])
        covered -= named
        line = GAME.narrate(e, v)
        if line:
            for name in _names(line) & covered:
                bad.append((name, line))
        if kind == "action" and "token" in e:  # a slide: the old empty place is covered
            if showing:
                covered.add(showing)
            showing = e["name"] if e["token"] != "blank" else None
            covered.discard(showing or "")
        elif kind in ("setup", "search_started"):
            showing = None if e["showing"] == "blank" else TREASURE_NAMES[int(e["showing"][1:]) - 1]
    return bad


@pytest.mark.rules("ramses:11.3")
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_no_lasting_sentence_names_a_covered_token(seed):
    for n in (2, 4):
        st = narration_check.play(GAME, n, seed, "heuristic")
        for seat in range(n):
            assert memory_violations(st, seat) == []


@pytest.mark.rules("ramses:11.3")
def test_the_check_catches_the_old_slide_and_miss_texts():
    """Before issue 22 a slide said ``slide down: T02 Trumpet`` and a miss ``finds T02
    Trumpet instead of T05 Mummy``: those lines name a token covered again."""
    st = make(3)
    draw(st, card_of(st, 1, 5))
    slide(st, 2)  # T02 uncovered: a miss
    slide(st, 1)  # seat 1 slides it back: T02 is covered again
    slide(st, 9)
    old = [e.data.get("text", "") for e in st.events if e.kind in ("action", "miss")]
    assert any("Trumpet" in x for x in old)  # the engine's own texts (for agents) still do
    assert all("Trumpet" not in x for x in said(st, 0))
    assert flashes(st, 0)[0] == "You uncover the Trumpet."


# -- choices ----------------------------------------------------------------------------------
@pytest.mark.rules("ramses:7.2", "ramses:7.6")
def test_give_choices_name_the_card_and_its_value():
    st = make(4)
    give_hand(st, 2, card_of(st, 2, 2), card_of(st, 3, 2))
    _event(st, "gift")
    st.apply(GiftDeclare(2))
    slide(st, 2)
    assert [st.choice_text(a) for a in st.legal_actions()] == [
        "give Trumpet, stack 2 — your card (2 points) goes to seat 1",
        "give Trumpet, stack 3 — your card (4 points) goes to seat 1",
    ]
    assert st.parse_action("give trumpet stack 3") == GiveCard(card_of(st, 3, 2))
    assert st.parse_action("2") == GiveCard(card_of(st, 3, 2))
    assert st.parse_action(f"give #{card_of(st, 2, 2)}") == GiveCard(card_of(st, 2, 2))


@pytest.mark.rules("ramses:6.4", "ramses:11.3")
def test_slide_choices_never_name_a_covered_token():
    st = make(3)
    draw(st, card_of(st, 1, 5))
    texts = [st.choice_text(a) for a in st.legal_actions()]
    assert texts == [
        "slide up — the gold pyramid below the empty place moves up",
        "slide right — the gold pyramid left of the empty place moves right",
        "slide left — the gold pyramid right of the empty place moves left",
    ]
    assert not any(_names(t) for t in texts)
    st.pools[0] = []
    assert st.parse_action("slide l") == next(a for a in st.legal_actions() if a.dir == "left")


def test_declaration_choices_in_words_and_typed_by_name():
    st = make(3)
    _event(st, "risk")
    texts = [st.choice_text(a) for a in st.legal_actions()]
    assert texts[0] == "risk Parrot, Trumpet"
    assert not any(re.search(r"\bT\d\d\b", t) for t in texts)
    assert st.parse_action("risk crown, cat") == RiskDeclare(10, 12)
    assert st.parse_action("risk T10 T12") == RiskDeclare(10, 12)


# -- the text view ----------------------------------------------------------------------------
@pytest.mark.rules("ramses:11.1", "ramses:11.3")
def test_the_view_shows_the_token_under_the_empty_place_only_while_uncovered():
    st = make(3)
    draw(st, card_of(st, 1, 5))
    slide(st, 2)  # T02 shows
    text = st.to_text(1)
    assert "[Tr]" in text and "Under the empty place: the Trumpet [Tr]" in text
    slide(st, 1)  # covered again
    text = st.to_text(1)
    assert "Trumpet" not in text and "[Tr]" not in text
    assert "Under the empty place: a blank" in text
    assert not re.search(r"\bT\d\d\b|#\d|seat 0|_", text)
    assert "You search for the Mummy (1 slide so far)" in text
    assert "Seat 2 searches for the Mummy (1 slide so far)" in st.to_text(0)
    assert "Card sought: Mummy (1 point, stack 1); missed 1 time so far" in text


def test_the_view_over_a_game_names_only_what_is_in_view():
    st = narration_check.play(GAME, 3, 5, "random")
    text = st.to_text(0)
    assert not re.search(r"\bT\d\d\b|#\d|seat 0|phase|_", text), text
    assert text.splitlines()[0] == "Ramses II - seat 1 - now: the game is over"


# -- hints ------------------------------------------------------------------------------------
class TableOnly(PlayerView):
    """A view whose past events cannot be read: an agent using it sees the table only."""

    def events(self, start: int = 0):
        raise AssertionError("the hint read the events of the past")


@pytest.mark.rules("ramses:11.3")
def test_a_hint_never_recalls_where_treasures_lie():
    st = narration_check.play(GAME, 3, 2, "heuristic")
    # replay the game; at every decision of seat 0, ask for a hint
    game = GAME.new_state(3, 2)
    refused = helped = 0
    for step in st.history:
        p = game.current_player
        if p == 0:
            refusal = game.hint_refusal(0)
            if game.phase in ("search", "gift_declare", "risk_declare", "poker_declare"):
                assert refusal and "memory game" in refusal
                refused += 1
            else:
                assert refusal is None
                helped += 1
            hint = GAME.hint_agent()
            a = hint.act(TableOnly(game, 0), random.Random(0))
            assert a in game.legal_actions()
        game.apply(step.action)
    assert refused and helped


@pytest.mark.rules("ramses:11.3")
def test_the_hint_player_heads_nowhere_remembered():
    """Two positions with the same table but different pasts get the same hint."""
    a = make(3)
    draw(a, card_of(a, 1, 5))
    b = make(3)
    draw(b, card_of(b, 1, 3))
    slide(b, 2)  # seat 0 saw T02 on place 2; now seat 1 searches T03
    slide(b, 1)  # back to place 1: T02 covered again
    assert b.empty == a.empty and b.to_move == 1
    assert isinstance(GAME.hint_agent(), TableBot)
    ha = GAME.hint_agent().act(PlayerView(a, 0), random.Random(0))
    hb = GAME.hint_agent().act(PlayerView(b, 1), random.Random(0))
    assert isinstance(ha, Slide) and ha.place == hb.place
    assert GAME.hint_agent().act(TableOnly(b, 1), random.Random(0)) == hb


# -- the watched game -------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 7])
def test_a_watched_game_reads_cleanly(seed):
    console = Console(file=io.StringIO(), record=True, width=100)
    seats = parse_seats(GAME, "heuristic,heuristic,heuristic", None)
    session = PlaySession.new(GAME, seats, seed, console=console, fast=True)
    session.run()
    text = console.export_text()
    for line in text.splitlines():
        assert raw_fragment(line) is None, line
        assert not narration_check.ZERO_SEAT.search(line), line
        assert not re.search(r"\bT\d\d\b", line), line
    assert "Game over" in text


def test_a_person_plays_a_few_turns():
    console = Console(file=io.StringIO(), record=True, width=100)
    seats = parse_seats(GAME, "human,heuristic", None)
    feed = ["hint", "1", "hint", "1", "1", "1", "1", "1", "quit"]

    def answer(prompt):
        return feed.pop(0) if feed else "quit"

    session = PlaySession.new(
        GAME, seats, 3, {"first_player": 0}, console=console, input_fn=answer, fast=True
    )
    with pytest.raises(Quit):
        session.run()
    text = console.export_text()
    assert "memory game" in text
    assert "turn over the top card of stack 1" in text
    for line in text.splitlines():
        assert raw_fragment(line) is None, line
        assert not narration_check.ZERO_SEAT.search(line), line


@pytest.mark.rules("ramses:4.2")
def test_hiding_the_treasures_in_public_then_covered():
    st = GAME.new_state(2, 1, {"setup_mode": "players_place", "first_player": 0})
    st.apply(st.parse_action("place parrot, row 1, column 2"))
    assert st.tokens[1] == 1
    assert said(st, 1) == ["Ann hides a treasure."]  # the log never names a hidden token
    assert flashes(st, 1) == ["Ann hides the Parrot."]
    text = st.to_text(1)
    assert (
        "<Pa>" in text.splitlines()[4]  # under the N line, the column numbers, the frame
        and "Hidden so far (everybody watches): <Pa> Parrot (row 1, column 2)" in text
    )
    while st.phase == "place":
        st.apply(st.legal_actions()[0])
    text = st.to_text(1)
    assert "<" not in text and "Parrot" not in text  # covered now
    assert said(st, 1)[-1].startswith("The pyramids cover the treasures. The box has been spun.")


def test_option_errors_count_seats_as_a_person_does():
    from obelisk.core import InvalidOptions

    with pytest.raises(InvalidOptions) as err:
        GAME.new_state(3, 1, {"first_player": 3})
    assert "0 (the first seat) to 2 (the last), not 3" in str(err.value)
    assert not narration_check.ZERO_SEAT.search(str(err.value))
