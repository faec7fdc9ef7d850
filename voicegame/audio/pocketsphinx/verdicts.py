"""The checks a finished PocketSphinx decode goes through, as a table: each check reads the
``Decode`` and gives a ``Verdict`` (thrown out, doubted, or nothing to say). ``judge`` runs them in
order: the first that throws the decode out decides, else the first doubt is kept. The levels are a
``PocketSphinxThresholds``; a check whose level is None is not in the table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, Sequence

from ..capture.levels import speech_over_noise_db
from ..grammar_spec import RecogniserGrammar
from .checks import WordFit, uncovered_speech_ms

if TYPE_CHECKING:
    import numpy as np

    from .phone_loop import PhoneLoop
    from .second import SecondDecode
    from .thresholds import PocketSphinxThresholds


@dataclass(frozen=True)
class GrammarWords:
    """The words of a grammar (``RecogniserGrammar``) that the recogniser treats apart."""

    garbage: frozenset[str] = frozenset()  # its garbage loop's: out-of-grammar speech
    ends_early: frozenset[str] = frozenset()  # whole commands the endpointer need not wait after
    choice_words: frozenset[str] = frozenset()  # words naming a card or a place

    @classmethod
    def of(cls, grammar: RecogniserGrammar) -> GrammarWords:
        return cls(frozenset(getattr(grammar, "garbage", ())), frozenset(getattr(grammar, "ends_early", ())),
                   frozenset(getattr(grammar, "choice_words", ())))


@dataclass(frozen=True)
class Decode:
    """What the checks read of one finished decode: its sentence, the audio it was decoded from, its
    words' fit and the grammar's words it was decoded with."""

    text: str  # "" when no path was found
    audio: np.ndarray  # int16, the noise floor topped up, as decoded
    sample_rate: int
    decoder: Any  # the grammar's decoder, still holding the decode's segments
    fits: Sequence[WordFit] = ()  # its words' fit ([] when no check needs it)
    score: float | None = None  # acoustic score per frame (None: no check reads it)
    words: GrammarWords = GrammarWords()


@dataclass(frozen=True)
class Verdict:
    """A check's outcome: ``rejected_by`` names the check that throws the decode out ("" keeps it);
    ``doubt`` is why a kept decode is doubtful ("" sure)."""

    rejected_by: str = ""
    doubt: str = ""


NOTHING_TO_SAY = Verdict()


class Check(Protocol):
    def judge(self, decode: Decode) -> Verdict: ...


class NoSentence:
    """No path through the grammar at all."""

    def judge(self, decode: Decode) -> Verdict:
        return NOTHING_TO_SAY if decode.text else Verdict("no sentence")


class Garbage:
    """Out-of-grammar speech: the hypothesis went through the grammar's garbage loop."""

    def judge(self, decode: Decode) -> Verdict:
        garbage = decode.words.garbage
        if garbage and not garbage.isdisjoint(decode.text.split()):
            return Verdict("garbage")
        return NOTHING_TO_SAY


@dataclass(frozen=True)
class AcousticScore:
    """The words fit the audio badly: speech that is not a command (``min_frame_score``)."""

    least: float

    def judge(self, decode: Decode) -> Verdict:
        if decode.score is not None and decode.score < self.least:
            return Verdict(f"score {decode.score:.2f}")
        return NOTHING_TO_SAY


@dataclass(frozen=True)
class Coverage:
    """The hypothesis explains part of the speech as silence (``uncovered_speech_ms``)."""

    most_ms: float

    def judge(self, decode: Decode) -> Verdict:
        if uncovered_speech_ms(decode.decoder, decode.audio, decode.sample_rate) > self.most_ms:
            return Verdict("speech left as silence")
        return NOTHING_TO_SAY


@dataclass(frozen=True)
class WeakFit:
    """A fit between the acoustic check's level and ``doubt_frame_score``: kept, but doubted."""

    sure_from: float

    def judge(self, decode: Decode) -> Verdict:
        if decode.score is not None and decode.score < self.sure_from:
            return Verdict(doubt="weak fit")
        return NOTHING_TO_SAY


@dataclass(frozen=True)
class PhoneCount:
    """Much more speech than the command heard (the phone loop), unless the second decode found the
    same sentence (``SecondDecode.agrees``): then the decode is kept, doubted."""

    loop: PhoneLoop
    second: SecondDecode

    def judge(self, decode: Decode) -> Verdict:
        if not self.loop.too_many(decode.text):
            return NOTHING_TO_SAY
        if self.second.agrees(decode.text):
            return Verdict(doubt="phone loop")
        return Verdict(f"phone loop {self.loop.heard_phones()}")


@dataclass(frozen=True)
class Noisy:
    """The utterance stands out of its background by less than ``noisy_doubt_db``: doubted."""

    least_db: float

    def judge(self, decode: Decode) -> Verdict:
        level = speech_over_noise_db(decode.audio, decode.sample_rate)
        return Verdict(doubt="noisy") if level is not None and level < self.least_db else NOTHING_TO_SAY


@dataclass(frozen=True)
class WeakWord:
    """A word naming a card or a place fits under ``word_doubt_score`` per frame: doubted."""

    least: float

    def judge(self, decode: Decode) -> Verdict:
        weak = any(fit.per_frame < self.least and fit.word.split("(")[0] in decode.words.choice_words
                   for fit in decode.fits)
        return Verdict(doubt="weak word") if weak else NOTHING_TO_SAY


def checks_for(thresholds: PocketSphinxThresholds, loop: PhoneLoop | None, second: SecondDecode) -> tuple[Check, ...]:
    """The checks ``thresholds`` turn on, in the order they are asked."""
    t = thresholds
    table: list[Check | None] = [
        NoSentence(),
        Garbage(),
        AcousticScore(t.min_frame_score) if t.min_frame_score is not None else None,
        Coverage(t.uncovered_speech_ms) if t.uncovered_speech_ms is not None else None,
        WeakFit(t.doubt_frame_score) if t.doubt_frame_score is not None else None,
        PhoneCount(loop, second) if loop is not None else None,
        Noisy(t.noisy_doubt_db) if t.noisy_doubt_db is not None else None,
        WeakWord(t.word_doubt_score) if t.word_doubt_score is not None else None,
    ]
    return tuple(check for check in table if check is not None)


def judge(checks: Sequence[Check], decode: Decode) -> Verdict:
    """The first check that throws ``decode`` out, else the first doubt (or nothing to say)."""
    doubt = ""
    for check in checks:
        verdict = check.judge(decode)
        if verdict.rejected_by:
            return verdict
        doubt = doubt or verdict.doubt
    return Verdict(doubt=doubt)
