"""One naming of seats wherever a person reads (issue 38 item 7): a seat's name is just
its name ("Bot 2"); the level and the game role are shown beside it."""

from __future__ import annotations

from typer.testing import CliRunner

from obelisk.cli.main import app
from obelisk.core import Record, get_game
from obelisk.tui import parse_seats
from obelisk.tui.screen import choice_words, read_any_action


def test_a_computer_players_name_holds_no_level():
    seats = parse_seats(get_game("sobek"), "human,normal,hard", None)
    assert [s.name for s in seats] == ["You", "Bot 2", "Bot 3"]
    assert [s.level for s in seats] == ["human", "normal", "hard"]


def test_replay_show_names_the_seats_of_the_record(tmp_path):
    g = get_game("sobek")
    s = g.new_state(2, 4)
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    path = tmp_path / "g.json"
    Record.from_state(s, seats=[{"name": "Ann"}, {"name": "Bot 2"}]).save(path)
    out = CliRunner().invoke(app, ["replay", str(path), "--show"]).output
    assert "Ann" in out and "Player 1" not in out


def _khufu_steal():
    import random

    g = get_game("khufu")
    for seed in range(40):
        rng = random.Random(seed)
        s = g.new_state(3, seed)
        for _ in range(400):
            if s.is_terminal():
                break
            steals = [a for a in s.legal_actions() if a.kind == "steal"]
            if steals:
                return s, steals[0]
            s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("no steal reached")


def test_a_khufu_steal_typed_exactly_as_listed_is_accepted():
    s, steal = _khufu_steal()
    names = ["You", "Bot 2", "Bot 3"]
    shown = choice_words(s, steal, names)
    assert "Player" not in shown
    assert read_any_action(s, shown, names) == steal
    assert read_any_action(s, shown.split(" — ")[0], names) == steal


def test_sobek_names_the_opponent_once_while_a_power_picks_one():
    import random

    g = get_game("sobek")
    seen = set()
    for seed in range(60):
        rng = random.Random(seed)
        s = g.new_state(3, seed)
        while not s.is_terminal():
            text = s.to_text(s.current_player)
            if "choosing an opponent to" in text:
                line = next(x for x in text.splitlines() if "choosing an opponent to" in x)
                seen.add(line)
                assert "an opponent's" not in line and "from an opponent" not in line, line
            s.apply(rng.choice(s.legal_actions()))
        if len(seen) >= 3:
            break
    assert seen
