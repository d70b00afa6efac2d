"""The web page is served by the server, with no build step."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from server_helpers import ServerProc

import obelisk.web

WEB = Path(obelisk.web.__file__).parent


def test_page_and_scripts_are_served(server: ServerProc) -> None:
    page = server.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "/static/app.js" in page.text and "/static/style.css" in page.text
    modules = [p.relative_to(WEB).as_posix() for p in [*WEB.glob("*.js"), *WEB.glob("app/*.js")]]
    texts = []
    for name in modules:
        js = server.get(f"/static/{name}")
        assert js.status_code == 200, name
        texts.append(js.text)
    # the page speaks the protocol of docs/protocol.md
    for word in ('type: "hello"', 'type: "action"', "/api/rooms", "/ws/rooms/"):
        assert any(word in t for t in texts), word
    assert server.get("/static/style.css").status_code == 200


def test_every_web_module_is_valid_javascript(tmp_path: Path) -> None:
    """``node --check`` on every module under web/, companions' too (as an ES module: node
    20 does not check a ``.js`` file's module syntax unless it is told it is one)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    modules = sorted(WEB.rglob("*.js"))
    assert len(modules) > 20
    bad = []
    for path in modules:
        copy = tmp_path / (path.relative_to(WEB).as_posix().replace("/", "__") + ".mjs")
        copy.write_text(path.read_text("utf-8"), "utf-8")
        out = subprocess.run([node, "--check", str(copy)], capture_output=True, text=True)
        if out.returncode:
            bad.append(f"{path.relative_to(WEB)}: {out.stderr.strip()}")
    assert not bad, "\n".join(bad)


def test_api_games_says_which_games_have_a_table(server: ServerProc) -> None:
    games = {g["name"]: g for g in server.get("/api/games").json()}
    for name in ("sobek", "abu_simbel", "ramses", "mummy", "khufu"):
        assert games[name]["table"] is True, name
    assert all(g["table"] == (WEB / "tables" / f"{n}.js").is_file() for n, g in games.items())


def test_a_games_words_come_from_the_game(server: ServerProc) -> None:
    """The words the tables draw with: the narrator's glossary and components, the defaults."""
    from obelisk.core import get_game

    sobek = server.get("/api/games/sobek/words").json()
    assert sobek["glossary"] == get_game("sobek").narrator.glossary()
    assert sobek["components"]["characters"]["queen"] == {
        "name": "Queen Sobekneferu",
        "family": "ivory",
        "purpose": "take any market card with no corruption",
    }
    assert sobek["components"]["tokens"]["GOSSIP"] == {"name": "gossip", "purpose": "draw 2 cards"}
    ramses = server.get("/api/games/ramses/words").json()
    assert ramses["components"]["events"]["poker"] == "Poker in the Desert"
    assert "Poker in the Desert" in ramses["glossary"]
    khufu = server.get("/api/games/khufu/words").json()
    assert khufu["defaults"]["board"] == get_game("khufu").make_options().board
    missing = server.get("/api/games/chess/words")
    assert missing.status_code == 404 and "chess" in missing.json()["message"]
