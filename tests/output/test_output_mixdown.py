"""Session recording: order, rates, and finding the earcons back by cross-correlation."""

from __future__ import annotations

import numpy as np

from voicegame.audio.output.mixdown import RATE, SessionRecording, earcon_names, find_earcons
from voicegame.audio.wavio import read_wav_float


def tone(seconds: float, freq: float, rate: int, level: float = 8000) -> np.ndarray:
    t = np.arange(int(seconds * rate)) / rate
    return np.round(level * np.sin(2 * np.pi * freq * t)).astype(np.int16)


def speechlike(seconds: float, seed: int = 0) -> np.ndarray:
    """Noise shaped by a slow random envelope: loud, wide band, not an earcon."""
    rng = np.random.default_rng(seed)
    n = int(seconds * RATE)
    env = np.repeat(rng.uniform(0.1, 1.0, n // 2000 + 1), 2000)[:n]
    return np.round(rng.normal(0, 6000, n) * env).astype(np.int16)


def test_recording_keeps_order_and_one_rate(tmp_path):
    rec = SessionRecording(gap_s=0.05)
    rec.add_input(tone(1.0, 300, 16000), 16000, heard="draw")
    rec.add_earcon("deal")
    rec.add_speech("Five of spades.", (tone(0.5, 200, 22050), 22050))
    rec.add_speech("not rendered", None)
    rec.add_silence(0.2)
    assert [c.kind for c in rec.clips] == ["input", "earcon", "speech", "silence"]
    assert abs(len(rec.clips[0].pcm) - RATE) <= 2  # 16 kHz resampled to 22,050 Hz
    assert rec.labels("speech") == ["Five of spades."] and rec.notes == ["not rendered: not rendered"]
    starts = [c.start for c in rec.clips]
    assert starts == sorted(starts) and starts[1] - (starts[0] + len(rec.clips[0].pcm)) == int(0.05 * RATE)
    path = rec.write(tmp_path / "s.wav")
    samples, rate = read_wav_float(path)
    assert rate == RATE and len(samples) == rec.length


def test_input_can_be_left_out():
    rec = SessionRecording(include_input=False)
    assert rec.add_input(tone(0.5, 300, 16000)) is None and rec.clips == []


def test_finds_every_earcon_between_speech_in_order():
    order = ["listening", "move", "turn", "illegal", "foundation", "foundation", "win", "deal", "undo",
             "question", "unknown", "game_over"]
    rec = SessionRecording(gap_s=0.0)
    for i, name in enumerate(order):
        rec.add_speech(f"s{i}", (speechlike(0.4, seed=i), RATE))
        rec.add_earcon(name)
    mix = rec.mix()
    found = find_earcons(mix)
    assert [f.name for f in found] == order
    assert [f.start for f in found] == [c.start for c in rec.clips if c.kind == "earcon"]
    assert all(f.score > 0.99 for f in found)


def test_no_earcons_in_speech_alone_and_robust_to_faint_noise():
    assert earcon_names(speechlike(5.0, seed=42)) == []
    rec = SessionRecording()
    rec.add_earcon("move")
    rec.add_earcon("turn")
    noisy = rec.mix().astype(float) + np.random.default_rng(1).normal(0, 100, rec.length)
    assert earcon_names(np.round(noisy).astype(np.int16)) == ["move", "turn"]


def test_finds_earcons_at_another_rate():
    rec = SessionRecording(rate=16000)
    rec.add_earcon("undo")
    rec.add_earcon("win")
    assert earcon_names(rec.mix(), rate=16000, threshold=0.7) == ["undo", "win"]
