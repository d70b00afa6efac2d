"""The computer mummy's rungs are in order (issue 36 item 6): over the same 40 engine games
against the heuristic explorers, ``easy`` wins fewer than ``fair``, and ``fair`` fewer than
``normal`` (``mummy_levels.py`` prints the table)."""

from __future__ import annotations

from mummy_levels import table


def test_the_fair_mummy_stands_between_easy_and_normal():
    wins = table(40)
    assert wins["easy"] + 4 <= wins["fair"] <= wins["normal"] - 4, wins
    assert 12 <= wins["fair"] <= 28, wins  # about half: between the two, not beside one
