"""Whisper's second opinion for any recogniser: ``with_transcriber(inner, transcriber)``.

The policy (voicegame.listen.understanding) weighs what a recogniser held to the grammar heard against a
free transcript of the same utterance (``Heard.transcript``): a transcript naming the same command lifts a
doubt, one naming another is asked about, ordinary speech written down rejects a doubtful decode, and
Whisper chooses among candidate commands. That evidence belongs to no one recogniser, so it is added
here, around whichever one listens (PocketSphinx, Moonshine, Vosk, a Wyoming server): each feeds the same
policy the same way. A recogniser's own free transcript (Moonshine writes one) gives way to Whisper's,
which is independent of the decode it is weighed against.

Everything else (``name``, ``missing``, ``set_grammar``, the inner recogniser's own attributes) passes
through. A streaming ``inner`` stays streaming: the audio fed goes to an ``EarlyTranscript`` as well,
which transcribes while the player is already silent, before the end of speech is decided.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from ..backend import Heard, Recogniser, StreamingRecogniser, as_int16
from ..grammar_spec import RecogniserGrammar
from .transcriber import RATE, EarlyTranscript, WhisperTranscriber

MIN_SAMPLES = RATE // 10
"""Shorter audio (under 0.1 s) holds no word: no transcript is offered."""


class WithTranscriber:
    """``inner``, with ``transcriber``'s free transcript offered on demand on every result it heard."""

    def __init__(self, inner: Recogniser, transcriber: WhisperTranscriber) -> None:
        self.inner = inner
        self.transcriber = transcriber
        self.name = inner.name

    def __getattr__(self, name: str) -> Any:  # missing, missing_words, first_fit, last...: the inner one's
        if name == "inner":  # not set yet (copy, pickle): no recursion
            raise AttributeError(name)
        return getattr(self.inner, name)

    def set_grammar(self, grammar: RecogniserGrammar) -> None:
        self.inner.set_grammar(grammar)

    def recognise(self, pcm: np.ndarray) -> Heard:
        """All the audio is here: nothing to win by transcribing early."""
        audio = as_int16(pcm)
        heard = self.inner.recognise(audio)
        if heard.typed or len(audio) < MIN_SAMPLES:
            return heard
        return replace(heard, transcript=self.transcriber.on_demand(audio))


class StreamingWithTranscriber(WithTranscriber):
    """The same for a streaming ``inner`` (``begin``, ``feed``, ``finish``)."""

    def __init__(self, inner: StreamingRecogniser, transcriber: WhisperTranscriber) -> None:
        super().__init__(inner, transcriber)
        self.stream = inner
        self.early = EarlyTranscript(transcriber)

    def begin(self) -> None:
        self.early.begin()
        self.stream.begin()

    def feed(self, pcm: np.ndarray) -> None:
        audio = as_int16(pcm)
        self.early.feed(audio)
        self.stream.feed(audio)

    def finish(self) -> Heard:
        heard = self.stream.finish()
        audio = self.early.fed()
        if heard.typed or len(audio) < MIN_SAMPLES:
            self.early.begin()  # drop any early work
            return heard
        return replace(heard, transcript=self.early.finish(audio))


def with_transcriber(inner: Recogniser, transcriber: WhisperTranscriber | None) -> Recogniser:
    """``inner`` with ``transcriber``'s second opinion (``inner`` itself when there is no transcriber, or it
    reads typed text)."""
    if transcriber is None or inner.name == "text":
        return inner
    if isinstance(inner, StreamingRecogniser):
        return StreamingWithTranscriber(inner, transcriber)
    return WithTranscriber(inner, transcriber)
