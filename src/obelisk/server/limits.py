"""What a network client may ask for: bounded option values, no options that name files.

The command line and the library take any option a game accepts; the server
takes from a client only values within the ranges below (``docs/protocol.md``
lists them, and ``GET /api/games`` gives each option's range). The rule is
generic, by the option's type, with a few named exceptions:

- an integer is within 0..100 (counts, points, seats), unless :data:`INT_RANGES`
  names a wider range for it (seconds of a clock, step limits);
- a number (float) is within 0..3600;
- a list has at most 64 items, each within the rule of its type;
- a text has at most 200 characters, and every whole number written in it
  (a count like ``MUMMY*3`` or ``BONUS_3:2``) is within 0..100: a deck
  written as text cannot ask for a hundred million cards;
- a choice (a ``Literal``, an ``Enum`` or a bool) takes one of its values;
- an option that names a file, a folder or a module on the server's disk
  (:data:`NETWORK_REFUSED`, and any option whose name says path/file/dir/module)
  is refused outright: reading a path a client chose lets it probe the disk.
  Ramses' ``deck`` (a name, or a path) takes only the names the game uses
  itself (its default and its variants' values): a plain name is looked
  for in the game's data and then as a file, so any other name is refused.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import types
import typing
from collections.abc import Mapping
from typing import Any

from obelisk.core import Game

from .config import ServerError

INT_MIN, INT_MAX = 0, 100
FLOAT_MIN, FLOAT_MAX = 0.0, 3600.0
MAX_ITEMS = 64
MAX_TEXT = 200
#: The largest whole number a text option may hold (a count in a deck written as text).
MAX_TEXT_NUMBER = 100
_NUMBER = re.compile(r"\d+")

#: Integer options (by game and option name) whose range differs from 0..100.
INT_RANGES: dict[tuple[str, str], tuple[int, int]] = {
    ("khufu", "countdown"): (60, 36_000),
    ("khufu", "final_minutes_at"): (0, 36_000),
    ("khufu", "sands_seconds"): (0, 3_600),
    ("khufu", "decision_timeout"): (1, 3_600),
    ("khufu", "mummy_timeout"): (1, 600),
    ("khufu", "cost_event"): (0, 3_600),
    ("khufu", "first_gap_seconds"): (0, 3_600),
    ("khufu", "gap_seconds"): (0, 3_600),
    ("mummy", "step_limit"): (100, 100_000),
    ("mummy", "max_rounds"): (1, 1_000),
    ("ramses", "max_slides_per_search"): (1, 10_000),
    ("ramses", "step_limit"): (100, 200_000),
    ("ramses", "max_misses_per_card"): (1, 1_000),
    ("sobek", "early_end_over"): (0, 1_000),
}

#: Options a network client may never set: they name something on the server's disk.
NETWORK_REFUSED: frozenset[tuple[str, str]] = frozenset({("mummy", "map_file")})

#: Option names that look like they name a file, folder or module (refused for every game).
_PATHLIKE = re.compile(r"(^|_)(file|path|dir|folder|module|plugin|url)s?($|_)")

#: Text options that take only the game's own values (its default and its variants').
NAME_ONLY: frozenset[tuple[str, str]] = frozenset({("ramses", "deck")})


def own_values(game: Game, name: str) -> list[Any]:
    """The values the game itself gives option ``name``: its default and its variants'."""
    out: list[Any] = []
    if dataclasses.is_dataclass(game.Options):
        for f in dataclasses.fields(game.Options):
            if f.name == name and f.default is not dataclasses.MISSING:
                out.append(f.default)
    for values in game.variants.values():
        if name in values and values[name] not in out:
            out.append(values[name])
    return out


def _refuse(name: str, why: str) -> ServerError:
    return ServerError(f"option '{name}' {why}", "bad_options")


def refused_for_network(game: Game, name: str) -> bool:
    """Whether a network client may never set option ``name`` of ``game``."""
    return (game.name, name) in NETWORK_REFUSED or bool(_PATHLIKE.search(name))


def _leaf(hint: Any) -> Any:
    """The type of an option without ``None``/``Optional`` (the first non-None member)."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        return args[0] if len(args) == 1 else hint
    return hint


def _check_value(game: Game, name: str, value: Any, hint: Any) -> None:
    key = (game.name, name)
    if value is None:
        return  # the type check of the game says whether None is allowed
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        lo, hi = INT_RANGES.get(key, (INT_MIN, INT_MAX))
        if not lo <= value <= hi:
            raise _refuse(name, f"must be between {lo} and {hi}, not {value}")
        return
    if isinstance(value, float):
        if _leaf(hint) is int or typing.get_origin(hint) is tuple:
            ilo, ihi = INT_RANGES.get(key, (INT_MIN, INT_MAX))
            flo, fhi = float(ilo), float(ihi)
        else:
            flo, fhi = FLOAT_MIN, FLOAT_MAX
        if not flo <= value <= fhi:  # also refuses NaN
            raise _refuse(name, f"must be between {flo:g} and {fhi:g}")
        return
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise _refuse(name, f"is longer than {MAX_TEXT} characters")
        for m in _NUMBER.finditer(value):
            digits = m.group().lstrip("0")
            if len(digits) > 3 or int(digits or "0") > MAX_TEXT_NUMBER:
                shown = m.group() if len(m.group()) <= 12 else m.group()[:12] + "…"
                raise _refuse(
                    name, f"holds the number {shown}; numbers in a text go up to {MAX_TEXT_NUMBER}"
                )
        if key in NAME_ONLY and value not in own_values(game, name):
            choices = ", ".join(map(str, own_values(game, name)))
            raise _refuse(name, f"takes only the game's own values over the network: {choices}")
        return
    if isinstance(value, (list, tuple)):
        if len(value) > MAX_ITEMS:
            raise _refuse(name, f"has more than {MAX_ITEMS} items")
        args = typing.get_args(_leaf(hint))
        inner = args[0] if args else Any
        for v in value:
            if isinstance(v, (list, tuple, dict)):
                raise _refuse(name, "must be a flat list")
            _check_value(game, name, v, inner)
        return
    if isinstance(value, dict):
        raise _refuse(name, "cannot be an object")


def check_network_options(game: Game, values: Mapping[str, Any] | None) -> None:
    """Refuse (``bad_options``) what a network client may not ask of ``game``.

    Unknown names and wrong types are left to the game (its own message); this
    checks only the ranges above and the options that name files.
    """
    if not values:
        return
    if len(values) > 100:
        raise ServerError("too many options", "bad_options")
    hints = _hints(game)
    for name, value in values.items():
        if not isinstance(name, str) or len(name) > 64:
            raise ServerError("an option name must be a short text", "bad_options")
        if refused_for_network(game, name):
            raise _refuse(
                name,
                "names a file or module on the server and can only be set on the "
                "command line or in the library, not by a network client",
            )
        if isinstance(value, str) and key_is_enumlike(hints.get(name)):
            continue  # a choice the game's type check accepts or refuses
        _check_value(game, name, value, hints.get(name, Any))


def key_is_enumlike(hint: Any) -> bool:
    """Whether an option's type is a closed set of choices (a Literal or an Enum)."""
    hint = _leaf(hint)
    return typing.get_origin(hint) is typing.Literal or (
        isinstance(hint, type) and issubclass(hint, enum.Enum)
    )


def _hints(game: Game) -> dict[str, Any]:
    if not dataclasses.is_dataclass(game.Options):
        return {}
    try:
        return typing.get_type_hints(game.Options)
    except Exception:
        return {}


def _choices(hint: Any) -> list[Any] | None:
    """The values of a closed set of choices (a Literal, an Enum, a bool), else None."""
    if hint is bool:
        return [False, True]
    if typing.get_origin(hint) is typing.Literal:
        return list(typing.get_args(hint))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return [m.value for m in hint]
    return None


def option_range(game: Game, name: str) -> dict[str, Any]:
    """The range a network client may give option ``name`` (for ``GET /api/games``):
    ``min``/``max`` (a number, or each item of a list), ``max_items`` (a list),
    ``max_length`` and ``max_number`` (a text: its length, the numbers written in it),
    ``choices`` (a closed set of values), or ``network: false`` (never from a client)."""
    if refused_for_network(game, name):
        return {"network": False}
    hint = _leaf(_hints(game).get(name, Any))
    members = [hint]
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        # e.g. ``int | Literal["random"]``: a number in range, or one of the words
        members = [a for a in typing.get_args(hint) if a is not type(None)]
    out: dict[str, Any] = {}
    for member in members:
        origin = typing.get_origin(member)
        args = typing.get_args(member)
        base = args[0] if origin is tuple and args else member
        if origin is tuple:
            out["max_items"] = MAX_ITEMS
        choices = _choices(base)
        if choices is not None:
            out.setdefault("choices", []).extend(
                c for c in choices if c not in out.get("choices", [])
            )
        elif base is int:
            lo, hi = INT_RANGES.get((game.name, name), (INT_MIN, INT_MAX))
            out.update(min=lo, max=hi)
        elif base is float:
            out.update(min=FLOAT_MIN, max=FLOAT_MAX)
        elif base is str:
            out["max_length"] = MAX_TEXT
            out["max_number"] = MAX_TEXT_NUMBER
            if (game.name, name) in NAME_ONLY:
                out["choices"] = own_values(game, name)
    return out
