"""What every speech recogniser backend shares: the ``Heard`` result (with PocketSphinx's
``DecodeEvidence``), the ``Recogniser`` and ``StreamingRecogniser`` protocols, and the helpers for
audio samples and grammar words."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Protocol, Sequence, runtime_checkable

if TYPE_CHECKING:  # numpy is imported where audio is handled: typed games never load it
    import numpy as np

from .errors import GrammarError
from .grammar_spec import RecogniserGrammar
from .jsgf import Jsgf

UNK = "[unk]"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Transcript:
    """A free transcription of an utterance (voicegame.audio.whisper.transcriber) and how sure it was."""

    text: str  # lower case, punctuation dropped ("" when nothing was written)
    logprob: float  # mean log probability per token of the text (0.0 best)
    no_speech: float  # the transcriber's own probability that there was no speech at all
    score: Callable[[Sequence[str]], list[float]] | None = field(default=None, compare=False, repr=False)
    """How likely the transcriber finds each of some sentences as the text of the same utterance (summed
    log probabilities, higher is likelier; None: it cannot say): a choice among the commands the
    grammar and the transcript make plausible (voicegame.listen.rescore)."""
    own: bool = False
    """Written by the recogniser that decoded (Moonshine's free pass beside its grammar-held one): the same
    model's opinion, so it does not count as another ear agreeing (voicegame.listen.choice_written)."""


class TranscriptOnDemand:
    """``Heard.transcript``: computed on the first call only, then remembered; a failure is logged and
    reads as no transcript. ``asked``, ``value`` and ``seconds`` (time spent in the first call) tell
    ``voicegame transcribe`` and the benches whether the game asked for it, what came and the wait."""

    def __init__(self, compute: Callable[[], Transcript]) -> None:
        self._compute = compute
        self.asked = False
        self.value: Transcript | None = None
        self.seconds = 0.0

    def __call__(self) -> Transcript | None:
        if not self.asked:
            began = time.perf_counter()
            try:
                self.value = self._compute()
            except Exception as e:  # noqa: BLE001 - a second opinion that fails is no opinion
                log.warning("Transcription failed: %s", e)
            self.asked, self.seconds = True, time.perf_counter() - began
        return self.value


@dataclass(frozen=True)
class DecodeEvidence:
    """What PocketSphinx's second decode and checks found besides the text (``Heard.evidence``):
    the listening code weighs it, other recognisers leave it empty."""

    second: str | None = None
    """What the decode of ``RecogniserGrammar.second_jsgf`` heard ("" nothing; None: no second decode)."""
    second_clear: bool = False
    """Whether ``second`` fits the audio clearly, well above the level any sentence must reach
    (``PocketSphinxThresholds.second_clear_score``): when the first decode found nothing, the game
    may then answer a command of ``second`` that changes nothing (voicegame.play.session)."""
    second_behind: bool = False
    """Whether ``second``, another sentence than ``text``, fits the audio clearly worse than ``text``
    (by more than ``PocketSphinxThresholds.second_behind`` per frame): the whole language's search
    then lost the better path, and its sentence is no rival to ``text`` (voicegame.listen.understanding)."""
    rival: str = ""
    """A sentence of the second decode that fitted the audio at least as well as ``text`` (per frame)
    although a check threw it out ("" none): the first decode's legal-move prior may have overridden
    the acoustics, so a change of the game it would make is confirmed (voicegame.listen.understanding)."""
    rejected_by: str = ""
    """When ``unknown``: which check threw the decode out and what it had heard ("phone loop: auto
    off"), for transcripts and benches; "" otherwise."""
    rejected_text: str = ""
    """When ``unknown``: the sentence the check threw out ("" none): a candidate for the second opinion's
    choice among commands (voicegame.listen.rescore)."""


NO_EVIDENCE = DecodeEvidence()
"""A decode without a second opinion or checks: the evidence of every recogniser but PocketSphinx."""


@dataclass(frozen=True)
class Heard:
    text: str  # "" when nothing usable was recognised; never contains "[unk]"
    confidence: float | None = None
    unknown: bool = False  # True when the recogniser heard out-of-grammar speech ([unk] or no hypothesis)
    doubt: str = ""
    """Why the recogniser is unsure of ``text`` ("" when it is not): the game confirms a doubtful
    command before it changes the game (voicegame.listen.understanding ``Understanding.doubt``)."""
    alternatives: tuple[str, ...] = ()
    """Other texts the recogniser found nearly as likely, best first (n-best, Vosk alternatives)."""
    evidence: DecodeEvidence = NO_EVIDENCE
    """What a recogniser with a second decode and checks against non-commands (PocketSphinx) found
    besides ``text``; other recognisers leave it empty."""
    transcript: Callable[[], Transcript | None] | None = field(default=None, compare=False, repr=False)
    """A second opinion on demand: the utterance written down freely by another recogniser (Whisper),
    computed on the first call only (None: no transcriber); streamed audio has it under way before the
    end of speech is decided (``EarlyTranscript``), so asking costs little time (voicegame.listen.understanding)."""
    typed: bool = False
    """The text was typed (``TextRecogniser``), not heard: the game takes it as written, as text mode does."""
    nbest: tuple[tuple[str, float], ...] = ()
    """The recogniser's best sentences with a length-normalised score each (mean log probability a
    token, 0.0 best), best first, ``text``'s among them when it was not rejected; empty when the
    recogniser gives no scores (Moonshine fills it: benches and a second opinion may weigh them)."""
    enrolled: tuple[str, float] | None = None
    """The answer word the player's own enrolled voice templates (``voicegame train``) found in a short
    utterance, and its margin over the nearest other enrolled word; None when the player has not enrolled,
    the utterance is long or no template matched well enough (``voicegame.audio.enrolment.enrolled``)."""


@runtime_checkable
class Recogniser(Protocol):
    """A speech recogniser backend: ``set_grammar`` says what can be said, ``recognise`` decodes one
    utterance. Every backend of this package (``PocketSphinxRecogniser``, ``VoskRecogniser``,
    ``TextRecogniser``) also has ``missing_words(grammar)`` (grammar words it cannot hear, sorted)
    and ``missing`` (those of the grammar it was last given); they are not required here, so that a
    test's stand-in need not have them (tests/audio/test_audio_backends.py checks the backends)."""

    name: str  # "pocketsphinx", "vosk", "text"

    def set_grammar(self, grammar: RecogniserGrammar) -> None: ...

    def recognise(self, pcm: np.ndarray) -> Heard: ...


@runtime_checkable
class StreamingRecogniser(Recogniser, Protocol):
    """A recogniser that decodes while the player is still speaking: ``begin()``, ``feed(pcm)`` as
    the audio arrives, ``finish()`` when the endpointer says the utterance is over. Only the last bit
    of audio is left to decode then, so the answer comes tens of milliseconds after the end of the
    utterance instead of after decoding all of it. ``recognise(pcm)`` is the same three steps.
    Optional: ``sounds_complete()``, whether the words so far make a whole command that nothing can
    follow (the endpointer may then end the utterance at a shorter pause)."""

    def begin(self) -> None: ...

    def feed(self, pcm: np.ndarray) -> None: ...

    def finish(self) -> Heard: ...


def as_int16(pcm: np.ndarray) -> np.ndarray:
    import numpy as np

    a = np.asarray(pcm)
    if a.ndim != 1:
        a = a.reshape(len(a), -1).mean(axis=1) if a.ndim == 2 else a.ravel()
    if a.dtype == np.int16:
        return np.ascontiguousarray(a)
    if np.issubdtype(a.dtype, np.floating):
        return np.clip(np.round(a * 32768.0), -32768, 32767).astype(np.int16)
    return np.clip(a, -32768, 32767).astype(np.int16)


def grammar_words(grammar: RecogniserGrammar) -> set[str]:
    words = {w for w in grammar.words}
    for phrase in grammar.phrases:
        words.update(phrase.split())
    try:
        words.update(Jsgf(grammar.jsgf).words)
    except GrammarError:
        pass  # a broken JSGF is reported by the backend that needs it
    words.discard(UNK)
    return words
