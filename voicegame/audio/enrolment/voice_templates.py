"""A player's own voice as templates: the answer words ("zero".."nine", "yes", "no") recorded a couple
of times at enrolment (``voicegame train``), and each new short utterance matched against them.

Off-the-shelf recognisers hear some voices badly (atypical speech above all); a template of the same
player saying the same word is matched on that player's own sounds, whatever they are. The method is
the classic isolated-word one: MFCC features with cepstral mean normalisation, leading and trailing
silence trimmed by an energy threshold, and dynamic time warping (DTW) inside a band, done for one
utterance against every template at once (numpy, a loop over the utterance's frames only: a match,
features included, took 4 ms of CPU on average against 20 templates and 7 ms against 24 on a busy
2-core machine; bench/enrol.py measures it).

The decision rule (``MAX_DISTANCE``, ``MIN_MARGIN``) was chosen on the tuning speakers of the Free
Spoken Digit Dataset (george, jackson, nicolas) only, and reported on the others (theo, yweweler,
lucas): bench/enrol.py prints both, bench/RESULTS.md keeps the figures.

Templates are saved as a versioned .npz (``save``/``load``); a damaged or foreign file loads as no
templates, with a warning in the log, never an exception.
"""

from __future__ import annotations

import io
import logging
import math
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Sequence

import numpy as np

from ..bounded_file import MIB, read_bounded

log = logging.getLogger(__name__)

RATE = 16000
FRAME = 400  # 25 ms
HOP = 160  # 10 ms: 100 frames a second
N_FFT = 512
N_MELS = 26
LOW_HZ, HIGH_HZ = 100.0, 4000.0
"""The filters span 100 Hz to 4 kHz, telephone band, which every microphone carries: the recordings the
rule was chosen on (8 kHz) have nothing above it to choose by, so nothing above it is used."""
N_CEPS = 13  # c0..c12; c0 (overall level) is dropped after normalisation
TRIM_BELOW_PEAK_DB = 35.0
"""Frames quieter than the loudest frame by more than this (or below ``TRIM_FLOOR_DB``) are silence."""
TRIM_FLOOR_DB = -60.0
TRIM_GAP_FRAMES = 15
"""Loud stretches closer than 150 ms are one (the closure before the "t" of "eight")."""
TRIM_PART_DB = 20.0
TRIM_PART_FRAMES = 5
"""A stretch apart from the loudest one is kept when it is this long (50 ms) and this loud."""
TRIM_PAD_FRAMES = 3
DELTA_WEIGHT = 0.5
_LIFTER = 1.0 + 11.0 * np.sin(np.pi * np.arange(1, N_CEPS) / 22.0)  # HTK's sinusoidal lifter, L = 22
BAND = 0.5
"""DTW band: a path may stray from the straight diagonal by this share of the template's length."""

WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "yes", "no")
"""The answer words enrolment asks for, in the order it asks."""

TEMPLATES_LIMIT = 16 * MIB
"""The largest templates file read: twelve words of a few takes each fill under 1 MB."""
FORMAT = "voicegame-voice-templates"
VERSION = 1

MAX_DISTANCE = 4.7
"""A match is taken only when the utterance is at most this far (mean frame distance along the DTW
path, features normalised per utterance) from its best template: farther is another word or noise.
Chosen by bench/enrol.py on the tuning speakers george, jackson and nicolas (the most right answers
with at most 0.5% wrong and 2% of other words accepted); a right answer lies at 3.0-4.7."""
MIN_MARGIN = 0.1
"""...and when the best template of any other word is at least this much farther: a near tie is no
answer (chosen with ``MAX_DISTANCE``)."""
SURE_MARGIN = 0.3
"""An accepted match with at least this margin is sure enough to act on without confirming: on the tuning
speakers a narrower margin was wrong far more often (bench/enrol.py, answers by margin)."""


@dataclass(frozen=True)
class TemplateMatch:
    """What ``VoiceTemplates.match`` found: the nearest word, its distance, and the margin to the
    nearest *other* word (inf when there is no other); ``accepted`` when both pass the decision rule."""

    word: str
    distance: float
    margin: float
    accepted: bool


# --------------------------------------------------------------------------- features
def _hz_to_mel(hz: np.ndarray) -> np.ndarray:
    return 2595.0 * np.log10(1.0 + hz / 700.0)


def _mel_to_hz(mel: np.ndarray) -> np.ndarray:
    return 700.0 * (10.0 ** (mel / 2595.0) - 1.0)


@lru_cache(maxsize=1)
def _filters() -> np.ndarray:
    """``N_MELS`` triangular filters from ``LOW_HZ`` to ``HIGH_HZ``, shape (N_MELS, N_FFT // 2 + 1)."""
    fft_hz = np.linspace(0.0, RATE / 2, N_FFT // 2 + 1)
    edges = _mel_to_hz(np.linspace(_hz_to_mel(np.array(LOW_HZ)), _hz_to_mel(np.array(HIGH_HZ)), N_MELS + 2))
    left, centre, right = edges[:-2, None], edges[1:-1, None], edges[2:, None]
    rising = (fft_hz[None, :] - left) / (centre - left)
    falling = (right - fft_hz[None, :]) / (right - centre)
    return np.maximum(0.0, np.minimum(rising, falling))


@lru_cache(maxsize=1)
def _dct() -> np.ndarray:
    """DCT-II (orthonormal) from log filter energies to ``N_CEPS`` cepstra, shape (N_CEPS, N_MELS)."""
    k = np.arange(N_CEPS)[:, None]
    n = np.arange(N_MELS)[None, :]
    basis = np.cos(np.pi * k * (2 * n + 1) / (2 * N_MELS)) * math.sqrt(2.0 / N_MELS)
    basis[0] /= math.sqrt(2.0)
    return basis


def _frames(pcm: np.ndarray) -> np.ndarray:
    """16 kHz audio (int16 or float in [-1, 1]) as overlapping frames, shape (frames, FRAME), float64."""
    audio = np.asarray(pcm)
    audio = audio.astype(np.float64) / 32768.0 if audio.dtype == np.int16 else audio.astype(np.float64)
    if audio.ndim != 1:
        audio = audio.reshape(len(audio), -1).mean(axis=1)
    if len(audio) < FRAME:
        audio = np.concatenate([audio, np.zeros(FRAME - len(audio))])
    count = 1 + (len(audio) - FRAME) // HOP
    return np.lib.stride_tricks.sliding_window_view(audio, FRAME)[::HOP][:count]


def speech_span(frames: np.ndarray) -> slice:
    """The frames of the word: loud frames (within ``TRIM_BELOW_PEAK_DB`` of the loudest and above
    ``TRIM_FLOOR_DB`` dBFS) joined across gaps under ``TRIM_GAP_FRAMES``;
    of those stretches the loudest and those of ``TRIM_PART_FRAMES`` or more that reach within ``TRIM_PART_DB``
    of the loudest frame (a click or a faint breath away from the word does not), from the first to the last, padded by ``TRIM_PAD_FRAMES``. Empty when none."""
    level = 10.0 * np.log10((frames * frames).mean(axis=1) + 1e-12)
    if len(level) == 0:
        return slice(0, 0)
    peak = level.max()
    loud = np.flatnonzero(level >= max(peak - TRIM_BELOW_PEAK_DB, TRIM_FLOOR_DB))
    if len(loud) == 0:
        return slice(0, 0)
    breaks = np.flatnonzero(np.diff(loud) > TRIM_GAP_FRAMES)
    starts, stops = loud[np.r_[0, breaks + 1]], loud[np.r_[breaks, len(loud) - 1]] + 1
    kept = [k for k in range(len(starts)) if starts[k] <= np.argmax(level) < stops[k]
            or (stops[k] - starts[k] >= TRIM_PART_FRAMES and level[starts[k]:stops[k]].max() >= peak - TRIM_PART_DB)]
    first, last = starts[kept[0]], stops[kept[-1]]
    return slice(max(0, first - TRIM_PAD_FRAMES), min(len(level), last + TRIM_PAD_FRAMES))


def speech_seconds(pcm: np.ndarray) -> float:
    """How long the speech in ``pcm`` lasts once leading and trailing silence are trimmed."""
    span = speech_span(_frames(pcm))
    return float(max(0, span.stop - span.start) * HOP / RATE)


def features(pcm: np.ndarray) -> np.ndarray:
    """The utterance's features, shape (frames, 24): liftered MFCC c1..c12 and, at half weight, their
    change over 4 frames; leading and trailing silence trimmed, the utterance's cepstral mean removed
    (the microphone's colour drops out) and the whole scaled to unit spread (its level drops out);
    (0, 24) for silence. Chosen on the tuning speakers: per-coefficient variance normalisation, plain
    log-mel, 20 cepstra, a 5 ms hop and full-weight deltas were all as good or worse."""
    frames = _frames(pcm)
    frames = frames[speech_span(frames)]
    if len(frames) < 3:
        return np.zeros((0, 2 * (N_CEPS - 1)))
    emphasised = frames - 0.97 * np.concatenate([frames[:, :1], frames[:, :-1]], axis=1)
    power = np.abs(np.fft.rfft(emphasised * np.hamming(FRAME), N_FFT, axis=1)) ** 2
    ceps = (np.log(power @ _filters().T + 1e-10) @ _dct().T)[:, 1:] * _LIFTER
    padded = np.concatenate([ceps[:1], ceps[:1], ceps, ceps[-1:], ceps[-1:]])
    both = np.concatenate([ceps, DELTA_WEIGHT * (padded[4:] - padded[:-4])], axis=1)
    both = both - both.mean(axis=0)
    return both / (both.std() + 1e-3)


# --------------------------------------------------------------------------- DTW
def dtw_distances(query: np.ndarray, templates: Sequence[np.ndarray], band: float = BAND) -> np.ndarray:
    """The DTW distance of ``query`` (frames, dims) to each template: the mean Euclidean frame distance
    along the best path, each query frame matched to one template frame and the path moving 0, 1 or 2
    template frames per query frame (so a template may be up to twice as long or as short), within a band
    of ``band`` times the template's length around the diagonal. All templates are done at once: one loop
    over the query's frames, each step vectorised over templates and their frames. inf where no path fits."""
    count = len(templates)
    if count == 0:
        return np.zeros(0)
    n = len(query)
    lengths = np.array([len(t) for t in templates])
    if n == 0:
        return np.full(count, np.inf)
    longest = max(1, int(lengths.max()))
    stacked = np.zeros((count, longest, query.shape[1]))
    for k, template in enumerate(templates):
        stacked[k, : len(template)] = template
    # local distances, (count, n, longest), from |a|^2 + |b|^2 - 2 a.b
    cross = np.einsum("nd,kmd->knm", query, stacked)
    local = np.sqrt(np.maximum((query * query).sum(1)[None, :, None] + (stacked * stacked).sum(2)[:, None, :] - 2 * cross, 0.0))
    j = np.arange(longest)[None, None, :]
    i = np.arange(n)[None, :, None]
    diagonal = i * (np.maximum(lengths, 1) - 1)[:, None, None] / max(1, n - 1)
    width = np.maximum(2.0, band * lengths)[:, None, None]
    outside = (np.abs(j - diagonal) > width) | (j >= lengths[:, None, None])
    local = np.where(outside, np.inf, local)
    cost = np.full((count, longest), np.inf)
    cost[:, 0] = local[:, 0, 0]
    for row in range(1, n):
        stay = cost
        step = np.concatenate([np.full((count, 1), np.inf), cost[:, :-1]], axis=1)
        skip = np.concatenate([np.full((count, 2), np.inf), cost[:, :-2]], axis=1)
        cost = local[:, row] + np.minimum(np.minimum(stay, step), skip)
    ends = cost[np.arange(count), np.maximum(lengths, 1) - 1]
    ends = np.where(lengths > 0, ends, np.inf)
    return ends / n


# --------------------------------------------------------------------------- templates
class VoiceTemplates:
    """One player's recorded words: ``add(word, pcm)`` enrols a take, ``match(pcm, words)`` says which
    word an utterance is nearest to; ``save``/``load`` keep them. ``max_distance`` and ``min_margin``:
    the decision rule (``TemplateMatch.accepted``)."""

    def __init__(self, max_distance: float = MAX_DISTANCE, min_margin: float = MIN_MARGIN) -> None:
        self.max_distance = max_distance
        self.min_margin = min_margin
        self._words: list[str] = []
        self._features: list[np.ndarray] = []

    def __len__(self) -> int:
        return len(self._words)

    @property
    def words(self) -> list[str]:
        """The words enrolled, each once, in the order first enrolled."""
        return list(dict.fromkeys(self._words))

    def takes(self, word: str) -> int:
        return self._words.count(word)

    @staticmethod
    def features_of(pcm: np.ndarray) -> np.ndarray | None:
        """The features ``add`` would keep of ``pcm``; None when it holds no speech (under 3 frames)."""
        found = features(pcm)
        return found if len(found) >= 3 else None

    def add(self, word: str, pcm: np.ndarray) -> bool:
        """Enrol one take of ``word``; False (nothing kept) when it holds no speech."""
        found = self.features_of(pcm)
        if found is None:
            return False
        self._words.append(word)
        self._features.append(found)
        return True

    def forget(self, word: str) -> None:
        kept = [(w, f) for w, f in zip(self._words, self._features) if w != word]
        self._words = [w for w, _ in kept]
        self._features = [f for _, f in kept]

    def distances(self, pcm: np.ndarray, words: Iterable[str] | None = None) -> dict[str, float]:
        """Each enrolled word (of ``words``, when given) and the distance of ``pcm`` to its nearest take."""
        wanted = None if words is None else set(words)
        chosen = [k for k, w in enumerate(self._words) if wanted is None or w in wanted]
        if not chosen:
            return {}
        found = dtw_distances(features(pcm), [self._features[k] for k in chosen])
        best: dict[str, float] = {}
        for k, distance in zip(chosen, found):
            word = self._words[k]
            best[word] = min(best.get(word, math.inf), float(distance))
        return best

    def match(self, pcm: np.ndarray, words: Iterable[str] | None = None) -> TemplateMatch | None:
        """The enrolled word (among ``words``: the answers a question accepts, when given) nearest to
        ``pcm``, its distance and the margin to the nearest other word; None when no template is left
        to compare or the utterance holds no speech."""
        best = self.distances(pcm, words)
        ranked = sorted(best.items(), key=lambda item: item[1])
        if not ranked or not math.isfinite(ranked[0][1]):
            return None
        word, distance = ranked[0]
        margin = ranked[1][1] - distance if len(ranked) > 1 else math.inf
        return TemplateMatch(word, distance, margin,
                             distance <= self.max_distance and margin >= self.min_margin)

    # ----------------------------------------------------------------------- files
    def save(self, path: str | Path) -> None:
        """Write the templates to ``path`` (.npz: format name, version, words, features), through a
        temporary file so that a crash leaves the old file whole."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        arrays: dict[str, Any] = {"format": np.array(FORMAT), "version": np.array(VERSION),
                                  "words": np.array(self._words, dtype=np.str_)}
        arrays.update({f"take_{k}": f.astype(np.float32) for k, f in enumerate(self._features)})
        temporary = path.with_name(path.name + ".tmp")
        with open(temporary, "wb") as handle:
            np.savez(handle, **arrays)
        temporary.replace(path)

    @classmethod
    def load(cls, path: str | Path, **rule: float) -> VoiceTemplates:
        """The templates saved at ``path``; none (logged) when the file is missing, damaged, of another
        program or of another version. ``rule``: ``max_distance``/``min_margin`` of the new object."""
        templates = cls(**rule)
        try:
            blob = read_bounded(path, TEMPLATES_LIMIT)  # never a pipe, a device or a huge file
            with np.load(io.BytesIO(blob), allow_pickle=False) as data:
                if str(data["format"]) != FORMAT or int(data["version"]) != VERSION:
                    log.warning("%s holds no voice templates of this version; none are used.", path)
                    return templates
                words = [str(w) for w in data["words"]]
                found = [np.asarray(data[f"take_{k}"], dtype=np.float64) for k in range(len(words))]
        except FileNotFoundError:
            return templates
        except (OSError, ValueError, KeyError, TypeError, EOFError, zipfile.BadZipFile) as error:
            log.warning("The voice templates in %s could not be read (%s); none are used.", path, error)
            return templates
        width = 2 * (N_CEPS - 1)
        if any(f.ndim != 2 or f.shape[1] != width or len(f) < 3 or not np.isfinite(f).all() for f in found):
            log.warning("The voice templates in %s are damaged; none are used.", path)
            return templates
        templates._words, templates._features = words, found
        return templates
