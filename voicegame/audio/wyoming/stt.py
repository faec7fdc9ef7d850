"""Speech to text on a Wyoming server (wyoming-faster-whisper, wyoming-vosk, Home Assistant's add-ons):
a ``Recogniser`` like the embedded ones, so the transcript goes through the same matching, prior and
confirmation (``Session.hear``) as every other backend.

One utterance is one connection: ``Transcribe``, ``AudioStart``, ``AudioChunk``..., ``AudioStop``,
then the server's ``Transcript``. A server that is missing, dies, answers too slowly or sends
garbage is told once in one sentence (``on_note``) and the utterance is decoded by the fallback (the
embedded PocketSphinx), so the command is not lost; the server is tried again every ``retry_s``.
"""

from __future__ import annotations

import logging
import re
import time
from typing import Any, Callable

import numpy as np

from ..backend import Heard, as_int16
from ..errors import message_text
from ..grammar_spec import RecogniserGrammar
from .link import LOOP, WyomingUnavailable, audio_events, describe, program_name, read_event

log = logging.getLogger(__name__)

RATE = 16000
_BRACKETED = re.compile(r"\[[^\]]*\]|\([^)]*\)|\*[^*]*\*")  # Whisper's "[BLANK_AUDIO]", "(music)", "*cough*"
_PUNCT = re.compile(r"[^\w'\- ]+")


def said_at_once(speaker: Any, patience_s: float = 15.0) -> Callable[[str], None]:
    """``on_note`` for a game: the sentence is spoken to its end before the turn's answer (which
    would otherwise cut it: a new answer stops the speaker)."""

    def tell(sentence: str) -> None:
        speaker.say(sentence)
        speaker.wait(patience_s)

    return tell


def transcript_text(text: str) -> str:
    """A server's transcript as the game's words: lower case, no punctuation (' and - kept), no
    bracketed noise labels. Digits stay: the parser reads "pile 3" as well as "pile three"."""
    text = _BRACKETED.sub(" ", text or "")
    return " ".join(_PUNCT.sub(" ", text.replace("_", " ").lower()).split())


class WyomingRecogniser:
    """``recognise(pcm)`` on a Wyoming speech-to-text server at ``uri``.

    ``fallback()`` builds the embedded recogniser (made on first need, given the last grammar);
    ``on_note(sentence)`` tells the player (the caller makes it speak before the answer);
    ``timeout_s`` bounds one utterance's round trip (connect, send, transcribe, answer).
    """

    name = "wyoming"

    def __init__(self, uri: str, fallback: Callable[[], Any], on_note: Callable[[str], None] | None = None,
                 timeout_s: float = 10.0, retry_s: float = 30.0, language: str | None = "en",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.uri = uri
        self.make_fallback = fallback
        self.on_note = on_note
        self.timeout_s = timeout_s
        self.retry_s = retry_s
        self.language = language
        self.clock = clock
        self.model = ""
        self.grammar: RecogniserGrammar | None = None
        self._fallback: Any = None
        self.down_since: float | None = None  # when the server failed (None: it answers)
        self.failures = 0  # utterances the server failed (counted, for logs and tests)
        self.fallback_decodes = 0

    # ---- start
    def start(self) -> str:
        """Ask the server what it is; the sentence saying what is used (or that the fallback is)."""
        try:
            info = describe(self.uri, min(self.timeout_s, 5.0))
        except WyomingUnavailable as error:
            log.warning("Wyoming STT %s: %s", self.uri, error.__cause__ or error)
            self.down_since = self.clock()
            return message_text("wyoming_stt_missing", {"uri": self.uri})
        self.model = program_name(info, "asr") or "an unnamed model"
        log.info("Wyoming STT at %s: %s", self.uri, self.model)
        return message_text("wyoming_stt_using", {"uri": self.uri, "model": self.model})

    # ---- the Recogniser protocol
    def set_grammar(self, grammar: RecogniserGrammar) -> None:
        """Kept for the fallback: a Wyoming server listens for any words."""
        self.grammar = grammar
        if self._fallback is not None:
            self._fallback.set_grammar(grammar)

    @property
    def missing(self) -> tuple[str, ...]:
        """Grammar words the recogniser in use cannot hear: none for the server."""
        return tuple(getattr(self._fallback, "missing", ())) if self.down_since is not None else ()

    def missing_words(self, grammar: RecogniserGrammar) -> list[str]:
        return []

    def recognise(self, pcm: np.ndarray) -> Heard:
        pcm = as_int16(pcm)
        if self.down_since is not None and self.clock() - self.down_since < self.retry_s:
            return self._decode_locally(pcm)
        try:
            text = self.transcribe(pcm)
        except WyomingUnavailable as error:
            log.warning("Wyoming STT %s failed: %s", self.uri, error.__cause__ or error)
            self.failures += 1
            first = self.down_since is None
            self.down_since = self.clock()
            if first:
                self._tell(message_text("wyoming_stt_lost", {}))
            return self._decode_locally(pcm)
        if self.down_since is not None:
            self.down_since = None
            self._tell(message_text("wyoming_stt_back", {}))
        return Heard(text, None, text == "")

    # ---- helpers
    def transcribe(self, pcm: np.ndarray) -> str:
        """The server's transcript of ``pcm`` (16 kHz int16), normalised; ``WyomingUnavailable`` on failure."""
        raw = LOOP.run(lambda: self._transcribe(pcm), self.timeout_s, "wyoming_no_answer", uri=self.uri)
        return transcript_text(raw)

    async def _transcribe(self, pcm: np.ndarray) -> str:
        from wyoming.asr import Transcribe, Transcript, TranscriptChunk, TranscriptStop
        from wyoming.client import AsyncClient
        from wyoming.error import Error

        client = AsyncClient.from_uri(self.uri, connect_timeout=min(3.0, self.timeout_s))
        async with client:
            await client.write_event(Transcribe(language=self.language).event())
            for event in audio_events(pcm, RATE):
                await client.write_event(event)
            pieces: list[str] = []
            while True:
                event = await read_event(client)
                if Transcript.is_type(event.type):
                    return str(Transcript.from_event(event).text)
                if TranscriptChunk.is_type(event.type):
                    pieces.append(TranscriptChunk.from_event(event).text)
                elif TranscriptStop.is_type(event.type):
                    return "".join(pieces)
                elif Error.is_type(event.type):
                    raise ConnectionError(f"the server said: {Error.from_event(event).text}")

    def fallback(self) -> Any:
        """The embedded recogniser, made on first need and given the last grammar."""
        if self._fallback is None:
            self._fallback = self.make_fallback()
            if self.grammar is not None:
                self._fallback.set_grammar(self.grammar)
        return self._fallback

    def _decode_locally(self, pcm: np.ndarray) -> Heard:
        self.fallback_decodes += 1
        return self.fallback().recognise(pcm)

    def _tell(self, sentence: str) -> None:
        log.warning("%s", sentence)
        if self.on_note is not None:
            try:
                self.on_note(sentence)
            except Exception:
                log.exception("telling the player failed")
