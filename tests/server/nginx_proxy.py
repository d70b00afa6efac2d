"""nginx in front of server processes, configured by the block in docs/deploy.md (the
proxy test and ``benchmarks/server_load.py --processes`` use it)."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path

import httpx
from server_helpers import free_port

NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
DOC = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"


def nginx_block(ports: list[int], listen: int) -> str:
    """The doc's nginx block with these server ports (its two servers become as many)."""
    block = re.search(r"```nginx\n(.*?)```", DOC.read_text(), re.S)
    assert block is not None, "docs/deploy.md has no nginx block"
    text = block.group(1)
    line = re.search(r"\n( +)server 127\.0\.0\.1:8001(.*)\n", text)
    assert line is not None, "the doc's upstream names no server 127.0.0.1:8001"
    servers = "".join(f"\n{line.group(1)}server 127.0.0.1:{p}{line.group(2)}" for p in ports)
    text = re.sub(r"(\n +server 127\.0\.0\.1:800\d[^\n]*)+", servers, text, count=1)
    return text.replace("listen 80;", f"listen 127.0.0.1:{listen};")


class Proxy:
    """nginx in the foreground with the doc's block, its files in a temp folder."""

    def __init__(self, folder: Path, ports: list[int], connections: int = 1024) -> None:
        self.port = free_port()
        self.folder = folder
        conf = folder / "nginx.conf"
        temp = "\n".join(
            f"    {kind}_temp_path {folder / kind};"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        conf.write_text(
            f"worker_processes 1;\npid {folder / 'nginx.pid'};\n"
            f"error_log {folder / 'error.log'} warn;\ndaemon off;\n"
            f"worker_rlimit_nofile {2 * connections + 64};\n"
            f"events {{ worker_connections {connections}; }}\n"
            f"http {{\n    access_log off;\n{temp}\n{nginx_block(ports, self.port)}\n}}\n"
        )
        assert NGINX is not None, "nginx is not installed"
        self.proc = subprocess.Popen(
            [str(NGINX), "-c", str(conf), "-p", str(folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.http + "/api/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError((folder / "error.log").read_text())

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, room: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/rooms/{room}"

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)
