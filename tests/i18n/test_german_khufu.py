"""Khufu in German: every word a person reads comes from the game's catalog, whole.

The English sentences stay as they were (tests/games/khufu checks them word for word);
these tests read the German faces: nothing English left over seeded bot games at the
fewest and the most players (narration and flashes for every seat and a spectator,
choices, refusals, views, summary, glossary, lessons, the players' rules page), plurals
by the count, and German typed commands.
"""

from __future__ import annotations

import random

import pytest

from german_check import english_left, german_texts
from obelisk.core import PlayerView, Voice
from obelisk.core.i18n import speaking
from obelisk.games.khufu import GAME
from obelisk.games.khufu.actions import ROLL, Bet
from obelisk.games.khufu.components import SYMBOLS

NAMES = tuple(f"Bot {i}" for i in range(1, 7))


@pytest.mark.parametrize("players", [3, 6])
def test_nothing_english_is_left_in_german(players: int) -> None:
    texts = german_texts(GAME, seeds=(1, 2), players=(players,), names=NAMES[:players])
    assert len(texts) > 1000
    left = [(where, text, english_left(text, NAMES)) for where, text in texts]
    assert [x for x in left if x[2]] == []


def test_heuristic_games_with_challenges_leave_nothing_english() -> None:
    # random players seldom reach a chamber's Scarab or the Ultimate Challenge: these do
    texts = german_texts(GAME, seeds=(1, 2, 3), players=(3, 5), level="heuristic")
    kinds = {
        where.split(" event ")[1].split(" for ")[0] for where, _ in texts if " event " in where
    }
    assert {"challenge", "challenge_result", "cobra", "blocked", "suit"} <= kinds
    assert [(w, t) for w, t in texts if english_left(t, NAMES)] == []


def test_a_draw_counts_its_cards_in_both_languages() -> None:
    voice = Voice(NAMES[:3], viewer=0)
    one = {"kind": "draw", "seat": 1, "count": 1}
    two = {"kind": "draw", "seat": 1, "count": 2}
    assert GAME.narrate(one, voice) == "Bot 2 draws a Treasure card."
    assert GAME.narrate(two, voice) == "Bot 2 draws 2 Treasure cards."
    with speaking("de"):
        assert GAME.narrate(one, voice) == "Bot 2 zieht eine Schatzkarte."
        assert GAME.narrate(two, voice) == "Bot 2 zieht 2 Schatzkarten."


def test_a_wager_counts_its_cards_in_both_languages() -> None:
    voice = Voice(NAMES[:3], viewer=0)
    lost = {"kind": "wager", "seat": 0, "chamber": "SERVANT", "count": 1, "result": "LOSS"}
    lost["roll"] = 2
    two = {**lost, "count": 2}
    assert GAME.narrate(lost, voice) == (
        "You wager 1 card at the Servant's table; the die shows 2 \u2014 "
        "lost, the card goes to the bottom of the deck."
    )
    with speaking("de"):
        assert GAME.narrate(lost, voice) == (
            "Du setzt 1 Karte am Tisch der Dienerkammer; der Würfel zeigt 2 – "
            "verloren, die Karte kommt unter den Stapel."
        )
        assert GAME.narrate(two, voice) == (
            "Du setzt 2 Karten am Tisch der Dienerkammer; der Würfel zeigt 2 – "
            "verloren, die 2 Karten kommen unter den Stapel."
        )


def _positions(seed: int, players: int = 4):
    """Every position of a seeded game of random bots."""
    state = GAME.new_state(players, seed, None)
    rng = random.Random(seed)
    from obelisk.agents import make_agent

    agent = make_agent(GAME, "random")
    while not state.is_terminal() and state.current_player >= 0:
        yield state
        state.apply(agent.act(PlayerView(state, state.current_player), rng))


def test_a_german_command_word_is_typed_for_its_action() -> None:
    state = next(s for s in _positions(1) if ROLL in s.legal_actions())
    with speaking("de"):
        assert GAME.typed_words()["würfle"] == "roll"
        assert state.parse_action(GAME.in_english("würfle")) == ROLL
        assert GAME.typed_form(ROLL) == "würfle"


def test_a_card_is_bet_by_its_german_symbol() -> None:
    state = next(s for s in _positions(2) if any(isinstance(a, Bet) for a in s.legal_actions()))
    bet = next(a for a in state.legal_actions() if isinstance(a, Bet))
    sym = SYMBOLS[state.t.card_symbol[state.t.card_index[bet.card]]]
    german = {"CAT": "katze", "FALCON": "falke", "JACKAL": "schakal", "ANKH": "ankh"}
    german |= {"EYE_OF_HORUS": "horusauge", "KING": "könig"}
    with speaking("de"):
        typed = state.parse_action(GAME.in_english(f"setze {german[sym]}"))
    assert isinstance(typed, Bet)
    assert state.t.card_symbol[state.t.card_index[typed.card]] == SYMBOLS.index(sym)


def test_every_german_choice_starts_with_its_typed_command_word() -> None:
    seen: set[str] = set()
    with speaking("de"):
        words = GAME.typed_words()
        for seed in (1, 2, 3):
            for state in _positions(seed):
                for action in state.legal_actions():
                    first = state.choice_text(action).split(" ", 1)[0].lower()
                    assert words.get(first) == action.kind, (first, action)
                    seen.add(action.kind)
    assert {"roll", "take", "enter", "bet", "place"} <= seen


def test_a_lesson_is_played_with_german_words() -> None:
    from learn.lesson_kit import run

    typed = ["bleib", "geh", "lass", "nimm", "weiter", "betritt", "spiele"]
    typed += ["setze horusauge", "spiele", "2", "1", "1", "3"]
    with speaking("de"):
        state, text = run("khufu", "servant", typed)
    assert state.scarabs[0] == 0b0001  # the Servant's Scarab, won with German commands
    assert "Versuch, zu bleiben und am Tisch der Dienerkammer zu spielen" in text
    assert "Du setzt 1 Karte am Tisch der Dienerkammer" in text
