"""Abu Simbel in German (issue 34): every word a person reads comes from the game's catalog.

Seeded bot games and scripted positions of every variant (referee, the Ultimate Adventure,
All for One, a young player's forward exit, timeouts, a reshuffle) are narrated, listed and
drawn in German; nothing English may be left. Plurals follow each language's rule, German
moves can be typed, and the referee companion answers in German too. The English sentences
themselves are checked by the game's own narration tests.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from german_check import english_left, german_texts
from obelisk.catalogs import behind, packages_with_catalogs
from obelisk.core import Voice, get_game, i18n
from obelisk.core.i18n import speaking
from obelisk.tui.screen import listed_words

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "abu_simbel"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "learn"))
from abu_simbel_helpers import (
    enter,
    expected,
    full_turn,
    referee_pass_all,
    scripted,
    walk_in,
    wrong,
)
from lesson_kit import run

from obelisk.companion.abu_simbel import RefereeSession
from obelisk.companion.web_abu_simbel import view
from obelisk.games.abu_simbel.actions import (
    ChooseTreasureDeck,
    ConfirmTurnedAway,
    EnterMove,
    MoveTimedOut,
    PlaceCover,
    Verdict,
)

GAME = get_game("abu_simbel")
NAMES = ("Ann", "Bob", "Cat")


@pytest.fixture
def marked() -> Iterator[None]:
    """German with every word that escaped the catalogs marked ``⟦…⟧``."""
    old = i18n.MARK_MISSING
    i18n.MARK_MISSING = True
    try:
        with speaking("de"):
            yield
    finally:
        i18n.MARK_MISSING = old


def _catalog() -> Any:
    """The game's German catalog, as Babel reads it."""
    found = dict(packages_with_catalogs())
    with (found["obelisk.games.abu_simbel"] / "de.po").open("rb") as f:
        return read_po(f, locale="de")


def _english(texts: list[tuple[str, str]], names: tuple[str, ...]) -> list[tuple[str, Any]]:
    return [(w, left) for w, t in texts if (left := english_left(t, names))]


def test_the_catalog_is_complete() -> None:
    found = dict(packages_with_catalogs())
    assert behind("obelisk.games.abu_simbel", found["obelisk.games.abu_simbel"]) == []


def test_seeded_games_leave_nothing_english() -> None:
    names = tuple(f"Bot {i}" for i in range(1, 7))
    texts = german_texts(GAME, seeds=(1, 2, 3, 4), players=(1, 2, 3, 6), views_every=3)
    assert len(texts) > 1000
    assert _english(texts, names) == []


def _faces(state: Any, start: int = 0) -> list[tuple[str, str]]:
    """Everything every seat and a spectator read of ``state`` since event ``start``: the
    lasting sentences, the flashes, the explanations, the choices, the views, refusals."""
    out: list[tuple[str, str]] = []
    for seat in [None, *range(state.num_players)]:
        voice = Voice(NAMES[: state.num_players], seat)
        for event in state.events_for(seat, start):
            for text in (GAME.narrate(event, voice), GAME.narrator.flash(event, voice)):
                if text:
                    out.append((f"{event['kind']} for {seat}", text))
            for term, text in GAME.narrator.explanations(event):
                out.append(("explanation", f"{term}: {text}"))
        out.append((f"view of {seat}", state.to_text(seat, list(NAMES[: state.num_players]))))
    if not state.is_terminal():
        legal = state.legal_actions()
        out += [("choice", t) for t in listed_words(state, legal, NAMES)]
        space = GAME.action_space(state.num_players, state.options)
        for action in random.Random(len(state.events)).sample(list(space), 6):
            if action not in legal:
                out.append(("refusal", state.explain_illegal(action).reason))
        for seat in range(state.num_players):
            refusal = GAME.choices.hint_refusal(state, seat)
            if refusal:
                out.append(("hint refusal", refusal))
    return out


def _scenarios() -> Iterator[tuple[str, Any, int]]:
    """Scripted positions of every variant, each with where its new events start."""
    s = scripted(2, route=["MUMMY", "BLADES", "SCORPIONS_2"], ultimate=True)
    full_turn(s, treasure="URN:1", chamber="GAS")
    yield "ultimate window", s, 0
    start = len(s.events)
    s.apply(PlaceCover(2))
    yield "ultimate cover", s, start
    t = scripted(2, route=["LAVA", "BLADES", "GAS"], cooperative=True, team_target=1)
    full_turn(t, treasure="ARK:2")
    yield "team wins", t, 0
    u = scripted(3, route=["LAVA", "BLADES", "GAS"], judging_mode="referee", table_mode="hotseat")
    yield "referee start", u, 0
    start = len(u.events)
    referee_pass_all(u)
    u.apply(ChooseTreasureDeck(0))
    u.apply(ConfirmTurnedAway())
    u.apply(Verdict(0, True))
    yield "referee way out", u, start
    start = len(u.events)
    while u.phase == "way_out":
        u.apply(Verdict(u.progress, False))
    yield "referee fails", u, start
    v = scripted(2, route=["LAVA", "BLADES", "GAS"], move_time_limit_s=10.0)
    v.apply_system(MoveTimedOut())
    yield "timeout", v, 0
    f = scripted(
        2, route=["LAVA", "BLADES", "GAS"], move_time_limit_s=10.0, free_judging_seats=(0,)
    )
    f.apply_system(MoveTimedOut())
    yield "free judging", f, 0
    x = scripted(2, route=["LAVA", "BLADES", "GAS"], forward_exit_seats=(1,), helper_seats=(1,))
    full_turn(x)
    yield "forward exit", x, 0
    r = scripted(2, route=["LAVA", "BLADES", "GAS"], chamber_deck=("LAVA", "BLADES", "GAS"))
    enter(r, wrong(expected(r)))
    yield "reshuffle", r, 0
    a = scripted(2, route=["LAVA", "BLADES", "GAS"], treasure_decks=1)
    walk_in(a)
    enter(a, wrong(expected(a)))
    yield "one treasure deck", a, 0
    g = scripted(2, route=["LAVA", "BLADES", "GAS"], charm_jewels=(1,))
    enter(g, wrong(expected(g)))
    yield "game over", g, 0


@pytest.mark.rules("abu_simbel:9.1", "abu_simbel:9.2", "abu_simbel:9.3", "abu_simbel:10.2")
def test_every_variant_in_german_leaves_nothing_english(marked: None) -> None:
    seen: set[str] = set()
    for label, state, start in _scenarios():
        texts = _faces(state, start)
        seen.update(w.split(" for ")[0] for w, _t in texts)
        assert _english(texts, NAMES) == [], label
    kinds = {
        "cover_placed",
        "mummy_gained",
        "turned_away",
        "timeout_ignored",
        "reshuffle",
        "treasure_taken",
        "game_over",
        "mistake",
        "move_ok",
    }
    assert kinds <= seen


def test_german_sentences_read_as_german(marked: None) -> None:
    s = scripted(2, route=["LAVA", "SCORPIONS_2", "GAS"])
    enter(s, "JUMP")
    voice = Voice(("Ann", "Bob"), 1)
    said = [GAME.narrate(e, voice) for e in s.events_for(1)]
    flashed = [GAME.narrator.flash(e, voice) for e in s.events_for(1)]
    assert (
        "Runde 1 beginnt: Ann legt eine neue Route aus 3 Kammern, von der Schatzkammer "
        "nach außen, und fängt an." in said
    )
    assert "Ann springt nach vorn." in flashed
    assert "Kammer 3 – das Giftgas: Nase zuhalten (gemacht wurde: nach vorn springen)." in flashed
    assert "Ann macht in Kammer 3 (1 von 3 auf dem Hinweg) die falsche Bewegung." in said


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "1 treasure card kept face down", "2 treasure cards kept face down"),
        ("de", "1 Schatzkarte verdeckt vor dir", "2 Schatzkarten verdeckt vor dir"),
    ],
)
def test_plurals_follow_the_language(lang: str, one: str, two: str) -> None:
    voice = Voice(("Ann", "Bob"), 0)
    with speaking(lang):
        for count, words in ((1, one), (2, two)):
            event = {"kind": "treasure_kept", "seat": 0, "count": count}
            assert words in str(GAME.narrate(event, voice))


def test_numbers_of_jewels_and_cards_in_both_languages() -> None:
    s = scripted(2, route=["LAVA", "BLADES", "GAS"])
    s.charms[0] = 1  # one charm left, worth one jewel
    with speaking("en"):
        assert "Ann: 1 charm (1 jewel), 0 treasures" in s.to_text(None, ["Ann", "Bob"])
    with speaking("de"):
        assert "Ann: 1 Amulett (1 Juwel), 0 Schätze" in s.to_text(None, ["Ann", "Bob"])


@pytest.mark.rules("abu_simbel:10.1", "abu_simbel:10.3")
def test_german_moves_can_be_typed() -> None:
    s = scripted(2, route=["LAVA", "BLADES", "GAS"])
    with speaking("de"):
        assert s.parse_action("springen") == EnterMove("JUMP")
        assert s.parse_action("Krebs 2") == EnterMove("CRAB_2")
        assert s.parse_action("stampfen 3") == EnterMove("STOMP_x3")
        assert s.parse_action("nase") == EnterMove("COVER_NOSE")
        assert s.parse_action("jump") == EnterMove("JUMP")  # English is understood too
        words = GAME.typed_words()
        assert words["stampfen"] == "stomp" and words["fehler"] == "fail"
        assert words["nase"] == "cover nose"
        assert GAME.typed_form(EnterMove("STOMP_x2")) == "stampfen 2"
        with pytest.raises(Exception, match="ist keine Bewegung; die Bewegungen sind: boxen"):
            s.parse_action("hüpfen")
    with speaking("en"):
        assert GAME.typed_words() == {}
        assert GAME.typed_form(EnterMove("STOMP_x2")) == "stomp 2"


def test_a_lesson_in_german_with_german_moves(marked: None) -> None:
    typed = ["stapel 1", "springen", "schwimmen", "springen", "stampfen 3", "stampfen 2"]
    state, out = run("abu_simbel", "way_in", [*typed, "stapel 1", "1", "2"])
    assert state.phase == "way_out"
    assert "Lektion 1: der Hinweg" in out and "Tippe stapel 1." in out
    # the runner's own words are the lead's catalog's; none of the game's may be left
    ours = {m.id for m in _catalog() if isinstance(m.id, str)}
    assert [w for w in re.findall(r"⟦([^⟧]*)⟧", out) if w in ours] == []


@pytest.mark.rules("abu_simbel:10.2")
def test_german_verdicts_and_decks_can_be_typed() -> None:
    s = scripted(2, route=["LAVA", "BLADES", "GAS"], judging_mode="referee")
    with speaking("de"):
        assert s.parse_action("fehler 1") == Verdict(0, False)
        assert s.parse_action("ok 1") == Verdict(0, True)
    t = scripted(2, route=["LAVA", "BLADES", "GAS"])
    walk_in(t)
    with speaking("de"):
        assert t.parse_action("stapel 2") == ChooseTreasureDeck(1)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in ("action", "kind", "stage", "holder", "names", "name", "status"):
                yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, str):
        yield value


def test_the_referee_companion_speaks_german(marked: None) -> None:
    s = RefereeSession(["Ann", "Bob", "Cat"], seed=7)
    steps = [
        "lay lava", "lay blades", "lay gas", "ok 1", "ok 2", "ok 3", "deck 2", "drew urn 3",
        "turned away", "ok 1", "ok 2", "ok 3", "lay pit", "ok 1", "ok 2", "ok 3", "ok 4",
        "deck 1", "drew ark 2", "turned away", "ok 1", "fail 2", "lay dive",
    ]  # fmt: skip
    texts: list[tuple[str, str]] = []
    for step in steps:
        texts += [(step, t) for t in _strings(view(s))]
        s.say(step)
    texts += [("end", t) for t in _strings(view(s))]
    try:
        s.say("drew urn 9")
    except Exception as exc:  # a refusal, with what to tap instead
        texts.append(("refusal", str(exc)))
    assert any("Tippe auf" in t for _w, t in texts)
    assert _english(texts, ("Ann", "Bob", "Cat")) == []
