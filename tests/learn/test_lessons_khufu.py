"""Khufu's Casino School: every lesson end to end, refusals by rule ID, exact odds."""

from __future__ import annotations

import random
from fractions import Fraction

from lesson_kit import SCRIPTS, run, teacher

from obelisk.core import get_game
from obelisk.learn import find_lesson


def test_the_lessons_reach_what_they_teach():
    state, _ = run("khufu", "high_priest", SCRIPTS["khufu"]["high_priest"][0])
    assert state.scarabs[0] == 0b0011 and len(state.hands[0]) == 5  # doubled: 2 kept + 2 drawn
    state, _ = run("khufu", "queen", SCRIPTS["khufu"]["queen"][0])
    assert state.scarabs[0] == 0b0111 and len(state.hands[0]) == 3  # one loss of 3, then a win
    state, _ = run("khufu", "king", SCRIPTS["khufu"]["king"][0])
    assert state.qualified(0)
    state, _ = run("khufu", "steal_cobra", SCRIPTS["khufu"]["steal_cobra"][0])
    assert state.hands[0] == [] and len(state.hands[1]) == 3
    state, _ = run("khufu", "ultimate_challenge", SCRIPTS["khufu"]["ultimate_challenge"][0])
    assert state.is_terminal() and state.winners() == [0]


def test_every_chamber_minimum_is_quizzed_with_the_games_own_numbers():
    from obelisk.games.khufu.options import KhufuOptions

    mins = KhufuOptions().min_wagers
    exam = [
        s["quiz"]
        for s in find_lesson(get_game("khufu"), "ultimate_challenge")["steps"]
        if "quiz" in s and "minimum wager" in s["quiz"]["question"]
    ]
    assert [int(q["choices"][q["answer"]]) for q in exam] == list(mins)


def test_table_odds_match_the_spec():
    from obelisk.games.khufu.casino import table_odds
    from obelisk.games.khufu.components import SYMBOLS

    cat, king = SYMBOLS.index("CAT"), SYMBOLS.index("KING")
    assert [table_odds(c) for c in range(3)] == [Fraction(1, 2)] * 3  # khufu:8.1
    assert table_odds(3, (cat, king)) == Fraction(2, 6)
    assert table_odds(3, (king, king)) == Fraction(1, 6)


def test_category_odds_match_the_spec():
    from obelisk.games.khufu.casino import category_odds

    spec = {
        "FIVE_OF_A_KIND": 0.06,
        "FOUR_OF_A_KIND": 1.68,
        "FULL_HOUSE": 3.58,
        "THREE_OF_A_KIND": 14.81,
        "TWO_PAIR": 22.89,
        "ONE_PAIR": 47.24,
        "NO_PAIR": 9.74,
    }
    got = category_odds()
    assert sum(got.values()) == 1
    assert {k: round(float(v) * 100, 2) for k, v in got.items()} == spec  # khufu:10.5


def test_challenge_reference_odds_match_the_spec_exactly():
    from obelisk.games.khufu.casino import reference_odds

    w3, _d3, l3 = reference_odds(3)
    assert w3 == Fraction(7936135, 23420168) and w3 == l3  # khufu:10.8
    spec = {3: (33.886, 32.228, 33.886), 4: (47.404, 24.760, 27.836), 5: (57.730, 20.482, 21.788)}
    for k, figures in spec.items():
        assert tuple(round(float(x) * 100, 3) for x in reference_odds(k)) == figures


def test_the_practice_loop_shows_the_choice_and_the_best_odds():
    from obelisk.games.khufu import practice
    from obelisk.games.khufu.casino import best_choices, challenge_counts

    t, c, _ = teacher(["1", "1", "10", "2"])
    practice.challenge_odds(t, random.Random(5))
    out = c.export_text()
    rng = random.Random(5)
    kc, dc = practice.deal(rng)
    kh, dealt = practice.symbols_of(kc), practice.symbols_of(dc)
    rng.randrange(6), rng.randrange(6)
    w, d, _lose = challenge_counts(kh, dealt[:3])  # choice 1 = cards 1,2,3
    bw, _bd, bl = best_choices(kh, dealt)[0][1]
    assert f"Your choice: win {w}/36" in out and f"draw {d}/36" in out
    assert f"Best choice: win {bw}/36" in out and f"lose {bl}/36" in out
    assert out.count("Your choice:") == 2


def test_the_challenge_lesson_quotes_the_exact_odds():
    from obelisk.games.khufu.casino import challenge_counts
    from obelisk.games.khufu.components import SYMBOLS

    cat, falcon, jackal, ankh, king = (
        SYMBOLS.index(s) for s in ("CAT", "FALCON", "JACKAL", "ANKH", "KING")
    )
    khufu = (cat, ankh, king)
    text = " ".join(
        s["say"]
        for s in find_lesson(get_game("khufu"), "ultimate_challenge")["steps"]
        if "say" in s
    )
    w, d, lose = challenge_counts(khufu, (falcon, falcon, jackal))
    assert f"Falcon, Falcon, Jackal wins {w} of the 36 rolls" in text
    assert f"(draws {d}, loses {lose})" in text
    w, d, lose = challenge_counts(khufu, (falcon, falcon, ankh))
    assert f"Falcon, Falcon, Ankh wins {w} (draws {d}, loses {lose})" in text
    assert f"you would win only {challenge_counts(khufu, (falcon, jackal, ankh))[0]}" in text


def test_obelisk_learn_khufu_as_a_user_types_it():
    from typer.testing import CliRunner

    from obelisk.cli.main import app

    r = CliRunner().invoke(app, ["learn", "khufu", "--list"])
    assert r.exit_code == 0 and "ultimate_challenge" in r.output
    lines, _ = SCRIPTS["khufu"]["servant"]
    r = CliRunner().invoke(
        app, ["learn", "khufu", "--lesson", "servant", "--no-play"], input="\n".join(lines) + "\n"
    )
    assert r.exit_code == 0, r.output
    assert "Not allowed (rule khufu:8.1)" in r.output and "Lesson complete" in r.output
