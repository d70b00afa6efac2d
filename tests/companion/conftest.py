"""Companion tests: the server helpers (``server_helpers.ServerProc``) and the web helpers are
importable here. Each companion's test file keeps its own fixtures (a server, a browser)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "server"))
sys.path.insert(0, str(HERE.parent / "web"))
