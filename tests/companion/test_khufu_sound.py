"""Khufu's atmosphere (issue 36 item 5): the project's own music and sounds, the ticking of
the last five minutes, the ducking under the voice, several phrasings of an order."""

from __future__ import annotations

import itertools
import math

import pytest

from obelisk.companion import khufu_sound as S
from obelisk.companion.khufu import KhufuSession, Player
from obelisk.companion.khufu_orders import STOPS

np = pytest.importorskip("numpy")


def test_the_clock_ticks_only_in_the_last_five_minutes_and_ever_faster():
    assert S.tick_times(0, 40 * 60) == []
    ticks = S.tick_times(40 * 60, 5 * 60)
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    assert ticks[0] == 40 * 60 and gaps[0] == pytest.approx(1.0, abs=0.01)
    assert gaps[-1] == pytest.approx(0.25, abs=0.01)
    assert all(b <= a + 1e-9 for a, b in itertools.pairwise(gaps))  # never slower
    assert 500 < len(ticks) < 700


def test_the_bed_is_a_drone_with_drums_and_louder_ticking_at_the_end():
    early, late = S.bed(60, 10), S.bed(45 * 60 - 10, 10)
    assert len(early) == len(late) == 10 * S.RATE
    assert -40 < S.rms_db(early) < -15  # a bed under a voice, not silence, not a wall
    high = [np.abs(np.fft.rfft(x))[(2300 * 10) : (2500 * 10)].sum() for x in (early, late)]
    assert high[1] > 20 * high[0]  # the 2.4 kHz ticks are there only at the end


def test_the_music_ducks_under_the_voice():
    music = S.bed(0, 6)
    voice = (0.3 * np.sin(2 * math.pi * 200 * np.arange(2 * S.RATE) / S.RATE)).astype(np.float32)
    mixed = S.mix(music, [(2.0, voice)], duck_db=-12.0)
    under = (
        mixed[int(2.5 * S.RATE) : int(3.5 * S.RATE)] - voice[int(0.5 * S.RATE) : int(1.5 * S.RATE)]
    )
    before = music[int(2.5 * S.RATE) : int(3.5 * S.RATE)]
    assert S.rms_db(under) == pytest.approx(S.rms_db(before) - 12.0, abs=0.5)
    assert np.allclose(mixed[: int(1.9 * S.RATE)], music[: int(1.9 * S.RATE)])  # untouched


def test_three_stings_and_a_wav():
    sounds = {k: S.sting(k) for k in ("arrival", "challenge", "end")}
    assert all(1.5 * S.RATE <= len(v) <= 3 * S.RATE for v in sounds.values())
    assert len({round(S.rms_db(v), 1) for v in sounds.values()}) == 3
    wav = S.to_wav(sounds["end"])
    assert wav[:4] == b"RIFF" and len(S.from_wav(wav)) == len(sounds["end"])
    with pytest.raises(ValueError, match="arrival, challenge or end"):
        S.sting("fanfare")


def test_a_repeated_order_is_said_otherwise():
    s = KhufuSession([Player(n) for n in ("Ann", "Bob", "Cleo")], 5)
    said = s.start()
    for _ in range(45 * 60):
        said += s.tick(1)
    openers = [m.speech for m in said if m.kind == "order"]
    assert len(openers) >= 10
    starts = [next(p for p in STOPS if o.startswith(p)) for o in openers]
    assert all(a != b for a, b in itertools.pairwise(starts))
    assert len(set(starts)) >= 4


class FakeSoundDevice:
    """A stand-in for the sounddevice library: records what it was asked to play."""

    def __init__(self) -> None:
        self.played: list[tuple[int, int]] = []
        self.active = False

    def play(self, samples: object, rate: int) -> None:
        self.played.append((len(samples), rate))  # type: ignore[arg-type]
        self.active = True

    def get_stream(self) -> FakeSoundDevice:
        return self

    def stop(self) -> None:
        self.active = False


def test_without_aplay_the_terminal_plays_through_the_library(monkeypatch, tmp_path):
    """Issue 36 item 5: where no aplay/paplay exists (a Mac), Khufu speaks through the
    Python library sounddevice (an optional extra), one line after the other."""
    import sys

    from obelisk.companion import speech

    fake = FakeSoundDevice()
    monkeypatch.setitem(sys.modules, "sounddevice", fake)
    monkeypatch.setattr(speech, "audio_player", lambda: None)
    monkeypatch.setattr(speech, "espeak", lambda: "/usr/bin/espeak-ng")
    monkeypatch.setattr(speech, "render", lambda text, *a: S.to_wav(S.tick()))
    sp = speech.Speaker(speak=True)
    assert sp.notice is None and sp.library is not None
    sp.say("Stop!")
    sp.say("Khufu speaks.")
    assert len(fake.played) == 1  # the second line waits for the first
    fake.active = False
    sp.pump()
    assert len(fake.played) == 2 and fake.played[0][1] == S.RATE
    sp.close(wait=0)
    assert not fake.active
