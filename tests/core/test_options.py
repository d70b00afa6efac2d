"""Options that describe themselves (issue 39): each field carries its help, range, network
switch, real-time value and rule IDs through ``option``, and ``make_options`` still takes
every value type."""

from __future__ import annotations

import dataclasses
import enum
import json
import re
from pathlib import Path
from typing import Literal

import pytest

from obelisk.core import (
    InvalidOptions,
    OptionSpec,
    all_games,
    make_options,
    option,
    option_info,
    options_to_json,
    spec_of,
)

#: Every built-in game's default options as they were before the options described
#: themselves (options_to_json of ``Options()``, written once before the change).
BEFORE = Path(__file__).parent / "data" / "default_options.json"
_RULE_ID = re.compile(r"\b[a-z_]+:\d")
_NOT_FOR_PLAYERS = re.compile(r"\.py\b|\[|determini[sz]|\bengine\b|\bissue \d", re.IGNORECASE)


def _builtin() -> list:
    return [g for g in all_games() if type(g).__module__.startswith("obelisk.games.")]


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclasses.dataclass(frozen=True)
class EveryType:
    number: int = option(1, help="A whole number.", range=(0, 9), rules="t:1")
    fraction: float = option(0.5, help="A number.", range=(0.0, 1.0))
    maybe: int | None = option(None, help="A number or none.")
    word: str = option("x", help="A text.", max_length=8)
    switch: bool = option(False, help="A switch.", realtime=True)
    choice: Literal["a", "b"] = option("a", help="A choice.", rules=("t:2", "t:3.1"))
    either: int | Literal["random"] = option(0, help="A seat or random.")
    colour: Colour = option(Colour.RED, help="An enum.")
    numbers: tuple[int, ...] = option((1, 2), help="A list.", max_items=4)
    words: tuple[str, ...] = option((), help="A list of texts.")
    plain: int = 7  # a field made without option(): an empty description


def test_every_game_keeps_its_default_options() -> None:
    before = json.loads(BEFORE.read_text())
    games = _builtin()
    assert sorted(g.name for g in games) == sorted(before)
    for g in games:
        assert options_to_json(g.Options()) == before[g.name], g.name


def test_make_options_takes_every_value_type_typed_and_as_text() -> None:
    typed = make_options(
        EveryType,
        {
            "number": 3,
            "fraction": 0.25,
            "maybe": None,
            "word": "y",
            "switch": True,
            "choice": "b",
            "either": "random",
            "colour": "blue",
            "numbers": [4, 5],
            "words": ["p", "q"],
            "plain": 8,
        },
    )
    texts = make_options(
        EveryType,
        {
            "number": "3",
            "fraction": "0.25",
            "maybe": "none",
            "word": "y",
            "switch": "yes",
            "choice": "b",
            "either": "random",
            "colour": "BLUE",
            "numbers": "4,5",
            "words": "p,q",
            "plain": "8",
        },
    )
    assert typed == texts
    assert typed.colour is Colour.BLUE and typed.numbers == (4, 5) and typed.maybe is None
    assert make_options(EveryType, {}) == EveryType()
    with pytest.raises(InvalidOptions, match="'choice'"):
        make_options(EveryType, {"choice": "c"})


def test_a_field_carries_its_description() -> None:
    info = {o.name: o for o in option_info(EveryType)}
    assert info["number"].spec == OptionSpec(help="A whole number.", range=(0, 9), rules=("t:1",))
    assert info["choice"].spec.rules == ("t:2", "t:3.1") and info["choice"].choices == ["a", "b"]
    assert info["switch"].spec.is_realtime_switch and info["switch"].spec.realtime is True
    assert info["word"].spec.max_length == 8 and info["numbers"].spec.max_items == 4
    assert info["colour"].default == "red" and info["maybe"].type == "int | None"
    assert info["plain"].spec == OptionSpec()
    assert spec_of(next(f for f in dataclasses.fields(EveryType) if f.name == "plain")).help == ""


def test_an_option_refuses_a_mutable_default_and_a_backward_range() -> None:
    with pytest.raises(TypeError, match="immutable"):
        option([1, 2], help="A list.")
    with pytest.raises(ValueError, match="low to high"):
        option(1, help="A number.", range=(5, 1))


def test_every_builtin_option_has_help_written_for_players() -> None:
    for g in _builtin():
        for o in option_info(g.Options):
            where = f"{g.name}.{o.name}"
            assert o.spec.help, f"{where} has no help"
            assert not _RULE_ID.search(o.spec.help), f"{where}: rule IDs go in rules=, not help"
            assert not _NOT_FOR_PLAYERS.search(o.spec.help), f"{where}: {o.spec.help}"


def test_every_rule_id_names_the_game_and_a_section() -> None:
    for g in _builtin():
        for o in option_info(g.Options):
            for rule in o.spec.rules:
                assert re.fullmatch(rf"{g.name}:\d+(\.\d+)*", rule), f"{g.name}.{o.name}: {rule}"


def test_options_naming_a_path_are_kept_from_network_clients() -> None:
    """A field whose name says file/path/dir/module says network=False itself (the
    server also refuses such names for a game that does not say, as a safety net)."""
    pathlike = re.compile(r"(^|_)(file|path|dir|folder|module|plugin|url)s?($|_)")
    named = 0
    for g in _builtin():
        for o in option_info(g.Options):
            if pathlike.search(o.name):
                assert o.spec.network is False, f"{g.name}.{o.name}"
                named += 1
    assert named >= 1


def test_khufu_says_which_value_of_which_option_is_the_wall_clock() -> None:
    switches = {
        (g.name, o.name): o.spec.realtime
        for g in _builtin()
        for o in option_info(g.Options)
        if o.spec.is_realtime_switch
    }
    assert switches == {("khufu", "clock"): "realtime"}
