"""Khufu's DVD replacement: the countdown, the engine Director's orders, speech, the faces."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import random
import shutil
import subprocess
import sys
import time
import wave
from pathlib import Path
from typing import Any

import pytest

from games.khufu.khufu_helpers import realtime_orders
from obelisk.companion.khufu import (
    COUNTDOWN,
    WARNING_AT,
    CompanionError,
    KhufuSession,
    Player,
    WallClock,
    from_record,
    parse_player,
)
from obelisk.games.khufu.game import KhufuGame

HAS_ESPEAK = shutil.which("espeak-ng") is not None


def table(n: int = 4) -> list[Player]:
    names = ["Ann", "Bob", "Cleo", "Dedi", "Eve", "Femi"]
    return [Player(names[i]) for i in range(n)]


def played(seed: int, n: int = 4, tick: int = 7) -> KhufuSession:
    s = KhufuSession(table(n), seed)
    s.start()
    while not s.over:
        s.tick(tick)
    return s


# -- the Director ------------------------------------------------------------------
@pytest.mark.rules("khufu:14.10", "khufu:14.2", "khufu:4.7")
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_orders_are_the_engine_directors_for_the_same_seed(n: int) -> None:
    sands = 0
    for seed in range(12):
        fired = realtime_orders(seed, n)
        s = played(seed, n, tick=13)
        assert fired, "every full-length game has orders"
        assert s.orders()[: len(fired)] == fired, f"seed {seed}"
        sands += any(e == "SANDS_RUN_FAST" for _, e in fired)
    assert sands, "the sands ran fast in some game, so E19's lost minute is compared too"


@pytest.mark.rules("khufu:4.7")
def test_lucky_is_the_engines_lucky() -> None:
    for seed in range(20):
        st: Any = KhufuGame().new_state(5, seed, {"clock": "realtime", "pieces": "seat_order"})
        assert KhufuSession(table(5), seed).lucky == st.lucky


def test_a_different_seed_gives_other_orders() -> None:
    assert played(1).orders() != played(2).orders()


# -- the clock ---------------------------------------------------------------------
@pytest.mark.rules("khufu:12.3", "khufu:10.1")
def test_the_clock_never_pauses_except_for_the_ultimate_challenge() -> None:
    s = KhufuSession(table(3), 5)
    s.start()
    rng = random.Random(3)
    ran = 0
    summoned = False
    while not s.over:
        before = s.elapsed
        if not summoned and s.elapsed > 1200:
            s.summon(1)
            summoned = True
            frozen = s.elapsed
            for _ in range(20):  # ticks during the Challenge: the countdown stays put
                assert s.tick(rng.randint(1, 60)) == []
                assert s.elapsed == frozen and not s.running
            s.result("LOSE")
            assert s.running and s.elapsed == frozen
            continue
        step = rng.randint(1, 40)
        s.tick(step)
        ran += step
        lost = 60 * sum(1 for _, e in s.orders() if e == "SANDS_RUN_FAST")
        assert s.elapsed > before  # every tick outside the Challenge moves the clock
        if not s.over:
            assert s.elapsed == ran + lost  # by exactly its seconds (and the sands' minutes)
    assert summoned and s.remaining == 0 and s.winner is None
    kinds = [m.kind for m in s.moments]
    assert kinds[-1] == "end" and kinds.count("challenge") == 1


def test_ticks_are_exact_at_any_size() -> None:
    a = played(11, tick=1)
    b = played(11, tick=97)
    assert a.orders() == b.orders()
    assert [m.speech for m in a.moments] == [m.speech for m in b.moments]


@pytest.mark.rules("khufu:14.9", "khufu:12.2")
def test_the_five_minute_warning_comes_once_and_time_up_ends_the_game() -> None:
    for seed in range(30):
        s = played(seed)
        warnings = [m for m in s.moments if m.kind == "warning"]
        assert len(warnings) == 1
        assert COUNTDOWN - warnings[0].at <= WARNING_AT
        assert s.moments[-1].kind == "end" and s.moments[-1].at >= COUNTDOWN
        assert all(m.at < COUNTDOWN for m in s.moments if m.kind == "order")


@pytest.mark.rules("khufu:10.7", "khufu:11.1")
def test_a_won_challenge_ends_the_game_with_the_winner() -> None:
    s = KhufuSession(table(3), 9)
    s.start()
    s.tick(600)
    [m] = s.summon()
    assert s.paused and len(s.view()["khufu_hand"]) == 3
    assert "deal five" in m.speech and f"{s.players[s.lucky].name}, you are Lucky" in m.speech
    s.result("WIN", 2)
    assert s.over and s.winner == 2 and "Cleo" in s.moments[-1].speech
    with pytest.raises(CompanionError, match="over"):
        s.tick(1)


def test_bad_inputs_are_refused_and_change_nothing() -> None:
    with pytest.raises(CompanionError, match="3 to 6"):
        KhufuSession(table(1), 1)
    with pytest.raises(CompanionError, match="same name"):
        KhufuSession([Player("Ann"), Player("ann"), Player("Bob")], 1)
    with pytest.raises(CompanionError, match="not a lucky symbol"):
        parse_player("Ann:witch:dragon")
    with pytest.raises(CompanionError, match="not a playing piece"):
        parse_player("Ann:wizard")
    s = KhufuSession(table(3), 1)
    with pytest.raises(CompanionError, match="not started"):
        s.tick(5)
    s.start()
    before = json.dumps(s.view()), list(s.steps)
    for bad in (0, -3, 2.5, "10", True, COUNTDOWN + 1):
        with pytest.raises(CompanionError):
            s.tick(bad)  # type: ignore[arg-type]
    with pytest.raises(CompanionError, match="summon Khufu first"):
        s.result("WIN", 0)
    with pytest.raises(CompanionError, match="no player 9"):
        s.summon(8)
    with pytest.raises(CompanionError, match="unknown step"):
        s.apply({"kind": "pause"})
    assert (json.dumps(s.view()), s.steps) == before
    s.summon()
    with pytest.raises(CompanionError, match="say who"):
        s.result("WIN")
    with pytest.raises(CompanionError, match="WIN, LOSE or DRAW"):
        s.result("MAYBE")


@pytest.mark.rules("khufu:10.5", "khufu:10.6")
def test_the_judge_compares_the_hands_and_changes_nothing() -> None:
    s = KhufuSession(table(3), 2)
    s.start()
    with pytest.raises(CompanionError, match="summon Khufu first"):
        s.judge(["CAT"] * 3, ["CAT"] * 2)
    s.summon(0)
    hand = list(s.khufu_hand)
    steps = list(s.steps)
    five = s.judge([hand[0]] * 3, [hand[0]] * 2)
    assert five["player_hand"] == "FIVE_OF_A_KIND" and five["result"] in ("WIN", "DRAW")
    tie = s.judge(hand, ["falcon", "Eye of Horus"])
    assert tie["result"] == "DRAW" and "a draw" in tie["words"]
    with pytest.raises(CompanionError, match="'ROSE' is not a symbol"):
        s.judge(["CAT", "CAT", "ROSE"], ["CAT", "CAT"])
    with pytest.raises(CompanionError, match="three cards"):
        s.judge(["CAT"], ["CAT", "CAT"])
    assert s.steps == steps and s.paused


def test_the_view_never_shows_the_directors_future() -> None:
    s = KhufuSession(table(4), 3)
    s.start()
    s.tick(100)
    text = json.dumps(s.view())
    assert "next_due" not in text and "seed" not in text
    assert all(m["kind"] != "order" or m["at"] <= s.elapsed for m in s.view()["moments"])


def test_the_record_replays_and_resumes_exactly() -> None:
    s = KhufuSession([parse_player("Ann:witch:falcon"), Player("Bob"), Player("Cy")], 21)
    s.start()
    s.tick(700)
    s.summon(0)
    s.tick(30)
    s.result("DRAW")
    s.tick(300)
    rec = json.loads(json.dumps(s.record()))
    again = from_record(rec)
    assert again.view() == s.view() and again.steps == s.steps
    s.tick(2000)
    again.tick(2000)
    assert again.view() == s.view()
    rec["steps"].insert(2, {"kind": "result", "result": "WIN", "seat": 0})
    with pytest.raises(CompanionError, match="step 3"):
        from_record(rec)
    with pytest.raises(CompanionError, match="not a record"):
        from_record({"format": "obelisk-record"})


def test_lucky_symbols_name_their_owners_in_the_orders() -> None:
    players = [parse_player(t) for t in ("Ann::cat", "Bob::ankh", "Cy::king")]
    for seed in range(200):
        s = played_with(players, seed)
        for m in s.moments:
            if m.event == "FAVOURED_SUIT":
                who = "Ann" if m.detail["suit"] == "ANIMALS" else "Bob and Cy"
                assert f"That is {who}." in m.speech
                return
    raise AssertionError("no favoured suit in 200 games")


def played_with(players: list[Player], seed: int) -> KhufuSession:
    s = KhufuSession(players, seed)
    s.start()
    s.tick(COUNTDOWN)
    return s


def test_the_wall_clock_scales_and_carries_fractions() -> None:
    now = [0.0]
    c = WallClock(600, now=lambda: now[0])
    now[0] = 0.0015
    assert c.due() == 0
    now[0] = 0.0035
    assert c.due() == 2  # 2.1 s: the 0.9 of the first call was carried
    with pytest.raises(CompanionError):
        WallClock(0)


# -- speech and the terminal ---------------------------------------------------------
def wav_seconds(path: Path) -> float:
    with wave.open(str(path), "rb") as w:
        return w.getnframes() / w.getframerate()


@pytest.mark.skipif(not HAS_ESPEAK, reason="espeak-ng is not installed (.ci/run installs it)")
def test_a_whole_game_in_the_terminal_at_600_times_speed(tmp_path: Path) -> None:
    audio, rec = tmp_path / "audio", tmp_path / "game.json"
    cmd = [sys.executable, "-m", "obelisk.cli.main", "companion", "khufu"]
    cmd += ["-p", "Ann:witch:falcon", "-p", "Bob:zombie", "-p", "Cy", "--seed", "7"]
    cmd += ["--time-scale", "600", "--no-speak", "--audio-dir", str(audio), "--save", str(rec)]
    t0 = time.monotonic()
    done = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
    wall = time.monotonic() - t0
    out = done.stdout.decode()
    assert done.returncode == 0, done.stderr.decode()
    assert "TIME IS UP" in out and "Khufu wins" in out and wall < 100
    s = from_record(json.loads(rec.read_text()))
    assert s.over and s.orders() == played(7, 3).orders()
    wavs = sorted(audio.glob("*.wav"))
    assert len(wavs) == len(s.moments)
    for wav in wavs:
        text = wav.with_suffix(".txt").read_text()
        words = len(text.split())
        secs = wav_seconds(wav)
        assert 0.2 * words <= secs <= 1.0 * words, (wav.name, words, secs)


def _cli(*args: str) -> Any:
    from typer.testing import CliRunner

    from obelisk.cli.main import app

    return CliRunner().invoke(app, ["companion", "khufu", *args])


def test_the_terminal_refuses_bad_players() -> None:
    done = _cli("-p", "Ann")
    assert done.exit_code == 2 and "3 to 6 players" in done.output
    done = _cli("-p", "Ann:wizard,Bob,Cy")
    assert done.exit_code == 2 and "not a playing piece" in done.output


def test_the_terminal_resumes_a_saved_game(tmp_path: Path) -> None:
    s = KhufuSession(table(3), 4)
    s.start()
    s.tick(2500)
    rec = tmp_path / "k.json"
    s.save(rec)
    done = _cli("--resume", str(rec), "--time-scale", "600", "--no-speak")
    assert done.exit_code == 0, done.output
    assert "Khufu wins" in done.output
    end = from_record(json.loads(rec.read_text()))
    assert end.over and end.orders() == played(4, 3).orders()
    done = _cli("--replay", str(rec))
    assert done.exit_code == 0 and "TIME IS UP" in done.output
    assert done.output.count(" left] ") == len(end.moments)
    (tmp_path / "bad.json").write_text("{not json")
    done = _cli("--resume", str(tmp_path / "bad.json"))
    assert done.exit_code == 2 and "not a JSON record" in done.output


# -- the page ------------------------------------------------------------------------
try:  # the page's tests need Playwright; the rest of this file does not
    from playwright import sync_api
except ImportError:  # pragma: no cover
    sync_api = None
from chromium_helpers import CHROMIUM, chromium, screenshot_folder  # noqa: E402

needs_browser = pytest.mark.skipif(
    CHROMIUM is None or sync_api is None, reason="Playwright or Debian's chromium is missing"
)
PAGE = "/companion/khufu"
KAPI = "/api/companion/khufu"


@pytest.fixture(scope="module")
def kserver(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A server of our own (the page and its API live in it; nothing else is used)."""
    from server_helpers import ServerProc

    folder = Path(tmp_path_factory.mktemp("khufusrv"))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("OBELISK_DATA_DIR", str(folder))  # the server's key for sealed saves
        proc = ServerProc(str(folder / "rooms.sqlite3"), "--rate", "600", "--room-rate", "0")
        proc.start(timeout=60)
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def kbrowser() -> Any:
    """Headless Debian Chromium, as in tests/web/conftest.py (never a downloaded browser)."""
    if CHROMIUM is None or sync_api is None:
        pytest.skip("Playwright or Debian's chromium is missing")
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def shots() -> Path:
    return screenshot_folder()


def test_the_api_refuses_bad_requests_clearly(kserver: Any) -> None:
    import httpx

    url = kserver.http + KAPI
    bad = [
        ({"players": [{"name": "Ann"}]}, "3 to 6"),
        ({"players": "Ann,Bob"}, "name the players"),
        ({"players": [{"name": "A"}, {"name": "B"}, {"name": "C", "lucky": "rose"}]}, "lucky"),
        ({"players": [{"name": "A"}, {"name": "B"}, {"name": "C"}], "seed": "x"}, "seed"),
        ({"players": [{"name": "A"}, {"name": "B"}, {"name": "C"}], "time_scale": 1e6}, "1 to"),
        ({"record": {"format": "nope"}}, "not a record"),
    ]
    for body, words in bad:
        r = httpx.post(url + "/sessions", json=body, timeout=30)
        assert r.status_code == 400 and words in r.json()["message"].lower(), (body, r.text)
        assert r.json()["error"] == "bad_request"
    r = httpx.post(url + "/sessions", content=b"[1, 2", timeout=30)
    assert r.status_code == 400 and r.json()["message"]
    assert httpx.get(url + "/sessions/none", timeout=30).status_code == 404
    players = [{"name": n} for n in ("Ann", "Bob", "Cleo")]
    made = httpx.post(url + "/sessions", json={"players": players, "seed": 5}, timeout=30).json()
    sid = made["id"]
    mine = {"X-Session-Key": made["key"]}
    r = httpx.post(f"{url}/sessions/{sid}/summon", json={}, timeout=30, headers=mine)
    assert r.status_code == 400 and "start the countdown" in r.json()["message"].lower()
    r = httpx.post(f"{url}/sessions/{sid}/result", json={"result": "WIN"}, timeout=30, headers=mine)
    assert r.status_code == 400 and "summon Khufu first" in r.json()["message"]
    assert httpx.get(f"{url}/sessions/{sid}", timeout=30).status_code == 403  # no key
    view = httpx.get(f"{url}/sessions/{sid}", timeout=30, headers=mine).json()
    assert not view["started"] and len(view["moments"]) == 1 and "next_due" not in view
    if HAS_ESPEAK:
        r = httpx.get(f"{url}/sessions/{sid}/audio/0", timeout=60, headers=mine)
        assert r.status_code == 200 and r.headers["content-type"] == "audio/wav"
        import io

        with wave.open(io.BytesIO(r.content), "rb") as w:
            secs = w.getnframes() / w.getframerate()
        words = len(view["moments"][0]["speech"].split())
        assert 0.2 * words <= secs <= 1.0 * words
    assert httpx.get(f"{url}/sessions/{sid}/audio/9", timeout=30, headers=mine).status_code == 404
    assert httpx.get(f"{url}/sessions/{sid}/audio/0", timeout=30).status_code == 403
    rec = httpx.get(f"{url}/sessions/{sid}/record", timeout=30, headers=mine)
    assert "attachment" in rec.headers["content-disposition"]
    saved = rec.json()
    assert saved["format"] == "obelisk-companion-save" and "seed" not in rec.text  # sealed
    again = httpx.post(url + "/sessions", json={"record": saved}, timeout=30).json()
    assert again["view"]["moments"] == KhufuSession(table(3), 5).view()["moments"]


def _no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def _no_raw_text(page: Any) -> None:
    text = page.inner_text("body")
    for raw in ("{", "}", "_", "FALCON", "KING'S", "null", "undefined", "NaN"):
        assert raw not in text, (raw, text[:400])


def _shot(page: Any, shots: Path, name: str) -> None:
    page.screenshot(path=str(shots / f"companion-khufu-{name}.png"))


def _p95(values: list[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(0.95 * len(values)))] if values else 0.0


def _summon(page: Any) -> None:
    """Close Khufu's order and summon him (the next order is 205 s = 7 s of wall time away;
    should one come first under load, it is closed too)."""
    for _ in range(3):
        if page.locator("#moment.kind-order:not([hidden])").count():
            page.click("#moment [data-action='carry on']")
            page.wait_for_selector("#moment", state="hidden")
        try:
            page.click("#summon", timeout=3000)
            return
        except sync_api.TimeoutError:
            continue
    raise AssertionError("the summon button could not be pressed")


@needs_browser
@pytest.mark.parametrize(("label", "width", "height"), [("tv", 1920, 1080), ("phone", 390, 844)])
def test_the_page_beside_the_board(
    kserver: Any, kbrowser: Any, shots: Path, label: str, width: int, height: int
) -> None:
    motion = "reduce" if label == "phone" else "no-preference"
    ctx = kbrowser.new_context(viewport={"width": width, "height": height}, reduced_motion=motion)
    page = ctx.new_page()
    page.set_default_timeout(30000)
    audio: list[tuple[str, int, str]] = []
    page.on(
        "response",
        lambda r: (
            audio.append((r.url, r.status, r.headers.get("content-type", "")))
            if "/audio/" in r.url
            else None
        ),
    )
    page.goto(kserver.http + PAGE + "?scale=30")
    page.fill(".player-row:nth-child(1) .p-name", "Ann")
    page.select_option(".player-row:nth-child(1) .p-piece", "Witch")
    page.select_option(".player-row:nth-child(1) .p-lucky", "FALCON")
    page.fill(".player-row:nth-child(2) .p-name", "Bob")
    page.select_option(".player-row:nth-child(2) .p-lucky", "ANKH")
    page.click("#add-player")
    page.fill(".player-row:nth-child(3) .p-name", "Cleo")
    page.fill(".player-row:nth-child(4) .p-name", "Dedi")
    page.evaluate("document.querySelector('details').open = true")
    page.fill("#seed", "23")
    _no_sideways_scroll(page)
    page.evaluate("window.scrollTo(0, 0)")
    _shot(page, shots, f"setup-{label}")
    page.click("[data-action=create]")
    # the intro: Khufu names Lucky; Enter on the focused button starts the countdown
    page.wait_for_selector("#moment.kind-intro:not([hidden])")
    lucky = KhufuSession(table(4), 23).lucky
    assert f"Lucky is {['Ann', 'Bob', 'Cleo', 'Dedi'][lucky]}" in page.inner_text("#moment")
    _no_raw_text(page)
    animated = "animate" in (page.get_attribute("#moment", "class") or "")
    assert animated == (motion != "reduce")  # prefers-reduced-motion: no animation
    _shot(page, shots, f"intro-{label}")
    assert page.evaluate("document.activeElement.dataset.action") == "start"
    page.keyboard.press("Enter")
    # at a rehearsal scale a screen lasts 1/scale of its time (issue 36): wait for it to
    # have been shown, and close it by hand if it is still there
    page.wait_for_function("window.__khufu.seen.some((s) => s.startsWith('start: '))")
    with contextlib.suppress(Exception):
        page.click("#moment.kind-start [data-action='carry on']", timeout=500)
    _no_sideways_scroll(page)
    # Khufu appears with the Director's first order of seed 7 (at 2-6 s of wall time)
    # Khufu appears with the Director's first order of seed 23 (65 s: 2 s of wall time)
    page.wait_for_function("window.__khufu.seen.some((s) => s.startsWith('order: '))")
    first = played(23, 4).moments[2]
    # screens are short at a rehearsal scale (issue 36): read the first order shown
    seen = page.evaluate("window.__khufu.seen")
    assert next(s for s in seen if s.startswith("order: ")) == f"order: {first.title}"
    _no_raw_text(page)
    _no_sideways_scroll(page)
    _shot(page, shots, f"order-{label}")
    # a player reached the Sarcophagus: summon Khufu; the countdown pauses
    _summon(page)
    page.wait_for_selector("#moment.kind-challenge:not([hidden]) .kcard")
    assert page.locator("#cards .kcard").count() == 3
    assert "Khufu's hand" in page.inner_text("#cards")
    frozen = page.inner_text("#moment-clock")
    polls = page.evaluate("window.__khufu.fetchedAt")
    page.wait_for_function(f"window.__khufu.fetchedAt > {polls} + 700")  # a few polls later
    assert page.inner_text("#moment-clock") == frozen  # 30x: a running clock would move
    _no_raw_text(page)
    _no_sideways_scroll(page)
    _shot(page, shots, f"challenge-{label}")
    page.click(".judge summary")
    page.select_option(".judge-row:nth-of-type(1) label:nth-child(1) select", "CAT")
    page.click("[data-action='compare hands']")
    page.wait_for_function("document.querySelector('.verdict').textContent.includes('Khufu has')")
    _no_sideways_scroll(page)
    _shot(page, shots, f"judge-{label}")
    page.click("[data-action='result LOSE']")
    page.wait_for_selector("#moment.kind-challenge_result:not([hidden])")
    assert "furthest Curse space" in page.inner_text("#moment-words")
    page.keyboard.press("Escape")
    page.wait_for_function(f"document.getElementById('countdown').textContent !== '{frozen}'")
    _shot(page, shots, f"countdown-{label}")
    timings = page.evaluate("window.__khufu.timings")
    assert timings and max(timings) < 10000
    print(f"\nclick-to-redraw ({label}): p95 {_p95(timings):.0f} ms over {len(timings)} clicks")
    if HAS_ESPEAK:
        assert audio and all(s == 200 and t == "audio/wav" for _, s, t in audio), audio
    ctx.close()


def _no_espeak_route(route: Any) -> None:
    """The server's answers as a server without espeak-ng would give them."""
    try:
        res = route.fetch()
        if "json" not in res.headers.get("content-type", ""):  # music, a sting: as they are
            route.fulfill(response=res)
            return
        body = res.json()
    except sync_api.Error:  # the page is closing
        return
    view = body.get("view", body)
    if isinstance(view, dict) and "audio" in view:
        view["audio"] = False
    route.fulfill(response=res, json=body)


SPOKEN = """window.__spoken = [];
window.speechSynthesis.speak = (u) => window.__spoken.push(u.text);"""


@needs_browser
def test_the_end_of_a_resumed_game(
    kserver: Any, kbrowser: Any, shots: Path, tmp_path: Path
) -> None:
    s = KhufuSession([parse_player("Ann:witch:falcon"), Player("Bob"), Player("Cleo")], 12)
    s.start()
    s.tick(COUNTDOWN - 20 - 60 * sum(e == "SANDS_RUN_FAST" for _, e in played(12, 3).orders()))
    assert not s.over
    rec = tmp_path / "khufu.json"
    s.save(rec)
    late = KhufuSession([parse_player("Ann:witch:falcon"), Player("Bob"), Player("Cleo")], 12)
    late.start()
    late.tick(COUNTDOWN - 280 - 60 * sum(e == "SANDS_RUN_FAST" for _, e in played(12, 3).orders()))
    assert late.warned and not late.over
    late.save(tmp_path / "late.json")
    ctx = kbrowser.new_context(viewport={"width": 1920, "height": 1080})
    page = ctx.new_page()
    page.goto(kserver.http + PAGE)
    page.evaluate("document.querySelector('details').open = true")
    page.set_input_files("#resume", str(tmp_path / "late.json"))
    page.click("[data-action=create]")
    page.wait_for_selector("#countdown.hurry")
    assert "Five minutes left" in page.inner_text("#status")  # words, not only the red
    _shot(page, shots, "warning-tv")
    ctx.close()
    for label, w, h in (("tv", 1920, 1080), ("phone", 390, 844)):
        ctx = kbrowser.new_context(viewport={"width": w, "height": h})
        page = ctx.new_page()
        page.set_default_timeout(30000)
        if label == "phone":  # as if the server had no espeak-ng: the browser's voice
            page.add_init_script(SPOKEN)
            page.route("**/api/companion/khufu/sessions**", _no_espeak_route)
        page.goto(kserver.http + PAGE + "?scale=60")
        page.evaluate("document.querySelector('details').open = true")
        page.set_input_files("#resume", str(rec))
        page.click("[data-action=create]")
        page.wait_for_selector("#moment.kind-end:not([hidden])")
        assert "Time is up" in page.inner_text("#moment-title")
        assert page.locator("[data-action='download record']").count() == 1
        _no_raw_text(page)
        _no_sideways_scroll(page)
        _shot(page, shots, f"end-{label}")
        if label == "tv":  # a reload finds the same game (kept for this tab) and its end
            page.reload()
            page.wait_for_selector("#moment.kind-end:not([hidden])")
            assert page.inner_text("#countdown") == "00:00"
        if label == "phone":
            assert "browser's own voice" in page.inner_text("#notice")
            spoken = page.evaluate("window.__spoken")
            assert spoken and "Time is up" in spoken[-1]
            page.unroute_all(behavior="ignoreErrors")  # the page polls on while it closes
        ctx.close()


def test_without_espeak_the_terminal_says_so_once(monkeypatch: Any, tmp_path: Path) -> None:
    from obelisk.companion import speech

    monkeypatch.setattr(speech, "espeak", lambda: None)
    sp = speech.Speaker(speak=True, audio_dir=tmp_path)
    assert sp.notice and "espeak-ng is not installed" in sp.notice
    assert sp.say("Stop! The sands run fast.") is None and not list(tmp_path.iterdir())
    with pytest.raises(speech.SpeechError, match="not installed"):
        speech.render("hello")


def test_the_terminal_writes_khufus_words_large_within_the_width() -> None:
    from obelisk.companion.khufu_screen import big_words
    from obelisk.games.khufu.narration import ORDER_WORDS

    for title, _ in ORDER_WORDS.values():
        for width in (60, 76, 120):  # the longest word (Sarcophagus) is 55 columns wide
            rows = big_words(title, width).split("\n")
            assert all(len(r) <= width for r in rows), (title, width)
            assert "█" in rows[0]


@pytest.mark.skipif(not HAS_ESPEAK, reason="espeak-ng is not installed (.ci/run installs it)")
def test_lines_are_played_one_after_another(tmp_path: Path) -> None:
    from obelisk.companion import speech

    log = tmp_path / "played.txt"
    script = "import sys, time; open(sys.argv[1], 'a').write('start\\n'); time.sleep(0.3); "
    script += "open(sys.argv[1], 'a').write('end\\n')"
    sp = speech.Speaker(speak=True)
    sp.player = [sys.executable, "-c", script, str(log)]
    sp.say("Stop! The sands run fast.")
    sp.say("Five minutes left!")
    sp.pump()  # the first is still playing: the second waits
    sp.close(wait=30)
    assert log.read_text().split() == ["start", "end", "start", "end"]


def _resumed_run(tmp_path: Path, monkeypatch: Any, keys: list[str]) -> KhufuSession:
    """Run the terminal loop on a resumed game with scripted keys (one string per frame)
    and a fake clock that moves one second per frame; returns the game as saved."""
    import contextlib
    import io

    from rich.console import Console

    from obelisk.companion import cli_khufu
    from obelisk.companion.speech import Speaker

    s = KhufuSession(table(3), 4)
    s.start()
    s.tick(600)
    now = [0.0]
    script = iter(keys)

    @contextlib.contextmanager
    def fake_keys() -> Any:
        yield lambda: next(script, "q")

    monkeypatch.setattr(cli_khufu, "_keys", fake_keys)
    monkeypatch.setattr(cli_khufu, "fd_is_tty", lambda: True)
    monkeypatch.setattr(cli_khufu.time, "sleep", lambda _s: now.__setitem__(0, now[0] + 1.0))
    rec = tmp_path / "k.json"
    console = Console(file=io.StringIO(), force_terminal=False)
    clock = WallClock(1.0, now=lambda: now[0])
    cli_khufu._run(s, clock, Speaker(False, None), console, rec, keep=True, resumed=True)
    return from_record(json.loads(rec.read_text()))


def test_a_resumed_game_waits_for_enter(tmp_path: Path, monkeypatch: Any) -> None:
    """Issue 36 item 8: resuming does not start the clock at once; Enter does."""
    waited = _resumed_run(tmp_path, monkeypatch, [""] * 30)
    assert waited.remaining == 45 * 60 - 600  # 30 seconds passed: the clock did not move
    went = _resumed_run(tmp_path, monkeypatch, ["\n"] + [""] * 30)
    assert 45 * 60 - 600 - 32 <= went.remaining <= 45 * 60 - 600 - 29


WAKE = """
window.__wake = [];
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
  request: async (kind) => {
    window.__wake.push(kind);
    const lock = new EventTarget();
    lock.release = async () => { window.__wake.push("released"); lock.dispatchEvent(new Event("release")); };
    return lock;
  },
}});
"""


def test_a_rehearsal_with_music_on_a_screen_kept_awake(kserver: Any, kbrowser: Any) -> None:
    """Issue 36 items 4-6, one game at ?scale=60 (one session: the server's per-address
    limit is shared by this module's tests):

    * the rehearsal scale shortens every screen (8 to 30 s unscaled, a sixtieth here), so
      screens never queue up, and the start screen goes by itself;
    * a screen Wake Lock from the start of the countdown (the browser's own is replaced by
      a recorder), and a button for full screen;
    * the project's music in 20-second parts that follow the countdown, a sting when Khufu
      arrives, and the music ducked by 12 dB while he speaks.
    """
    ctx = kbrowser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(30000)
    page.add_init_script(WAKE)
    heard: list[tuple[str, int, str]] = []
    page.on(
        "response",
        lambda r: (
            heard.append((r.url, r.status, r.headers.get("content-type", "")))
            if "/music/" in r.url or "/sting/" in r.url
            else None
        ),
    )
    page.goto(kserver.http + PAGE)
    short, long = {"speech": "Stop!"}, {"speech": " ".join(["word"] * 80)}
    unscaled = [page.evaluate("(m) => window.__khufu.showSeconds(m)", m) for m in (short, long)]
    assert unscaled == [8, 30]
    page.goto(kserver.http + PAGE + "?scale=60")
    scaled = [page.evaluate("(m) => window.__khufu.showSeconds(m)", m) for m in (short, long)]
    assert scaled == pytest.approx([8 / 60, 30 / 60])
    assert page.locator("#fullscreen").is_visible()
    for n, name in enumerate(("Ann", "Bob", "Cleo"), 1):
        page.fill(f".player-row:nth-child({n}) .p-name", name)
    page.click("[data-action=create]")
    page.wait_for_selector("#moment.kind-intro:not([hidden])")  # the intro waits for Enter
    assert page.evaluate("window.__wake") == []  # not awake before the countdown runs
    page.keyboard.press("Enter")
    page.wait_for_function("window.__wake.includes('screen')")
    page.wait_for_function("window.__khufu.seen.some((s) => s.startsWith('start: '))")
    page.wait_for_selector("#moment.kind-start", state="hidden")  # gone by itself
    if importlib.util.find_spec("numpy") is not None and HAS_ESPEAK:
        page.wait_for_function("window.__khufu.music.parts.length >= 1")
        page.wait_for_function("window.__khufu.music.stings.includes('arrival')")
        assert all(status == 200 and kind == "audio/wav" for _, status, kind in heard), heard
        # while Khufu's line plays, the music is ducked (a quarter of its amplitude)
        page.wait_for_function("window.__khufu.music.ducked === true")
        volume = page.evaluate("window.__khufu.music.el ? window.__khufu.music.el.volume : 0.25")
        assert volume == 0.25
    ctx.close()


def test_the_end_is_said_once_in_the_terminal(tmp_path: Path, monkeypatch: Any) -> None:
    """Issue 36 item 8: "The game is over" once: the last screen says it in its state line,
    the keys line is empty, and the command then names the winner."""
    from rich.console import Console

    from obelisk.companion.khufu_screen import keys_line, screen

    s = KhufuSession(table(3), 4)
    s.start()
    while not s.over:
        s.tick(60)
    view = s.view()
    assert keys_line(view) == ""
    console = Console(width=100, record=True)
    console.print(screen(view, None, None, 100))
    assert console.export_text().upper().count("THE GAME IS OVER") == 1
