"""An optional compiled engine (issue 37): the hot modules built with mypyc, on request.

``pip install -e .`` (and any build without ``OBELISK_COMPILE=1``) installs the pure
Python package, on any machine. ``OBELISK_COMPILE=1 pip install --no-build-isolation .``
compiles :data:`COMPILED` with mypyc (it ships with mypy; a C compiler and Python's
headers are needed) into the installed package, never into the source tree; where mypyc
is missing it says so and installs the pure package. ``benchmarks/compile_engine.py``
builds a compiled copy in a directory of its own, for the benchmark and the test that
the compiled and the pure engine play identical records
(``tests/games/test_compiled.py``).
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import setup

#: The modules a step and a clone run through: the core's logs, chance and events, and
#: every game's rules; and Sobek's heuristic and determinization, which with the rules
#: are most of its search's time (the ``search-expert`` calibration, docs/levels.md). Each
#: must type-check; what keeps the rest out is in ``docs/performance.md``.
COMPILED = [
    "src/obelisk/core/log.py",
    "src/obelisk/core/chance.py",
    "src/obelisk/core/events.py",
    "src/obelisk/games/abu_simbel/rules.py",
    "src/obelisk/games/khufu/rules.py",
    "src/obelisk/games/mummy/rules.py",
    "src/obelisk/games/ramses/rules.py",
    "src/obelisk/games/sobek/rules.py",
    "src/obelisk/games/sobek/bot.py",
    "src/obelisk/games/sobek/determinize.py",
]


def ext_modules() -> list[Any]:
    """The compiled modules when ``OBELISK_COMPILE=1`` and mypyc is at hand, else none."""
    if os.environ.get("OBELISK_COMPILE") != "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("OBELISK_COMPILE=1 but mypyc is not installed: the pure Python engine is built")
        return []
    here = os.path.dirname(os.path.abspath(__file__)) or "."
    os.chdir(here)
    sys.path.insert(0, os.path.join(here, "src"))
    return list(mypycify(COMPILED, opt_level="3"))


setup(ext_modules=ext_modules())
