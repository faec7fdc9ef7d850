"""One WAV of a whole session (``--output session.wav``), and finding the earcons back in it.

``SessionRecording`` keeps, in order, the player's command audio (optional), the earcons and the
rendered speech, each as it would be heard, with a short gap between clips; ``write(path)`` mixes them
down to one rate (22,050 Hz, espeak-ng's own, so speech and earcons are copied sample for sample;
16 kHz commands are resampled with soxr). ``find_earcons`` finds earcons in any recording by
normalised cross-correlation (numpy FFT): the ordered names, for tests and bug reports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Literal

import numpy as np

from ..wavio import read_wav, write_wav
from .earcons import EARCON_RATE, EARCONS, load

RATE = EARCON_RATE
Kind = Literal["input", "earcon", "speech", "silence"]


def resample(pcm: np.ndarray, rate: int, target: int) -> np.ndarray:
    """int16 mono ``pcm`` at ``rate`` -> int16 at ``target`` (soxr, high quality)."""
    x = np.asarray(pcm)
    if rate == target or len(x) == 0:
        return x.astype(np.int16, copy=False)
    import soxr

    y = soxr.resample(x.astype(np.float64) / 32768.0, rate, target, quality="HQ")
    return np.clip(np.round(y * 32768.0), -32768, 32767).astype(np.int16)


@dataclass(frozen=True)
class Clip:
    kind: Kind
    label: str  # earcon name, sentence, or heard text
    pcm: np.ndarray  # int16 at the recording's rate
    start: int  # sample offset in the recording


@dataclass
class SessionRecording:
    """Clips in the order they were heard. ``gap_s`` of silence separates them (0 allowed)."""

    rate: int = RATE
    gap_s: float = 0.08
    include_input: bool = True
    clips: list[Clip] = field(default_factory=list)
    length: int = 0  # samples so far, gaps included
    notes: list[str] = field(default_factory=list)

    def _add(self, kind: Kind, label: str, pcm: np.ndarray, rate: int) -> Clip:
        data = resample(pcm, rate, self.rate)
        start = self.length + (int(self.gap_s * self.rate) if self.clips else 0)
        clip = Clip(kind, label, data, start)
        self.clips.append(clip)
        self.length = start + len(data)
        return clip

    def add_input(self, pcm: np.ndarray, rate: int = 16000, heard: str = "") -> Clip | None:
        """The player's command as it was captured (skipped when ``include_input`` is off)."""
        return self._add("input", heard, pcm, rate) if self.include_input else None

    def add_earcon(self, name: str, pcm: np.ndarray | None = None, rate: int = EARCON_RATE) -> Clip | None:
        try:
            data = load(name) if pcm is None else pcm
        except Exception:  # an unknown name must not break a recording
            self.notes.append(f"no sound for earcon {name}")
            return None
        return self._add("earcon", name, data, rate)

    def add_speech(self, text: str, rendered: tuple[np.ndarray, int] | None) -> Clip | None:
        """A sentence as rendered by a speaker; None rendered (print speaker) is noted, not recorded."""
        if rendered is None:
            self.notes.append(f"not rendered: {text}")
            return None
        pcm, rate = rendered
        return self._add("speech", text, pcm, rate)

    def add_silence(self, seconds: float) -> Clip:
        return self._add("silence", "", np.zeros(int(seconds * self.rate), np.int16), self.rate)

    def labels(self, kind: Kind) -> list[str]:
        return [c.label for c in self.clips if c.kind == kind]

    def mix(self) -> np.ndarray:
        """Everything as one int16 track (overlaps, if any, are summed and clipped)."""
        out = np.zeros(self.length, dtype=np.int32)
        for c in self.clips:
            out[c.start : c.start + len(c.pcm)] += c.pcm
        return np.clip(out, -32768, 32767).astype(np.int16)

    def write(self, path: str | Path) -> Path:
        write_wav(path, self.mix(), self.rate)
        return Path(path)


# ------------------------------------------------------------------------------ detection
@dataclass(frozen=True)
class Found:
    name: str
    start: int  # sample offset at the recording's rate
    score: float  # normalised cross-correlation, 1.0 = exact copy

    @property
    def seconds(self) -> float:
        return self.start / RATE


def _ncc(signal: np.ndarray, template: np.ndarray) -> np.ndarray:
    """Normalised cross-correlation of ``template`` at every offset of ``signal`` (valid part only)."""
    n, m = len(signal), len(template)
    size = 1 << (n + m - 1).bit_length()
    corr = np.fft.irfft(np.fft.rfft(signal, size) * np.conj(np.fft.rfft(template, size)), size)[: n - m + 1]
    energy = np.concatenate([[0.0], np.cumsum(signal * signal)])
    local = energy[m:] - energy[: n - m + 1]
    norm = np.sqrt(np.maximum(local, 0.0) * float(template @ template))
    floor = 1e-3 * float(template @ template)  # near-silent windows never match
    return np.where(local > floor, corr / np.maximum(norm, 1e-12), 0.0)


def find_earcons(recording: np.ndarray | str | Path, rate: int = RATE, names: Iterable[str] | None = None,
                 threshold: float = 0.8) -> list[Found]:
    """Every earcon in ``recording`` (samples at ``rate``, or a WAV path), in time order.

    A match is a local maximum of the normalised cross-correlation above ``threshold``; where two
    earcons claim overlapping stretches the better score wins. Exact copies score 1.0; speech and
    other earcons stay below 0.3 (see sounds/README.md), and the recogniser's 16 kHz round trip is
    not involved because recordings keep the earcons' own rate.
    """
    if isinstance(recording, (str, Path)):
        x = read_wav(recording, rate).astype(np.float64)
    else:
        x = np.asarray(recording, dtype=np.float64)
    candidates: list[Found] = []
    for name in names or EARCONS:
        t = resample(load(name), EARCON_RATE, rate).astype(np.float64)
        if len(x) < len(t):
            continue
        score = _ncc(x, t)
        m = len(t)
        for i in np.flatnonzero(score > threshold):
            lo, hi = max(0, i - m // 2), i + m // 2 + 1
            if score[i] >= score[lo:hi].max():
                candidates.append(Found(name, int(i), float(score[i])))
    candidates.sort(key=lambda f: -f.score)
    kept: list[Found] = []
    lengths = {n: len(load(n)) * rate // EARCON_RATE for n in EARCONS}
    for f in candidates:
        end = f.start + lengths[f.name]
        if all(end <= k.start or f.start >= k.start + lengths[k.name] for k in kept):
            kept.append(f)
    return sorted(kept, key=lambda f: f.start)


def earcon_names(recording: np.ndarray | str | Path, rate: int = RATE, threshold: float = 0.8) -> list[str]:
    """Just the ordered names of ``find_earcons``."""
    return [f.name for f in find_earcons(recording, rate, threshold=threshold)]
