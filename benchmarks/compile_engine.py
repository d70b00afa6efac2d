"""Build the compiled engine (mypyc, ``setup.py``'s ``COMPILED``) in a directory of its own.

The source tree stays pure Python: the package is copied to ``--out`` (default
``build/compiled`` in the repository, which git ignores) and compiled there in place.
Run a program against it with ``PYTHONPATH=OUT/src``, e.g. the benchmark::

    python benchmarks/compile_engine.py
    PYTHONPATH=build/compiled/src python benchmarks/engine_vs_openspiel.py

``tests/games/test_compiled.py`` plays seeded games of every game with it and checks that
they are identical to the pure engine's (it is skipped while no compiled copy exists).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Where the compiled copy goes unless told otherwise (and where the test looks for it).
DEFAULT_OUT = ROOT / "build" / "compiled"


def build(out: Path) -> Path:
    """Copy the package to ``out`` and compile it there; the ``src`` to put on the path."""
    out.mkdir(parents=True, exist_ok=True)
    src = out / "src"
    if src.exists():
        shutil.rmtree(src)
    shutil.copytree(
        ROOT / "src",
        src,
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info"),
    )
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, out / name)
    env = dict(os.environ, OBELISK_COMPILE="1")
    subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=out,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return src


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the directory to build in")
    args = ap.parse_args()
    src = build(args.out.resolve())
    print(f"compiled engine built: PYTHONPATH={src}")


if __name__ == "__main__":
    main()
