"""A recogniser that also listens with the player's own voice: ``EnrolledRecogniser(inner, templates)``
returns what ``inner`` heard, plus ``Heard.enrolled`` (word, margin) when the utterance is short and
the templates the player recorded with ``voicegame train`` (``voice_templates.VoiceTemplates``) match
it by the decision rule. Everything else (``set_grammar``, ``name``, ``missing``, streaming with
``begin``/``feed``/``finish`` and ``sounds_complete`` when ``inner`` has them) passes through, so the
game sees the same recogniser with one more field filled. What the game does with the field is the
session's choice (voicegame.play.session), not this module's.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from ..backend import Heard, Recogniser, StreamingRecogniser, as_int16
from ..grammar_spec import RecogniserGrammar
from .voice_templates import TemplateMatch, VoiceTemplates, speech_seconds

log = logging.getLogger(__name__)

MAX_SPEECH_SECONDS = 1.5
"""Utterances with this much speech or more are a command, not one answer word: not matched."""


class EnrolledRecogniser:
    """``inner`` with the player's templates. ``last_match``: the template match of the last utterance
    (accepted or not; None when it was not matched), for transcripts and benches."""

    def __init__(self, inner: Recogniser, templates: VoiceTemplates,
                 max_speech_seconds: float = MAX_SPEECH_SECONDS) -> None:
        self.inner = inner
        self.templates = templates
        self.max_speech_seconds = max_speech_seconds
        self.name = inner.name
        self.last_match: TemplateMatch | None = None

    def __getattr__(self, name: str) -> Any:  # missing, missing_words, grammar...: the inner recogniser's
        if name == "inner":  # not set yet (copy, pickle): no recursion
            raise AttributeError(name)
        return getattr(self.inner, name)

    def set_grammar(self, grammar: RecogniserGrammar) -> None:
        self.inner.set_grammar(grammar)

    def recognise(self, pcm: np.ndarray) -> Heard:
        return self.with_templates(self.inner.recognise(pcm), pcm)

    def with_templates(self, heard: Heard, pcm: np.ndarray) -> Heard:
        """``heard`` with ``enrolled`` filled when ``pcm`` is short and a template matches it."""
        self.last_match = None
        if heard.typed or len(self.templates) == 0:
            return heard
        try:
            audio = as_int16(pcm)
            if speech_seconds(audio) >= self.max_speech_seconds:
                return heard
            self.last_match = found = self.templates.match(audio)
        except Exception:  # noqa: BLE001 - a second opinion that fails is no opinion
            log.exception("matching the voice templates failed")
            return heard
        if found is None or not found.accepted:
            return heard
        return replace(heard, enrolled=(found.word, round(found.margin, 3)))


class StreamingEnrolledRecogniser(EnrolledRecogniser):
    """The same for a streaming ``inner``: the audio fed is kept, and matched at ``finish``."""

    def __init__(self, inner: StreamingRecogniser, templates: VoiceTemplates,
                 max_speech_seconds: float = MAX_SPEECH_SECONDS) -> None:
        super().__init__(inner, templates, max_speech_seconds)
        self.stream = inner
        self._fed: list[np.ndarray] = []

    def begin(self) -> None:
        self._fed = []
        self.stream.begin()

    def feed(self, pcm: np.ndarray) -> None:
        self._fed.append(as_int16(pcm))
        self.stream.feed(pcm)

    def finish(self) -> Heard:
        audio = np.concatenate(self._fed) if self._fed else np.zeros(0, dtype=np.int16)
        self._fed = []
        return self.with_templates(self.stream.finish(), audio)

    def recognise(self, pcm: np.ndarray) -> Heard:
        self._fed = []  # the inner recogniser's recognise is its own begin, feed, finish
        return super().recognise(pcm)


def with_enrolment(inner: Recogniser, templates: VoiceTemplates | Path | str | None) -> Recogniser:
    """``inner`` wrapped with ``templates`` (or those saved at that path); ``inner`` itself when there
    are none (not enrolled, or a file that cannot be read: logged by ``VoiceTemplates.load``)."""
    if templates is None or getattr(inner, "name", "") == "text":
        return inner
    if not isinstance(templates, VoiceTemplates):
        path = Path(templates)
        if not path.exists():
            return inner
        templates = VoiceTemplates.load(path)
    if len(templates) == 0:
        return inner
    if isinstance(inner, StreamingRecogniser):
        return StreamingEnrolledRecogniser(inner, templates)
    return EnrolledRecogniser(inner, templates)
