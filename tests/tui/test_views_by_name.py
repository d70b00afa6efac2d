"""The table view labels seats by the names the players read in the log (every game).

``State.to_text(seat, names)`` takes the seats' display names from the face; without them
a view counts seats from 1, as before.
"""

from __future__ import annotations

from obelisk.core import get_game

NAMES = ["You", "Bot 2 (normal)", "Bot 3 (normal)"]


def test_sobek_lists_the_players_by_name():
    s = get_game("sobek").new_state(3, 4)
    text = s.to_text(0, NAMES)
    assert "\nYou: 0 points" in text and "\nBot 2 (normal): 0 points" in text
    assert "Player 2" not in text and "(you)" not in text
    named = s.to_text(0, ["Ann", "Bob", "Cleo"])
    assert "\nAnn (you): 0 points" in named and "\nCleo: 0 points" in named
    assert "\nPlayer 2: 0 points" in s.to_text(0)  # no names: numbers from 1


def test_khufu_says_whose_decision_it_is_by_name():
    s = get_game("khufu").new_state(3, 4)
    text = s.to_text(0, ["Ann", *NAMES[1:]])
    assert "To decide: Ann — choose a playing piece" in text
    assert "Bot 3 (normal)" in text and "Player 2" not in text
    assert "To decide: Player 1" in s.to_text(0)


def test_abu_simbel_ramses_and_the_mummy_name_the_seats_too():
    names = ["Ann", "Bot 2 (normal)", "Bot 3 (normal)"]
    abu = get_game("abu_simbel").new_state(3, 4).to_text(0, names)
    assert "Ann (you): 3 charms" in abu and "Bot 3 (normal): 3 charms" in abu
    ramses = get_game("ramses").new_state(3, 4).to_text(0, names)
    assert "Ramses II - Ann - now" in ramses
    assert "Cards held: Ann (you): 0, Bot 2 (normal): 0, Bot 3 (normal): 0" in ramses
    mummy = get_game("mummy").new_state(3, 4).to_text(0, names)
    assert "Bot 2 (normal)" in mummy and "seat 2" not in mummy
    for game in ("abu_simbel", "ramses", "mummy"):  # no names: seats counted from 1
        assert "seat 2" in get_game(game).new_state(3, 4).to_text(0)
