"""The shape of the house (issue 39): no import circle anywhere in ``src/obelisk``, and every
registered game package laid out alike, with the files and hooks ``docs/architecture.md``'s
"adding a game" checklist names."""

from __future__ import annotations

import ast
import functools
import importlib
from pathlib import Path

import pytest

import obelisk
from obelisk.core import Game, State, all_games

SRC = Path(obelisk.__file__).resolve().parent

#: The role files every game package has (``docs/architecture.md``, "adding a game").
ROLE_FILES = (
    "__init__.py",
    "game.py",
    "rules.py",
    "actions.py",
    "options.py",
    "components.py",
    "narration.py",
    "choices.py",
    "refusals.py",
    "determinize.py",
    "bot.py",
    "render.py",
    "levels.py",
    "lessons.json",
    "rules.md",
)

#: The words of a game, which its rules do not import (they read the state, not it them).
WORD_MODULES = ("narration", "choices", "refusals", "render")


def module_name(path: Path) -> str:
    """``src/obelisk/core/game.py`` -> ``obelisk.core.game``; a package is its ``__init__``."""
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(source: str, name: str, modules: set[str], package: bool = False) -> set[str]:
    """The modules of ``modules`` that the module ``name`` (whose text is ``source``) imports,
    anywhere in it (module level, in functions, under ``TYPE_CHECKING``): ``from . import x``
    names the module ``x`` where it is one. ``package``: the module is a package's
    ``__init__``."""
    home = name if package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = home.split(".")
                base = base[: len(base) - (node.level - 1)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            # ``from pkg import mod`` names the module; ``from pkg import name`` the package
            targets = [
                f"{stem}.{alias.name}" if f"{stem}.{alias.name}" in modules else stem
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            # the longest known module the target names (``a.b.c`` -> ``a.b`` if ``c`` is a name)
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


@functools.cache
def import_graph() -> dict[str, set[str]]:
    """Every module of ``src/obelisk`` and the Obelisk modules it imports (a package is its
    ``__init__``: a submodule that imports its own package's names closes a circle)."""
    paths = sorted(SRC.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {
        module_name(p): imports_of(
            p.read_text("utf-8"), module_name(p), modules, p.name == "__init__.py"
        )
        for p in paths
    }


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` as the list of its modules (first repeated last), or None."""
    WHITE, GREY, BLACK = 0, 1, 2
    colour = dict.fromkeys(graph, WHITE)
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = GREY
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in colour:
                continue
            if colour[nxt] == GREY:
                return [*stack[stack.index(nxt) :], nxt]
            if colour[nxt] == WHITE:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        colour[node] = BLACK
        return None

    for node in sorted(graph):
        if colour[node] == WHITE:
            found = visit(node)
            if found:
                return found
    return None


def test_no_module_of_obelisk_imports_itself_round_a_circle():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_cycle_finder_finds_a_circle_and_names_it():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_graph_sees_imports_inside_functions_and_for_type_checking_only():
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from .rules import State\n"
        "def words():\n"
        "    from . import render\n"
        "    import g.narration\n"
    )
    modules = {"g", "g.rules", "g.render", "g.narration", "g.choices"}
    assert imports_of(source, "g.choices", modules) == {"g.rules", "g.render", "g.narration"}


def _games() -> list[Game]:
    return [g for g in all_games() if g.__module__.startswith("obelisk.games.")]


def _package(game: Game) -> Path:
    return SRC / "games" / game.name


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.name)
def test_every_game_package_has_the_same_role_files(game):
    folder = _package(game)
    missing = [f for f in ROLE_FILES if not (folder / f).is_file()]
    assert not missing, f"{game.name} lacks {', '.join(missing)}"


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.name)
def test_every_game_class_lives_in_game_py_named_after_the_game(game):
    cls = type(game)
    assert cls.__module__ == f"obelisk.games.{game.name}.game"
    words = game.name.split("_")
    assert cls.__name__ == "".join(w.title() for w in words) + "Game"


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.name)
def test_every_game_holds_its_words_as_objects(game):
    package = f"obelisk.games.{game.name}"
    for attr, module in (
        ("narrator", "narration"),
        ("choices", "choices"),
        ("refusals", "refusals"),
        ("renderer", "render"),
    ):
        held = getattr(game, attr)
        assert type(held).__module__ == f"{package}.{module}", (game.name, attr)


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.name)
def test_the_rules_of_a_game_do_not_import_its_words(game):
    graph = import_graph()
    package = f"obelisk.games.{game.name}"
    rules = graph[f"{package}.rules"]
    for words in WORD_MODULES:
        assert f"{package}.{words}" not in rules, f"{package}.rules imports {words}"


#: The methods of State that only hand over to the Game's word objects (``core/game.py``).
WORD_METHODS = ("choice_text", "hint_reason", "hint_refusal", "explain_illegal", "to_text")


def _state_classes() -> list[type[State]]:
    """Every State subclass defined in a module of ``obelisk.games`` (companions' too)."""
    found = []
    for path in sorted((SRC / "games").rglob("*.py")):
        module = importlib.import_module(module_name(path))
        for value in vars(module).values():
            is_state = isinstance(value, type) and issubclass(value, State)
            if is_state and value is not State and value.__module__ == module.__name__:
                found.append(value)
    return found


def test_no_game_state_defines_words_it_leaves_to_the_game():
    classes = _state_classes()
    assert len(classes) >= 5
    for cls in classes:
        for method in (*WORD_METHODS, "_redraw_hidden"):
            owner = next(c for c in cls.__mro__ if method in vars(c))
            assert owner is State, f"{cls.__name__}.{method} is defined in {owner.__name__}"


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.name)
def test_every_game_has_the_hooks_of_the_checklist(game):
    package = f"obelisk.games.{game.name}"
    # the description and the players
    assert game.title and game.summary, f"{game.name} needs a title and a summary"
    assert game.min_players <= game.max_players
    assert game.heuristic_agent() is not None, f"{game.name} has no heuristic player"
    assert game.player_ladder(), f"{game.name} has no player ladder (levels.py)"
    # actions and options, each in its role file
    assert game.action_types, f"{game.name} lists no action types"
    assert {t.__module__ for t in game.action_types} == {f"{package}.actions"}
    assert game.Options.__module__ == f"{package}.options"
    # the sampler, where something is hidden
    if game.capabilities.hidden_information:
        assert type(game).redraw_hidden is not Game.redraw_hidden, f"{game.name} has no sampler"
        assert importlib.import_module(f"{package}.determinize")
    # lessons, the rules as implemented, the docs and the web table
    assert game.lessons(), f"{game.name} has no lessons (lessons.json)"
    assert game.rules_text().startswith("#"), f"{game.name}'s rules.md is not Markdown"
    docs = SRC.parent.parent / "docs" / "rules" / f"{game.name}.md"
    assert docs.is_file(), f"docs/rules/{game.name}.md is missing"
    tables = SRC / "web" / "tables"
    assert (tables / f"{game.name}.js").is_file() or (tables / game.name).is_dir(), (
        f"{game.name} has no web table in web/tables"
    )
