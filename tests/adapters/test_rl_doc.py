"""docs/rl.md holds the numbers the code computes (its generated parts are current)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numpy")

from obelisk.adapters.rldoc import COMMAND, render

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_generated_parts_of_rl_md_are_current() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "<!-- generated: sizes -->" in text
    assert render(text) == text, f"docs/rl.md is stale: run {COMMAND}"
