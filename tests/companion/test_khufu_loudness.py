"""Khufu's mix measured as ITU-R BS.1770 loudness (issue 36): the speech broadcast-like
(about -16 to -20 LUFS), the music at least ~10 LU under it while a line plays, and sound
all through the game. The terminal's own live mix is measured (tests/companion/khufu_mix.py)."""

from __future__ import annotations

import shutil

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pyloudnorm")
pytestmark = pytest.mark.skipif(
    shutil.which("espeak-ng") is None, reason="espeak-ng is not installed (.ci/run installs it)"
)

from khufu_mix import measure  # noqa: E402


def _broadcast_like(m: dict) -> None:
    assert -20.5 <= m["speech_lufs"] <= -16.0
    assert m["speech_over_music_lu"] >= 10.0
    assert m["speech_lufs"] - 12 <= m["music_between_lufs"] <= m["speech_lufs"] - 3
    assert m["share_with_sound"] > 0.95


def test_the_first_minute_is_mixed_broadcast_like():
    m = measure(minutes=1.0)
    assert m["moments"] >= 2 and m["speech_s"] > 5
    _broadcast_like(m)


@pytest.mark.slow
def test_a_whole_rehearsed_game_is_mixed_broadcast_like():
    m = measure()
    assert m["moments"] >= 25 and m["seconds"] >= 45 * 60
    _broadcast_like(m)
    assert m["clipped_samples"] < 0.0001 * m["seconds"] * 22050
