"""Actions: small immutable values with a JSON form and a text form.

A game defines its actions as frozen dataclasses deriving from :class:`Action`,
each with a ``kind`` name. Fields may be ``int``, ``str``, ``bool``, ``None``
unions of those, or tuples of them.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Take(Action):
...     kind = "take"
...     index: int
>>> Take(3).to_json()
{'kind': 'take', 'index': 3}
>>> str(Take(3))
'take 3'
>>> action_from_json({"kind": "take", "index": 3}, [Take]) == Take(3)
True
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from .errors import ActionFormatError
from .i18n import Words

_ = Words(__package__).gettext

JSON = Any


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses set ``kind`` and declare fields."""

    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, JSON]:
        """The stable wire form: ``{"kind": ..., field: value, ...}``."""
        out: dict[str, JSON] = {"kind": self.kind}
        for name in _field_names(type(self)):
            v = getattr(self, name)
            out[name] = list(v) if isinstance(v, tuple) else v
        return out

    def text(self) -> str:
        """The short form a person types: the kind, then the field values."""
        parts = [self.kind]
        for name in _field_names(type(self)):
            v = getattr(self, name)
            if isinstance(v, tuple):
                parts.append(",".join(str(x) for x in v) if v else "-")
            elif isinstance(v, bool):
                parts.append("yes" if v else "no")
            elif v is not None:
                parts.append(str(v))
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text()


_HINTS: dict[type, dict[str, Any]] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """An action class's field names (cached: ``dataclasses.fields`` is slow on a hot path)."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _check(value: Any, hint: Any, where: str) -> Any:
    """Check ``value`` against a field type, converting JSON lists to tuples."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        errors = []
        for option in typing.get_args(hint):
            try:
                return _check(value, option, where)
            except ActionFormatError as e:
                errors.append(str(e))
        raise ActionFormatError(f"{where}: {value!r} does not fit {hint}")
    if origin is typing.Literal:
        if value not in typing.get_args(hint):
            raise ActionFormatError(f"{where}: {value!r} is not one of {typing.get_args(hint)}")
        return value
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, (list, tuple)):
            raise ActionFormatError(f"{where}: expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_check(v, args[0], where) for v in value)
        if len(args) != len(value):
            raise ActionFormatError(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(_check(v, a, where) for v, a in zip(value, args, strict=True))
    if hint is type(None):
        if value is not None:
            raise ActionFormatError(f"{where}: expected null, got {value!r}")
        return None
    if hint is bool:
        if not isinstance(value, bool):
            raise ActionFormatError(f"{where}: expected true or false, got {value!r}")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ActionFormatError(f"{where}: expected an integer, got {value!r}")
        return value
    if hint is float:
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise ActionFormatError(f"{where}: expected a number, got {value!r}")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise ActionFormatError(f"{where}: expected a string, got {value!r}")
        return value
    return value


def action_from_json(data: JSON, types_: Iterable[type[Action]]) -> Action:
    """Read an action from its JSON form, given the game's action classes.

    Raises :class:`ActionFormatError` naming what is wrong.
    """
    if not isinstance(data, Mapping):
        raise ActionFormatError(f"an action must be a JSON object, got {data!r}")
    kinds = {t.kind: t for t in types_}
    kind = data.get("kind")
    if kind not in kinds:
        raise ActionFormatError(f"unknown action kind {kind!r}; expected one of {sorted(kinds)}")
    cls = kinds[kind]
    hints = _hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    extra = set(data) - set(names) - {"kind"}
    if extra:
        raise ActionFormatError(f"action '{kind}' has no field(s) {sorted(extra)}")
    values = {}
    for name in names:
        if name not in data:
            raise ActionFormatError(f"action '{kind}' is missing the field '{name}'")
        values[name] = _check(data[name], hints[name], f"action '{kind}' field '{name}'")
    return cls(**values)


def parse_action_text(text: str, legal: Sequence[Action]) -> Action:
    """The legal action a person meant: its number in the list (from 1) or its text form.

    Matching ignores case and repeated spaces; a unique prefix is accepted.
    """
    t = " ".join(text.lower().split())
    if not t:
        raise ActionFormatError(_("no action given"))
    if t.isdigit():
        n = int(t)
        if 1 <= n <= len(legal):
            return legal[n - 1]
        raise ActionFormatError(
            _("there is no choice number {n}; choose 1 to {count}").format(n=n, count=len(legal))
        )
    forms = [" ".join(a.text().lower().split()) for a in legal]
    exact = [a for a, f in zip(legal, forms, strict=True) if f == t]
    if exact:
        return exact[0]
    prefix = [a for a, f in zip(legal, forms, strict=True) if f.startswith(t)]
    if len(prefix) == 1:
        return prefix[0]
    if len(prefix) > 1:
        shown = ", ".join(a.text() for a in prefix[:5])
        shown += "…" if len(prefix) > 5 else ""
        raise ActionFormatError(_("'{text}' is ambiguous: {shown}").format(text=text, shown=shown))
    raise ActionFormatError(_("'{text}' is not a legal action here").format(text=text))


def action_from_text(text: str, types_: Iterable[type[Action]]) -> Action:
    """Read the default text form ``kind arg arg`` of any action of a game, legal or not.

    Fields are read in order: numbers, ``yes``/``no``, comma-separated tuples
    (``-`` for an empty one). Raises :class:`ActionFormatError` naming the problem.
    """
    words = text.split()
    if not words:
        raise ActionFormatError("no action given")
    kinds = {t.kind: t for t in types_}
    cls = kinds.get(words[0].lower())
    if cls is None:
        raise ActionFormatError(f"'{text}' is not an action here")
    fields = dataclasses.fields(cls)
    hints = _hints(cls)
    if len(words) - 1 != len(fields):
        names = " ".join(f.name.upper() for f in fields)
        raise ActionFormatError(
            f"'{words[0]}' takes {len(fields)} value(s): {words[0]} {names}".strip()
        )
    values = {}
    for f, word in zip(fields, words[1:], strict=True):
        values[f.name] = _check(
            _from_word(word, hints[f.name]), hints[f.name], f"'{words[0]}' {f.name}"
        )
    return cls(**values)


def _from_word(word: str, hint: Any) -> Any:
    """A typed value from one word of text, guided by the field type."""
    origin = typing.get_origin(hint)
    if origin is tuple:
        inner = typing.get_args(hint)[0] if typing.get_args(hint) else str
        return [] if word == "-" else [_from_word(w, inner) for w in word.split(",")]
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            if option is type(None):
                continue
            v = _from_word(word, option)
            try:
                return _check(v, option, "")
            except ActionFormatError:
                continue
        return word
    if hint is bool:
        return {"yes": True, "no": False, "true": True, "false": False}.get(word.lower(), word)
    if hint is int:
        try:
            return int(word)
        except ValueError:
            return word
    if hint is float:
        try:
            return float(word)
        except ValueError:
            return word
    return word
