"""Spoken lines for the companions: ``espeak-ng`` renders a line to a WAV file.

:func:`render` runs ``espeak-ng -w FILE TEXT`` (no shell, with a timeout) and gives
the WAV bytes; :class:`Speaker` plays lines in the terminal with ``aplay`` or
``paplay`` when one is installed (or through Khufu's music, which mixes them in), and writes every line to ``--audio-dir`` as a
numbered WAV file with the text beside it. Where espeak-ng is missing nothing is
rendered; the caller shows text instead (and says so once).

Khufu speaks the reader's language: each language has its espeak-ng voice
(:data:`VOICES`: a low British male voice for English, espeak-ng's German voice with the
same deep male variant for German), chosen by the language a line is in.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import tempfile
import time
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from obelisk.core.i18n import SOURCE, Words, language

from .audio_out import library_player

W = Words("obelisk.companion")
_ = W.gettext

#: Seconds a rendering may take before it is given up.
RENDER_TIMEOUT = 30.0
#: Longest line rendered (espeak-ng's words per minute make this about a minute of speech).
MAX_CHARS = 1200
#: espeak-ng's voice and speed (words per minute) for Khufu: a low British male voice,
#: slower than the default and with longer gaps between words, for drama (issue 36).
VOICE = "en-gb-x-rp+m3"
SPEED = 132
#: espeak-ng's pitch (0-99, default 50) and gap between words (in 10 ms).
PITCH = 32
WORD_GAP = 3
#: espeak-ng's amplitude (0-200, default 100): a little louder, so that Khufu speaks at
#: about -19 LUFS, broadcast-like (issue 36; measured by tests/companion/khufu_mix.py).
AMPLITUDE = 120
PLAYERS = ("aplay", "paplay")


@dataclass(frozen=True)
class Voice:
    """How espeak-ng says one language's lines: its voice (``de+m3``: the German voice,
    the deep male variant m3), words per minute, pitch (0-99), gap between words (10 ms)
    and amplitude (0-200)."""

    voice: str
    speed: int
    pitch: int = PITCH
    word_gap: int = WORD_GAP
    amplitude: int = AMPLITUDE


#: Khufu's voice in each language Obelisk speaks. German words are longer than English
#: ones, so the same drama is a few words a minute slower; the pitch is a little lower.
VOICES: dict[str, Voice] = {
    "en": Voice(VOICE, SPEED),
    "de": Voice("de+m3", 128, 30),
}


def voice_for(lang: str | None = None) -> Voice:
    """Khufu's voice for ``lang`` (default: the reader's language; English if none)."""
    return VOICES.get(lang or language(), VOICES[SOURCE])


class SpeechError(RuntimeError):
    """espeak-ng is missing, failed or took too long; the message says which."""


def espeak() -> str | None:
    """The path of espeak-ng, or None when it is not installed."""
    return shutil.which("espeak-ng")


def audio_player() -> list[str] | None:
    """The command that plays a WAV file here (``aplay -q`` or ``paplay``), or None."""
    for name in PLAYERS:
        path = shutil.which(name)
        if path:
            return [path, "-q"] if name == "aplay" else [path]
    return None


def command(text: str, lang: str | None = None) -> list[str]:
    """The espeak-ng command that says ``text`` (a line in ``lang``, default the reader's
    language) to stdout, in that language's voice."""
    exe = espeak()
    if exe is None:
        raise SpeechError(_("espeak-ng is not installed"))
    line = " ".join(text.split())[:MAX_CHARS]
    if not line:
        raise SpeechError(_("there is nothing to say"))
    v = voice_for(lang)
    # to stdout, not to a file: a line holds the players' names, and nothing a network
    # client sends reaches the server's disk
    cmd = [exe, "-v", v.voice, "-s", str(v.speed), "-p", str(v.pitch), "-g", str(v.word_gap)]
    cmd += ["-a", str(v.amplitude)]
    return [*cmd, "--stdout", "--", line]


def render(text: str, lang: str | None = None) -> bytes:
    """``text`` (a line in ``lang``, default the reader's language) spoken by espeak-ng in
    that language's voice, as the bytes of a WAV file."""
    cmd = command(text, lang)
    try:
        done = subprocess.run(cmd, capture_output=True, timeout=RENDER_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        raise SpeechError(
            _("espeak-ng took longer than {n} s").format(n=f"{RENDER_TIMEOUT:.0f}")
        ) from None
    except OSError as exc:
        raise SpeechError(
            _("espeak-ng could not run: {reason}").format(reason=exc.strerror)
        ) from None
    if done.returncode != 0 or not done.stdout.startswith(b"RIFF"):
        err = done.stderr.decode("utf-8", "replace").strip()[:200]
        raise SpeechError(
            _("espeak-ng failed: {reason}").format(reason=err or _("no sound was written"))
        )
    return _sized(done.stdout)


def _sized(wav: bytes) -> bytes:
    """A WAV file streamed to stdout, with the true sizes in its header (a stream's header
    says "unknown", which some players and Python's ``wave`` read as a huge length)."""
    data = bytearray(wav)
    at = data.find(b"data", 12)
    if at < 0:
        raise SpeechError(_("espeak-ng wrote no sound data"))
    data[4:8] = (len(data) - 8).to_bytes(4, "little")
    data[at + 4 : at + 8] = (len(data) - at - 8).to_bytes(4, "little")
    return bytes(data)


def wav_seconds(data: bytes) -> float:
    """The duration of a WAV file's bytes, in seconds."""
    with wave.open(io.BytesIO(data), "rb") as w:
        rate = w.getframerate()
        return w.getnframes() / rate if rate else 0.0


_PLAIN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def slug(text: str, words: int = 6) -> str:
    """A file-name piece from the first words of a line (``stop-if-you-are``;
    ``halt-wer-gerade-am-zug``: umlauts written out)."""
    found = re.findall(r"[a-z0-9]+", text.lower().translate(_PLAIN))
    return "-".join(found[:words]) or "line"


class Speaker:
    """Says lines in the terminal: plays them if it can, writes them to a folder if asked.

    ``speak`` False renders nothing for playing; ``audio_dir`` still gets every line.
    :attr:`notice` holds the one sentence that says why lines are text only (None
    when they are spoken); a face shows it once.
    """

    def __init__(
        self, speak: bool = True, audio_dir: str | Path | None = None, out: Any = None
    ) -> None:
        self.speak = speak
        self.audio_dir = Path(audio_dir) if audio_dir else None
        if self.audio_dir:
            self.audio_dir.mkdir(parents=True, exist_ok=True)
        self.count = 0
        self.player = audio_player() if speak and out is None else None
        #: where the lines are played in-process: ``out`` (Khufu's music, which mixes them
        #: in, :class:`obelisk.companion.khufu_music.MusicPlayer`), else where no
        #: aplay/paplay exists a Python audio library (issue 36), else None
        self.library = out if speak else None
        if speak and self.library is None and self.player is None:
            self.library = library_player()
        self._playing: subprocess.Popen[bytes] | None = None
        self._queue: list[Path] = []
        self.notice: str | None = None
        if (speak or self.audio_dir) and espeak() is None:
            self.notice = _("espeak-ng is not installed: Khufu's lines are shown as text only.")
        elif speak and self.player is None and self.library is None:
            if self.audio_dir:
                self.notice = _(
                    "No audio player (aplay or paplay, or the Python library sounddevice: pip "
                    "install obelisk[sound]) is installed: Khufu's lines are shown as text only "
                    "and written to the audio folder."
                )
            else:
                self.notice = _(
                    "No audio player (aplay or paplay, or the Python library sounddevice: pip "
                    "install obelisk[sound]) is installed: Khufu's lines are shown as text only."
                )
        self.written: list[Path] = []
        self._tmp: Path | None = None

    def say(self, text: str, label: str | None = None, lang: str | None = None) -> Path | None:
        """Render ``text`` (if anybody needs it), write it to the folder, play it; the WAV path.

        The line is in ``lang`` (default: the reader's language), and said in its voice.
        The file is named by its number and ``label`` (else the line's first words).
        """
        want_play = self.speak and (self.player is not None or self.library is not None)
        if not (want_play or self.audio_dir) or espeak() is None:
            return None
        try:
            data = render(text, lang)
        except SpeechError as exc:
            self.notice = _(
                "Speech failed ({problem}): Khufu's lines are shown as text only."
            ).format(problem=exc)
            return None
        self.count += 1
        path: Path | None = None
        if self.audio_dir:
            stem = f"{self.count:03d}-{slug(label or text)}"
            path = self.audio_dir / f"{stem}.wav"
            path.write_bytes(data)
            (self.audio_dir / f"{stem}.txt").write_text(text + "\n", encoding="utf-8")
            self.written.append(path)
        if want_play:
            self._play(data, path)
        return path

    def _play(self, data: bytes, path: Path | None) -> None:
        """Queue a line; lines are played one after another, never on top of each other."""
        if path is None:
            if self._tmp is None:
                self._tmp = Path(tempfile.mkdtemp(prefix="obelisk-speech-"))
            path = self._tmp / f"{self.count:03d}.wav"
            path.write_bytes(data)
        self._queue.append(path)
        self.pump()

    def pump(self) -> None:
        """Start the next queued line once the one playing has finished (call it often)."""
        if self._playing is not None and self._playing.poll() is None:
            return
        self._playing = None
        if getattr(self.library, "failed", None) is not None:
            # Khufu's music could not play: his lines go to aplay/paplay or the library
            self.library = None
            self.player = audio_player()
            if self.player is None:
                self.library = library_player()
        if self.library is not None and self._queue and not self.library.busy:
            self.library.play(self._queue.pop(0).read_bytes())
            return
        if not self._queue or not self.player:
            return
        path = self._queue.pop(0)
        try:
            self._playing = subprocess.Popen(
                [*self.player, str(path)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError:
            self.notice = _("The audio player could not run: Khufu's lines are shown as text only.")
            self.player = None
            self._queue.clear()

    def close(self, wait: float = 0.0) -> None:
        """Play what is queued for up to ``wait`` seconds in all, then stop."""
        deadline = time.monotonic() + wait
        lib = self.library
        while self._playing is not None or self._queue or (lib is not None and lib.busy):
            left = deadline - time.monotonic()
            if lib is not None and lib.busy:  # a line played by the library
                if left <= 0:
                    lib.stop()
                    self._queue.clear()
                    break
                time.sleep(min(0.05, left))
                continue
            if self._playing is not None:
                try:
                    self._playing.wait(timeout=max(0.0, left))
                except subprocess.TimeoutExpired:
                    self._playing.terminate()
                    self._playing.wait(timeout=5)
                    self._queue.clear()
                self._playing = None
            if left <= 0:
                self._queue.clear()
            self.pump()
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None
