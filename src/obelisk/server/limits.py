"""What a network client may ask for: bounded option values, no options that name files.

The command line and the library take any option a game accepts; the server
takes from a client only values within the ranges below (``docs/protocol.md``
lists them, and ``GET /api/games`` gives each option's range). Each option
says its own range in its field of the game's Options (``option(..., range=...)``,
:class:`obelisk.core.OptionSpec`); an option that says none follows the generic
rule of its type:

- an integer is within 0..100 (counts, points, seats);
- a number (float) is within 0..3600;
- a list has at most 64 items, each within the rule of its type;
- a text has at most 200 characters, and every whole number written in it
  (a count like ``MUMMY*3`` or ``BONUS_3:2``) is within 0..100: a deck
  written as text cannot ask for a hundred million cards;
- a choice (a ``Literal``, an ``Enum`` or a bool) takes one of its values;
- an option that names a file, a folder or a module on the server's disk
  (``network=False``, and, for a game that does not say, any option whose name
  says path/file/dir/module) is refused outright: reading a path a client chose
  lets it probe the disk. An option with ``network="own"`` (Ramses' ``deck``, a
  name or a path) takes only the values the game uses itself (its default and its
  variants'): a plain name is looked for in the game's data and then as a file,
  so any other name is refused.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import types
import typing
from collections.abc import Mapping
from typing import Any

from obelisk.core import Game, OptionSpec, spec_of

from .config import ServerError

INT_MIN, INT_MAX = 0, 100
FLOAT_MIN, FLOAT_MAX = 0.0, 3600.0
MAX_ITEMS = 64
MAX_TEXT = 200
#: The largest whole number a text option may hold (a count in a deck written as text).
MAX_TEXT_NUMBER = 100
_NUMBER = re.compile(r"\d+")

#: Option names that look like they name a file, folder or module (refused for every game,
#: whatever its Options say: a safety net for a plug-in game that does not say).
_PATHLIKE = re.compile(r"(^|_)(file|path|dir|folder|module|plugin|url)s?($|_)")


def spec(game: Game, name: str) -> OptionSpec:
    """What option ``name`` of ``game`` says of itself (an empty spec for an unknown name)."""
    return _specs(game).get(name, OptionSpec())


_SPECS: dict[type[Any], dict[str, OptionSpec]] = {}


def _specs(game: Game) -> dict[str, OptionSpec]:
    """Each option's spec by name (read once per Options class)."""
    cls = game.Options
    if not dataclasses.is_dataclass(cls):
        return {}
    if cls not in _SPECS:
        _SPECS[cls] = {f.name: spec_of(f) for f in dataclasses.fields(cls)}
    return _SPECS[cls]


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
    return spec(game, name).network is False or bool(_PATHLIKE.search(name))


def int_range(game: Game, name: str) -> tuple[int, int]:
    """The lowest and highest whole number a network client may give option ``name``."""
    declared = spec(game, name).range
    return (int(declared[0]), int(declared[1])) if declared else (INT_MIN, INT_MAX)


def float_range(game: Game, name: str) -> tuple[float, float]:
    """The lowest and highest number a network client may give option ``name``."""
    declared = spec(game, name).range
    return (float(declared[0]), float(declared[1])) if declared else (FLOAT_MIN, FLOAT_MAX)


def max_items(game: Game, name: str) -> int:
    """The most items a network client may give the list option ``name``."""
    most = spec(game, name).max_items
    return MAX_ITEMS if most is None else most


def max_length(game: Game, name: str) -> int:
    """The longest text a network client may give option ``name``."""
    longest = spec(game, name).max_length
    return MAX_TEXT if longest is None else longest


def _leaf(hint: Any) -> Any:
    """The type of an option without ``None``/``Optional`` (the first non-None member)."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        return args[0] if len(args) == 1 else hint
    return hint


def _check_value(game: Game, name: str, value: Any, hint: Any) -> None:
    if value is None:
        return  # the type check of the game says whether None is allowed
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        lo, hi = int_range(game, name)
        if not lo <= value <= hi:
            raise _refuse(name, f"must be between {lo} and {hi}, not {value}")
        return
    if isinstance(value, float):
        if _leaf(hint) is int or typing.get_origin(hint) is tuple:
            ilo, ihi = int_range(game, name)
            flo, fhi = float(ilo), float(ihi)
        else:
            flo, fhi = float_range(game, name)
        if not flo <= value <= fhi:  # also refuses NaN
            raise _refuse(name, f"must be between {flo:g} and {fhi:g}")
        return
    if isinstance(value, str):
        longest = max_length(game, name)
        if len(value) > longest:
            raise _refuse(name, f"is longer than {longest} characters")
        for m in _NUMBER.finditer(value):
            digits = m.group().lstrip("0")
            if len(digits) > 3 or int(digits or "0") > MAX_TEXT_NUMBER:
                shown = m.group() if len(m.group()) <= 12 else m.group()[:12] + "…"
                raise _refuse(
                    name, f"holds the number {shown}; numbers in a text go up to {MAX_TEXT_NUMBER}"
                )
        if spec(game, name).network == "own" and value not in own_values(game, name):
            choices = ", ".join(map(str, own_values(game, name)))
            raise _refuse(name, f"takes only the game's own values over the network: {choices}")
        return
    if isinstance(value, (list, tuple)):
        most = max_items(game, name)
        if len(value) > most:
            raise _refuse(name, f"has more than {most} items")
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
    ``choices`` (a closed set of values), or ``network: false`` (never from a client).
    The option's own spec gives them; the generic rule of its type fills the rest."""
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
            out["max_items"] = max_items(game, name)
        choices = _choices(base)
        if choices is not None:
            out.setdefault("choices", []).extend(
                c for c in choices if c not in out.get("choices", [])
            )
        elif base is int:
            lo, hi = int_range(game, name)
            out.update(min=lo, max=hi)
        elif base is float:
            flo, fhi = float_range(game, name)
            out.update(min=flo, max=fhi)
        elif base is str:
            out["max_length"] = max_length(game, name)
            out["max_number"] = MAX_TEXT_NUMBER
            if spec(game, name).network == "own":
                out["choices"] = own_values(game, name)
    return out
