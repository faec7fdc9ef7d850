"""The levels PocketSphinx decides by, in one frozen value: how much noise the audio is topped up
with, and when a hypothesis is thrown out or doubted. The class defaults turn every check off (a plain
decoder, as the small grammars of tests/audio use it); ``listening_thresholds`` turns on the measured
levels the game listens with. The measurements behind each level are documented where the level is
defined (``checks``, ``phone_loop``, ``capture.noise_floor``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..capture import noise_floor
from . import checks, phone_loop

NBEST = 10
"""The game's n-best entries looked at for a close second hypothesis (``Heard.alternatives``)."""


@dataclass(frozen=True)
class PocketSphinxThresholds:
    """When a PocketSphinx hypothesis is thrown out (``Heard.unknown``) or doubted (``Heard.doubt``);
    None turns a check off."""

    dither: float = noise_floor.DITHER
    """Noise floor the audio is topped up to, RMS in LSB (32: about -60 dBFS; 0: none). Synthetic audio
    with digital-zero stretches wrecks the decoder's cepstral normalisation and a faint Gaussian noise
    floor cures it (the measurements are in ``PocketSphinxRecogniser``'s docstring: 32 was best)."""

    floor_db: float | None = noise_floor.FLOOR_DB
    """Noise floor under the speech level, in dB, when that is higher than ``dither`` (None: off;
    ``capture.noise_floor.FLOOR_DB`` gives the measurements)."""

    phone_ratio: float | None = None
    """The phone-loop check: a second decoder runs a phone loop over the same audio and the result is
    rejected when it finds more than this many times the phones of the grammar hypothesis's
    pronunciation (the game's: ``phone_loop.PHONE_RATIO``)."""

    phone_check_up_to: int | None = phone_loop.PHONE_CHECK_UP_TO
    """Hypotheses longer than this many phones skip the phone-loop check (None: all are checked)."""

    uncovered_speech_ms: float | None = None
    """The coverage check: reject a hypothesis whose silence segments hold more loud audio than this
    (the game's: ``checks.UNCOVERED_SPEECH_MS``)."""

    min_frame_score: float | None = None
    """The acoustic check: reject a hypothesis whose acoustic score per frame is lower (the game's:
    ``checks.MIN_FRAME_SCORE``; meaningful only with the decoder option ``compallsen=True``)."""

    doubt_frame_score: float | None = None
    """A hypothesis that passes ``min_frame_score`` but scores under this is returned with
    ``Heard.doubt`` "weak fit", so the game asks before acting on it (the game's:
    ``checks.DOUBT_FRAME_SCORE``)."""

    nbest: int = 0
    """Look at this many entries of the decoder's n-best list and return the other texts among them as
    ``Heard.alternatives`` (0: none; the game's: ``NBEST``)."""

    noisy_doubt_db: float | None = None
    """A hypothesis of an utterance standing out of its background by less than this is returned with
    ``Heard.doubt`` "noisy" (the game's: ``checks.NOISY_DOUBT_DB``)."""

    word_doubt_score: float | None = None
    """A hypothesis one of whose words naming a card or a place (the grammar's ``choice_words``) fits
    under this per frame is returned with ``Heard.doubt`` "weak word" (the game's:
    ``checks.WORD_DOUBT_SCORE``)."""

    second_clear_score: float | None = None
    """The second decode's sentence fitting at least this per frame is ``DecodeEvidence.second_clear``
    (the game's: ``checks.SECOND_CLEAR_SCORE``; None: never)."""

    second_behind: float = checks.SECOND_BEHIND
    """How much worse per frame the second decode's other sentence must fit to be
    ``DecodeEvidence.second_behind`` (``checks.SECOND_BEHIND`` gives the measurements)."""

    @property
    def scored(self) -> bool:
        """Whether a check reads the hypothesis's score per frame."""
        return self.min_frame_score is not None or self.doubt_frame_score is not None

    @property
    def agreement_score(self) -> float:
        """The fit per frame at which the second decode's finding the same sentence outweighs the phone
        loop (``phone_loop.AGREED_SLACK``): the doubt level, else the acoustic check's."""
        return self.doubt_frame_score if self.doubt_frame_score is not None else checks.MIN_FRAME_SCORE


def listening_thresholds(acoustic_check: bool = True) -> PocketSphinxThresholds:
    """The levels the game listens with: three checks against speech that is not a command (acoustic
    score per frame, speech left as silence, phone loop), and doubt (confirmation of a change of the
    game) for a weak fit, loud noise or a word naming a card or a place that fits badly.
    ``acoustic_check=False`` (setting ``audio.acoustic_check``) drops the score per frame, the doubt
    it gives and the second decode's clear fit, all of which need the decoder's ``compallsen``."""
    return PocketSphinxThresholds(
        phone_ratio=phone_loop.PHONE_RATIO, uncovered_speech_ms=checks.UNCOVERED_SPEECH_MS,
        nbest=NBEST, noisy_doubt_db=checks.NOISY_DOUBT_DB, word_doubt_score=checks.WORD_DOUBT_SCORE,
        min_frame_score=checks.MIN_FRAME_SCORE if acoustic_check else None,
        doubt_frame_score=checks.DOUBT_FRAME_SCORE if acoustic_check else None,
        second_clear_score=checks.SECOND_CLEAR_SCORE if acoustic_check else None)
