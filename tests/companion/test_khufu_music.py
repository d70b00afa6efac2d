"""Khufu's music in the terminal (issue 36): the bed, the stings and the voice mixed live,
the music ducked under the voice, played from a thread through a player that records
(no audio device in CI), stopped cleanly on quit, at the end and on Ctrl-C."""

from __future__ import annotations

import contextlib
import io
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from obelisk.companion import cli_khufu, khufu_music, speech  # noqa: E402
from obelisk.companion import khufu_sound as S  # noqa: E402
from obelisk.companion.khufu import KhufuSession, Player, WallClock  # noqa: E402
from obelisk.companion.khufu_music import LiveMix, MusicPlayer  # noqa: E402

PART = int(0.1 * S.RATE)


class FakeOut:
    """An output that keeps what it was given to play."""

    def __init__(self, fail_after: int | None = None) -> None:
        self.data = bytearray()
        self.writes = 0
        self.closed = False
        self.fail_after = fail_after

    def write(self, pcm: bytes) -> None:
        if self.fail_after is not None and self.writes >= self.fail_after:
            raise BrokenPipeError("the player has gone")
        self.writes += 1
        self.data += pcm

    def close(self) -> None:
        self.closed = True

    def samples(self) -> Any:
        return np.frombuffer(bytes(self.data), dtype="<i2").astype(np.float32) / 32767


def _voice(seconds: float = 2.0) -> Any:
    t = np.arange(int(seconds * S.RATE)) / S.RATE
    return (0.3 * np.sin(2 * math.pi * 200 * t)).astype(np.float32)


def _rendered(mix: LiveMix, seconds: float, part: int) -> Any:
    n = int(seconds * S.RATE)
    return np.concatenate([mix.render(part) for _ in range(n // part)])


def test_the_live_mix_joins_its_parts_seamlessly():
    mixes = [LiveMix(), LiveMix()]
    for mix in mixes:
        mix.clock(200, running=True)  # in the last five minutes: the clock ticks
        mix.sting("arrival")
        mix.voice(_voice())
    small, whole = _rendered(mixes[0], 6, PART), _rendered(mixes[1], 6, 6 * S.RATE)
    assert np.allclose(small, whole, atol=1e-5)


def test_the_music_ducks_under_the_voice_and_the_voice_waits_for_the_sting():
    plain, mixed = LiveMix(), LiveMix()
    mixed.sting("arrival")
    mixed.voice(_voice())
    plain.sting("arrival")
    a, b = _rendered(plain, 6, PART), _rendered(mixed, 6, PART)
    lead = int(khufu_music.STING_LEAD * len(S.sting("arrival")))
    assert np.allclose(a[: lead - int(0.03 * S.RATE)], b[: lead - int(0.03 * S.RATE)])
    under = slice(lead + S.RATE // 2, lead + 3 * S.RATE // 2)
    voice = _voice()[S.RATE // 2 : 3 * S.RATE // 2]
    assert S.rms_db(b[under] - voice) == pytest.approx(
        S.rms_db(a[under]) + khufu_music.DUCK_DB, abs=0.5
    )


def test_the_clock_ticks_only_while_the_countdown_runs_in_its_last_minutes():
    def high(mix: LiveMix) -> float:
        x = _rendered(mix, 4, PART)
        return float(np.abs(np.fft.rfft(x))[2300 * 4 : 2500 * 4].sum())

    early, late, paused = LiveMix(), LiveMix(), LiveMix()
    early.clock(30 * 60, running=True)
    late.clock(60, running=True)
    paused.clock(60, running=False)
    before, last, held = high(early), high(late), high(paused)
    assert last > 20 * before
    assert held == pytest.approx(before, rel=0.01)


def test_the_player_writes_ahead_of_the_clock_and_says_lines_through_the_mix(monkeypatch):
    """A fake clock 40 times faster than the wall: about 2 s of music in 50 ms."""
    out = FakeOut()
    start = time.monotonic()
    player = MusicPlayer(out, clock=lambda: 40 * (time.monotonic() - start))
    monkeypatch.setattr(speech, "espeak", lambda: "/usr/bin/espeak-ng")
    monkeypatch.setattr(speech, "render", lambda text, *a: S.to_wav(_voice(0.5)))
    speaker = speech.Speaker(speak=True, out=player)
    assert speaker.library is player and speaker.player is None and speaker.notice is None
    player.start()
    speaker.say("Stop!")
    speaker.say("Khufu speaks.")
    assert player.busy and len(speaker._queue) == 1  # the second line waits its turn
    speaker.close(wait=5)  # both lines said (0.5 s each, 0.4 s between)
    assert not player.busy
    player.close()
    assert out.closed and not player.running and player.failed is None
    heard = out.samples()
    assert len(heard) >= 1.4 * S.RATE
    assert S.rms_db(heard) > -30  # music and two lines, not silence


def test_a_player_that_fails_ends_the_music_not_the_game():
    out = FakeOut(fail_after=3)
    player = MusicPlayer(out, clock=lambda: 1e9)  # always behind: writes at once
    player.start()
    deadline = time.monotonic() + 5
    while player.running and time.monotonic() < deadline:
        time.sleep(0.01)
    assert isinstance(player.failed, BrokenPipeError) and not player.running
    player.play(S.to_wav(_voice(0.2)))
    assert not player.busy  # nothing waits for a player that has stopped
    player.close()


def test_when_the_music_fails_khufu_speaks_without_it(monkeypatch):
    played: list[bytes] = []

    class Direct:
        busy = False

        def play(self, data: bytes) -> None:
            played.append(data)

    failed = MusicPlayer(FakeOut())
    failed.failed = BrokenPipeError("the player has gone")
    monkeypatch.setattr(speech, "espeak", lambda: "/usr/bin/espeak-ng")
    monkeypatch.setattr(speech, "render", lambda text, *a: S.to_wav(_voice(0.1)))
    monkeypatch.setattr(speech, "audio_player", lambda: None)
    monkeypatch.setattr(speech, "library_player", Direct)
    speaker = speech.Speaker(speak=True, out=failed)
    speaker.say("Stop!")
    assert len(played) == 1 and isinstance(speaker.library, Direct)


def test_the_raw_stream_goes_to_aplay_or_paplay(monkeypatch, tmp_path):
    got = tmp_path / "got.raw"
    keep = "import sys; open(sys.argv[1], 'wb').write(sys.stdin.buffer.read())"
    out = khufu_music.PipeOut([sys.executable, "-c", keep, str(got)])
    out.write(b"\x01\x02" * 100)
    out.close()
    assert got.read_bytes() == b"\x01\x02" * 100
    monkeypatch.setattr(khufu_music.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert khufu_music.pipe_command()[1:] == ["-q", "-t", "raw", "-f", "S16_LE", "-r", "22050", "-c", "1"]  # fmt: skip
    monkeypatch.setattr(khufu_music.shutil, "which", lambda name: None)
    monkeypatch.setitem(sys.modules, "sounddevice", None)  # no library either: no music
    assert khufu_music.terminal_music() is None


def _fake_music(monkeypatch: Any) -> tuple[FakeOut, list[str], list[MusicPlayer]]:
    """``terminal_music`` gives a player with a recording output; the stings are noted."""
    out, stings, made = FakeOut(), [], []
    start = time.monotonic()

    def music() -> MusicPlayer:
        player = MusicPlayer(out, clock=lambda: 40 * (time.monotonic() - start))
        real = player.mix.sting
        player.mix.sting = lambda kind: (stings.append(kind), real(kind))[1]  # type: ignore[method-assign]
        player.start()
        made.append(player)
        return player

    monkeypatch.setattr(khufu_music, "terminal_music", music)
    monkeypatch.setattr(speech, "espeak", lambda: "/usr/bin/espeak-ng")
    monkeypatch.setattr(speech, "render", lambda text, *a: S.to_wav(_voice(0.1)))
    monkeypatch.setattr(cli_khufu, "FADE", 0.05)
    monkeypatch.setattr(khufu_music, "STING_LEAD", 0.05)  # lines follow each other sooner
    monkeypatch.setattr(khufu_music, "GAP", 0.05)
    return out, stings, made


def test_the_terminal_companion_plays_its_music_to_the_end(monkeypatch, tmp_path):
    from typer.testing import CliRunner

    from obelisk.cli.main import app

    out, stings, made = _fake_music(monkeypatch)
    rec = tmp_path / "k.json"
    args = ["companion", "khufu", "-p", "Ann,Bob,Cleo", "--seed", "4", "--time-scale", "10000"]
    done = CliRunner().invoke(app, [*args, "--save", str(rec)])
    assert done.exit_code == 0, done.output
    said = json.loads(rec.read_text())
    assert said["result"] == {"winner": None, "khufu_wins": True}
    assert stings[0] == "arrival" and stings[-1] == "end" and stings.count("arrival") >= 10
    assert out.closed and out.data and not made[0].running


def test_no_music_plays_none(monkeypatch, tmp_path):
    from typer.testing import CliRunner

    from obelisk.cli.main import app

    _out, _stings, made = _fake_music(monkeypatch)
    args = ["companion", "khufu", "-p", "Ann,Bob,Cleo", "--time-scale", "10000"]
    for off in ("--no-music", "--no-speak"):
        done = CliRunner().invoke(app, [*args, off, "--save", str(tmp_path / "k.json")])
        assert done.exit_code == 0, done.output
    assert made == []


@pytest.mark.parametrize("how", ["quit", "ctrl-c"])
def test_quitting_stops_the_music_at_once(monkeypatch, tmp_path, how):
    from rich.console import Console

    out, _stings, _made = _fake_music(monkeypatch)
    player = khufu_music.terminal_music()
    s = KhufuSession([Player(n) for n in ("Ann", "Bob", "Cleo")], 4)
    s.start()
    frames = iter(["", "", "q"])

    def key() -> str:
        k = next(frames, "q")
        if k == "q" and how == "ctrl-c":
            raise KeyboardInterrupt
        return k

    @contextlib.contextmanager
    def fake_keys() -> Any:
        yield key

    monkeypatch.setattr(cli_khufu, "_keys", fake_keys)
    console = Console(file=io.StringIO(), force_terminal=False)
    speaker = speech.Speaker(speak=True, out=player)
    began = time.monotonic()

    def run() -> None:
        path = Path(tmp_path / "k.json")
        cli_khufu._run(s, WallClock(1.0), speaker, console, path, keep=False, music=player)

    if how == "ctrl-c":
        with pytest.raises(KeyboardInterrupt):
            run()
    else:
        run()
    assert out.closed and not player.running
    assert time.monotonic() - began < 2.0


def test_without_a_player_the_notice_names_the_extra_to_install(monkeypatch, tmp_path):
    """The notice's ``obelisk[sound]`` is printed as written (not read as console markup,
    which swallowed ``[sound]``)."""
    from typer.testing import CliRunner

    from obelisk.cli.main import app

    monkeypatch.setattr(speech, "espeak", lambda: "/usr/bin/espeak-ng")
    monkeypatch.setattr(speech, "audio_player", lambda: None)
    monkeypatch.setattr(speech, "library_player", lambda: None)
    args = ["companion", "khufu", "-p", "Ann,Bob,Cleo", "--time-scale", "10000", "--no-music"]
    done = CliRunner().invoke(app, [*args, "--save", str(tmp_path / "k.json")])
    assert done.exit_code == 0, done.output
    assert "pip install obelisk[sound])" in " ".join(done.output.split()), done.output
