"""Sobek speaks German (issue 34): every word a person reads comes from the game's catalog
(``obelisk/games/sobek/locale/de.po``), the English stays as it was, typed German works and
records keep English."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Any

import pytest

import rulebook
from german_check import english_left, german_texts
from obelisk.core import State, Voice, get_game
from obelisk.core.i18n import speaking
from obelisk.core.options import spec_of
from obelisk.games.sobek.actions import Play, Take
from obelisk.games.sobek.game import SobekGame
from obelisk.games.sobek.rules import SobekState

GAME = get_game("sobek")
NAMES = ("Ann", "Bot 2", "Bot 3", "Bot 4")


def _new(n: int = 2, seed: int = 1) -> SobekState:
    state = rulebook.new(GAME, n, seed)
    assert isinstance(state, SobekState)
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_every_word_of_seeded_games_is_german(players: int) -> None:
    """Narration and flashes for every seat and a spectator, choices, refusals, views, the
    summary, glossary, lessons and rules page: nothing English is left."""
    texts = german_texts(GAME, seeds=(1, 2), players=(players,), names=NAMES[:players])
    assert len(texts) > 1000
    left = [(where, text, english_left(text, NAMES)) for where, text in texts]
    assert [x for x in left if x[2]][:5] == []


def _variant(options: dict[str, Any]) -> SobekGame:
    """Sobek whose new games are played with ``options`` (a variant's)."""

    class Variant(SobekGame):
        def new_state(
            self,
            num_players: int | None = None,
            seed: int = 0,
            options_: Any = None,
            *,
            forced: Sequence[Any] = (),
        ) -> State:
            return super().new_state(num_players, seed, options_ or options, forced=forced)

    Variant.__module__ = SobekGame.__module__  # its words are Sobek's
    return Variant()


@pytest.mark.parametrize(
    "options",
    [*SobekGame.variants.values(), {"second_set": "choose"}],
    ids=[*SobekGame.variants, "second_set"],
)
def test_the_variants_are_german_too(options: dict[str, Any]) -> None:
    """The variants' own sentences (half a round lost, sets of matching goods, an extra
    action, laundering, second sets of one goods) are German as well."""
    texts = german_texts(_variant(options), seeds=(1, 2), players=(2, 4), names=None)
    left = [(where, text, english_left(text, NAMES)) for where, text in texts]
    assert [x for x in left if x[2]][:5] == []


def test_the_options_help_is_german() -> None:
    """Each option's help (the lobby's and ``--help``'s words) has its German."""
    helps = [spec_of(f).help for f in dataclasses.fields(GAME.Options)]
    assert helps and all(helps)
    with speaking("de"):
        german = [GAME.words.gettext(h) for h in helps]
    assert [h for h, g in zip(helps, german, strict=True) if g == h] == []
    # an option's values ("choose", "shared") stay as typed
    assert [g for g in german if english_left(re.sub(r'"[^"]*"', " ", g))] == []


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        (
            "en",
            "Bot 2 draws 1 card from the deck (5 left).",
            "Bot 2 draws 2 cards from the deck (5 left).",
        ),
        (
            "de",
            "Bot 2 zieht 1 Karte vom Nachziehstapel (noch 5).",
            "Bot 2 zieht 2 Karten vom Nachziehstapel (noch 5).",
        ),
    ],
)
def test_a_draw_counts_its_cards_in_both_languages(lang: str, one: str, two: str) -> None:
    voice = Voice(NAMES[:2], 0)
    with speaking(lang):
        said = [
            GAME.narrate({"kind": "draw", "seat": 1, "count": k, "deck": 5}, voice) for k in (1, 2)
        ]
    assert said == [one, two]


def test_a_skip_counts_the_corruption_cards_in_german() -> None:
    voice = Voice(NAMES[:2], 0)
    event = {
        "kind": "action",
        "seat": 0,
        "action": {"kind": "take", "position": 3},
        "card": "fish1",
        "skipped": ["wheat0", "amulet"],
    }
    with speaking("de"):
        mine = GAME.narrate(event, voice)
        theirs = GAME.narrate({**event, "seat": 1, "skipped": ["thief"]}, voice)
    assert mine == (
        "Du nimmst Fisch 1 von Position 3 und überspringst Weizen 0 und ein Amulett "
        "(2 Karten in deine Korruption)."
    )
    assert theirs == (
        "Bot 2 nimmt Fisch 1 von Position 3 und überspringt den Dieb "
        "(1 Karte in die eigene Korruption)."
    )


def test_german_typed_commands_are_accepted() -> None:
    """``nimm 1`` is ``take 1``; the game tells the terminal its typed words."""
    state = _new()
    with speaking("de"):
        assert GAME.typed_words()["nimm"] == "take"
        assert GAME.typed_words()["spiele"] == "play"
        assert state.parse_action("nimm 1") == Take(1)
        assert state.parse_action("NIMM 2") == Take(2)
    assert "take" not in GAME.typed_words()  # English types its own words


def test_german_choices_list_german_typed_forms_that_parse() -> None:
    state = _new()
    legal = state.legal_actions()
    with speaking("de"):
        listed = [state.choice_text(a) for a in legal]
        for action, text in zip(legal, listed, strict=True):
            typed = text.split(" — ")[0]
            assert state.parse_action(typed) == action, text
    assert any(t.startswith("nimm 1 — ") for t in listed)
    assert [state.choice_text(a).split(" — ")[0] for a in legal] == [a.text() for a in legal]


def test_german_words_for_things_are_read_as_the_english_typed_forms() -> None:
    """What follows a German command word is read too: goods, cards, characters, tokens and
    seats, so an illegal German line is explained like an English one."""
    with speaking("de"):
        typed = {
            line: GAME.in_english(line)
            for line in (
                "lege Fisch",
                "dazu Fisch 1",
                "spiele Königin Sobekneferu",
                "plättchen freie Durchfahrt",
                "ziel Spieler 2",
                "wirf Amulett",
            )
        }
    assert list(typed.values()) == [
        "set fish",
        "add fish 1",
        "play queen",
        "token free passage",
        "target player 2",
        "purge amulet",
    ]


@pytest.mark.rules("sobek:6.2")
def test_a_german_character_not_in_hand_is_refused_with_its_rule() -> None:
    state = _new()
    with speaking("de"):
        line = GAME.in_english("spiele Königin Sobekneferu")
        refusal = state.explain_illegal(Play("queen"))
    assert line == "play queen"
    assert refusal.rule == "sobek:6.2"
    assert refusal.reason == "du hast keine Figur „Königin Sobekneferu“ ('queen') auf der Hand"


def test_records_keep_english_in_a_german_game() -> None:
    """An action's event ``text`` (kept in records) is English whatever the reader reads."""
    state = _new()
    with speaking("de"):
        state.apply(Take(2))
    text = [e.data.get("text") for e in state.events if e.kind == "action"][-1]
    assert isinstance(text, str) and text.startswith("take 2")
    assert "Karte" not in text and "überspring" not in text


@pytest.mark.rules("sobek:6.1")
def test_a_refusal_names_its_rule_in_german() -> None:
    state = _new()
    with speaking("de"):
        refusal = state.explain_illegal(Take(7))
    assert refusal.rule == "sobek:6.1"
    assert refusal.reason.startswith("du darfst nur eine der ersten 4 Marktkarten nehmen")
