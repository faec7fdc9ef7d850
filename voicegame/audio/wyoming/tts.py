"""Text to speech on a Wyoming server (wyoming-piper, Home Assistant's Piper add-on): a speaker like
pyttsx3's, whose audio plays through the same ``SoundOutput`` as the earcons, so ``stop()`` cuts it
and the earcons keep their order.

One sentence is one connection: ``Synthesize(text, voice)``, then ``AudioStart``, ``AudioChunk``...,
``AudioStop``. Volume is applied to the samples, as for pyttsx3; the speaking rate is the server's
(Wyoming has no rate): "faster" and "slower" are kept for the fallback, and said once to be the
server's. A server that is missing, dies, is slow or sends garbage is told once in one sentence and
the fallback (pyttsx3) speaks until the server answers again (tried every ``retry_s``).
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from typing import Any, Callable

import numpy as np

from ..errors import message_text
from ..output.sound_output import SoundOutput
from ..output.speaker_contract import SettingsMixin, Speaker, SpeechSettings
from .link import LOOP, WyomingUnavailable, chunk_samples, describe, program_name, read_event

log = logging.getLogger(__name__)


class WyomingSpeaker(SettingsMixin):
    """Sentences synthesised by the Wyoming server at ``uri`` (voice ``voice``, None: its default)
    and played on ``output``; ``fallback()`` makes the speaker used while the server is gone (and
    without a sound output: a printing one)."""

    name = "wyoming"

    def __init__(self, uri: str, output: SoundOutput | None, fallback: Callable[[], Speaker],
                 settings: SpeechSettings | None = None, voice: str | None = None, timeout_s: float = 10.0,
                 retry_s: float = 30.0, cache_size: int = 64, clock: Callable[[], float] = time.monotonic) -> None:
        self.uri = uri
        self.output = output
        self.make_fallback = fallback
        self.settings = settings or SpeechSettings()
        self.server_voice = voice or None
        self.timeout_s = timeout_s
        self.retry_s = retry_s
        self.clock = clock
        self.voice_name = ""
        self.down_since: float | None = None
        self.failures = 0
        self._fallback: Speaker | None = None
        self._cache: OrderedDict[tuple[str, str | None], tuple[np.ndarray, int]] = OrderedDict()
        self._cache_size = cache_size
        self._rate_note = False  # "the server sets its own speed" is due
        self._rate_told = False

    # ---- start
    def start(self) -> str:
        """Ask the server what it is; the sentence saying what speaks (or that the fallback does)."""
        try:
            info = describe(self.uri, min(self.timeout_s, 5.0))
        except WyomingUnavailable as error:
            log.warning("Wyoming TTS %s: %s", self.uri, error.__cause__ or error)
            self.down_since = self.clock()
            return message_text("wyoming_tts_missing", {"uri": self.uri})
        self.voice_name = self.server_voice or program_name(info, "tts") or "the default voice"
        log.info("Wyoming TTS at %s: %s", self.uri, self.voice_name)
        return message_text("wyoming_tts_using", {"uri": self.uri, "voice": self.voice_name})

    # ---- the Speaker protocol
    def fallback(self) -> Speaker:
        if self._fallback is None:
            self._fallback = self.make_fallback()
        return self._fallback

    def server_up(self) -> bool:
        """Whether to ask the server now (it answers, or it is time to try it again)."""
        return self.down_since is None or self.clock() - self.down_since >= self.retry_s

    def render(self, text: str) -> tuple[np.ndarray, int] | None:
        """The sentence from the server (the fallback's rendering while it is gone), volume applied."""
        audio = self._server_audio(text)
        return audio if audio is not None else self.fallback().render(text)

    def say(self, text: str) -> None:
        if self.output is not None and self.output.available is not False:
            audio = self._server_audio(text)
            if audio is not None and self.output.play(*audio):
                self._say_rate_note()
                return
        self.fallback().say(text)

    def stop(self) -> None:
        if self.output is not None:
            self.output.stop()
        if self._fallback is not None:
            self._fallback.stop()

    def wait(self, timeout: float | None = None) -> None:
        if self.output is not None:
            self.output.wait(timeout)
        if self._fallback is not None:
            self._fallback.wait(timeout)

    def busy(self) -> bool:
        return (self.output is not None and self.output.busy()) or (self._fallback is not None and self._fallback.busy())

    def step(self, change: str) -> bool:
        """Volume steps apply to the server's audio; rate steps are kept for the fallback, and that the
        server sets its own speed is said once."""
        changed = super().step(change)
        if change in ("faster", "slower") and not self._rate_told and self.down_since is None:
            self._rate_note = True
        return changed

    def _apply(self) -> None:
        fallback = self._fallback if hasattr(self, "_fallback") else None
        if fallback is not None:
            apply = getattr(fallback, "_apply", None)
            if apply is not None:
                apply()

    # ---- the server
    def synthesise(self, text: str) -> tuple[np.ndarray, int]:
        """``text`` as int16 mono samples and their rate, from the server (cached); ``WyomingUnavailable``."""
        key = (text, self.server_voice)
        hit = self._cache.get(key)
        if hit is not None:
            self._cache.move_to_end(key)
            return hit
        hit = LOOP.run(lambda: self._synthesise(text), self.timeout_s, "wyoming_no_answer", uri=self.uri)
        self._cache[key] = hit
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return hit

    async def _synthesise(self, text: str) -> tuple[np.ndarray, int]:
        from wyoming.audio import AudioChunk, AudioStart, AudioStop
        from wyoming.client import AsyncClient
        from wyoming.error import Error
        from wyoming.tts import Synthesize, SynthesizeVoice

        voice = SynthesizeVoice(name=self.server_voice) if self.server_voice else None
        client = AsyncClient.from_uri(self.uri, connect_timeout=min(3.0, self.timeout_s))
        async with client:
            await client.write_event(Synthesize(text=text, voice=voice).event())
            rate, parts = 0, []
            while True:
                event = await read_event(client)
                if AudioStart.is_type(event.type):
                    rate = int(AudioStart.from_event(event).rate)
                elif AudioChunk.is_type(event.type):
                    chunk = AudioChunk.from_event(event)
                    rate = rate or int(chunk.rate)
                    parts.append(chunk_samples(chunk))
                elif AudioStop.is_type(event.type):
                    break
                elif Error.is_type(event.type):
                    raise ConnectionError(f"the server said: {Error.from_event(event).text}")
        pcm = np.concatenate(parts) if parts else np.zeros(0, np.int16)
        if not len(pcm) or rate <= 0:
            raise ConnectionError("the server sent no audio")
        return pcm, rate

    def _server_audio(self, text: str) -> tuple[np.ndarray, int] | None:
        """The server's audio for ``text`` with the volume applied; None while it is gone or failing."""
        if not self.server_up():
            return None
        try:
            pcm, rate = self.synthesise(text)
        except WyomingUnavailable as error:
            self._lost(error)
            return None
        if self.down_since is not None:
            log.info("Wyoming TTS %s answers again", self.uri)
            self.down_since = None
        if self.settings.volume < 1.0:
            pcm = np.round(pcm.astype(np.float64) * self.settings.volume).astype(np.int16)
        return pcm, rate

    def _lost(self, error: WyomingUnavailable) -> None:
        log.warning("Wyoming TTS %s failed: %s", self.uri, error.__cause__ or error)
        self.failures += 1
        first = self.down_since is None
        self.down_since = self.clock()
        if first:
            self.fallback().say(message_text("wyoming_tts_lost", {}))

    def _say_rate_note(self) -> None:
        if self._rate_note:
            self._rate_note, self._rate_told = False, True
            note = message_text("wyoming_tts_rate", {})
            audio = self._server_audio(note)
            if audio is None or self.output is None or not self.output.play(*audio):
                self.fallback().say(note)
