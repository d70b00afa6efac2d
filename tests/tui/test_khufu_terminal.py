"""Khufu at the terminal (issue 38 item 5): the clock moves while you think (tmux), no two
choices read the same, the hint's cobra sentence is true, the player table never runs on."""

from __future__ import annotations

import random
import re
import time

from obelisk.core import get_game
from obelisk.tui.screen import listed_words
from tmux_kit import Tmux, needs_tmux


def _states(n_games: int = 6):
    g = get_game("khufu")
    for seed in range(n_games):
        rng = random.Random(seed)
        s = g.new_state(3, seed)
        for _ in range(600):
            if s.is_terminal():
                break
            yield s
            s.apply(rng.choice(s.legal_actions()))


def test_no_two_listed_choices_read_the_same():
    doubled = 0
    for s in _states():
        legal = s.legal_actions()
        plain = [s.choice_text(a) for a in legal]
        doubled += len(plain) != len(set(plain))
        texts = listed_words(s, legal, ["You", "Bot 2", "Bot 3"])
        assert len(texts) == len(set(texts)), texts
    assert doubled  # the scenario of the issue (two Kings) was met


def test_a_bet_hint_never_says_no_cobra_of_a_cobra_card():
    met = 0
    for s in _states():
        seat = s.current_player
        for a in s.legal_actions():
            if a.kind != "bet":
                continue
            cobra = s.t.card_cobra[s.t.card_index[a.card]]
            reason = s.hint_reason(seat, a) or ""
            if cobra:
                met += 1
                assert "no cobra" not in reason, reason
    assert met


def test_a_long_name_keeps_the_player_table_in_columns():
    s = get_game("khufu").new_state(3, 1)
    while s.legal_actions()[0].kind == "piece":
        s.apply(s.legal_actions()[0])
    names = ["You", "Bot 2 with a very long name", "Bot 3"]
    rows = [x for x in s.to_text(0, names).splitlines() if "Bot 2 with a very long name" in x]
    assert rows and all(re.search(r"name \(\w+\)\s{2,}\S", r) for r in rows), rows


@needs_tmux
def test_the_clock_line_counts_down_while_you_think(tmp_path):
    t = Tmux(
        ["play", "khufu", "--seed", "3", "--delay", "0"],
        width=110,
        height=45,
        env={"OBELISK_DATA_DIR": str(tmp_path)},
    )
    try:
        t.wait_for("You>")
        t.line("1")  # the piece; the countdown starts with the first turn
        t.wait_for("decide within", timeout=40)

        def clock_line() -> str:
            return next(x for x in t.screen().splitlines() if "decide within" in x)

        first = clock_line()
        t.wait_for("You>")

        time.sleep(2.5)  # a person thinking: the line must change on its own
        later = clock_line()
        assert first != later, (first, later)
        assert re.search(r"Khufu's countdown: \d+:\d\d left · decide within 0:\d\d", later)
    finally:
        t.close()
