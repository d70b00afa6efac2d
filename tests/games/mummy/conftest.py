"""Make this folder's helper module (mummy_helpers) importable in every pytest import mode."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
