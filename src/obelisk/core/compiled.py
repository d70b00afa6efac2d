"""What the optional compiled engine (mypyc, issue 37; ``setup.py``) needs from the source.

:func:`mypyc_attr` marks a class for mypyc; the pure package runs without mypy installed,
and then it is a decorator that changes nothing. A game's state is marked
``@mypyc_attr(native_class=False)``: the core copies a state through its ``__dict__``
(:meth:`State.clone`) and games and tests subclass states, which mypyc's native classes
(attributes in C slots, no subclassing from Python) do not allow; the methods are
compiled all the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the pure package: mypy is not installed

    def mypyc_attr(*attrs: str, **kwattrs: Any) -> Callable[[T], T]:  # type: ignore[misc]
        """Mark a class for mypyc (nothing to do without it)."""
        return lambda cls: cls


__all__ = ["mypyc_attr"]
