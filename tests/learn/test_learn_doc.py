"""docs/learn.md lists every lesson the tool has (issue 38 item 9), each in its game's
section, and no lesson the tool lacks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from obelisk.core import get_game

DOC = (Path(__file__).resolve().parents[2] / "docs" / "learn.md").read_text(encoding="utf-8")
GAMES = ["khufu", "abu_simbel", "ramses", "sobek", "mummy"]


def section(title: str) -> str:
    start = DOC.index(f"## {title}")
    end = DOC.find("\n## ", start + 1)
    return DOC[start : end if end > 0 else None]


@pytest.mark.parametrize("name", GAMES)
def test_the_doc_lists_exactly_the_games_lessons(name):
    g = get_game(name)
    text = section(g.title.split(" (")[0])
    listed = re.findall(r"^\| `(\w+)`", text, re.MULTILINE)
    assert listed == [str(x["name"]) for x in g.lessons()]
