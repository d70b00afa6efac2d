"""The option tables of the docs are written from the games' Options and are current."""

from __future__ import annotations

from obelisk import docsgen
from obelisk.core import get_game


def test_the_committed_option_tables_are_current() -> None:
    stale = [str(p.relative_to(docsgen.ROOT)) for p in docsgen.stale()]
    assert not stale, (
        f"the options tables of {', '.join(stale)} are not what the games' options.py say: "
        f"run `{docsgen.COMMAND}` and commit the result"
    )


def test_every_builtin_game_and_the_protocol_have_a_table() -> None:
    files = docsgen.generated()
    assert len(files) == len(docsgen.builtin_games()) + 1
    assert all(docsgen.BEGIN in text and docsgen.END in text for text in files.values())


def test_a_rules_table_row_gives_default_rule_and_help() -> None:
    table = docsgen.options_table(get_game("khufu"))
    assert "| `countdown` | `2700` | 12.1 | The countdown in seconds (45 minutes). |" in table
    assert "| `min_wagers` | `1, 2, 3, 4` | 8.1 |" in table


def test_the_protocol_table_lists_own_ranges_refusals_and_own_values() -> None:
    table = docsgen.network_table(docsgen.builtin_games())
    assert "| Khufu | `countdown` | 60..36000 |" in table
    assert "| Khufu | `gap_seconds` | each 0..3600 |" in table
    assert "`map_file` | never (refused) |" in table
    assert "`deck` | only `standard` |" in table
    assert "`rounds`" not in table  # the generic rule of its type


def test_a_block_between_markers_is_replaced_and_the_rest_kept() -> None:
    text = f"intro\n{docsgen.BEGIN}\nold\n{docsgen.END}\noutro\n"
    out = docsgen.replace_block(text, "| new |")
    assert out.startswith("intro\n") and out.endswith("\noutro\n")
    assert "old" not in out and "| new |" in out
    assert docsgen.replace_block(out, "| new |") == out
