"""Khufu's companion (the program that replaces Khufu's DVD) speaks German: every line the
director can say, every screen, refusal and help text, the voice, the API and the page.

Every text is made in German with untranslated words marked ``⟦…⟧``
(``obelisk.core.i18n.MARK_MISSING``) and checked with ``german_check.english_left``.
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from german_check import english_left
from obelisk.companion import khufu_orders, speech
from obelisk.companion.khufu import (
    RESULTS,
    KhufuSession,
    Player,
    from_record,
    parse_player,
)
from obelisk.companion.khufu_orders import STOPS, TAUNTS, Table, order_words, phrasings
from obelisk.companion.khufu_terms import (
    a_symbol,
    hand_words,
    in_the_chamber,
    of_the_symbol,
    order_title,
    piece_name,
    symbol_name,
    the_chamber,
    the_suit,
    the_symbol,
)
from obelisk.core import i18n
from obelisk.core.i18n import speaking
from obelisk.games.khufu import components as K
from obelisk.games.khufu import narration as N

NAMES = ("Ann", "Bob", "Cleo", "Dedi")


@pytest.fixture(autouse=True)
def marked() -> Iterator[None]:
    """Untranslated words read ``⟦…⟧`` in German (as in tests/german_check.py)."""
    old = i18n.MARK_MISSING
    i18n.MARK_MISSING = True
    yield
    i18n.MARK_MISSING = old


def german(texts: list[str]) -> None:
    """Assert that nothing in ``texts`` is English (the seats' names are allowed)."""
    left = {t: english_left(t, NAMES) for t in texts}
    assert not {t: w for t, w in left.items() if w}, "English left in the German companion"


def players(lucky: bool = True) -> list[Player]:
    pieces = ["Witch", "Zombie", "Vampire", "Gorgon"]
    symbols = ["FALCON", "CAT", "KING", "ANKH"] if lucky else [None] * 4
    return [Player(n, p, s) for n, p, s in zip(NAMES, pieces, symbols, strict=True)]


def session_lines(seed: int, lucky: bool = True) -> list[str]:
    """Everything Khufu says and shows in one German game with two challenges."""
    s = KhufuSession(players(lucky), seed)
    s.start()
    while not s.over:
        s.tick(37)
        if s.run == 37 * 20:
            s.summon(1)
            s.result("LOSE")
        if s.run == 37 * 30:
            s.summon()
            s.result("DRAW")
    v = s.view()
    return [
        *(w for m in s.moments for w in (m.title, m.speech)),
        v["sarcophagus_words"],
        *v["khufu_hand_words"],
    ]


# -- every line the director can say ----------------------------------------------------
@pytest.mark.rules("khufu:14.7", "khufu:14.9", "khufu:10.1", "khufu:10.7", "khufu:11.2")
def test_every_line_khufu_can_say_is_german() -> None:
    lines: list[str] = []
    with speaking("de"):
        for lucky in (True, False):  # lucky symbols told, or not (the orders say whom)
            for seed in range(3):
                lines += session_lines(seed, lucky)
            for eid in K.EVENT_INDEX:  # each of the twenty orders, each chamber/suit/symbol
                for seed, said_as in itertools.product(range(12), range(phrasings(eid))):
                    t = Table(list(NAMES), [p.lucky for p in players(lucky)], 0)
                    o = order_words(eid, t, random.Random(seed), said_as)  # every phrasing
                    lines += [o.title, o.speech]
        lines += [khufu_orders.W.gettext(s) for s in (*STOPS, *TAUNTS)]
        for result in RESULTS:  # the Challenge's end, with and without the challenger named
            for seat in (None, 2):
                s = KhufuSession(players(), 5)
                s.start()
                s.summon(seat)
                if result == "WIN" and seat is None:
                    continue
                lines += [w for m in s.result(result, seat) for w in (m.title, m.speech)]
        s = KhufuSession(players(), 5)
        s.start()
        lines += [s.summon(None)[0].speech]
        for sym in K.SYMBOLS:  # the judge: every pair of hands
            lines.append(s.judge([sym] * 3, [sym, "CAT"])["words"])
        lines.append(s.judge(["CAT", "FALCON", "JACKAL"], ["ANKH", "KING"])["words"])
        lines.append(s.judge(["CAT", "CAT", "FALCON"], ["FALCON", "KING"])["words"])
        lines.append(s.judge(["CAT", "CAT", "FALCON"], ["FALCON", "FALCON"])["words"])
    german(lines)
    assert len(set(lines)) > 150
    assert not any(line in lines for line in TAUNTS), "a taunt stayed English"


def test_the_german_orders_decline_their_nouns() -> None:
    """The names take the German case their sentence needs (a real sentence of each)."""
    with speaking("de"):
        t = Table(list(NAMES), ["FALCON", "CAT", "KING", "ANKH"], 1)
        roll = next(
            order_words("LUCKY_SYMBOL_ROLL", t, random.Random(s))
            for s in range(50)
            if order_words("LUCKY_SYMBOL_ROLL", t, random.Random(s)).detail["symbol"] == "FALCON"
        )
        assert roll.speech == (
            "Mein Symbolwürfel zeigt den Falken. Wer den Falken als Glückssymbol hat, zieht "
            "zwei Schatzkarten. Das betrifft Ann."
        )
        tithe = next(
            order_words("SYMBOL_TITHE", t, random.Random(s))
            for s in range(50)
            if order_words("SYMBOL_TITHE", t, random.Random(s)).detail["symbol"] == "CAT"
        )
        assert tithe.speech.startswith(
            "Ich fordere den Zehnten von der Katze. Wer eine Katze hat, zeigt"
        )
        assert in_the_chamber("QUEEN") == "der Königinnenkammer"
        assert the_chamber("QUEEN") == "die Königinnenkammer"
    with speaking("en"):
        assert roll.speech.startswith("Mein")  # made in German, kept as said
        assert order_words("SYMBOL_TITHE", t, random.Random(0)).speech.startswith("I demand")


def test_the_english_names_are_the_games_own() -> None:
    """In English the companion's names read as the game's narration writes them."""
    for s in K.SYMBOLS:
        assert symbol_name(s) == N.symbol(s)
        assert the_symbol(s) == of_the_symbol(s) == f"the {N.symbol(s)}"
        assert a_symbol(s) == N.card_word(s)
    for c in K.CHAMBERS:
        assert the_chamber(c) == in_the_chamber(c) == N.chamber(c)
    for suit, words in N.SUIT_WORDS.items():
        assert the_suit(suit) == f"the {words}"
    for category, words in N.HAND_WORDS.items():
        assert hand_words(category) == words
    for eid, (title, _what) in N.ORDER_WORDS.items():
        assert order_title(eid) == title
    for piece in K.CHARACTERS:
        assert piece_name(piece) == piece


def test_plurals_in_both_languages() -> None:
    from obelisk.companion.http import _minutes

    with speaking("de"):
        assert [_minutes(60), _minutes(120), _minutes(3600), _minutes(7200)] == [
            "1 Minute",
            "2 Minuten",
            "1 Stunde",
            "2 Stunden",
        ]
    assert [_minutes(60), _minutes(120), _minutes(3600)] == ["1 minute", "2 minutes", "1 hour"]


# -- the terminal ---------------------------------------------------------------------
def _shown(view: dict[str, Any], latest: dict[str, Any] | None) -> str:
    from rich.console import Console

    from obelisk.companion.khufu_screen import screen

    console = Console(record=True, width=100, color_system=None)
    console.print(screen(view, latest, None, 100))
    return console.export_text()


def test_every_terminal_screen_is_german() -> None:
    texts = []
    with speaking("de"):
        s = KhufuSession(players(), 11)
        texts.append(_shown(s.view(), s.moments[-1].to_json()))  # before the start
        texts.append(_shown({**s.view(), "held": True}, None))
        s.start()
        texts.append(_shown(s.view(), s.moments[-1].to_json()))
        s.summon(0)  # paused: Khufu's hand, the result keys
        texts.append(_shown(s.view(), s.moments[-1].to_json()))
        s.result("LOSE")
        while not s.warned:
            s.tick(60)
        texts.append(_shown(s.view(), s.moments[-1].to_json()))
        while not s.over:
            s.tick(60)
        texts.append(_shown(s.view(), s.moments[-1].to_json()))
    german(texts)
    assert "NOCH FÜNF MINUTEN" in texts[4] and "DAS SPIEL IST VORBEI" in texts[5]
    assert "█" in texts[5]  # Khufu's words in large letters, umlauts included


def _cli(*args: str) -> Any:
    from typer.testing import CliRunner

    from obelisk.cli.main import app

    return CliRunner().invoke(app, ["companion", "khufu", *args])


def test_the_terminal_game_refusals_and_replay_are_german(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a short relative name: a long temporary path would be wrapped by the terminal's width
    # (xdist's folders are longer), and a wrapped piece of it read as a sentence
    monkeypatch.chdir(tmp_path)
    rec = Path("khufu.json")
    with speaking("de"):
        refused = [_cli("-p", "Ann").output, _cli("-p", "Ann:zauberer,Bob,Cleo").output]
        played = _cli(
            "-p", "Ann:hexe:falke,Bob:zombie,Cleo", "--seed", "4", "--time-scale", "10000", "--no-speak",
            "--save", str(rec),
        )  # fmt: skip
        replayed = _cli("--replay", str(rec))
    assert played.exit_code == 0, played.output
    assert "Das Spiel ist vorbei: Khufu gewinnt." in played.output
    assert "Khufu spielen 3 bis 6 Personen" in refused[0]
    assert "„zauberer“ ist keine Spielfigur: Sag Hexe, Zombie" in refused[1]
    lines = [*played.output.splitlines(), *replayed.output.splitlines(), *refused]
    german([line for line in lines if line.strip()])
    from obelisk.companion.records import replay_companion

    with speaking("de"):
        story = replay_companion(json.loads(rec.read_text()))
    assert story is not None and story[0].startswith("Khufu (der Begleiter): Ann, Bob, Cleo;")
    german(story)


# -- refusals ---------------------------------------------------------------------------
def _refusals() -> Iterator[str]:
    """Every refusal of the session, the table, records and the stores, in order."""

    def refused(do: Any) -> str:
        with pytest.raises(Exception) as caught:
            do()
        return str(caught.value)

    s = KhufuSession(players(), 2)
    yield refused(lambda: KhufuSession(players(), -1))
    yield refused(lambda: s.tick(5))
    yield refused(lambda: s.summon())
    yield refused(lambda: s.result("WIN"))
    yield refused(lambda: s.judge([], []))
    yield refused(lambda: s.apply({"kind": "dance"}))
    yield refused(lambda: s.apply("start"))
    s.start()
    yield refused(lambda: s.start())
    yield refused(lambda: s.tick(0))
    yield refused(lambda: s.tick(10**6))
    yield refused(lambda: s.summon(9))
    yield refused(lambda: s.summon("Ann"))
    s.summon()
    yield refused(lambda: s.summon())
    yield refused(lambda: s.result("MAYBE"))
    yield refused(lambda: s.result("WIN"))
    yield refused(lambda: s.judge(["CAT"], ["CAT", "CAT"]))
    yield refused(lambda: s.judge(["CAT"] * 3, ["CAT"]))
    yield refused(lambda: s.judge(["CAT", 1, "CAT"], ["CAT", "CAT"]))
    yield refused(lambda: s.judge(["CAT", "rose", "CAT"], ["CAT", "CAT"]))
    s.result("WIN", 0)
    yield refused(lambda: s.tick(5))
    yield refused(lambda: s.summon())
    for bad in ("Ann:zauberer", "Ann:hexe:rose", "a:b:c:d"):
        yield refused(lambda bad=bad: parse_player(bad))
    import tempfile

    from obelisk.companion.khufu import WallClock, load, player_from_json

    yield refused(lambda: player_from_json("Ann"))
    yield refused(lambda: player_from_json({"name": 3}))
    yield refused(lambda: player_from_json({"name": "Ann", "piece": 3}))
    yield refused(lambda: player_from_json({"name": "Ann", "lucky": 3}))
    yield refused(lambda: KhufuSession(players()[:1], 1))
    yield refused(lambda: KhufuSession([Player(""), *players()[1:]], 1))
    yield refused(lambda: KhufuSession([Player("A" * 30), *players()[1:]], 1))
    yield refused(lambda: KhufuSession([Player("A\x07"), *players()[1:]], 1))
    yield refused(lambda: KhufuSession([Player("Ann"), Player("ann"), Player("Bob")], 1))
    yield refused(lambda: KhufuSession([Player("A", "Witch"), Player("B", "Witch")], 1))
    yield refused(lambda: KhufuSession([Player("A", None, "CAT"), Player("B", None, "CAT")], 1))
    yield refused(lambda: WallClock(0))
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "khufu.json").write_text("{kein JSON")
        yield refused(lambda: load(Path(folder) / "khufu.json"))
    yield refused(lambda: from_record([]))
    good = KhufuSession(players(), 1).record()
    yield refused(lambda: from_record({**good, "companion": "mummy"}))
    yield refused(lambda: from_record({**good, "format_version": 9}))
    yield refused(lambda: from_record({**good, "players": None}))
    yield refused(lambda: from_record({**good, "seed": None}))
    yield refused(lambda: from_record({**good, "steps": None}))
    yield refused(lambda: from_record({**good, "steps": [{"kind": "tick", "seconds": 3}]}))
    yield from _store_refusals()
    yield from _save_refusals()


def _store_refusals() -> Iterator[str]:
    from obelisk.companion.http import SessionLimits, SessionRefused, SessionStore

    now = [0.0]
    store: SessionStore[str] = SessionStore(SessionLimits(1, 1, 1.0, 60.0), lambda: now[0])
    sid, _key = store.add("game", "1.2.3.4")
    for do in (
        lambda: store.get("nothing", "k"),
        lambda: store.get(sid, None),
        lambda: store.get(sid, "wrong"),
        lambda: store.admit("1.2.3.4"),
        lambda: store.admit("5.6.7.8"),
    ):
        with pytest.raises(SessionRefused) as caught:
            do()
        yield caught.value.message
    fresh: SessionStore[str] = SessionStore(SessionLimits(8, 8, 1.0, 60.0), lambda: now[0])
    fresh.admit("1.1.1.1")
    with pytest.raises(SessionRefused) as caught:
        fresh.admit("1.1.1.1")
    yield caught.value.message


def _save_refusals() -> Iterator[str]:
    import tempfile

    from obelisk.companion.saves import SaveError, SaveSealer

    with tempfile.TemporaryDirectory() as folder:
        sealer = SaveSealer(Path(folder) / "key")
        envelope = sealer.seal("khufu", {"a": 1}, {"players": ["Ann"]})
        for bad in (
            {**envelope, "format_version": 7},
            {**envelope, "companion": "mummy"},
            {**envelope, "sealed": "AAAA"},
            {**envelope, "server": "other"},
            {**envelope, "summary": {"players": ["Eve"]}},
        ):
            with pytest.raises(SaveError) as caught:
                sealer.open("khufu", bad)
            yield str(caught.value)
        (Path(folder) / "bad").write_text("not a key")
        with pytest.raises(SaveError) as caught:
            SaveSealer(Path(folder) / "bad").key()
        yield str(caught.value)


def test_every_refusal_is_german() -> None:
    with speaking("en"):
        english = list(_refusals())
    with speaking("de"):
        refusals = list(_refusals())
    assert len(refusals) == len(english) > 50
    assert len(set(refusals)) > 40
    german(refusals)
    assert refusals[0] == "Der Startwert muss eine ganze Zahl sein, 0 oder mehr"


def test_speech_notices_and_errors_are_german(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(speech, "espeak", lambda: None)
    with speaking("de"):
        notice = speech.Speaker(speak=True).notice
        with pytest.raises(speech.SpeechError) as caught:
            speech.render("Hallo")
    assert notice == "espeak-ng ist nicht installiert: Khufus Sätze erscheinen nur als Text."
    german([str(notice), str(caught.value)])


# -- the voice --------------------------------------------------------------------------
def test_the_espeak_command_uses_the_german_voice_for_german(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import subprocess

    monkeypatch.setattr(speech, "espeak", lambda: "/usr/bin/espeak-ng")
    ran: list[list[str]] = []

    def run(cmd: list[str], **_: Any) -> Any:
        ran.append(cmd)
        return subprocess.CompletedProcess(cmd, 0, b"RIFF\0\0\0\0WAVEdata\0\0\0\0", b"")

    monkeypatch.setattr(speech.subprocess, "run", run)
    with speaking("de"):
        speech.render("Halt! Dein Zug ist vorbei.")  # the reader's language
    speech.render("Halt! Dein Zug ist vorbei.", "de")  # the line's own language
    speech.render("Stop! Your turn is over.")
    voices = [cmd[cmd.index("-v") + 1] for cmd in ran]
    assert voices == ["de+m3", "de+m3", speech.VOICE]
    assert ran[0][ran[0].index("-s") + 1] == str(speech.VOICES["de"].speed)
    with speaking("de"):
        s = KhufuSession(players(), 3)
    assert s.moments[0].lang == "de"  # the terminal says each line in its own voice
    assert KhufuSession(players(), 3).moments[0].lang == "en"


# -- the page's API ---------------------------------------------------------------------
@pytest.fixture
def api() -> Any:
    from fastapi import FastAPI
    from fastapi.testclient import TestClient

    from obelisk.companion import web_khufu
    from obelisk.companion.http import SessionStore

    app = FastAPI()
    web = Path(web_khufu.__file__).resolve().parent.parent / "web"
    web_khufu.register(app, web, sessions=SessionStore())
    with TestClient(app) as client:
        yield client


def test_the_api_speaks_the_pages_language(api: Any) -> None:
    de = {"Accept-Language": "de"}
    url = "/api/companion/khufu/sessions"
    refusals = [
        api.post(url, json={"players": [{"name": "Ann"}]}, headers=de).json()["message"],
        api.post(url, json={"players": "Ann"}, headers=de).json()["message"],
        api.post(url, content=b"[1]", headers=de).json()["message"],
    ]
    body = {"players": [{"name": n, "lucky": "FALCON" if n == "Ann" else None} for n in NAMES]}
    made = api.post(url, json={**body, "seed": 9}, headers=de).json()
    sid, key = made["id"], made["key"]
    intro = made["view"]["moments"][0]
    assert intro["lang"] == "de" and intro["title"].endswith("ist Khufus Glückspilz")
    refusals.append(api.get(f"{url}/{sid}", headers=de).json()["message"])  # no key
    refusals.append(
        api.post(f"{url}/{sid}/summon", headers={**de, "X-Session-Key": key}).json()["message"]
    )
    refusals.append(
        api.post(f"{url}/{sid}/dance", headers={**de, "X-Session-Key": key}).json()["message"]
    )
    german(refusals)
    assert refusals[0].startswith("Khufu spielen 3 bis 6 Personen")
    started = api.post(f"{url}/{sid}/start", headers={**de, "X-Session-Key": key}).json()
    german([w for m in started["moments"] for w in (m["title"], m["speech"])])
    assert started["sarcophagus_words"] == "der Königskammer"
    # the page changes its language mid-game: the same game, its lines said again in English
    again = api.get(f"{url}/{sid}", headers={"Accept-Language": "en", "X-Session-Key": key})
    moments = again.json()["moments"]
    assert [m["lang"] for m in moments] == ["en", "en"]
    assert moments[1]["speech"].startswith("The countdown has begun")


def test_the_page_gets_the_companions_words() -> None:
    from obelisk.core.i18n import catalog_json
    from obelisk.server.languages import web_packages

    words = catalog_json(web_packages(), "de")["messages"]
    assert isinstance(words, dict)
    assert words["Summon Khufu"] == "Khufu rufen"
    assert words["symbol\x04Eye of Horus"] == "Horusauge"


# -- the page in Chromium -----------------------------------------------------------------
SERVER = Path(__file__).resolve().parent.parent / "server"


@pytest.fixture(scope="module")
def kserver(tmp_path_factory: pytest.TempPathFactory) -> Any:
    sys.path.insert(0, str(SERVER))
    from server_helpers import ServerProc

    folder = Path(tmp_path_factory.mktemp("khufude"))
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("OBELISK_DATA_DIR", str(folder))
        proc = ServerProc(str(folder / "rooms.sqlite3"), "--rate", "600", "--room-rate", "0")
        proc.start(timeout=60)
    yield proc
    proc.stop()


#: The browser's voices, as a browser with an English and a German voice offers them; the
#: page's lines are recorded instead of spoken.
BROWSER_VOICES = """
window.__spoken = [];
const voices = [
  { name: "Daniel (English)", lang: "en-GB", localService: true },
  { name: "Anna (Deutsch)", lang: "de-DE", localService: true },
];
window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
Object.defineProperty(window, "speechSynthesis", { value: {
  cancel() {}, getVoices() { return voices; },
  speak(u) { window.__spoken.push({ text: u.text, lang: u.lang, voice: u.voice && u.voice.name }); },
} });
"""


def test_the_page_in_german(kserver: Any) -> None:
    from browser_fixtures import CHROMIUM, chromium, screenshot_folder

    if CHROMIUM is None:
        pytest.skip("Debian's chromium is missing")
    shot = screenshot_folder()  # OBELISK_SCREENSHOTS=docs/screenshots refreshes the docs' one
    with chromium() as browser:
        ctx = browser.new_context(
            viewport={"width": 390, "height": 844},
            locale="de-DE",
            extra_http_headers={"Accept-Language": "de"},
            reduced_motion="reduce",
        )
        ctx.add_init_script(BROWSER_VOICES)
        page = ctx.new_page()
        page.set_default_timeout(20000)
        # no audio from the server: the browser's own voice says Khufu's lines
        page.route("**/audio/**", lambda route: route.fulfill(status=503, body="{}"))
        page.goto(kserver.http + "/companion/khufu?scale=30")
        page.wait_for_function("document.documentElement.lang === 'de'")
        page.wait_for_selector("#lang:not([hidden])")
        setup = page.inner_text("body")
        assert "Khufu, ohne DVD" in setup and "Spieler hinzufügen" in setup
        for i, name in enumerate(NAMES[:3]):
            page.fill(f".player-row:nth-child({i + 1}) .p-name", name)
        page.select_option(".player-row:nth-child(1) .p-lucky", "FALCON")
        page.select_option(".player-row:nth-child(1) .p-piece", "Witch")
        page.evaluate("document.querySelector('details').open = true")
        page.fill("#seed", "23")
        texts = [setup, page.inner_text("body")]
        page.click("[data-action=create]")
        page.wait_for_selector("#moment.kind-intro:not([hidden])")
        texts.append(page.inner_text("body"))
        page.wait_for_function("window.__spoken.length > 0")
        said = page.evaluate("window.__spoken[0]")
        assert said["lang"] == "de-DE" and said["voice"] == "Anna (Deutsch)", said
        assert said["text"].startswith("Ich bin Khufu, und ihr seid in meiner Pyramide")
        page.click("#moment [data-action=start]")
        page.wait_for_function("window.__khufu.seen.some((s) => s.startsWith('order: '))")
        page.wait_for_selector("#moment.kind-order:not([hidden])")
        texts.append(page.inner_text("body"))
        assert "Khufu erscheint: Haltet inne und hört zu" in texts[-1]
        page.screenshot(path=str(shot / "khufu-companion-de-390.png"))
        page.click("#moment [data-action='carry on']")
        page.click("#summon")
        page.wait_for_selector("#moment.kind-challenge:not([hidden]) .kcard")
        page.evaluate("document.querySelector('.judge').open = true")
        texts.append(page.inner_text("body"))
        assert "Wer hat die Große Herausforderung gewonnen?" in texts[-1]
        assert page.evaluate("document.title") == "Khufu: der Countdown für das echte Spielbrett"
        ctx.close()
    german(texts)


def test_the_terminal_commands_help_is_german() -> None:
    import typer

    from obelisk.cli import language
    from obelisk.cli.main import app

    with speaking("de"):
        command = typer.main.get_command(app)
        language.translate_commands(command)
        khufu = command.commands["companion"].commands["khufu"]  # type: ignore[attr-defined]
        texts = [khufu.help, *(p.help for p in khufu.params if p.help)]
    assert texts[0].startswith("Khufus DVD für das echte Spielbrett")
    assert len(texts) == 10  # the help and nine options
    german(texts)


def test_the_terminal_set_up_asks_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    from obelisk.companion import cli_khufu

    asked: list[str] = []
    answers = iter(["7", "3", "Ann", "zauberer", "hexe", "falke", "Bob", "", "", "Cleo", "", ""])

    def prompt(question: str, **_: Any) -> Any:
        asked.append(question)
        answer = next(answers)
        return int(answer) if question.startswith("Wie viele") else answer

    monkeypatch.setattr(cli_khufu.typer, "prompt", prompt)
    console = Console(record=True, width=100, color_system=None)
    with speaking("de"):
        table = cli_khufu._setup_players(console)
    said = console.export_text().splitlines()
    assert [p.piece for p in table] == ["Witch", None, None]
    assert table[0].lucky == "FALCON"
    assert asked[:4] == [
        "Wie viele Spieler (3 bis 6)",
        "Wie viele Spieler (3 bis 6)",
        "Name von Spieler 1",
        "  die Spielfigur (Hexe, Zombie, …; Enter: keine Angabe)",
    ]
    german(asked + said)
