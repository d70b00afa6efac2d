"""The table view labels seats by the names the players read in the log (Sobek, Khufu).

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
