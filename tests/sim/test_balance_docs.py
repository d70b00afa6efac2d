"""A balance doc's numbers come back from a fresh small run of its own commands."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _script():  # benchmarks/ is not a package: load the script by its path
    spec = importlib.util.spec_from_file_location(
        "sim_balance", ROOT / "benchmarks" / "sim_balance.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def test_the_sobek_doc_reproduces_from_a_fresh_run(tmp_path: Path) -> None:
    # each section's check line: the winners and lengths of its first games, which a
    # fresh `obelisk simulate` of that size (same seed, seats, options) must give again
    assert _script().check(["sobek"], tmp_path) == 0
