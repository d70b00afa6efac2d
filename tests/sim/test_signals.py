"""SIGTERM and Ctrl-C stop `obelisk simulate` with no worker process left behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from simgames import plugin_env

from obelisk.sim.results import read_results


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # the fields after the command name (which may hold spaces) start with state, ppid
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid:
            out.append(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize(
    ("sig", "to_group"), [(signal.SIGTERM, False), (signal.SIGINT, True)], ids=["sigterm", "ctrl-c"]
)
def test_a_stopped_run_leaves_no_worker_behind(tmp_path: Path, sig: int, to_group: bool) -> None:
    out = tmp_path / "stopped.jsonl"
    args = ["tiny_slow", "-n", "3000", "--seats", "sleepy,random", "--no-timing", "-w", "2"]
    cmd = [sys.executable, "-m", "obelisk.cli.main", "simulate", *args, "-q", "--out", str(out)]
    proc = subprocess.Popen(cmd, env=plugin_env(), start_new_session=True)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # wait for games on disk and both workers up
            workers = _children(proc.pid)
            if len(workers) >= 2 and out.exists() and out.read_bytes().count(b"\n") > 10:
                break
            time.sleep(0.05)
        assert len(workers) >= 2, "the run should have started its workers"
        if to_group:  # Ctrl-C in a terminal signals the whole foreground group
            os.killpg(proc.pid, sig)
        else:  # a service manager's SIGTERM goes to the main process only
            os.kill(proc.pid, sig)
        assert proc.wait(timeout=30) == 130
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(w) for w in workers):
        time.sleep(0.05)
    assert not [w for w in workers if _alive(w)], "a worker outlived the run"
    kept = read_results(out)
    assert 10 < len(kept.games) < 3000
