"""Game options: one frozen dataclass per game holding every variant and DESIGN value.

:func:`make_options` builds it from a mapping of names to values, where the
values may be typed (from JSON) or strings (from ``--option k=v``). Unknown
names and values of the wrong type raise :class:`InvalidOptions` naming the
option and what it accepts.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping
from typing import Any

from .errors import InvalidOptions

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _coerce(name: str, value: Any, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        is_none = value is None or (isinstance(value, str) and value.lower() in {"none", "null"})
        if is_none and type(None) in args:
            return None
        for option in args:
            if option is type(None):
                continue
            try:
                return _coerce(name, value, option)
            except InvalidOptions:
                continue
        raise InvalidOptions(f"option '{name}': {value!r} does not fit {hint}")
    if origin is typing.Literal:
        choices = typing.get_args(hint)
        for c in choices:
            if value == c or (isinstance(value, str) and str(c) == value):
                return c
        raise InvalidOptions(
            f"option '{name}': {value!r} is not one of {', '.join(map(str, choices))}"
        )
    if origin is tuple:
        args = typing.get_args(hint)
        items = value.split(",") if isinstance(value, str) else value
        if isinstance(value, str) and value.strip() in {"", "-"}:
            items = []
        if not isinstance(items, (list, tuple)):
            raise InvalidOptions(f"option '{name}': expected a list, got {value!r}")
        inner = args[0] if args else str
        return tuple(_coerce(name, v.strip() if isinstance(v, str) else v, inner) for v in items)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        for m in hint:
            if (
                value == m
                or value == m.value
                or (
                    isinstance(value, str)
                    and value.lower() in {m.name.lower(), str(m.value).lower()}
                )
            ):
                return m
        raise InvalidOptions(
            f"option '{name}': {value!r} is not one of {', '.join(str(m.value) for m in hint)}"
        )
    if hint is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
            return value.lower() in _TRUE
        raise InvalidOptions(f"option '{name}': expected true or false, got {value!r}")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str):
            try:
                return int(value)
            except ValueError:
                pass
        raise InvalidOptions(f"option '{name}': expected an integer, got {value!r}")
    if hint is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, str):
            try:
                return float(value)
            except ValueError:
                pass
        raise InvalidOptions(f"option '{name}': expected a number, got {value!r}")
    if hint is str:
        if isinstance(value, str):
            return value
        raise InvalidOptions(f"option '{name}': expected text, got {value!r}")
    return value


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    """The type hints of an options class (computed once: they are slow to resolve)."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def make_options(cls: type[Any], values: Mapping[str, Any] | None = None) -> Any:
    """An instance of the options dataclass ``cls`` with ``values`` applied."""
    values = dict(values or {})
    if not values:
        return cls()
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(values) - set(fields))
    if unknown:
        raise InvalidOptions(
            f"unknown option(s) {', '.join(unknown)}; known options: {', '.join(sorted(fields)) or 'none'}"
        )
    hints = _hints(cls)
    typed = {k: _coerce(k, v, hints[k]) for k, v in values.items()}
    try:
        return cls(**typed)
    except (TypeError, ValueError) as e:
        raise InvalidOptions(str(e)) from None


def options_to_json(options: Any) -> dict[str, Any]:
    """The options as a JSON object (enums by value, tuples as lists)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(options):
        v = getattr(options, f.name)
        if isinstance(v, enum.Enum):
            v = v.value
        elif isinstance(v, tuple):
            v = [x.value if isinstance(x, enum.Enum) else x for x in v]
        out[f.name] = v
    return out


def parse_assignments(pairs: list[str] | tuple[str, ...]) -> dict[str, str]:
    """``["a=1", "b=x"]`` to ``{"a": "1", "b": "x"}``; a pair without ``=`` is an error."""
    out: dict[str, str] = {}
    for p in pairs:
        if "=" not in p:
            raise InvalidOptions(f"'{p}' is not of the form name=value")
        k, v = p.split("=", 1)
        out[k.strip().replace("-", "_")] = v.strip()
    return out


def describe_options(cls: type[Any]) -> list[tuple[str, str, str]]:
    """(name, type, default) of each option, for ``--help`` and docs."""
    hints = typing.get_type_hints(cls)
    rows = []
    for f in dataclasses.fields(cls):
        default: Any = f.default
        if f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        if isinstance(default, enum.Enum):
            default = default.value
        t = hints[f.name]
        tname = getattr(t, "__name__", None) or str(t).replace("typing.", "")
        rows.append((f.name, tname, repr(default)))
    return rows
