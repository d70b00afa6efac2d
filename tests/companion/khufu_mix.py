"""Khufu's audio over a rehearsed game, measured (issue 36): the terminal's own live mix
(:class:`obelisk.companion.khufu_music.LiveMix`: bed, stings, espeak-ng's voice, the bed
ducked under it), played second by second with the game's countdown.

A session of 4 players is played in one-second ticks to its end (a Challenge lost every
ten minutes); every moment Khufu speaks gets its sting and its line. Measured, as ITU-R
BS.1770 integrated loudness (LUFS, with ``pyloudnorm``): the speech alone, the music
under the speech (as ducked), the music between lines and the whole mix; and the share
of the game with sound (100 ms windows above -50 dBFS) and with speech.
``python tests/companion/khufu_mix.py [MINUTES] [WAV]`` prints them for the first MINUTES
(default: the whole game) and writes the first three minutes of the mix to WAV; with
``OBELISK_LANG=de`` the game is German.
"""

from __future__ import annotations

import math
import sys
from typing import Any

from obelisk.companion import khufu_sound as S
from obelisk.companion import speech
from obelisk.companion.khufu import KhufuSession, Player
from obelisk.companion.khufu_music import STINGS, LiveMix


def measure(minutes: float = 60.0, seed: int = 3, head_minutes: float = 3.0) -> dict[str, Any]:
    """The numbers of the module docstring over the first ``minutes`` of a rehearsed game
    (at most the whole game), and its first ``head_minutes`` of mix (``head``)."""
    import numpy as np
    import pyloudnorm

    s = KhufuSession([Player(n) for n in ("Ann", "Bob", "Cleo", "Dan")], seed)
    mix = LiveMix()
    parts: dict[str, list[Any]] = {"mix": [], "speech": [], "under": [], "between": []}
    speaking = 0
    said = [*s.moments, *s.start()]  # Khufu's greeting, then the countdown begins
    t = 0
    while True:
        for m in said:
            if STINGS.get(m.kind):
                mix.sting(STINGS[m.kind])
            mix.voice(S.from_wav(speech.render(m.speech, m.lang)))
        mix.clock(s.remaining, s.running)
        out, music, voice, talking = mix.render_parts(S.RATE)
        parts["mix"].append(out)
        parts["speech"].append(voice[talking])
        parts["under"].append(music[talking])
        parts["between"].append(music[~talking])
        speaking += int(talking.sum())
        t += 1
        if t >= minutes * 60 or (s.over and not mix.busy and t > 5):
            break
        said = []
        if not s.over:
            said = s.tick(1)
            if t % 600 == 0 and s.running:
                said += s.summon(0) + s.result("LOSE")
    meter = pyloudnorm.Meter(S.RATE)
    whole = {k: np.concatenate(v) for k, v in parts.items()}
    lufs = {k: _lufs(meter, v) for k, v in whole.items()}
    w = int(0.1 * S.RATE)
    blocks = whole["mix"][: len(whole["mix"]) // w * w].reshape(-1, w).astype(np.float64)
    rms = np.sqrt(np.mean(np.square(blocks), axis=1))
    loud = float(np.mean(rms > 10 ** (-50 / 20)))
    return {
        "seconds": t,
        "moments": len(s.moments),
        "speech_s": speaking / S.RATE,
        "speech_lufs": lufs["speech"],
        "music_under_speech_lufs": lufs["under"],
        "music_between_lufs": lufs["between"],
        "mix_lufs": lufs["mix"],
        "speech_over_music_lu": lufs["speech"] - lufs["under"],
        "share_with_sound": loud,
        "share_with_speech": speaking / (t * S.RATE),
        "peak": float(np.max(np.abs(whole["mix"]))),
        "clipped_samples": int(np.sum(np.abs(whole["mix"]) >= 0.999)),
        "head": whole["mix"][: int(head_minutes * 60 * S.RATE)],
    }


def _lufs(meter: Any, samples: Any) -> float:
    """Integrated loudness (LUFS) of ``samples``; -inf for less than a 400 ms block."""
    if len(samples) < int(0.4 * S.RATE):
        return -math.inf
    return float(meter.integrated_loudness(samples.astype("float64")))


if __name__ == "__main__":
    from obelisk.core.i18n import from_environment, use_language

    use_language(from_environment())  # OBELISK_LANG=de: Khufu's German game
    minutes = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    m = measure(minutes)
    for k, v in m.items():
        if k != "head":
            print(f"{k:24} {v:.2f}" if isinstance(v, float) else f"{k:24} {v}")
    if len(sys.argv) > 2:
        with open(sys.argv[2], "wb") as f:
            f.write(S.to_wav(m["head"]))
        print(f"wrote the first minutes to {sys.argv[2]}")
