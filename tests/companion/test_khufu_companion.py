"""Khufu's DVD replacement: the countdown, the engine Director's orders, speech, the faces."""

from __future__ import annotations

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
from obelisk.games.khufu import components as K
from obelisk.games.khufu import rules as R
from obelisk.games.khufu.actions import Tick
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


def engine_orders(seed: int, n: int) -> tuple[Any, list[tuple[int, str]]]:
    """A real-time engine game of random moves; Khufu's orders as (game clock, id).

    Wall time is fed as Ticks while a turn's decision waits (khufu:14.3), each one
    reaching at most the Director's due time, so an order fires exactly when due; the
    orders that need answers (the mummy call, the pickpocket) are answered at once.
    """
    st: Any = KhufuGame().new_state(n, seed, {"clock": "realtime", "pieces": "seat_order"})
    rng = random.Random(seed)
    fired: list[tuple[int, str]] = []
    while not st.is_terminal():
        d = st.dec
        if d and d[0] in R.TURN_DECISIONS and not st.in_event and not st.in_challenge:
            step = min(10, max(1, st.next_due - st.elapsed))
            before, at = len(st.events), st.elapsed + step
            st.apply_system(Tick(step))
            for ev in list(st.events)[before:]:
                if ev.kind == "khufu" and ev.data.get("event") in K.EVENT_IDS:
                    fired.append((at, ev.data["event"]))
            if st.is_terminal() or st.dec is None:
                continue
        st.apply(rng.choice(st.legal_actions()))
    return st, fired


# -- the Director ------------------------------------------------------------------
@pytest.mark.rules("khufu:14.10", "khufu:14.2", "khufu:4.7")
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_orders_are_the_engine_directors_for_the_same_seed(n: int) -> None:
    sands = 0
    for seed in range(12):
        _, fired = engine_orders(seed, n)
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
        assert s.elapsed == min(ran + lost, s.elapsed) and (s.over or s.elapsed == ran + lost)
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


def test_the_view_never_shows_the_directors_future() -> None:
    s = KhufuSession(table(4), 3)
    s.start()
    s.tick(100)
    text = json.dumps(s.view())
    assert "next_due" not in text and str(s.next_due) not in text.split('"elapsed"')[0]
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


def test_the_terminal_refuses_bad_players() -> None:
    cmd = [sys.executable, "-m", "obelisk.cli.main", "companion", "khufu", "-p", "Ann"]
    done = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
    assert done.returncode == 2 and b"3 to 6 players" in done.stderr


@pytest.mark.skipif(not HAS_ESPEAK, reason="espeak-ng is not installed (.ci/run installs it)")
def test_the_terminal_resumes_a_saved_game(tmp_path: Path) -> None:
    s = KhufuSession(table(3), 4)
    s.start()
    s.tick(2500)
    rec = tmp_path / "k.json"
    s.save(rec)
    cmd = [sys.executable, "-m", "obelisk.cli.main", "companion", "khufu", "--resume", str(rec)]
    cmd += ["--time-scale", "600", "--no-speak"]
    done = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode()
    end = from_record(json.loads(rec.read_text()))
    assert end.over and end.orders() == played(4, 3).orders()
