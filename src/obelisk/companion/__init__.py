"""Companions for the physical boxes: Obelisk plays the part of the table that needs a machine
(Khufu's DVD, the mummy player, Abu Simbel's referee) while the family plays on the real board.

Each companion is a module here. A module named ``cli_<name>`` adds its terminal command to
``obelisk companion`` with ``register(app)`` (a Typer app); a module named ``web_<name>`` adds
its pages and API to the server with ``register(app, web_dir)`` (a FastAPI app and the
package's static folder). Both are found by name, so a companion needs no edit elsewhere.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from types import ModuleType


def modules(prefix: str) -> Iterator[ModuleType]:
    """The companion modules whose name starts with ``prefix`` (``cli_`` or ``web_``), by name."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith(prefix):
            yield importlib.import_module(f"{__name__}.{info.name}")
