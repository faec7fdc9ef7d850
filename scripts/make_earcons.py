"""Synthesise the earcons into sounds/*.wav (16-bit mono, 22,050 Hz, at most 400 ms each).

    python scripts/make_earcons.py [OUT_DIR]        (default: the repository's sounds/ folder)

Pure numpy and deterministic (fixed seeds), so the committed files can be remade byte for byte. Each
event gets its own pitch and shape; ``voicegame.audio.output.earcons.EARCONS`` describes them and
sounds/README.md documents them. Pitches avoid espeak-ng's speaking range (100-300 Hz fundamentals)
and each sound differs from every other in contour (rising, falling, steady), timbre (sine, bell,
buzz, noise) or rhythm (one, two, three notes), so they stay apart by ear and by cross-correlation.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voicegame.audio.output.earcons import EARCON_RATE, EARCONS, MAX_EARCON_S  # noqa: E402
from voicegame.audio.wavio import write_wav  # noqa: E402

SR = EARCON_RATE
PEAK = 0.5  # -6 dBFS: clearly audible, below speech peaks


def t_axis(seconds: float) -> np.ndarray:
    return np.arange(int(round(seconds * SR))) / SR


def envelope(n: int, attack_s: float = 0.005, release_s: float = 0.02, decay: float | None = None) -> np.ndarray:
    """Linear attack, optional exponential decay (time constant in s), linear release to zero."""
    env = np.ones(n)
    a = max(1, int(attack_s * SR))
    r = max(1, int(release_s * SR))
    env[:a] = np.linspace(0.0, 1.0, a)
    if decay is not None:
        env *= np.exp(-np.arange(n) / (decay * SR))
    env[-r:] *= np.linspace(1.0, 0.0, r)
    return env


def tone(freq: float, seconds: float, harmonics: tuple[float, ...] = (1.0,), decay: float | None = None) -> np.ndarray:
    t = t_axis(seconds)
    x = sum(a * np.sin(2 * np.pi * freq * (k + 1) * t) for k, a in enumerate(harmonics))
    return x * envelope(len(t), decay=decay)


def glide(f0: float, f1: float, seconds: float, harmonics: tuple[float, ...] = (1.0, 0.3)) -> np.ndarray:
    """Exponential frequency sweep from f0 to f1 (phase integrated, no clicks)."""
    t = t_axis(seconds)
    freq = f0 * (f1 / f0) ** (t / seconds)
    phase = 2 * np.pi * np.cumsum(freq) / SR
    x = sum(a * np.sin((k + 1) * phase) for k, a in enumerate(harmonics))
    return x * envelope(len(t))


def bell(freq: float, seconds: float) -> np.ndarray:
    """Inharmonic partials with fast decay: a small chime."""
    t = t_axis(seconds)
    partials = ((1.0, 1.0), (2.76, 0.5), (5.4, 0.25), (8.93, 0.12))
    x = sum(a * np.sin(2 * np.pi * freq * r * t) * np.exp(-t * (6 + 4 * r)) for r, a in partials)
    return x * envelope(len(t), release_s=0.01)


def noise_burst(seconds: float, centre: float, seed: int, decay: float = 0.03) -> np.ndarray:
    """Band-limited noise (FFT mask around ``centre``): a card sliding."""
    n = int(round(seconds * SR))
    white = np.random.default_rng(seed).normal(0.0, 1.0, n)
    spec = np.fft.rfft(white)
    f = np.fft.rfftfreq(n, 1 / SR)
    spec *= np.exp(-0.5 * ((f - centre) / (centre * 0.35)) ** 2)
    x = np.fft.irfft(spec, n)
    return x / (np.abs(x).max() + 1e-12) * envelope(n, attack_s=0.002, decay=decay)


def seq(*parts: np.ndarray, gap_s: float = 0.0) -> np.ndarray:
    gap = np.zeros(int(gap_s * SR))
    out: list[np.ndarray] = []
    for p in parts:
        out += [p, gap]
    return np.concatenate(out[:-1]) if out else np.zeros(0)


SQUARE = (1.0, 0.0, 0.33, 0.0, 0.2, 0.0, 0.14)  # odd harmonics: a buzz
NOTE = {"C5": 523.25, "E5": 659.25, "G5": 783.99, "C6": 1046.5, "D6": 1174.66, "E6": 1318.5, "B6": 1975.5,
        "G4": 392.0, "Eb4": 311.13, "C4": 261.63, "A5": 880.0}

DESIGNS: dict[str, Callable[[], np.ndarray]] = {
    # one soft rising sweep: "your turn, I am listening"
    "listening": lambda: 0.7 * glide(600, 1200, 0.15, (1.0,)),
    # one short wooden tock: understood, moved
    "move": lambda: tone(1400, 0.09, (1.0, 0.25), decay=0.025),
    # a swish of noise and a high tick: a card turned face up
    "turn": lambda: seq(noise_burst(0.09, 3500, seed=7), tone(2600, 0.04, (1.0,), decay=0.01)),
    # two bright chimes up a fifth: to the foundation
    "foundation": lambda: seq(bell(NOTE["E6"], 0.14), bell(NOTE["B6"], 0.16)),
    # three quick low swishes: cards dealt from the stock
    "deal": lambda: seq(*(noise_burst(0.06, 1200 + 300 * i, seed=11 + i, decay=0.02) for i in range(3)), gap_s=0.03),
    # falling sweep: taken back
    "undo": lambda: glide(1000, 450, 0.2),
    # two low buzzes: not allowed
    "illegal": lambda: seq(tone(170, 0.12, SQUARE), tone(170, 0.12, SQUARE), gap_s=0.05),
    # wobbling mid tone: not understood ("hm?")
    "unknown": lambda: _wobble(420, 0.22),
    # two notes rising a fifth, the second gliding up: a question
    "question": lambda: seq(tone(NOTE["G5"], 0.12, (1.0, 0.2)), glide(NOTE["D6"], NOTE["D6"] * 1.26, 0.16, (1.0, 0.2))),
    # major arpeggio up: won
    "win": lambda: seq(*(tone(NOTE[n], 0.09, (1.0, 0.3, 0.1), decay=0.08) for n in ("C5", "E5", "G5")),
                       tone(NOTE["C6"], 0.13, (1.0, 0.3, 0.1), decay=0.08)),
    # minor triad down, slow: no moves left
    "game_over": lambda: seq(*(tone(NOTE[n], 0.13, (1.0, 0.5, 0.25)) for n in ("G4", "Eb4", "C4"))),
    # two soft low ticks, a clock: still thinking (a long search)
    "working": lambda: seq(tone(520, 0.03, (1.0, 0.5), decay=0.008), tone(520, 0.03, (1.0, 0.5), decay=0.008), gap_s=0.1),
}


def _wobble(freq: float, seconds: float) -> np.ndarray:
    t = t_axis(seconds)
    f = freq * (1.0 + 0.06 * np.sin(2 * np.pi * 14 * t))
    phase = 2 * np.pi * np.cumsum(f) / SR
    return (np.sin(phase) + 0.4 * np.sin(2 * phase) + 0.2 * np.sin(3 * phase)) * envelope(len(t))


def synthesise(name: str) -> np.ndarray:
    x = DESIGNS[name]()
    x = x / (np.abs(x).max() + 1e-12) * PEAK
    pcm = np.round(x * 32767).astype(np.int16)
    assert len(pcm) <= MAX_EARCON_S * SR, f"{name} is longer than {MAX_EARCON_S * 1000:.0f} ms"
    return pcm


def main(out_dir: Path = ROOT / "sounds") -> None:
    missing = set(EARCONS) ^ set(DESIGNS)
    if missing:
        raise SystemExit(f"earcon designs and EARCONS differ: {sorted(missing)}")
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in EARCONS:
        pcm = synthesise(name)
        write_wav(out_dir / f"{name}.wav", pcm, SR)
        print(f"{name:10s} {len(pcm) / SR * 1000:4.0f} ms  {out_dir / (name + '.wav')}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "sounds")
