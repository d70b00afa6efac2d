"""What a player needs to see (issue 38 item 8): legends for the letters on the table,
whose turn it is in Ramses' header, Sobek's corruption counts where the rules show them."""

from __future__ import annotations

import pytest

from obelisk.core import get_game


@pytest.mark.rules("ramses:3.5")
def test_ramses_says_what_g_r_b_mean():
    s = get_game("ramses").new_state(2, 1)
    s.apply(s.legal_actions()[0])
    assert "Pyramids: g gold, r red, b blue" in s.to_text(0, ["You", "Bot 2"])


@pytest.mark.rules("mummy:4.3")
def test_the_mummy_says_which_letters_are_which_colour():
    s = get_game("mummy").new_state(2, 1)
    text = s.to_text(0, ["You", "Bot 2"])
    assert "a-d yellow, e-h green, i-m white, n-r red, s-w blue" in text


def test_ramses_header_names_the_seat_on_turn_during_a_bots_turn():
    s = get_game("ramses").new_state(2, 1)
    while s.current_player == 0 or s.is_terminal():
        s.apply(s.legal_actions()[0])
    mover = s.current_player
    header = s.to_text(0, ["You", "Bot 2"]).splitlines()[0]
    assert header.startswith("Ramses II - You - now: Bot 2 "), header
    assert mover == 1


@pytest.mark.rules("sobek:14")
def test_sobek_shows_corruption_counts_only_where_the_rules_let_players_count():
    g = get_game("sobek")
    names = ["You", "Bot 2"]
    plain = g.new_state(2, 3)
    assert "corruption tile" in plain.to_text(0, names)
    public = g.new_state(2, 3, {"corruption_counts_public": True})
    view = public.to_text(0, names)
    assert "Bot 2" in view and ", corruption 0" in view
