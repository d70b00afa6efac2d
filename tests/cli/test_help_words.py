"""``--help`` written for people (issue 38 item 7): no type tags, the games by name in
usage lines, and every example in a help text parses as the command line it shows."""

from __future__ import annotations

import re
import shlex

import pytest
import typer
from typer.testing import CliRunner

from obelisk.cli.main import app
from obelisk.core import get_game

ROOT = typer.main.get_command(app)
TAGS = re.compile(r"<(bool|int|float|str|path|text|list\[[^\]]*\])[^>]*>|\{game\}|\{file\}|x>=|x<=")


def commands(cmd=ROOT, path=()):
    """Every command and group, with its path of names."""
    yield path, cmd
    for name, sub in sorted(getattr(cmd, "commands", {}).items()):
        yield from commands(sub, (*path, name))


ALL = list(commands())


@pytest.mark.parametrize(("path", "cmd"), ALL, ids=[" ".join(p) or "obelisk" for p, _ in ALL])
def test_help_has_no_type_tags(path, cmd):
    out = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": "120"}).output
    assert "Usage:" in out
    assert not TAGS.search(out), TAGS.search(out)


def test_usage_names_the_games():
    out = CliRunner().invoke(app, ["rules", "--help"], env={"COLUMNS": "120"}).output
    assert "abu_simbel|khufu|mummy|ramses|sobek" in out


def parse(cmd, args: list[str]) -> None:
    """Parse a command line as the command would (nothing runs)."""
    ctx = cmd.make_context(cmd.name or "obelisk", list(args))
    rest = [*getattr(ctx, "_protected_args", []), *getattr(ctx, "protected_args", []), *ctx.args]
    if getattr(cmd, "commands", None) and rest:
        _, sub, more = cmd.resolve_command(ctx, rest)
        parse(sub, more)
        return
    game = ctx.params.get("game")
    if isinstance(game, str):
        get_game(game)


EXAMPLES = sorted(
    {
        m
        for _, cmd in ALL
        for m in re.findall(r"`(obelisk [^`]+)`", (cmd.help or "") + (cmd.epilog or ""))
        if "GAME" not in m and "FILE" not in m
    }
    | {
        line.strip()
        for _, cmd in ALL
        for line in (cmd.help or "").splitlines()
        if line.strip().startswith("Example: obelisk ")
    }
)


def test_there_are_examples():
    assert len(EXAMPLES) >= 8


@pytest.mark.parametrize("example", EXAMPLES)
def test_an_example_in_the_help_parses(example):
    words = shlex.split(example.removeprefix("Example: "))
    assert words[0] == "obelisk"
    parse(ROOT, words[1:])
