"""The three companion pages work under a strict Content-Security-Policy (issue 33, item 7):
no inline script, nothing from another origin; the key travels in a header, saves are
downloaded from blob URLs and Khufu's lines are played from them, which the policy allows
with ``media-src 'self' blob:``. The policy is added here by the browser's router, as the
server will send it; a violation fails the test."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium_helpers import CHROMIUM, chromium
from server_helpers import ServerProc

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")

#: The server's policy (issue 33) with a default of 'self' for everything it does not name.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; media-src 'self' blob:; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
WATCH = """window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    folder = Path(tmp_path_factory.mktemp("cspsrv"))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("OBELISK_DATA_DIR", str(folder))
        proc = ServerProc(str(folder / "rooms.sqlite3"), "--rate", "600", "--room-rate", "0")
        proc.start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(strict_csp=True) as b:
        yield b


def _with_policy(route: Any) -> None:
    res = route.fetch()
    route.fulfill(response=res, headers={**res.headers, "content-security-policy": CSP})


def _page(browser: Any, server: ServerProc, path: str) -> Any:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(30_000)
    page.add_init_script(WATCH)
    page.route(f"**{path}*", _with_policy)
    page.goto(server.http + path)
    return page


def _saved(page: Any, selector: str) -> dict[str, Any]:
    with page.expect_download() as dl:
        page.click(selector)
    return dict(json.loads(Path(dl.value.path()).read_text()))


def _no_violation(page: Any) -> None:
    assert page.evaluate("window.__csp") == []


def test_the_referee_page_under_the_policy(server: ServerProc, browser: Any) -> None:
    page = _page(browser, server, "/companion/abu_simbel")
    page.fill("input[name=p1]", "Ann")
    page.fill("input[name=p2]", "Bob")
    page.click("[data-action=start]")
    page.wait_for_selector("#game:not([hidden])")
    for n, action in enumerate(("lay lava", "lay blades", "lay gas"), 1):
        page.locator(f'#choices [data-action="{action}"]').click()
        page.wait_for_selector(f"#route li:nth-child({n})")  # a tap while busy is ignored
    page.wait_for_selector(
        "body[data-stage='verdict_in']"
    )  # no wait_for_function: CSP blocks its eval
    assert _saved(page, "#save")["format"] == "obelisk-companion-save"
    _no_violation(page)
    page.close()


def test_the_mummy_page_under_the_policy(server: ServerProc, browser: Any) -> None:
    page = _page(browser, server, "/companion/mummy")
    page.fill("input[name=p1]", "Ann")
    page.click("[data-action=start]")
    page.wait_for_selector("#game:not([hidden])")
    assert _saved(page, "#save")["format"] == "obelisk-companion-save"
    _no_violation(page)
    page.close()


def test_the_maze_editor_under_the_policy(server: ServerProc, browser: Any) -> None:
    page = _page(browser, server, "/companion/maze")
    page.wait_for_selector("#grid [data-field='B2']")
    page.click('[data-side="B2:n"]')
    page.click("[data-field='B2']")
    page.click('#palette [data-put="S"]')
    page.click("#check")
    page.wait_for_selector("#verdict.bad")  # the server's check answered: not playable yet
    assert "place M, V" in page.locator("#verdict").inner_text()
    _no_violation(page)
    page.close()


def test_the_khufu_page_under_the_policy(server: ServerProc, browser: Any) -> None:
    page = _page(browser, server, "/companion/khufu")
    for i, name in enumerate(("Ann", "Bob", "Cleo"), 1):
        page.fill(f".player-row:nth-child({i}) .p-name", name)
    page.click("[data-action=create]")
    page.wait_for_selector("#moment.kind-intro:not([hidden])")
    page.keyboard.press("Enter")  # start: Khufu's line is fetched with the key and played
    page.wait_for_selector("#moment.kind-start:not([hidden])")
    page.evaluate("window.__khufu.sid")  # the page's state is reachable (the tests' hook)
    saved = page.evaluate(
        """async () => {
          const k = window.__khufu;
          const r = await fetch(`/api/companion/khufu/sessions/${k.sid}/record`,
                                { headers: { "X-Session-Key": k.key } });
          return r.json();
        }"""
    )
    assert saved["format"] == "obelisk-companion-save"
    _no_violation(page)
    page.close()
