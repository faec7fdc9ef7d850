"""Advice after repeated mishearing (voicegame.listen.mishearing) and the level it is based on."""

from __future__ import annotations

import numpy as np
import pytest

from voicegame.audio.capture.levels import frame_powers, speech_over_noise_db
from voicegame.listen.mishearing import AFTER, NOISY_DB, MishearingAdvisor


def advisor() -> MishearingAdvisor:
    return MishearingAdvisor(say=lambda key: key)


def test_advice_after_three_misses_in_a_row_once_per_run():
    a = advisor()
    said = [a.note(True, 40.0) for _ in range(6)]
    assert said == [None, None, "mishearing", None, None, None]


def test_an_understood_command_starts_the_count_again():
    a = advisor()
    assert [a.note(True, 40.0), a.note(True, 40.0), a.note(False, 40.0)] == [None, None, None]
    assert [a.note(True, 40.0), a.note(True, 40.0), a.note(True, 40.0)] == [None, None, "mishearing"]
    a.note(False, None)
    assert [a.note(True, 40.0) for _ in range(AFTER)][-1] == "mishearing"


def test_noisy_misses_get_the_noise_advice_by_their_median_level():
    a = advisor()
    assert [a.note(True, level) for level in (12.0, 45.0, 15.0)][-1] == "mishearing_noisy"
    b = advisor()
    assert [b.note(True, level) for level in (12.0, 45.0, 50.0)][-1] == "mishearing"
    c = advisor()  # levels unknown: no claim about noise
    assert [c.note(True, None) for _ in range(AFTER)][-1] == "mishearing"
    d = advisor()
    assert [d.note(True, level) for level in (None, 10.0, None)][-1] == "mishearing_noisy"


def _tone_in_noise(snr_db: float | None, seed: int = 1) -> tuple[np.ndarray, float]:
    """0.5 s of silence or noise, 1 s of a tone over it, 0.5 s more; and 10 log10(1 + S/N)."""
    sr = 16000
    t = np.arange(sr) / sr
    tone = 8000.0 * np.sin(2 * np.pi * 440.0 * t)
    x = np.concatenate([np.zeros(sr // 2), tone, np.zeros(sr // 2)])
    if snr_db is None:
        return x.astype(np.int16), float("inf")
    signal_power = 8000.0**2 / 2
    noise = np.random.default_rng(seed).normal(0.0, np.sqrt(signal_power / 10 ** (snr_db / 10)), len(x))
    return np.clip(x + noise, -32768, 32767).astype(np.int16), 10 * np.log10(1 + 10 ** (snr_db / 10))


@pytest.mark.parametrize("snr", [5.0, 10.0, 20.0, 30.0])
def test_speech_over_noise_reads_a_tone_in_white_noise(snr):
    pcm, expected = _tone_in_noise(snr)
    assert speech_over_noise_db(pcm) == pytest.approx(expected, abs=1.0)


def test_speech_over_noise_of_clean_audio_is_far_over_the_noisy_mark_and_short_audio_is_unknown():
    clean, _ = _tone_in_noise(None)
    assert speech_over_noise_db(clean) > NOISY_DB + 40
    assert speech_over_noise_db(clean[:1000]) is None  # under 100 ms


def test_frame_powers_are_per_10_ms():
    pcm = np.concatenate([np.full(160, 100, np.int16), np.full(160, 10, np.int16), np.full(50, 7, np.int16)])
    assert frame_powers(pcm).tolist() == [10000.0, 100.0]  # the last partial frame is left out
    assert frame_powers(np.full(50, 3, np.int16)).tolist() == [9.0]
