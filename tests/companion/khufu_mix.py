"""Khufu's audio over a whole rehearsed game, measured (issue 36 item 5).

A session of 4 players is played in one-second ticks to its end (a Challenge lost every
ten minutes); every moment Khufu speaks is rendered by espeak-ng and laid over the music
bed with its sting, the bed ducked under the voice. Measured, in 30-second blocks so that
45 minutes never sit in memory at once: the loudness (RMS, dBFS) of the speech alone, of
the music under the speech and of the music between lines, and the share of the game with
sound (100 ms windows above -50 dBFS). ``python tests/companion/khufu_mix.py [WAV]`` prints
them and writes the first three minutes of the mix to WAV.
"""

from __future__ import annotations

import math
import sys
from typing import Any

from obelisk.companion import khufu_sound as S
from obelisk.companion import speech
from obelisk.companion.khufu import KhufuSession, Player

BLOCK = 30.0
STINGS = {"order": "arrival", "challenge": "challenge", "end": "end"}


def rehearsed(seed: int = 3) -> tuple[list[tuple[float, str, str]], float]:
    """(game second, kind, speech) of every moment of a rehearsed game, and its length."""
    s = KhufuSession([Player(n) for n in ("Ann", "Bob", "Cleo", "Dan")], seed)
    out = []
    t = 0.0

    def said(moments: Any) -> None:
        for m in moments:
            out.append((t, m.kind, m.speech))

    said(s.start())
    while not s.over and t < 60 * 60:
        t += 1
        said(s.tick(1))
        if int(t) % 600 == 0 and s.running:
            said(s.summon(0))
            said(s.result("LOSE"))
    return out, t


def measure(first_minutes: float = 3.0, seed: int = 3) -> dict[str, Any]:
    """The numbers of the module docstring, and the first minutes of the mix."""
    np = S._np()
    moments, length = rehearsed(seed)
    voices: list[tuple[float, Any]] = []
    stings: list[tuple[float, Any]] = []
    for at, kind, text in moments:
        sting = STINGS.get(kind)
        lead = 0.0
        if sting:
            sound = S.sting(sting)
            stings.append((at, sound))
            lead = len(sound) / S.RATE * 0.6
        voices.append((at + lead, S.from_wav(speech.render(text))))
    sums = {"speech": [0.0, 0], "under": [0.0, 0], "between": [0.0, 0]}
    loud = windows = 0
    head = []
    t = 0.0
    while t < length:
        n = int(min(BLOCK, length - t) * S.RATE)
        music = S.bed(t, n / S.RATE)[:n]
        for at, sound in stings:
            _lay(music, sound, at - t)
        alone = np.zeros(n, dtype=np.float32)
        spans = []
        for at, v in voices:
            if at < t + BLOCK and at + len(v) / S.RATE > t:
                _lay(alone, v, at - t)
                spans.append((int((at - t) * S.RATE), int((at - t) * S.RATE) + len(v)))
        gain = S.duck_envelope(n, spans, -12.0)
        ducked = music * gain
        mixed = np.clip(ducked + alone, -1, 1)
        talking = np.abs(alone) > 0  # speech samples (espeak's own pauses count as music)
        mask = np.zeros(n, dtype=bool)
        for a, b in spans:
            mask[max(0, a) : min(n, b)] = True
        for key, part in (
            ("speech", alone[mask]),
            ("under", ducked[mask]),
            ("between", ducked[~mask]),
        ):
            sums[key][0] += float(np.sum(np.square(part, dtype=np.float64)))
            sums[key][1] += len(part)
        w = int(0.1 * S.RATE)
        for i in range(0, n - w + 1, w):
            windows += 1
            loud += S.rms_db(mixed[i : i + w]) > -50
        if t < first_minutes * 60:
            head.append(mixed)
        t += n / S.RATE
        del talking
    db = {k: 10 * math.log10(v[0] / v[1]) if v[1] and v[0] else -math.inf for k, v in sums.items()}
    speech_seconds = sums["speech"][1] / S.RATE
    return {
        "length_s": length,
        "moments": len(moments),
        "speech_s": speech_seconds,
        "speech_db": db["speech"],
        "music_under_speech_db": db["under"],
        "music_between_db": db["between"],
        "share_with_sound": loud / max(1, windows),
        "head": np.concatenate(head)[: int(first_minutes * 60 * S.RATE)],
    }


def _lay(out: Any, sound: Any, offset: float) -> None:
    i = int(offset * S.RATE)
    if i < 0:
        sound = sound[-i:]
        i = 0
    n = min(len(sound), len(out) - i)
    if n > 0:
        out[i : i + n] += sound[:n]


if __name__ == "__main__":
    m = measure()
    for k, v in m.items():
        if k != "head":
            print(f"{k:24} {v:.2f}" if isinstance(v, float) else f"{k:24} {v}")
    if len(sys.argv) > 1:
        with open(sys.argv[1], "wb") as f:
            f.write(S.to_wav(m["head"]))
        print(f"wrote the first minutes to {sys.argv[1]}")
