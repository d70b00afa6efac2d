"""What the optional compiled engine (mypyc, issue 37; ``setup.py``) needs from the source.

:func:`mypyc_attr` marks a class for mypyc; the pure package runs without mypy installed,
and then it is a decorator that changes nothing. A compiled game's state is a native
class (its fields in C slots: :meth:`State.clone` copies them, see
``obelisk.core.game.native_fields``); a state that a module left pure subclasses (the
Mummy's table) is marked ``@mypyc_attr(allow_interpreted_subclasses=True)``.
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
