"""Issue 39, done means: adding an option to a game is one edit. The test game gets one
field (its default, help, range and rule ID in one ``option(...)``) and nothing else is
touched; the option then shows in ``/api/games``, in the server's limits, in the lobby's
help (a real browser on a server running in this process), in ``obelisk rules`` and in
the generated docs table."""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from server_helpers import free_port
from typer.testing import CliRunner
from web_helpers import Person

from obelisk import docsgen
from obelisk.cli.main import app as cli
from obelisk.core import option, register, unregister
from obelisk.server.app import _game_info, create_app
from obelisk.server.config import ServerConfig, ServerError
from obelisk.server.limits import check_network_options
from obelisk.server.pages import option_notes
from tinycards import TinyOptions, TinyTricks

HELP = "The most cards the pile may hold before it is cleared."

# -- the one edit: a field with its help, range and rule ID ---------------------------------
PlusOptions = dataclasses.make_dataclass(
    "PlusOptions",
    [("pile_limit", int, option(5, help=HELP, range=(1, 9), rules="tiny_plus:3"))],
    bases=(TinyOptions,),
    frozen=True,
)


class TinyPlus(TinyTricks):
    """Tiny Tricks with one more option."""

    name = "tiny_plus"
    title = "Tiny Tricks Plus"
    Options = PlusOptions


PLUS = TinyPlus()


@dataclasses.dataclass(frozen=True)
class QuietOptions(TinyOptions):
    trace: bool = option(False, help="Print every step (for debugging).", network=False)


class TinyQuiet(TinyTricks):
    """Tiny Tricks with an option no network client may set."""

    name = "tiny_quiet"
    title = "Tiny Tricks Quiet"
    Options = QuietOptions


@pytest.fixture
def registered() -> Iterator[TinyPlus]:
    quiet = TinyQuiet()
    register(PLUS)
    register(quiet)
    yield PLUS
    unregister(PLUS.name)
    unregister(quiet.name)


@pytest.fixture
def live(registered: TinyPlus, tmp_path: Path) -> Iterator[str]:
    """The server app in a thread of this process (so it knows the game registered here)."""
    config = ServerConfig(db=str(tmp_path / "rooms.sqlite3"), rate=300, room_rate=0)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(config), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=30)


def test_one_field_shows_in_api_limits_lobby_cli_and_docs(live: str, browser: Any) -> None:
    # /api/games (as _game_info builds it, and over HTTP)
    listed = {o["name"]: o for o in _game_info(PLUS)["options"]}["pile_limit"]
    assert listed["help"] == HELP and (listed["min"], listed["max"]) == (1, 9)
    assert listed["default"] == "5" and listed["rules"] == ["tiny_plus:3"]
    games = {g["name"]: g for g in httpx.get(f"{live}/api/games").json()}
    assert {o["name"]: o for o in games["tiny_plus"]["options"]}["pile_limit"] == listed
    assert option_notes(PlusOptions)["pile_limit"]["help"] == HELP  # /rules/{game}

    # the server's limits: past the range refused, naming the option and the range
    with pytest.raises(ServerError, match=r"option 'pile_limit' must be between 1 and 9, not 10"):
        check_network_options(PLUS, {"pile_limit": 10})
    r = httpx.post(f"{live}/api/rooms", json={"game": "tiny_plus", "options": {"pile_limit": 0}})
    assert r.status_code == 400 and r.json()["error"] == "bad_options"
    assert "pile_limit" in r.json()["message"] and "between 1 and 9" in r.json()["message"]
    r = httpx.post(f"{live}/api/rooms", json={"game": "tiny_plus", "options": {"pile_limit": 9}})
    assert r.status_code == 201, r.text

    # the lobby's help, in a browser
    p = Person(browser, live, 1280, 800, "lobby with one more option")
    try:
        p.goto("/")
        p.page.wait_for_selector("#game option[value=tiny_plus]", state="attached")
        p.page.select_option("#game", "tiny_plus")
        p.page.click("#options-box summary")
        row = p.page.locator("#options .opt", has=p.page.locator("[data-option=pile_limit]"))
        assert row.locator(".opt-help").inner_text() == HELP
        field = row.locator("input[data-option=pile_limit]")
        assert (field.get_attribute("min"), field.get_attribute("max")) == ("1", "9")
        assert field.input_value() == "5"
        assert not p.errors, p.errors
    finally:
        p.close()

    # obelisk rules GAME
    out = CliRunner().invoke(cli, ["rules", "tiny_plus"], env={"COLUMNS": "200"}).output
    assert "pile_limit" in out and HELP in out

    # the generated docs table
    page = f"# Tiny Tricks Plus\n\n{docsgen.BEGIN}\n{docsgen.END}\n"
    table = docsgen.replace_block(page, docsgen.options_table(PLUS))
    assert f"| `pile_limit` | `5` | 3 | {HELP} |" in table


def test_the_lobby_offers_no_option_a_network_client_may_not_set(live: str, browser: Any) -> None:
    p = Person(browser, live, 1280, 800, "lobby without a command-line option")
    try:
        p.goto("/")
        p.page.wait_for_selector("#game option[value=tiny_quiet]", state="attached")
        p.page.select_option("#game", "tiny_quiet")
        p.page.click("#options-box summary")
        p.page.wait_for_selector("#options [data-option=knocks]")
        assert p.page.locator("#options [data-option=trace]").count() == 0
        assert not p.errors, p.errors
    finally:
        p.close()
