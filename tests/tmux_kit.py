"""Drive a command in a real terminal (tmux) from a test: type keys, press Ctrl-C, read the
screen as a person sees it (``capture-pane``), scrollback included."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


class Tmux:
    """One command running in a detached tmux session of a fixed size, on its own server
    socket (so tests never meet a person's tmux or each other)."""

    def __init__(
        self,
        args: list[str],
        *,
        env: dict[str, str] | None = None,
        width: int = 100,
        height: int = 40,
        cwd: Path | None = None,
        unset: tuple[str, ...] = (),
    ) -> None:
        self.socket = f"obelisk-test-{uuid.uuid4().hex[:10]}"
        self.name = "t"
        src = os.environ.get("PYTHONPATH", "")
        full_env = {
            "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT / "tests"), src) if p),
            "TERM": "xterm-256color",
            **(env or {}),
        }
        exports = " ".join(f"{k}={_quote(v)}" for k, v in full_env.items())
        command = " ".join(_quote(a) for a in [sys.executable, "-m", "obelisk.cli.main", *args])
        # the shell stays after the command, so its last screen can be read
        drop = "".join(f"-u {name} " for name in unset)
        shell = (
            f"cd {_quote(str(cwd or ROOT))}; env {drop}{exports} {command}; echo EXIT=$?; sleep 300"
        )
        self._tmux("new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height), shell)
        self._tmux("set-option", "-t", self.name, "history-limit", "5000")

    def _tmux(self, *args: str) -> str:
        return subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True
        ).stdout

    def send(self, *keys: str) -> None:
        """Type keys (tmux names: ``Enter``, ``C-c``; anything else is typed as text)."""
        self._tmux("send-keys", "-t", self.name, *keys)

    def line(self, text: str) -> None:
        """Type a line and press Enter."""
        self._tmux("send-keys", "-t", self.name, "-l", text)
        self.send("Enter")

    def screen(self, history: bool = False) -> str:
        """The visible screen, or with ``history`` the scrollback too."""
        extra = ["-S", "-", "-E", "-"] if history else []
        return self._tmux("capture-pane", "-p", "-J", "-t", self.name, *extra)

    def wait_for(self, text: str, timeout: float = 30.0, times: int = 1) -> str:
        """Wait until ``text`` is on the screen (``times`` times, scrollback included);
        the visible screen. Fails the test on timeout."""
        end = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < end:
            screen = self.screen()
            seen = self.screen(history=True) if times > 1 else screen
            if seen.count(text) >= times:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen:\n{screen}")

    def close(self) -> None:
        """End the session and its server."""
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)

    def __enter__(self) -> Tmux:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@pytest.fixture
def term():
    """A test's terminals: ``term(*args, **kw)`` starts ``obelisk ARGS`` in a new one; all
    are closed when the test ends."""
    made: list[Tmux] = []

    def start(*args: str, **kw) -> Tmux:
        t = Tmux(list(args), **kw)
        made.append(t)
        return t

    yield start
    for t in made:
        t.close()


def _quote(s: str) -> str:
    import shlex

    return shlex.quote(s)
