"""Playing a WAV through a maintained Python audio library where no ``aplay`` or
``paplay`` exists (issue 36: "a Mac is silent"): ``sounddevice`` (PortAudio; its macOS and
Windows wheels bring PortAudio along), an optional extra (``pip install obelisk[sound]``).

:func:`library_player` gives a :class:`LibraryPlayer`, or None when the library (or its
PortAudio) is missing; :class:`obelisk.companion.speech.Speaker` uses it only then.
"""

from __future__ import annotations

import io
import wave
from typing import Any


class LibraryPlayer:
    """Plays one WAV at a time, without waiting (``busy`` says whether it still plays)."""

    def __init__(self, sd: Any) -> None:
        self.sd = sd

    def play(self, data: bytes) -> None:
        """Start playing the WAV bytes ``data`` (16-bit PCM, as espeak-ng writes)."""
        import numpy as np

        with wave.open(io.BytesIO(data)) as w:
            rate, channels = w.getframerate(), w.getnchannels()
            pcm = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
        samples = (pcm.astype(np.float32) / 32768.0).reshape(-1, channels)
        self.sd.play(samples, rate)

    @property
    def busy(self) -> bool:
        """Whether a line is still playing."""
        try:
            return bool(self.sd.get_stream().active)
        except RuntimeError:  # nothing was played yet
            return False

    def stop(self) -> None:
        """Stop what plays."""
        self.sd.stop()


def library_player() -> LibraryPlayer | None:
    """A player through ``sounddevice``, or None when it (numpy, or PortAudio) is missing."""
    try:
        import numpy  # noqa: F401
        import sounddevice
    except (ImportError, OSError):  # not installed, or no PortAudio library
        return None
    return LibraryPlayer(sounddevice)


__all__ = ["LibraryPlayer", "library_player"]
