"""Ramses II speaks German (issue 34): every face's words from the game's catalog, whole
German sentences (cases, plurals, du), German typed commands, and the memory game's split
kept: the lasting sentence never names a token that will be covered again, in German too.

The English sentences are checked unchanged by ``tests/games/ramses/test_ramses_narration.py``.
"""

from __future__ import annotations

import re

import pytest

from games.ramses.ramses_helpers import GAME, card_of, draw, empty_stack, make, slide
from german_check import english_left, german_texts
from obelisk.core import Voice, i18n
from obelisk.core.i18n import speaking
from obelisk.games.ramses.actions import Draw, PokerDeclare, Slide
from obelisk.tui.screen import listed_words, read_any_action

NAMES = ("Ann", "Bob", "Cleo")
BOTS = [f"Bot {i}" for i in range(1, 6)]
#: The text view marks a treasure by two letters of its name ([He] the Heiliger Hund):
#: an abbreviation, not a word.
MARK = re.compile(r"[\[<][A-Z][a-z][\]>]")


def german(text: str) -> list[str]:
    """What is still English in ``text`` (seat names and treasure marks aside)."""
    return english_left(MARK.sub(" ", text), BOTS + list(NAMES))


@pytest.fixture
def marked():
    """Words missing from the catalog read ⟦like this⟧ while a test runs."""
    old = i18n.MARK_MISSING
    i18n.MARK_MISSING = True
    yield
    i18n.MARK_MISSING = old


def test_every_face_of_seeded_games_reads_german():
    texts = german_texts(GAME, seeds=(1, 2), players=(2, 5))
    assert len(texts) > 10_000
    left = [(where, text, bad) for where, text in texts if (bad := german(text))]
    assert not left, left[:5]


def test_the_players_hiding_the_treasures_and_the_professional_box_read_german(marked):
    st = GAME.new_state(2, 1, {"setup_mode": "players_place", "first_player": 0})
    with speaking("de"):
        texts = [st.to_text(0, list(NAMES[:2])), *listed_words(st, st.legal_actions()[:30])]
        pro = make(2, professional=True)
        texts.append(pro.to_text(1, list(NAMES[:2])))
    assert "Du bist dran: Verstecke einen Schatz" in texts[0]
    assert any(t.startswith("versteck Papagei, Reihe 1, Spalte 1") for t in texts[1:])
    for text in texts:
        assert not german(text), text


@pytest.mark.rules("ramses:6.5")
def test_points_and_tries_take_their_plural_in_both_languages(marked):
    one = {"kind": "find", "seat": 0, "treasure": "T01", "name": "Parrot", "stack": 1, "value": 1}
    two = {**one, "stack": 2, "value": 2}
    v = Voice(NAMES, 0)
    assert GAME.narrate(one, v) == "You find the Parrot and keep the card (stack 1, 1 point)."
    assert GAME.narrate(two, v) == "You find the Parrot and keep the card (stack 2, 2 points)."
    buried = {"kind": "card_buried", "treasure": "T12", "name": "Cat", "stack": 2}
    with speaking("de"):
        assert GAME.narrate(one, v) == (
            "Du findest den Papagei und behältst die Karte (Stapel 1, 1 Punkt)."
        )
        assert GAME.narrate(two, v) == (
            "Du findest den Papagei und behältst die Karte (Stapel 2, 2 Punkte)."
        )
        assert GAME.narrate({**buried, "misses": 1}, v).startswith(
            "Niemand findet die Katze nach 1 Versuch:"
        )
        assert GAME.narrate({**buried, "misses": 3}, v).startswith(
            "Niemand findet die Katze nach 3 Versuchen:"
        )


@pytest.mark.rules("ramses:6.4", "ramses:11.3")
def test_the_lasting_german_sentence_never_names_the_token_only_the_flash_does(marked):
    st = make(3)
    draw(st, card_of(st, 1, 5))  # the Mummy sought
    start = len(st.events)
    slide(st, 2)  # the Trumpet uncovered: a miss
    events = st.events_for(1, start)
    with speaking("de"):
        v = Voice(NAMES, 1)
        lasting = [GAME.narrate(GAME.narrator.lasting(e), v) for e in events]
        flashes = [f for e in events if (f := GAME.flash(e, v))]
    assert [x for x in lasting if x] == [
        "Ann schiebt eine Pyramide.",
        "Ann deckt einen anderen Schatz auf, nicht die Mumie: ein Fehlgriff.",
        "Als Nächstes suchst du die Mumie.",
    ]
    assert flashes == ["Ann deckt die Trompete auf."]


def test_german_commands_are_typed_as_listed_and_as_text_forms(marked):
    st = make(3)
    with speaking("de"):
        assert GAME.typed_words()["schieb"] == "slide"
        assert read_any_action(st, "zieh", NAMES) == Draw()
        draw(st, card_of(st, 1, 5))
        slides = [a for a in st.legal_actions() if isinstance(a, Slide)]
        for a in slides:
            typed = GAME.typed_form(a)  # "schieb hoch"
            assert typed.split()[0] == "schieb" and a.dir not in typed.split()
            assert read_any_action(st, typed, NAMES) == a
            assert read_any_action(st, f"slide {typed.split()[1]}", NAMES) == a
            assert read_any_action(st, f"schieb {a.dir}", NAMES) == a


@pytest.mark.rules("ramses:7.5")
def test_a_poker_is_typed_in_german_with_treasure_and_seat(marked):
    st = make(3)
    empty_stack(st, 1)
    draw(st, card_of(st, 2, kind="poker"))
    with speaking("de"):
        assert read_any_action(st, "poker T03 platz 2", NAMES) == PokerDeclare(3, 1)
        assert read_any_action(st, "poker goldene sphinx, platz 3", NAMES) == PokerDeclare(3, 2)


def test_english_readers_keep_the_english_commands_and_a_tables_own_names_stay():
    st = make(3, treasure_names=[f"Idol {i}" for i in range(1, 13)])
    assert GAME.typed_words() == {}
    assert GAME.typed_form(Slide(9, "up")) == "slide up"
    draw(st, card_of(st, 1, 5))
    v = Voice(NAMES, 0)
    e = next(e for e in st.events_for(0) if e["kind"] == "card_drawn")
    assert GAME.narrate(e, v) == "You turn over the Idol 5 card (stack 1, 1 point)."
    with speaking("de"):
        assert GAME.narrate(e, v) == "Du deckst die Karte Idol 5 (Stapel 1, 1 Punkt) auf."


def test_option_help_and_the_levels_read_german(marked):
    from obelisk.core.options import option_info

    with speaking("de"):
        helps = [GAME.words.gettext(o.spec.help) for o in option_info(GAME.Options) if o.spec.help]
        levels = [GAME.words.gettext(rung.words) for rung in GAME.player_ladder().values()]
    assert len(helps) > 15 and len(levels) == 4
    for text in helps + levels:
        assert not german(text), text
