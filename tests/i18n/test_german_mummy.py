"""Fluch der Mumie in German (issue 34): every face's words from the game's catalog.

The shared check (``german_check``) plays seeded games for the fewest and the most
players and collects everything a person reads in German: nothing may be left
English. The scenarios pin plural forms on real sentences in both languages and the
German typed commands (``wähle pfeil``, ``pfeil O``, ``auflösen nein``, ``zieh D9``).
The English sentences themselves are pinned by tests/games/mummy (unchanged).
"""

from __future__ import annotations

import functools
import random

import pytest

from german_check import english_left, german_texts
from obelisk.core import Voice, get_game
from obelisk.core.i18n import speaking
from obelisk.games.mummy.actions import Arrow, Choose, Move, Resolve, Step
from obelisk.games.mummy.components import roll_value
from obelisk.games.mummy.rules import MummyState

GAME = get_game("mummy")
NAMES = ("Ann", "Bob", "Cleo", "Dan", "Eve")
S = (10, 4)


@functools.cache
def texts() -> tuple[tuple[str, str], ...]:
    # heuristic bots catch and win; random ones wander into more refusals
    found = german_texts(GAME, seeds=(1,), players=(2, 5), level="heuristic")
    found += german_texts(GAME, seeds=(2,), players=(2, 5), level="random")
    return tuple(found)


def fresh(n: int = 3) -> MummyState:
    """A game with every figure on the stairs and the mummy far away in A1."""
    state = GAME.new_state(n, 1, None)
    assert isinstance(state, MummyState)
    b = state.board
    for f in range(len(state.pos)):
        state.pos[f] = b.cell(*S)
        state.belief.cells[f] = b.full
    state.mummy = b.cell(0, 0)
    return state


def start_turn(state: MummyState, roll: list[str], aside: int = 0) -> None:
    """Figure 0's turn now, ``aside`` dice set aside, its first roll scripted."""
    state.fig = 0
    state.aside = state.aside_public = aside
    state.chance.force(roll_value(roll), label="roll")
    state._begin_turn()


def said(state: MummyState, seat: int | None, lang: str) -> list[str]:
    voice = Voice(NAMES[: state.num_players], seat)
    with speaking(lang):
        out = [GAME.narrate(e, voice) for e in state.events_for(seat)]
    return [x for x in out if x]


def test_everything_a_person_reads_is_german():
    found = texts()
    assert len(found) > 1000
    wheres = {w.split(":")[0].split(" step ")[0] for w, _ in found}
    assert {"summary", "glossary", "player rules"} <= wheres
    left = [(w, t, e) for w, t in found if (e := english_left(t, NAMES))]
    assert left == []


def test_the_german_uses_the_seed_rulebooks_words():
    joined = "\n".join(t for _, t in texts())
    for word in ("Schatzsucher", "Mumie", "Auftragskarten", "Würfel", "Verlies", "Ankh"):
        assert word in joined
    assert "Zwischenzug" in joined and "Mumienwürfel" in joined


@pytest.mark.rules("mummy:7.2")
def test_dice_set_aside_take_the_plural_of_each_language():
    one, two = fresh(), fresh()
    start_turn(one, ["1", "2", "3", "4", "mummy"])
    start_turn(two, ["1", "2", "3", "mummy", "mummy"])
    assert said(one, 1, "en")[-1].endswith("1 mummy die now set aside.")
    assert said(two, 1, "en")[-1].endswith("2 mummy dice now set aside.")
    assert said(one, 1, "de")[-1] == (
        "Dein roter Schatzsucher würfelt: 1, 2, 3, 4, Mumie. "
        "Jetzt liegt 1 Würfel mit Mumienseite beiseite."
    )
    assert said(two, 2, "de")[-1] == (
        "Rot (Bob) würfelt: 1, 2, 3, Mumie, Mumie. Jetzt liegen 2 Würfel mit Mumienseite beiseite."
    )


@pytest.mark.rules("mummy:8.1")
def test_steps_take_the_plural_of_each_language():
    state = fresh()
    start_turn(state, ["1", "3", "arrow", "arrow", "arrow"])
    state.apply(Choose("1"))
    state.apply(Move(9, 4))
    assert "Red (Bob) walks 1 step from E11 to E10." in said(state, 2, "en")
    assert "Rot (Bob) geht 1 Schritt von E11 nach E10." in said(state, 2, "de")
    other = fresh()
    start_turn(other, ["1", "3", "arrow", "arrow", "arrow"])
    other.apply(Choose("3"))
    assert said(other, 1, "de")[-1] == "Dein roter Schatzsucher sagt 3 an."
    with speaking("de"):
        listed = [other.choice_text(a) for a in other.legal_actions()]
    assert all(t.startswith("zieh ") for t in listed)
    assert listed == [
        "zieh D9 — auf D9 enden (Mumie 15 Schritte entfernt)",
        "zieh C10 — auf C10 enden (Mumie 13 Schritte entfernt)",
        "zieh E10 — auf E10 enden (Mumie 15 Schritte entfernt)",
    ]


@pytest.mark.rules("mummy:7.1", "mummy:7.2", "mummy:8.2")
def test_german_commands_are_typed_and_listed():
    state = fresh()
    start_turn(state, ["1", "3", "arrow", "arrow", "mummy"])
    with speaking("de"):
        assert GAME.typed_words()["nachwürfeln"] == "reroll"
        assert GAME.typed_words()["zieh"] == "move"
        assert state.parse_action("wähle pfeil") == Choose("arrow")
        listed = [state.choice_text(a) for a in state.legal_actions()]
        assert "wähle pfeil — den Pfeil ansagen und nach Norden auf E10 gleiten" in listed
        state.apply(state.parse_action("wähle pfeil"))
        assert state.parse_action("pfeil N") == Arrow("N")
    with speaking("en"):
        assert GAME.typed_words() == {}
        assert state.parse_action("arrow N") == Arrow("N")
    resolve = fresh()
    start_turn(resolve, ["1", "3", "arrow", "arrow", "arrow"], aside=2)
    with speaking("de"):
        assert resolve.parse_action("auflösen nein") == Resolve(False)
        assert resolve.parse_action("resolve ja") == Resolve(True)  # a swapped first word


@pytest.mark.rules("mummy:9")
def test_the_mummy_types_east_as_o():
    """Osten: the German compass letter O is the engine's E."""
    state = GAME.new_state(2, 3, None)
    rng = random.Random(3)
    while Step("E") not in state.legal_actions():
        state.apply(rng.choice(state.legal_actions()))
    with speaking("de"):
        assert state.parse_action("schritt O") == Step("E")
        listed = [state.choice_text(a) for a in state.legal_actions()]
    assert any(t.startswith("schritt O — nach Osten auf ") for t in listed), listed


def test_refusals_are_german_and_keep_their_rule():
    state = fresh()
    start_turn(state, ["1", "3", "arrow", "arrow", "arrow"])
    with speaking("de"):
        refusal = state.explain_illegal(Choose("4"))
    assert refusal.reason == "kein freier Würfel zeigt 4"
    assert refusal.rule == "mummy:7.2"


@pytest.mark.rules("mummy:7.2", "mummy:9.3")
def test_the_terminal_shell_swaps_german_command_words():
    """The terminal reads ``pfeil O`` through the game's typed words and shows ``wähle pfeil``."""
    with speaking("de"):
        assert GAME.in_english("pfeil O") == "arrow O"
        assert GAME.typed_form(Arrow("E")) == "pfeil O"
        assert GAME.typed_form(Choose("arrow")) == "wähle pfeil"
        assert GAME.typed_form(Resolve(False)) == "auflösen nein"
    assert GAME.typed_form(Arrow("E")) == "arrow E"


def test_the_mummy_companion_in_german_at_the_terminal():
    """A scripted round told in German words: every answer German, every input understood."""
    from obelisk.companion.mummy import MummySession

    said: list[str] = []
    with speaking("de"):
        session = MummySession(["Ann", "Bob"], "normal", 1)
        said += [session.prompt(), session.hint(), session.help(), *session.news()]
        for text in ("beiseite 1", "wähle 3", "keine karte", "2 mumien", "pfeil", "keine karte"):
            said += session.say(text)
            said += [session.prompt(), session.hint()]
        said += session.say("würfeln")
        assert session.prompt().startswith("Zieht die Mumie 3 Schritte: nach Norden")
        said += session.say("niemand")
    assert said[-1] == "Runde 2 beginnt mit Rot (Ann)."
    assert "Grün (Bob) sagt den Pfeil an, bei 2 beiseitegelegten Würfeln mit Mumienseite." in said
    assert [t for t in said if english_left(t, ("Ann", "Bob", "Obelisk"))] == []


def test_the_maze_editor_takes_german_edits():
    from obelisk.companion.maze_editor import empty_draft

    draft = empty_draft()
    with speaking("de"):
        assert draft.command("wand E10 o") == "Die Seite o von E10 ist geschlossen."
        assert draft.command("setze s E11") == "Auf E11 steht S."
        assert draft.check() == [
            "setze M, V, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w "
            "(jedes genau einmal)"
        ]
    assert draft.walls == {(104, 3)}  # the east side of E10 is the west side of F10


def test_the_companion_command_in_german(tmp_path):
    """``obelisk --lang de companion mummy``: a scripted evening told in German words."""
    import subprocess
    import sys

    save = tmp_path / "spiel.json"
    COMMAND = (sys.executable, "-m", "obelisk.cli.main", "--lang", "de", "companion", "mummy")
    script = "beiseite 1\nwähle 3\nkrone\nkeine karte\n7\npfeil\nkeine karte\nwürfeln\nniemand\n"
    script += "zurück\nhilfe\nende\n"
    out = subprocess.run(
        [*COMMAND, "Ann", "Bob", "--seed", "4", "--save", str(save)],
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    assert out.startswith("Ich bin die Mumie.")
    assert "Rot (Ann) sagt 3 an, bei 1 beiseitegelegtem Würfel mit Mumienseite." in out
    refusal = "Rot kann nach den Ansagen nicht mit 3 auf Krone (rot) geendet haben (Regel mummy:8)."
    assert out.count(refusal) == 1 and out.count("oder „keine karte“.") == 1  # hint said once
    assert "„7“ steht nicht auf den Schatzsucherwürfeln" in out
    assert "Zieht die Mumie" in out and "Zurückgenommen." in out
    assert f"In {save} gespeichert." in out
    assert english_left(out, ("Ann", "Bob", "Obelisk", "mummy:8", str(save))) == []
