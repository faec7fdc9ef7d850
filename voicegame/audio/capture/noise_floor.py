"""A faint noise floor under speech, for a recogniser whose cepstral normalisation breaks on
digital silence (PocketSphinx; measurements in ``PocketSphinxRecogniser``'s docstring).

``noise_sigma`` says how much deterministic Gaussian noise tops a clip's floor up to a fixed level
(``dither``, RMS in LSB) or to ``floor_db`` under its speech, whichever is higher; it adds only what
is missing, so a real microphone's own noise is not doubled."""

from __future__ import annotations

import numpy as np

from .levels import frame_powers

DITHER = 32.0
"""The fixed floor, RMS in LSB (about -60 dBFS)."""

FLOOR_DB = 30.0
"""The relative floor: this many dB under the loudest 5% of frames."""


def noise_sigma(pcm: np.ndarray, sample_rate: int, dither: float = DITHER, floor_db: float | None = FLOOR_DB) -> float:
    """RMS of the noise to add so that ``pcm``'s floor reaches the target (0.0: none needed)."""
    if (dither <= 0 and floor_db is None) or len(pcm) == 0:
        return 0.0
    powers = frame_powers(pcm, sample_rate)
    floor = float(np.percentile(powers, 5))
    target = dither**2
    if floor_db is not None:
        target = max(target, float(np.percentile(powers, 95)) / 10 ** (floor_db / 10))
    if floor >= 0.8 * target:  # within 1 dB: the floor is there already (a microphone's, or ours)
        return 0.0
    return float(np.sqrt(target - floor))


def with_noise(audio: np.ndarray, sigma: float, rng: np.random.Generator) -> np.ndarray:
    """``audio`` plus Gaussian noise of RMS ``sigma`` (unchanged when ``sigma`` is 0)."""
    if not sigma or len(audio) == 0:
        return audio
    noise = rng.normal(0.0, sigma, len(audio))
    return np.clip(np.round(audio.astype(np.float64) + noise), -32768, 32767).astype(np.int16)


class UtteranceNoise:
    """The noise one utterance is topped up with: its level fixed once (``fix``) from the utterance's
    first stretch, so decoding can start while the player speaks, and drawn from a generator seeded
    anew for every utterance (``begin``), so the same audio always decodes the same."""

    SEED = 20251122

    def __init__(self, sample_rate: int, dither: float = DITHER, floor_db: float | None = FLOOR_DB) -> None:
        self.sample_rate, self.dither, self.floor_db = sample_rate, dither, floor_db
        self.sigma: float | None = None  # None: not fixed yet
        self._rng = np.random.default_rng(self.SEED)

    def sigma_for(self, pcm: np.ndarray) -> float:
        """RMS of the noise that tops ``pcm``'s floor up (``noise_sigma``; 0.0: none needed)."""
        return noise_sigma(pcm, self.sample_rate, self.dither, self.floor_db)

    def topped_up(self, pcm: np.ndarray) -> np.ndarray:
        """``pcm`` as a whole utterance of its own is topped up (level taken from all of it)."""
        return with_noise(pcm, self.sigma_for(pcm), np.random.default_rng(self.SEED))

    def begin(self) -> None:
        """A new utterance: its level is not fixed yet, its noise starts afresh."""
        self.sigma = None
        self._rng = np.random.default_rng(self.SEED)

    def fix(self, first: np.ndarray) -> np.ndarray:
        """Fix the level from the utterance's ``first`` stretch; that stretch topped up."""
        self.sigma = self.sigma_for(first)
        return self.added(first)

    def added(self, audio: np.ndarray) -> np.ndarray:
        """The utterance's next ``audio`` topped up at the fixed level."""
        return with_noise(audio, self.sigma or 0.0, self._rng)


def speech_ms(audio: np.ndarray, sample_rate: int) -> float:
    """How much of ``audio`` is speech: 10 ms frames 10 dB or more over its quietest frames."""
    powers = frame_powers(audio, sample_rate)
    floor = max(1.0, float(np.percentile(powers, 5)))
    return 10.0 * float((powers > floor * 10.0).sum())
