"""Game options: one frozen dataclass per game holding every variant and DESIGN value.

Each field describes itself with :func:`option`: its help (words a player reads),
the range a network client may give it, whether a network client may set it at
all, whether it is the switch that makes the game real-time, and the rule IDs it
belongs to. The server's limits, the lobby's help, ``/api/games``, ``obelisk
rules GAME`` and the option tables of the docs are all read from it
(:func:`option_info`), so an option is one edit::

    @dataclass(frozen=True)
    class TinyOptions:
        hand_size: int = option(3, help="Cards in each hand.", range=(1, 10), rules="tiny:2")

:func:`make_options` builds an options object from a mapping of names to values,
where the values may be typed (from JSON) or strings (from ``--option k=v``).
Unknown names and values of the wrong type raise :class:`InvalidOptions` naming
the option and what it accepts.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, TypeVar

from .errors import InvalidOptions

T = TypeVar("T")

#: The key of an option's :class:`OptionSpec` in its dataclass field's metadata.
SPEC_KEY = "obelisk.option"


@dataclasses.dataclass(frozen=True)
class OptionSpec:
    """What an option says of itself (its field's metadata; see :func:`option`).

    ``range``, ``max_items`` and ``max_length`` bound what a network client may
    send (the command line and the library take any value the game accepts);
    None leaves the server's generic rule for the option's type.
    """

    #: What the option does, in words a player reads (no rule IDs, no module names).
    help: str = ""
    #: A number's (or each number of a list's) lowest and highest value over the network.
    range: tuple[float, float] | None = None
    #: The most items of a list over the network.
    max_items: int | None = None
    #: The longest text over the network.
    max_length: int | None = None
    #: Whether a network client may set it: False for file paths, modules and debugging
    #: limits; "own" for only the game's own values (its default and its variants').
    network: bool | Literal["own"] = True
    #: The value that makes the game real-time (a wall clock), if the option is that switch.
    realtime: Any = None
    #: The rule IDs it belongs to (``"khufu:12.1"``).
    rules: tuple[str, ...] = ()

    @property
    def is_realtime_switch(self) -> bool:
        """Whether the option turns the game's wall clock on (with :attr:`realtime`)."""
        return self.realtime is not None


def option(
    default: T,
    *,
    help: str,
    range: tuple[float, float] | None = None,
    max_items: int | None = None,
    max_length: int | None = None,
    network: bool | Literal["own"] = True,
    realtime: Any = None,
    rules: str | tuple[str, ...] = (),
) -> T:
    """A field of an Options dataclass with its default and its description.

    ``help`` is what a player reads; ``range=(lo, hi)`` bounds a number (or each
    number of a list) from a network client, ``max_items`` a list and
    ``max_length`` a text; ``network=False`` keeps it from network clients (a path
    on the server's disk, a module, a debugging limit), ``network="own"`` lets
    them choose only the game's own values; ``realtime`` is the value that makes
    the game real-time when the option is that switch; ``rules`` names the rule
    ID(s). The default must be immutable (a tuple, not a list).
    """
    if isinstance(default, (list, dict, set)):
        raise TypeError(f"an option's default must be immutable, not {type(default).__name__}")
    if range is not None and not range[0] <= range[1]:
        raise ValueError(f"an option's range must run from low to high, not {range}")
    spec = OptionSpec(
        help=help,
        range=range,
        max_items=max_items,
        max_length=max_length,
        network=network,
        realtime=realtime,
        rules=(rules,) if isinstance(rules, str) else tuple(rules),
    )
    field: T = dataclasses.field(default=default, metadata={SPEC_KEY: spec})
    return field


def spec_of(field: dataclasses.Field[Any]) -> OptionSpec:
    """The description of an Options field (an empty one for a field made without
    :func:`option`: no help, the generic ranges, settable over the network)."""
    spec = field.metadata.get(SPEC_KEY)
    return spec if isinstance(spec, OptionSpec) else OptionSpec()


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _coerce(name: str, value: Any, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        is_none = value is None or (isinstance(value, str) and value.lower() in {"none", "null"})
        if is_none and type(None) in args:
            return None
        for member in args:
            if member is type(None):
                continue
            try:
                return _coerce(name, value, member)
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


@dataclasses.dataclass(frozen=True)
class OptionInfo:
    """One option as the faces and the docs read it: its name, type, default and spec."""

    name: str
    #: The type as written (``int``, ``int | None``, ``Literal``, ``tuple``).
    type: str
    #: The Python type hint itself.
    hint: Any
    #: The default value (an enum by its value).
    default: Any
    spec: OptionSpec

    @property
    def default_text(self) -> str:
        """The default as one types it after ``--option name=``: lists comma-separated,
        ``none``, ``true``/``false``, an empty text as ``""``, an empty list as ``(empty)``."""
        return value_text(self.default)

    @property
    def choices(self) -> list[Any] | None:
        """The words of a choice among words (a ``Literal`` of texts), else None."""
        args = typing.get_args(self.hint)
        if typing.get_origin(self.hint) is typing.Literal and all(isinstance(a, str) for a in args):
            return list(args)
        return None


def value_text(value: Any) -> str:
    """An option's value as one types it after ``--option name=`` (see
    :attr:`OptionInfo.default_text`)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, (tuple, list)):
        return ", ".join(value_text(v) for v in value) if value else "(empty)"
    if value == "":
        return '""'
    return str(value)


def _type_name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")


def option_info(cls: type[Any]) -> list[OptionInfo]:
    """Every option of the Options dataclass ``cls``, in field order, with its spec."""
    hints = _hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        default: Any = f.default
        if f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        if isinstance(default, enum.Enum):
            default = default.value
        hint = hints[f.name]
        out.append(OptionInfo(f.name, _type_name(hint), hint, default, spec_of(f)))
    return out


def describe_options(cls: type[Any]) -> list[tuple[str, str, str]]:
    """(name, type, default) of each option, for ``--help`` and docs."""
    return [(o.name, o.type, repr(o.default)) for o in option_info(cls)]
