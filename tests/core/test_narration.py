"""The narration protocol: voices, the narrator's dispatch, and the debug-text check."""

from __future__ import annotations

from obelisk.core import Narrator, Voice, join_words, plural, raw_fragment


def test_the_reader_is_you_and_others_are_named():
    v = Voice(("Ann", "Bot 1 (normal)", "Cleo"), viewer=2)
    assert v.name(2) == "You"
    assert v.object(2) == "you"
    assert v.name(0) == "Ann"
    assert v.subject(2, "draw", "draws") == "You draw"
    assert v.subject(1, "draw", "draws") == "Bot 1 (normal) draws"
    assert v.possessive(0) == "Ann's"
    assert v.possessive(2) == "your"
    assert v.names_of([2, 0]) == "You and Ann"
    assert v.names_of([0, 1, 2]) == "Ann, Bot 1 (normal) and you"
    assert v.seat_number(0) == "seat 1"


def test_a_spectator_is_nobody_at_the_table():
    v = Voice.for_seats(2)
    assert (v.name(0), v.name(1)) == ("Player 1", "Player 2")


def test_words():
    assert join_words(["a", "b", "c"]) == "a, b and c"
    assert plural(1, "card") == "1 card"
    assert plural(3, "card") == "3 cards"


class Tiny(Narrator):
    silent = frozenset({"bookkeeping"})

    def on_round_end(self, event, voice):
        return "The round ends."

    def on_drew(self, event, voice):
        return f"{voice.subject(event['seat'], 'draw', 'draws')} a card."


def test_a_narrator_dispatches_by_kind_and_keeps_silences():
    n = Tiny()
    v = Voice(("Ann", "Bob"), viewer=1)
    assert n.narrate({"kind": "drew", "seat": 1}, v) == "You draw a card."
    assert n.narrate({"kind": "drew", "seat": 0}, v) == "Ann draws a card."
    assert n.narrate({"kind": "bookkeeping", "i": 3}, v) is None
    assert n.knows("drew") and n.knows("bookkeeping") and n.knows("action")
    assert not n.knows("mystery")
    assert n.knows("round end") and n.narrate({"kind": "round end"}, v) == "The round ends."
    assert raw_fragment(n.narrate({"kind": "mystery", "x": 1}, v)) == "x=1"  # a visible gap


def test_debug_text_is_caught():
    assert raw_fragment("round end (round=1)") == "round=1"
    assert raw_fragment("set values [{'ebony': 90}]") == "{'"
    assert raw_fragment("  (roll: 6160)") == "(roll: 6160)"
    assert raw_fragment("You draw fish 2 and ivory 3.") is None
