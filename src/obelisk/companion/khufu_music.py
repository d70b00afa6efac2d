"""Khufu's music in the terminal (issue 36): the bed of :mod:`khufu_sound` (drone, drums,
the ticking that speeds up in the last five minutes), the stings and Khufu's voice, mixed
live and played as one stream, the music ducked while he speaks.

* :class:`LiveMix` renders the stream part by part (each part joins the last seamlessly):
  the bed follows the countdown it is told (:meth:`LiveMix.clock`), a sting starts at
  once, a voice after the sting's first part and after the voice before it;
* :class:`MusicPlayer` writes the mix a little ahead of the wall clock to an output, from
  a thread of its own, so it never blocks the keys; it plays a WAV line as
  :class:`obelisk.companion.audio_out.LibraryPlayer` does (``play``, ``busy``, ``stop``),
  so :class:`obelisk.companion.speech.Speaker` speaks through it;
* the outputs: ``aplay``/``paplay`` reading raw samples on stdin (:class:`PipeOut`), else
  the Python library ``sounddevice`` (:class:`DeviceOut`); :func:`terminal_music` picks one.

numpy is needed (``pip install obelisk[sound]``).
"""

from __future__ import annotations

import contextlib
import math
import shutil
import subprocess
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from . import khufu_sound as S

#: The music's level (the bed as made is about -30 LUFS: a low drone, which K-weighting
#: hears little of) and how far it is ducked under the voice. Measured over a rehearsed
#: game (tests/companion/khufu_mix.py): speech about -19 LUFS, the bed between lines
#: about 7 LU under it, and while a line plays about 17 LU under (issue 36: at least ~10).
BED_GAIN_DB = 3.0
DUCK_DB = -10.0
#: The voice's level in the mix (espeak-ng's own level is kept).
VOICE_GAIN_DB = 0.0
#: Seconds of a sting before the voice comes in, as a share of the sting.
STING_LEAD = 0.6
#: Seconds between two voices, and of the bed's fade at the end.
GAP = 0.4
FADE = 2.5
#: Which sting each kind of moment has (khufu.Moment.kind).
STINGS = {"intro": "arrival", "order": "arrival", "challenge": "challenge", "end": "end"}
#: Seconds of one part, and how far the player writes ahead of the wall clock.
CHUNK = 0.1
LEAD = 0.3


def _db(x: float) -> float:
    return float(10 ** (x / 20.0))


class LiveMix:
    """The stream: bed, stings and voices, rendered :meth:`render` part after part.

    Positions are sample numbers from the start of the stream (:attr:`pos`: the next one
    to render). Thread-safe: a player thread renders while the game adds sounds.
    """

    def __init__(self, duck_db: float = DUCK_DB, bed_gain_db: float = BED_GAIN_DB) -> None:
        self.duck_db = duck_db
        self.bed_gain = _db(bed_gain_db)
        self.voice_gain = _db(VOICE_GAIN_DB)
        self.pos = 0
        #: the stream second at which the countdown ends (inf: no countdown running)
        self.end = math.inf
        self._voices: list[tuple[int, Any]] = []
        self._stings: list[tuple[int, Any]] = []
        self._voice_from = 0
        self._fade_at: int | None = None
        self._fade_len = 1
        self._lock = threading.Lock()

    def clock(self, remaining: float, running: bool) -> None:
        """The countdown now: ``remaining`` seconds, running or not (paused, not started,
        over: no ticking). A small drift is kept, so the ticks stay regular."""
        with self._lock:
            if not running:
                self.end = math.inf
                return
            end = self.pos / S.RATE + remaining
            if not math.isfinite(self.end) or abs(end - self.end) > 1.5:
                self.end = end

    def sting(self, kind: str) -> None:
        """Start the sting ``kind`` (arrival, challenge, end) now; a voice waits for its
        first part."""
        sound = S.sting(kind)
        with self._lock:
            self._stings.append((self.pos, sound))
            self._voice_from = max(self._voice_from, self.pos + int(STING_LEAD * len(sound)))

    def voice(self, samples: Any) -> None:
        """Khufu's voice (samples at :data:`khufu_sound.RATE`), after what is said before."""
        with self._lock:
            at = max(self.pos, self._voice_from)
            self._voices.append((at, samples * self.voice_gain))
            self._voice_from = at + len(samples) + int(GAP * S.RATE)

    @property
    def busy(self) -> bool:
        """Whether a voice is still to be heard."""
        with self._lock:
            return any(at + len(v) > self.pos for at, v in self._voices)

    def silence_voices(self) -> None:
        """Drop every voice not yet heard to its end."""
        with self._lock:
            self._voices = [(at, v[: max(0, self.pos - at)]) for at, v in self._voices]
            self._voice_from = self.pos

    def fade(self, seconds: float = FADE) -> None:
        """Fade the bed out over ``seconds`` from now (the stings and voices go on)."""
        with self._lock:
            self._fade_at = self.pos
            self._fade_len = max(1, int(seconds * S.RATE))

    def render(self, n: int) -> Any:
        """The next ``n`` samples of the stream (float32, mono)."""
        return self.render_parts(n)[0]

    def render_parts(self, n: int) -> tuple[Any, Any, Any, Any]:
        """The next ``n`` samples of the stream, of its two parts (the music as ducked,
        the voice) and whether a line is being said at each (for measuring the mix)."""
        np = S._np()
        with self._lock:
            p0 = self.pos
            music = S.bed(p0 / S.RATE, n / S.RATE, self.end)[:n] * np.float32(self.bed_gain)
            if self._fade_at is not None:
                k = np.arange(p0, p0 + n) - self._fade_at
                music *= np.clip(1.0 - k / self._fade_len, 0.0, 1.0).astype(np.float32)
            for at, sound in self._stings:
                S._place(music, sound, (at - p0) / S.RATE)
            voice = np.zeros(n, dtype=np.float32)
            spans = []
            for at, v in self._voices:
                if len(v):
                    spans.append((at, at + len(v)))
                    S._place(voice, v, (at - p0) / S.RATE)
            music *= S.duck_envelope(n, spans, self.duck_db, offset=p0)
            out = music + voice
            speaking = np.zeros(n, dtype=bool)
            for a, b in spans:
                speaking[max(0, a - p0) : max(0, min(n, b - p0))] = True
            self.pos = p0 + n
            release = int(0.3 * S.RATE)
            self._stings = [(a, s) for a, s in self._stings if a + len(s) > self.pos]
            self._voices = [(a, v) for a, v in self._voices if a + len(v) + release > self.pos]
        return np.clip(out, -1.0, 1.0).astype(np.float32), music, voice, speaking


class Output(Protocol):
    """Where the stream goes: 16-bit mono PCM at :data:`khufu_sound.RATE`."""

    def write(self, pcm: bytes) -> None:
        """Play ``pcm`` after what was written before (may wait while the buffer is full)."""

    def close(self) -> None:
        """Stop playing and let go of the device."""


class PipeOut:
    """``aplay`` or ``paplay`` reading raw samples on its stdin."""

    def __init__(self, cmd: list[str]) -> None:
        self.cmd = cmd
        self._proc: subprocess.Popen[bytes] | None = None

    def write(self, pcm: bytes) -> None:
        """Write ``pcm`` to the player (started at the first write)."""
        if self._proc is None:
            self._proc = subprocess.Popen(
                self.cmd,
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        assert self._proc.stdin is not None
        self._proc.stdin.write(pcm)
        self._proc.stdin.flush()

    def close(self) -> None:
        """Close the player's stdin and end it (at once if it does not end by itself)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:  # it has gone already (a Ctrl-C reaches it too)
            pass
        try:
            proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            proc.terminate()
            proc.wait(timeout=5)


class DeviceOut:
    """The Python library ``sounddevice``: a raw output stream, written part by part."""

    def __init__(self, sd: Any) -> None:
        self.sd = sd
        self._stream: Any = None

    def write(self, pcm: bytes) -> None:
        """Write ``pcm`` to the stream (opened at the first write)."""
        if self._stream is None:
            self._stream = self.sd.RawOutputStream(samplerate=S.RATE, channels=1, dtype="int16")
            self._stream.start()
        self._stream.write(pcm)

    def close(self) -> None:
        """Stop and close the stream."""
        stream, self._stream = self._stream, None
        if stream is not None:
            stream.abort()
            stream.close()


def pipe_command() -> list[str] | None:
    """``aplay`` or ``paplay`` set to read Khufu's raw stream on stdin, or None."""
    aplay = shutil.which("aplay")
    if aplay:
        return [aplay, "-q", "-t", "raw", "-f", "S16_LE", "-r", str(S.RATE), "-c", "1"]
    paplay = shutil.which("paplay")
    if paplay:
        return [paplay, "--raw", "--format=s16le", f"--rate={S.RATE}", "--channels=1"]
    return None


class MusicPlayer:
    """Plays a :class:`LiveMix` through an :class:`Output` from a thread of its own.

    It writes a part of :data:`CHUNK` seconds whenever less than :data:`LEAD` seconds are
    written ahead of the wall clock (``clock``), so a voice or sting is heard within a
    fraction of a second. A failing output ends the music quietly (:attr:`failed`).
    """

    def __init__(
        self,
        out: Output,
        mix: LiveMix | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.out = out
        self.mix = mix or LiveMix()
        self.clock = clock
        self.failed: Exception | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Start the music."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="khufu-music", daemon=True)
            self._thread.start()

    @property
    def running(self) -> bool:
        """Whether the music thread runs."""
        return self._thread is not None and self._thread.is_alive()

    def _loop(self) -> None:
        n = int(CHUNK * S.RATE)
        written = 0
        t0 = self.clock()
        try:
            while not self._stop.is_set():
                ahead = written / S.RATE - (self.clock() - t0)
                if ahead < 0:  # the output ran dry (a slow machine): go on from now
                    t0 = self.clock() - written / S.RATE
                elif ahead > LEAD:
                    self._stop.wait(min(ahead - LEAD, CHUNK))
                    continue
                part = self.mix.render(n)
                self.out.write((part * 32767).astype("<i2").tobytes())
                written += n
        except Exception as exc:
            self.failed = exc

    # -- the LibraryPlayer interface: Speaker says its lines through the mix ----------------
    def play(self, data: bytes) -> None:
        """Say the WAV bytes ``data`` (espeak-ng's) in the mix, after what is said before."""
        self.mix.voice(S.from_wav(data))

    @property
    def busy(self) -> bool:
        """Whether a line is still to be heard (a stopped player says nothing)."""
        return self.running and self.mix.busy

    def stop(self) -> None:
        """Silence the lines still to be said (the music goes on)."""
        self.mix.silence_voices()

    # -- the game's part --------------------------------------------------------------------
    def sting(self, kind: str | None) -> None:
        """The sting for a moment's kind (:data:`STINGS`), if it has one."""
        name = STINGS.get(kind or "")
        if name:
            self.mix.sting(name)

    def close(self, fade: float = 0.0) -> None:
        """Fade the bed out over ``fade`` seconds, then stop the thread and the output."""
        if fade > 0 and self.running:
            self.mix.fade(fade)
            deadline = time.monotonic() + fade + LEAD
            while self.running and time.monotonic() < deadline:
                time.sleep(0.05)
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        with contextlib.suppress(OSError):
            self.out.close()


def terminal_music() -> MusicPlayer | None:
    """Music for the terminal through aplay/paplay or sounddevice (started), or None when
    numpy or every way of playing is missing."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return None
    cmd = pipe_command()
    out: Output
    if cmd is not None:
        out = PipeOut(cmd)
    else:
        try:
            import sounddevice
        except (ImportError, OSError):  # not installed, or no PortAudio library
            return None
        out = DeviceOut(sounddevice)
    player = MusicPlayer(out)
    player.start()
    return player


__all__ = [
    "BED_GAIN_DB",
    "DUCK_DB",
    "STINGS",
    "DeviceOut",
    "LiveMix",
    "MusicPlayer",
    "Output",
    "PipeOut",
    "pipe_command",
    "terminal_music",
]
