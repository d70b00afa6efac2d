"""The web page is served by the server, with no build step."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from server_helpers import ServerProc

import obelisk.web


def test_page_and_scripts_are_served(server: ServerProc) -> None:
    page = server.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "/static/app.js" in page.text and "/static/style.css" in page.text
    js = server.get("/static/app.js")
    assert js.status_code == 200
    # the page speaks the protocol of docs/protocol.md
    for word in ('type: "hello"', 'type: "action"', "/api/rooms", "/ws/rooms/"):
        assert word in js.text
    assert server.get("/static/style.css").status_code == 200


def test_script_parses() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    app = Path(obelisk.web.__file__).parent / "app.js"
    subprocess.run([node, "--check", str(app)], check=True)
