"""Khufu's atmosphere, made by the project (issue 36 item 5, first part): music and sounds
synthesised with numpy (nothing recorded or copied), mixed under Khufu's voice with
ducking, and measured.

* :func:`bed` — the music under the game: a low drone (two detuned fifths with a slow
  swell), a frame drum every two seconds, and in the last five minutes a clock tick whose
  interval shrinks from one second to a quarter of a second;
* :func:`sting` — a sound for Khufu's arrival, the Challenge and the end (a bell chord
  rising, a drum roll, a falling gong);
* :func:`mix` — speech laid over the bed at given times, the bed ducked by ``duck_db``
  while a line is spoken (20 ms attack, 300 ms release);
* :func:`rms_db` — a level as RMS in dBFS (the mix's loudness is measured in LUFS, with
  pyloudnorm, by tests/companion/khufu_mix.py).

All of it is mono float32 at :data:`RATE`; :func:`to_wav` writes 16-bit PCM. numpy is an
optional dependency (``pip install obelisk[sound]``). The page plays the bed in parts
(``web_khufu``), the terminal mixes it live with the voice (:mod:`khufu_music`); a part
rendered after another joins it seamlessly.
"""

from __future__ import annotations

import io
import math
import wave
from typing import Any

RATE = 22050
#: The last minutes in which the clock ticks, faster and faster.
TICK_FROM = 5 * 60


def _np() -> Any:
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - the extra is installed in development
        raise RuntimeError("Khufu's music needs numpy: pip install obelisk[sound]") from None
    return np


def _t(seconds: float) -> Any:
    np = _np()
    return np.arange(int(seconds * RATE), dtype=np.float32) / RATE


def drum(level: float = 0.5) -> Any:
    """One frame-drum hit: a thump whose pitch falls from 110 to 55 Hz, 0.4 s."""
    np = _np()
    t = _t(0.4)
    freq = 55.0 + 55.0 * np.exp(-t * 18.0)
    phase = 2 * math.pi * np.cumsum(freq) / RATE
    return (level * np.sin(phase) * np.exp(-t * 9.0)).astype(np.float32)


def tick(level: float = 0.35) -> Any:
    """One clock tick: 12 ms of a 2.4 kHz ping."""
    np = _np()
    t = _t(0.012)
    return (level * np.sin(2 * math.pi * 2400.0 * t) * np.exp(-t * 400.0)).astype(np.float32)


def _place(out: Any, sound: Any, at: float) -> None:
    """Add ``sound`` into ``out`` from second ``at`` (before 0: only the part inside)."""
    i = round(at * RATE)
    if i < 0:
        sound, i = sound[-i:], 0
    if i >= len(out):
        return
    n = min(len(sound), len(out) - i)
    if n > 0:
        out[i : i + n] += sound[:n]


def bed(start: float, seconds: float, countdown: float = 45 * 60) -> Any:
    """The music from game second ``start`` for ``seconds``: drone, drums and (in the last
    five minutes of ``countdown``) the ticking that speeds up."""
    np = _np()
    t = np.arange(int(seconds * RATE), dtype=np.float64) / RATE + start  # float64: no jitter
    swell = 0.55 + 0.45 * np.sin(2 * math.pi * t / 23.0)
    drone = (
        0.05
        * swell
        * (
            np.sin(2 * math.pi * 55.0 * t)
            + 0.7 * np.sin(2 * math.pi * 82.6 * t)
            + 0.35 * np.sin(2 * math.pi * 110.4 * t)
        )
    )
    out = drone.astype(np.float32)
    hit = drum(0.3)
    # a hit or tick that began before ``start`` rings on into it: parts join seamlessly
    k = max(0.0, math.ceil((start - len(hit) / RATE) / 2.0) * 2.0)
    while k < start + seconds:
        _place(out, hit * (1.0 if round(k / 2) % 4 == 0 else 0.6), k - start)
        k += 2.0
    ping = tick()
    ring = len(ping) / RATE
    for at in tick_times(max(0.0, start - ring), seconds + ring, countdown):
        _place(out, ping, at - start)
    return out


def tick_times(start: float, seconds: float, countdown: float = 45 * 60) -> list[float]:
    """The game seconds of the clock's ticks from ``start`` for ``seconds``: none before
    the last five minutes, then one a second, faster and faster, four a second at the end."""
    out = []
    at = countdown - TICK_FROM
    while at < min(start + seconds, countdown):
        if at >= start:
            out.append(at)
        at += 0.25 + 0.75 * (countdown - at) / TICK_FROM  # 1 s at five minutes, 0.25 s at 0
    return out


def sting(kind: str) -> Any:
    """Khufu's ``arrival``, the ``challenge`` or the ``end`` (1.5-3 s)."""
    np = _np()
    if kind == "arrival":  # a bell chord rising
        t = _t(2.5)
        out = sum(
            np.sin(2 * math.pi * f * t) * np.exp(-t * 1.6) * (t >= d)
            for f, d in ((220.0, 0.0), (277.2, 0.15), (329.6, 0.3), (440.0, 0.45))
        )
        return (0.18 * out).astype(np.float32)
    if kind == "challenge":  # a drum roll that grows
        out = np.zeros(int(1.6 * RATE), dtype=np.float32)
        for i in range(16):
            _place(out, drum(0.075 + 0.015 * i), i * 0.09)  # about -21 LUFS, as the others
        return out
    if kind == "end":  # a falling gong
        t = _t(3.0)
        freq = 180.0 - 40.0 * t / 3.0
        phase = 2 * math.pi * np.cumsum(freq) / RATE
        out = np.sin(phase) + 0.5 * np.sin(2.76 * phase) + 0.25 * np.sin(5.4 * phase)
        return (0.25 * out * np.exp(-t * 1.1)).astype(np.float32)
    raise ValueError(f"no sting '{kind}': arrival, challenge or end")


def duck_envelope(
    length: int, spans: list[tuple[int, int]], duck_db: float, offset: int = 0
) -> Any:
    """A gain per sample for samples ``offset`` to ``offset + length``: 1, and ``duck_db``
    under each (start, end) span (sample numbers on the same count as ``offset``), with a
    20 ms attack before and a 300 ms release after; a stream's parts join seamlessly."""
    np = _np()
    low = 10 ** (duck_db / 20.0)
    at = np.arange(offset, offset + length, dtype=np.float64)
    gain = np.ones(length, dtype=np.float32)
    attack, release = int(0.02 * RATE), int(0.3 * RATE)
    for a, b in spans:
        if b + release <= offset or a - attack >= offset + length:
            continue
        ramp = np.interp(at, [a - attack, a, b, b + release], [1.0, low, low, 1.0])
        gain = np.minimum(gain, ramp.astype(np.float32))
    return gain


def mix(music: Any, voices: list[tuple[float, Any]], duck_db: float = -12.0) -> Any:
    """``voices`` (second, samples) laid over ``music``, which is ducked under each."""
    np = _np()
    spans = [(int(at * RATE), int(at * RATE) + len(v)) for at, v in voices]
    out = music * duck_envelope(len(music), spans, duck_db)
    for at, v in voices:
        _place(out, v, at)
    return np.clip(out, -1.0, 1.0).astype(np.float32)


def from_wav(data: bytes) -> Any:
    """A WAV file's samples (16-bit mono, as espeak-ng writes) at :data:`RATE`."""
    np = _np()
    with wave.open(io.BytesIO(data)) as w:
        rate = w.getframerate()
        raw = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float32)
    samples = raw / 32768.0
    if rate != RATE:  # espeak-ng writes 22050 Hz; anything else is resampled linearly
        n = int(len(samples) * RATE / rate)
        samples = np.interp(np.arange(n) * rate / RATE, np.arange(len(samples)), samples)
    return samples.astype(np.float32)


def to_wav(samples: Any) -> bytes:
    """16-bit mono PCM WAV bytes."""
    np = _np()
    pcm = (np.clip(samples, -1.0, 1.0) * 32767).astype("<i2")
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()


def rms_db(samples: Any) -> float:
    """Loudness as RMS in dBFS (-inf for silence)."""
    np = _np()
    if len(samples) == 0:
        return -math.inf
    rms = float(np.sqrt(np.mean(np.square(samples, dtype=np.float64))))
    return 20 * math.log10(rms) if rms > 0 else -math.inf


__all__ = [
    "RATE",
    "bed",
    "drum",
    "duck_envelope",
    "from_wav",
    "mix",
    "rms_db",
    "sting",
    "tick",
    "tick_times",
    "to_wav",
]
