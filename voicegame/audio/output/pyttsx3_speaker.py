"""The pyttsx3 speaker (espeak-ng underneath on Linux): renders each sentence to PCM and plays it
through a ``SoundOutput``; without a sound card it prints instead, while still rendering for
``--output``.

pyttsx3 2.99 pitfalls handled: its own ``say`` plays through ``aplay`` (absent here, prints an error),
``save_to_file`` prints "Audio saved to ..." on stdout and keeps the file name for later ``say`` calls.
So only ``save_to_file`` + ``runAndWait`` is used, stdout silenced, into a private temporary file.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import os
import tempfile
import threading
import time
from collections import OrderedDict
from typing import Any

import numpy as np

from ..errors import SpeakerUnavailable, library_words
from .sound_output import SoundOutput
from .speaker_contract import SettingsMixin, SpeechSettings
from .text_speakers import PrintSpeaker

_PYTTSX3_LOCK = threading.Lock()  # one espeak-ng instance per process; pyttsx3 is not re-entrant
# Held for the whole process: pyttsx3 keeps engines in a weak cache, and a collected engine's driver
# clears espeak-ng's synthesis callback (``SetSynthCallback(None)``) after a new one has set it, so
# speakers made later would render nothing.
_PYTTSX3_ENGINE: Any = None
_FINISHED = threading.Event()  # set by pyttsx3's "finished-utterance" notification
_COMPLETED = [False]  # ... and whether that utterance was completed (not cancelled)


@atexit.register
def _release_engine() -> None:
    """Drop the engine while the interpreter is whole (pyttsx3's ``__del__`` fails at late shutdown)."""
    global _PYTTSX3_ENGINE
    _PYTTSX3_ENGINE = None


def _on_finished(name: Any = None, completed: bool = True) -> None:
    _COMPLETED[0] = bool(completed)
    _FINISHED.set()


class Pyttsx3Speaker(SettingsMixin):
    """pyttsx3 (espeak-ng on Linux, SAPI5 on Windows, NSSpeech on macOS).

    Each sentence is rendered to a 22,050 Hz WAV by ``save_to_file`` + ``runAndWait`` (about 10 ms for a
    move sentence here), scaled by ``volume``, cached (repeated sentences cost nothing), and queued on
    ``output``. With ``output=None`` or a disabled output, sentences go to ``fallback`` (a PrintSpeaker)
    instead, and ``render`` still works: that is how ``--output`` records without a sound card.
    """

    name = "pyttsx3"

    def __init__(self, output: SoundOutput | None = None, settings: SpeechSettings | None = None,
                 fallback: PrintSpeaker | None = None, cache_size: int = 64) -> None:
        try:
            import pyttsx3
        except Exception:
            raise SpeakerUnavailable("audio_no_pyttsx3") from None
        global _PYTTSX3_ENGINE
        with _PYTTSX3_LOCK:
            if _PYTTSX3_ENGINE is None:
                try:
                    with contextlib.redirect_stdout(io.StringIO()):
                        _PYTTSX3_ENGINE = pyttsx3.init()
                except Exception as e:  # RuntimeError("could not initialize espeak"), OSError: no libespeak
                    raise SpeakerUnavailable("audio_speech_engine_failed", reason=library_words(e)) from None
                _PYTTSX3_ENGINE.connect("finished-utterance", _on_finished)
        self._engine = _PYTTSX3_ENGINE
        self.timeout_s = 10.0
        self.attempts = 3
        self.retries = 0  # renders that had to be redone (see ``_synthesise``)
        self.settings = settings or SpeechSettings()
        self.output = output
        self.fallback = fallback or PrintSpeaker()
        self._cache: OrderedDict[tuple, tuple[np.ndarray, int]] = OrderedDict()
        self._cache_size = cache_size
        fd, self._tmp = tempfile.mkstemp(prefix="voicegame-tts-", suffix=".wav")
        os.close(fd)
        self._apply()

    def __del__(self) -> None:
        try:
            os.unlink(self._tmp)
        except Exception:
            pass

    def voices(self) -> list[str]:
        """Voice ids the engine offers (espeak-ng: "gmw/en", "gmw/en-us", ...)."""
        return [v.id for v in self._engine.getProperty("voices")]

    def _apply(self) -> None:
        engine = getattr(self, "_engine", None)
        if engine is None:
            return
        with _PYTTSX3_LOCK:
            engine.setProperty("volume", 1.0)  # volume is applied to the samples: same for every backend
            if self.settings.voice:
                try:
                    engine.setProperty("voice", self.settings.voice)
                except Exception:
                    self.settings.voice = None
            self._set_rate()

    def _set_rate(self, patience_s: float = 0.2) -> None:
        """Set the rate and wait until espeak-ng has taken it.

        Measured pitfall: espeak-ng (in pyttsx3's retrieval mode) applies parameters on its own
        thread, and pyttsx3's ``runAndWait`` calls ``Cancel`` while a change is pending, which drops
        it: every other rate change was lost. Waiting for ``getProperty`` to agree (about 1 ms) fixes it.
        """
        engine = self._engine
        wanted = self.settings.rate
        engine.setProperty("rate", wanted)
        deadline = time.monotonic() + patience_s
        while engine.getProperty("rate") != wanted and time.monotonic() < deadline:
            time.sleep(0.001)

    def render(self, text: str) -> tuple[np.ndarray, int]:
        """``text`` as int16 mono samples and the engine's rate (22,050 Hz with espeak-ng)."""
        key = (text, self.settings.rate, self.settings.voice)
        hit = self._cache.get(key)
        if hit is None:
            for _attempt in range(self.attempts):
                pcm, rate = self._synthesise(text)
                if len(pcm):
                    break
                self.retries += 1
            else:
                raise SpeakerUnavailable("audio_speech_engine_silent")
            hit = (pcm, rate)
            self._cache[key] = hit
            if len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        pcm, rate = hit
        if self.settings.volume < 1.0:
            pcm = np.round(pcm.astype(np.float64) * self.settings.volume).astype(np.int16)
        return pcm, rate

    def _synthesise(self, text: str) -> tuple[np.ndarray, int]:
        """One pyttsx3 round: text -> temporary WAV -> samples (empty when espeak-ng cancelled it).

        Measured pitfalls of pyttsx3 2.99 on espeak-ng: synthesis runs on espeak-ng's own thread and
        ``runAndWait`` returns about 10 ms after starting it, so the WAV is complete only once
        "finished-utterance" has fired; and ``runAndWait`` cancels espeak-ng when it still counts as
        playing, so now and then (a few renders in a hundred) the file comes out empty or the
        notification says not completed: ``render`` then tries again.
        """
        from ..wavio import read_wav_float

        with _PYTTSX3_LOCK, contextlib.redirect_stdout(io.StringIO()):
            self._wait_idle()
            if self._engine.getProperty("rate") != self.settings.rate:
                self._set_rate()
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self._tmp)
            _FINISHED.clear()
            _COMPLETED[0] = False
            self._engine.save_to_file(text, self._tmp)
            self._engine.runAndWait()
            done = _FINISHED.wait(self.timeout_s)
            self._wait_idle()
        if not done or not _COMPLETED[0] or not os.path.exists(self._tmp):
            return np.zeros(0, np.int16), 22050
        samples, rate = read_wav_float(self._tmp)
        return np.clip(np.round(samples.mean(axis=1) * 32768.0), -32768, 32767).astype(np.int16), rate

    @staticmethod
    def _wait_idle(patience_s: float = 0.5) -> None:
        """Until espeak-ng's thread says it is no longer playing (so pyttsx3 does not cancel the next one)."""
        try:
            from pyttsx3.drivers import _espeak  # espeak-ng only; other platforms have no such race
        except Exception:
            return
        deadline = time.monotonic() + patience_s
        while _espeak.IsPlaying() and time.monotonic() < deadline:
            time.sleep(0.001)

    def speaking_aloud(self) -> bool:
        return self.output is not None and self.output.available is not False

    def say(self, text: str) -> None:
        if self.speaking_aloud():
            assert self.output is not None  # speaking_aloud() is True only with an output
            pcm, rate = self.render(text)
            if self.output.play(pcm, rate):
                return
        self.fallback.say(text)

    def stop(self) -> None:
        if self.output is not None:
            self.output.stop()

    def wait(self, timeout: float | None = None) -> None:
        if self.output is not None:
            self.output.wait(timeout)

    def busy(self) -> bool:
        return self.output is not None and self.output.busy()
