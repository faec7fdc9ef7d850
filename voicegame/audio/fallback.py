"""An ear that gives way to a lighter one when it cannot start: ``WithFallback(primary, make_backup)``.

The neural ear (Moonshine) loads its model in the background while the game greets the player, so a
damaged model file or an onnxruntime that will not run shows only at the first utterance. Chosen by
default ("auto"), that must not leave a game that cannot hear: the first ``RecogniserUnavailable`` from
``primary`` builds ``make_backup()`` (PocketSphinx), gives it the grammar of the turn, says why once
(``on_note``), and from then on every utterance goes to it. An ear the player asked for by name is not
wrapped: its failure is told as it is.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

import numpy as np

from .backend import Heard, Recogniser
from .errors import RecogniserUnavailable, message_text
from .grammar_spec import RecogniserGrammar

log = logging.getLogger(__name__)


class WithFallback:
    """``primary`` until it cannot start, then ``make_backup()`` (see the module). Streams when both do."""

    def __init__(self, primary: Recogniser, make_backup: Callable[[], Recogniser],
                 on_note: Callable[[str], None] | None = None) -> None:
        self.current: Any = primary
        self.name: str = primary.name
        self.make_backup = make_backup
        self.on_note = on_note
        self.fell_back = False
        self._grammar: RecogniserGrammar | None = None

    def __getattr__(self, name: str) -> Any:  # missing, missing_words, transcriber...: the current ear's
        if name == "current":  # not set yet (copy, pickle): no recursion
            raise AttributeError(name)
        return getattr(self.current, name)

    def _fall_back(self, error: RecogniserUnavailable) -> None:
        log.warning("%s cannot listen (%s): falling back", self.current.name, error)
        backup = self.make_backup()
        if self._grammar is not None:
            backup.set_grammar(self._grammar)
        self.current, self.name, self.fell_back = backup, backup.name, True
        if self.on_note is not None:
            self.on_note(message_text("audio_fell_back", {"reason": str(error)}))

    def _call(self, method: str, *args: Any) -> Any:
        try:
            return getattr(self.current, method)(*args)
        except RecogniserUnavailable as error:
            if self.fell_back:
                raise
            self._fall_back(error)
            return getattr(self.current, method)(*args)

    def set_grammar(self, grammar: RecogniserGrammar) -> None:
        self._grammar = grammar
        self._call("set_grammar", grammar)

    def recognise(self, pcm: np.ndarray) -> Heard:
        return self._call("recognise", pcm)


class StreamingWithFallback(WithFallback):
    """The same for two streaming ears: the audio of the utterance is kept, so that the backup hears
    all of it when the primary fails part-way."""

    def __init__(self, primary: Recogniser, make_backup: Callable[[], Recogniser],
                 on_note: Callable[[str], None] | None = None) -> None:
        super().__init__(primary, make_backup, on_note)
        self._fed: list[np.ndarray] = []

    def begin(self) -> None:
        self._fed = []
        self._call("begin")

    def feed(self, pcm: np.ndarray) -> None:
        self._fed.append(pcm)
        try:
            self.current.feed(pcm)
        except RecogniserUnavailable as error:
            if self.fell_back:
                raise
            self._fall_back(error)
            self._replay()

    def finish(self) -> Heard:
        try:
            return self.current.finish()
        except RecogniserUnavailable as error:
            if self.fell_back:
                raise
            self._fall_back(error)
            self._replay()
            return self.current.finish()

    def _replay(self) -> None:
        """The backup hears the utterance so far from its start."""
        self.current.begin()
        for block in self._fed:
            self.current.feed(block)
