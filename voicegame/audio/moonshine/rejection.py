"""Whether the grammar's best sentence is what was said: its score beside the free transcript's.

Held to the grammar the search always ends on some sentence, so speech that is no command would
always become one. The free transcript of the same audio is the yardstick: when it writes the same
words, the sentence stands; when it writes other words and the grammar's sentence scores far below it
(mean log probability a token), the model would not have written that sentence on its own, and the
utterance is no command. In between, the sentence is doubted (the game confirms a change).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .beam_search import Decoded

WEAK_FIT = "weak fit"
"""``Heard.doubt`` for a sentence that fits the audio less well than the free transcript
(voicegame.listen.policy ``Doubt.WEAK_FIT``)."""


@dataclass(frozen=True)
class MoonshineThresholds:
    """The levels of the verdict, in nats a token (free transcript's mean log probability minus the
    sentence's). Chosen on tuning material only (bench/moonshine_tuning.py: tests/data/human and
    bench/voices.py ``TUNING``)."""

    reject_gap: float = 1.0
    """Another free transcript and a sentence this much worse a token: no command."""
    doubt_gap: float = 0.5
    """Another free transcript and a sentence this much worse a token: doubtful."""
    min_mean: float = -2.5
    """A sentence scoring under this a token is no command whatever the free transcript wrote (noise,
    silence: the free transcript is as poor as the sentence there)."""
    alternative_margin: float = 2.0
    """Other sentences of the n-best whose total log probability is within this of the best are
    offered as ``Heard.alternatives`` (the game asks when one means another command)."""


@dataclass(frozen=True)
class Verdict:
    text: str
    unknown: bool
    doubt: str
    confidence: float | None
    alternatives: tuple[str, ...]
    gap: float
    """The free transcript's mean log probability a token minus the sentence's (0.0 when the same words)."""
    rejected_text: str = ""
    """When rejected: the grammar's best sentence, thrown out ("" none): a candidate for Whisper's choice
    among commands (``DecodeEvidence.rejected_text``)."""


def verdict(decoded: Decoded, thresholds: MoonshineThresholds) -> Verdict:
    if not decoded.nbest:
        return Verdict("", True, "", None, (), math.inf)
    best = decoded.nbest[0]
    same = decoded.free.words == best.words
    gap = 0.0 if same else decoded.free.mean - best.mean
    confidence = max(1e-6, math.exp(best.mean))  # never 0.0: that means an incomplete decode to the game
    if gap > thresholds.reject_gap or (not same and best.mean < thresholds.min_mean):
        return Verdict("", True, "", confidence, (), gap, best.text)
    doubt = WEAK_FIT if gap > thresholds.doubt_gap else ""
    others = tuple(h.text for h in decoded.nbest[1:] if best.total - h.total <= thresholds.alternative_margin)
    return Verdict(best.text, False, doubt, confidence, others, gap)
