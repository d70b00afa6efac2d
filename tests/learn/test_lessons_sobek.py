"""Sobek's lessons (market and corruption, characters, sets, events, scoring), end to end."""

from __future__ import annotations

from typing import Any

from lesson_kit import SCRIPTS, run

from obelisk.core import get_game
from obelisk.learn import find_lesson


def test_the_lessons_reach_what_they_teach():
    state, _ = run("sobek", "market_corruption", SCRIPTS["sobek"]["market_corruption"][0])
    assert len(state.corr[0]) == 2  # two skipped cards are bribes
    state, _ = run("sobek", "characters", SCRIPTS["sobek"]["characters"][0])
    assert "ivory 3" in state.to_text(0)  # the thief brought Ann's ivory
    state, _ = run("sobek", "sets_events_scoring", SCRIPTS["sobek"]["sets_events_scoring"][0])
    assert state.corr[0] == [] and "sets: fish 1 1 0 (6)" in state.to_text(0)


def _lesson(name: str) -> dict[str, Any]:
    return find_lesson(get_game("sobek"), name)


def _quiz(name: str, i: int) -> str:
    quizzes = [s["quiz"] for s in _lesson(name)["steps"] if "quiz" in s]
    q = quizzes[i]
    return str(q["choices"][q["answer"]])


def _setup_state(name: str):
    from obelisk.learn.runner import _setup

    spec = next(s["setup"] for s in _lesson(name)["steps"] if "setup" in s)
    return _setup(get_game("sobek"), spec)


def test_every_claim_the_lessons_make_matches_the_state():
    """Each sentence of a Sobek lesson about the position is checked against the state."""
    # market_corruption: "How many cards lie under your corruption tile now?" after take 3
    state, _ = run("sobek", "market_corruption", SCRIPTS["sobek"]["market_corruption"][0])
    assert state.observation(0)["corruption_count"] == int(_quiz("market_corruption", 0))
    # characters: "The character is at position 1"
    assert _setup_state("characters").observation(0)["market"][0] == "character"
    # sets_events_scoring: "You hold fish 1, fish 1, fish 0 and an ivory 3."
    start = _setup_state("sets_events_scoring").observation(0)
    assert sorted(start["hand"]) == sorted(["fish1", "fish1", "fish0", "ivory3"])
    say = " ".join(s["say"] for s in _lesson("sets_events_scoring")["steps"] if "say" in s)
    assert "You hold fish 1, fish 1, fish 0 and an ivory 3" in say
    # the corruption the absolution token purges is the wheat 0 and the amulet
    assert sorted(start["corruption"]) == ["amulet", "wheat0"]
    state, _ = run("sobek", "sets_events_scoring", SCRIPTS["sobek"]["sets_events_scoring"][0])
    # "Your fish set is fish 1, fish 1, fish 0. What does it score?" -- the state's value
    assert "fish 1 1 0 (6)" in state.to_text(0)
    assert int(_quiz("sets_events_scoring", 0)) == 6 == 3 * (1 + 1 + 0)
    # "You add 3 more fish 0 ... What does it score then?" -- cards x scarabs, as the game
    from obelisk.games.sobek.components import build_table
    from obelisk.games.sobek.scoring import set_value

    table = build_table(state.options)
    names = ["fish1", "fish1", "fish0", "fish0", "fish0", "fish0"]
    cards = [table.kind_first[table.kind_index[c]] for c in names]  # one card of each kind
    assert set_value(table, cards) == int(_quiz("sets_events_scoring", 1)) == 12


#: The lessons' scripted runs typed in German (issue 34): the same decisions, German words.
GERMAN = {
    "market_corruption": ["nimm 5", "nimm 1", "nimm 3", "1", "3", "2"],
    "characters": ["nimm 1", "spiele Königin Sobekneferu", "spiele Dieb", "2"],
    "sets_events_scoring": [
        "lege Elfenbein",
        "lege Fisch",
        "dazu Fisch 0",
        "dazu Fisch 1",
        "dazu Fisch 1",
        "dazu Fisch 0",
        "plättchen Bonus",
        "plättchen Absolution",
        "wirf Amulett",
        "wirf Weizen 0",
        "3",
        "2",
    ],
}


def test_the_lessons_run_in_german_with_german_typing():
    """Each lesson reads German and takes German typed actions to the same end: the refusals
    name their rules, the story and the view are German."""
    from obelisk.core.i18n import speaking

    with speaking("de"):
        state, text = run("sobek", "market_corruption", GERMAN["market_corruption"])
        assert len(state.corr[0]) == 2
        assert "sobek:6.1" in text and "Korruptionsplättchen" in text
        state, text = run("sobek", "characters", GERMAN["characters"])
        assert "Elfenbein 3" in state.to_text(0)
        assert "sobek:6.2" in text and "Königin Sobekneferu" in text
        state, text = run("sobek", "sets_events_scoring", GERMAN["sets_events_scoring"])
        assert state.corr[0] == [] and "Sets: Fisch 1 1 0 (6)" in state.to_text(0)
        assert "sobek:6.3" in text and "Absolution" in text
