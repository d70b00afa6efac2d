"""The option tables of the docs, written from the games' Options (each field's ``option``).

Each game's ``rules.md`` holds its options table, and ``docs/protocol.md`` the
ranges a network client may use, between the marker comments
``<!-- options:begin -->`` and ``<!-- options:end -->``; everything outside the
markers is written by hand. After changing an option, run::

    python -m obelisk.docsgen            # rewrite the tables
    python -m obelisk.docsgen --check    # only say which files are out of date

A test (``tests/test_docs_current.py``) fails while a committed table is not
what this writes.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from obelisk.core import Game, OptionSpec, all_games, option_info
from obelisk.server.limits import option_range

BEGIN = "<!-- options:begin -->"
END = "<!-- options:end -->"
#: The command that rewrites the tables (the docs-current test names it).
COMMAND = "python -m obelisk.docsgen"
_NOTE = f"<!-- written by `{COMMAND}` from the game's options.py: edit the options, not this -->"

#: The checkout the package is in (docs/protocol.md lies at its top), if it is one.
ROOT = Path(__file__).resolve().parents[2]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _rules(rules: Iterable[str]) -> str:
    return ", ".join(r.split(":", 1)[-1] for r in rules)


def options_table(game: Game) -> str:
    """The Markdown table of ``game``'s options: name, default, rule IDs, help."""
    rows = ["| option | default | rule | what it does |", "|---|---|---|---|"]
    for o in option_info(game.Options):
        help_ = o.spec.help
        if o.spec.network is False:
            help_ = f"{help_} Not from a network client.".strip()
        rows.append(
            f"| `{o.name}` | `{_cell(o.default_text)}` | {_rules(o.spec.rules)} | {_cell(help_)} |"
        )
    return "\n".join(rows)


def _range_text(spec: OptionSpec, r: dict[str, Any]) -> str | None:
    """A network range in words, or None where the option follows the generic rule of its
    type (``r`` is the range ``/api/games`` gives)."""
    if r.get("network") is False:
        return "never (refused)"
    parts = []
    if spec.range is not None:
        each = "each " if "max_items" in r else ""
        parts.append(f"{each}{r['min']:g}..{r['max']:g}")
    if spec.max_items is not None:
        parts.append(f"at most {spec.max_items} items")
    if spec.max_length is not None:
        parts.append(f"at most {spec.max_length} characters")
    if spec.network == "own":
        parts.append("only " + ", ".join(f"`{c}`" for c in r.get("choices", [])))
    return "; ".join(parts) or None


def network_table(games: Iterable[Game]) -> str:
    """The Markdown table of every option whose network range is its own (not the generic
    rule of its type), for ``docs/protocol.md``."""
    rows = ["| game | option | a network client may send |", "|---|---|---|"]
    for g in games:
        for o in option_info(g.Options):
            text = _range_text(o.spec, option_range(g, o.name))
            if text is not None:
                rows.append(f"| {g.title} | `{o.name}` | {text} |")
    return "\n".join(rows)


def replace_block(text: str, table: str, where: str = "the file") -> str:
    """``text`` with what lies between the markers replaced by ``table``."""
    if text.count(BEGIN) != 1 or text.count(END) != 1:
        raise ValueError(f"{where} needs one {BEGIN} and one {END} line")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{_NOTE}\n\n{table}\n\n{END}{tail}"


def rules_file(game: Game) -> Path:
    """The ``rules.md`` beside the module of ``game``'s package."""
    module = importlib.import_module(type(game).__module__)
    return Path(str(module.__file__)).resolve().parent / "rules.md"


def builtin_games() -> list[Game]:
    """The games that ship with Obelisk (not test or plug-in games)."""
    return [g for g in all_games() if type(g).__module__.startswith("obelisk.games.")]


def generated(root: Path = ROOT) -> dict[Path, str]:
    """Every file with an options table, and its text with the table written afresh."""
    games = builtin_games()
    out: dict[Path, str] = {}
    for g in games:
        path = rules_file(g)
        out[path] = replace_block(path.read_text("utf-8"), options_table(g), str(path))
    protocol = root / "docs" / "protocol.md"
    out[protocol] = replace_block(protocol.read_text("utf-8"), network_table(games), str(protocol))
    return out


def stale(root: Path = ROOT) -> list[Path]:
    """The files whose options table is not what :func:`generated` writes."""
    return [p for p, text in generated(root).items() if p.read_text("utf-8") != text]


def main(argv: list[str] | None = None) -> int:
    """Rewrite the option tables (``--check``: only list the files out of date)."""
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    args = parser.parse_args(argv)
    if args.check:
        old = stale()
        for p in old:
            print(f"out of date: {p}")
        return 1 if old else 0
    for path, text in generated().items():
        if path.read_text("utf-8") != text:
            path.write_text(text, "utf-8")
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
