"""Where a run's code came from: the git commit and whether the tree had changes.

A results file records it, so a number in a balance doc can be traced to the code that
produced it. Outside a git checkout (an installed package) both are None.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import obelisk


def code_version() -> dict[str, Any]:
    """``{"commit": sha or None, "dirty": bool or None}`` of the checkout holding obelisk."""
    where = Path(obelisk.__file__).resolve().parent
    try:
        sha = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=where, capture_output=True, text=True, timeout=10
        )
        if sha.returncode != 0:
            return {"commit": None, "dirty": None}
        status = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no", "--", "."],
            cwd=where,
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return {"commit": None, "dirty": None}
    return {"commit": sha.stdout.strip(), "dirty": bool(status.stdout.strip())}
