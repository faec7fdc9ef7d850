"""Speech out: speaker backends behind one small protocol, and the sound output they share.

Backends: ``Pyttsx3Speaker`` (espeak-ng underneath on Linux; renders each sentence to PCM and plays it
through ``SoundOutput``), ``SpeechDispatcherSpeaker`` (the player's screen-reader voice, when the Debian
``python3-speechd`` module is importable), ``PrintSpeaker`` (text mode) and ``RecorderSpeaker`` (tests).
``make_speaker(kind)`` picks one and returns a one-sentence note saying what is used and why.

Nothing here opens a device at import time; sounddevice is imported on first play. Without a sound card
``SoundOutput`` disables itself once (``note`` says why) and the pyttsx3 speaker prints its sentences
instead, while still rendering them for ``--output``.

pyttsx3 2.99 pitfalls handled: its own ``say`` plays through ``aplay`` (absent here, prints an error),
``save_to_file`` prints "Audio saved to ..." on stdout and keeps the file name for later ``say`` calls.
So only ``save_to_file`` + ``runAndWait`` is used, stdout silenced, into a private temporary file.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import os
import queue
import sys
import tempfile
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable, Protocol, TextIO, runtime_checkable

import numpy as np

from .errors import AudioError

DEFAULT_RATE = 200  # words per minute (pyttsx3's default on espeak-ng)
MIN_RATE, MAX_RATE, RATE_STEP = 80, 450, 1.15
DEFAULT_VOLUME = 1.0
MIN_VOLUME, VOLUME_STEP = 0.1, 0.15


class SpeakerUnavailable(AudioError):
    """A speech backend could not be started (library, engine or service missing)."""


class SoundUnavailable(AudioError):
    """No audio output device could be used."""


# ------------------------------------------------------------------------------- settings
@dataclass
class SpeechSettings:
    """What the player chose, to be remembered between games: rate (words per minute), volume (0-1), voice id."""

    rate: int = DEFAULT_RATE
    volume: float = DEFAULT_VOLUME
    voice: str | None = None

    def faster(self) -> bool:
        new = min(MAX_RATE, int(round(self.rate * RATE_STEP)))
        changed, self.rate = new != self.rate, new
        return changed

    def slower(self) -> bool:
        new = max(MIN_RATE, int(round(self.rate / RATE_STEP)))
        changed, self.rate = new != self.rate, new
        return changed

    def louder(self) -> bool:
        new = round(min(1.0, self.volume + VOLUME_STEP), 3)
        changed, self.volume = new != self.volume, new
        return changed

    def quieter(self) -> bool:
        new = round(max(MIN_VOLUME, self.volume - VOLUME_STEP), 3)
        changed, self.volume = new != self.volume, new
        return changed


STEPS = ("faster", "slower", "louder", "quieter")


@runtime_checkable
class Speaker(Protocol):
    """Says sentences. ``say`` returns at once (speech may go on); ``stop`` interrupts; ``wait`` blocks until done."""

    name: str
    settings: SpeechSettings

    def say(self, text: str) -> None: ...

    def stop(self) -> None: ...

    def wait(self, timeout: float | None = None) -> None: ...

    def busy(self) -> bool: ...

    def render(self, text: str) -> tuple[np.ndarray, int] | None:
        """The sentence as int16 mono samples and their rate, or None when this backend cannot render."""
        ...

    def step(self, change: str) -> bool:
        """Apply "faster", "slower", "louder" or "quieter"; False when already at the limit."""
        ...


class _SettingsMixin:
    """rate/volume/voice properties and the four steps, on top of ``self.settings``."""

    settings: SpeechSettings

    @property
    def rate(self) -> int:
        return self.settings.rate

    @rate.setter
    def rate(self, value: int) -> None:
        self.settings.rate = max(MIN_RATE, min(MAX_RATE, int(value)))
        self._apply()

    @property
    def volume(self) -> float:
        return self.settings.volume

    @volume.setter
    def volume(self, value: float) -> None:
        self.settings.volume = max(0.0, min(1.0, float(value)))
        self._apply()

    @property
    def voice(self) -> str | None:
        return self.settings.voice

    @voice.setter
    def voice(self, value: str | None) -> None:
        self.settings.voice = value
        self._apply()

    def step(self, change: str) -> bool:
        if change not in STEPS:
            raise ValueError(f"unknown speech step {change!r}")
        changed = getattr(self.settings, change)()
        self._apply()
        return changed

    def faster(self) -> bool:
        return self.step("faster")

    def slower(self) -> bool:
        return self.step("slower")

    def louder(self) -> bool:
        return self.step("louder")

    def quieter(self) -> bool:
        return self.step("quieter")

    def _apply(self) -> None:
        """Push settings to the engine (backends that have one override this)."""


# ---------------------------------------------------------------------------- sound output
def _short(e: BaseException) -> str:
    s = str(e).strip().rstrip(".") or type(e).__name__
    return s.splitlines()[0][:100]


class SoundOutput:
    """Plays PCM clips one after another on a worker thread, through sounddevice.

    ``play`` queues and returns at once, so speech and earcons keep their order; ``stop`` drops the
    queue and cuts the clip playing; ``wait`` blocks until all is played. The first failure (no
    PortAudio, no device: ``PortAudioError: Error querying device -1``) disables the output for good,
    ``note`` holds one sentence saying so and ``on_note`` is called once with it. Never raises.
    ``sd`` may be given (a stand-in module in tests); otherwise sounddevice is imported on first use.
    """

    def __init__(self, device: int | str | None = None, sd: Any = None,
                 on_note: Callable[[str], None] | None = None) -> None:
        self.device = device
        self._sd = sd
        self.on_note = on_note
        self.available: bool | None = None  # None: not tried yet
        self.note: str | None = None
        self.detail: str | None = None  # the library's own words, for logs
        self._queue: queue.Queue[tuple[np.ndarray, int] | None] = queue.Queue()
        self._stop = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._pending = 0
        self.played: int = 0  # clips played to the end or cut
        self.reference: Any = None  # a ``PlaybackReference`` told what is played and when (echo cancelling)

    # -- device
    def _disable(self, sentence: str) -> None:
        first = self.available is not False
        self.available = False
        if first:
            self.note = sentence
            if self.on_note is not None:
                try:
                    self.on_note(sentence)
                except Exception:
                    pass

    def _module(self) -> Any:
        if self._sd is None:
            try:
                import sounddevice as sd
            except OSError:
                self._disable("The sound library PortAudio is missing, so I cannot play sound.")
                return None
            except ImportError:
                self._disable("The sounddevice package is missing, so I cannot play sound.")
                return None
            self._sd = sd
        return self._sd

    def probe(self) -> bool:
        """True when an output device is there (asks PortAudio, plays nothing). Disables itself if not."""
        if self.available is False:
            return False
        sd = self._module()
        if sd is None:
            return False
        try:
            sd.query_devices(self.device, kind="output")
        except Exception as e:  # PortAudioError, ValueError for a bad device name
            self.detail = _short(e)
            self._disable("I cannot play sound: no audio output was found.")
            return False
        self.available = True
        return True

    # -- playing
    def play(self, pcm: np.ndarray, rate: int) -> bool:
        """Queue a clip. False (and nothing queued) when the output is disabled."""
        if self.available is None and not self.probe():
            return False
        if self.available is False:
            return False
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="voicegame-sound", daemon=True)
                self._thread.start()
            self._pending += 1
            self._idle.clear()
            self._queue.put((np.ascontiguousarray(pcm), int(rate)))
        return True

    def _done(self, count: int = 1) -> None:
        with self._lock:
            self._pending -= count
            if self._pending <= 0:
                self._pending = 0
                self._idle.set()

    def _run(self) -> None:
        sd = self._sd
        while True:
            item = self._queue.get()
            if item is None:
                return
            pcm, rate = item
            self._stop.clear()
            try:
                if self.reference is not None:
                    self.reference.played(pcm, rate, time.monotonic())
                sd.play(pcm, rate, device=self.device)
                deadline = time.monotonic() + len(pcm) / rate + 0.2
                while time.monotonic() < deadline and not self._stop.is_set() and self._active(sd):
                    time.sleep(0.005)
                if self._stop.is_set():
                    sd.stop()
                    if self.reference is not None:
                        self.reference.cut(time.monotonic())
            except Exception as e:
                self._disable(f"I cannot play sound: {_short(e)}.")
                self._done(self._drain())
            self.played += 1
            self._done()

    @staticmethod
    def _active(sd: Any) -> bool:
        try:
            return bool(sd.get_stream().active)
        except Exception:
            return False

    def _drain(self) -> int:
        dropped = 0
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                return dropped
            dropped += 1

    def stop(self) -> None:
        """Cut what is playing and drop what is queued."""
        self._done(self._drain())
        self._stop.set()

    def busy(self) -> bool:
        return not self._idle.is_set()

    def wait(self, timeout: float | None = None) -> None:
        """Block until everything queued has been played (or ``timeout`` seconds)."""
        self._idle.wait(timeout)


# ------------------------------------------------------------------------------- backends
class PrintSpeaker(_SettingsMixin):
    """Text mode: each sentence on its own line."""

    name = "print"

    def __init__(self, out: TextIO | None = None, settings: SpeechSettings | None = None) -> None:
        self.out = out
        self.settings = settings or SpeechSettings()

    def say(self, text: str) -> None:
        print(text, file=self.out or sys.stdout, flush=True)

    def stop(self) -> None:
        pass

    def wait(self, timeout: float | None = None) -> None:
        pass

    def busy(self) -> bool:
        return False

    def render(self, text: str) -> tuple[np.ndarray, int] | None:
        return None


class RecorderSpeaker(_SettingsMixin):
    """Tests: keeps every sentence said (``said``) and how many times ``stop`` was called."""

    name = "recorder"

    def __init__(self, settings: SpeechSettings | None = None,
                 renderer: "Pyttsx3Speaker | None" = None) -> None:
        self.settings = settings or SpeechSettings()
        self.said: list[str] = []
        self.stops = 0
        self.renderer = renderer

    def say(self, text: str) -> None:
        self.said.append(text)

    def stop(self) -> None:
        self.stops += 1

    def wait(self, timeout: float | None = None) -> None:
        pass

    def busy(self) -> bool:
        return False

    def render(self, text: str) -> tuple[np.ndarray, int] | None:
        return self.renderer.render(text) if self.renderer is not None else None


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


class Pyttsx3Speaker(_SettingsMixin):
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
            raise SpeakerUnavailable("The pyttsx3 package is missing.") from None
        global _PYTTSX3_ENGINE
        with _PYTTSX3_LOCK:
            if _PYTTSX3_ENGINE is None:
                try:
                    with contextlib.redirect_stdout(io.StringIO()):
                        _PYTTSX3_ENGINE = pyttsx3.init()
                except Exception as e:  # RuntimeError("could not initialize espeak"), OSError: no libespeak
                    raise SpeakerUnavailable(f"The speech engine could not start: {_short(e)}.") from None
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
                raise SpeakerUnavailable("The speech engine produced no sound.")
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
        from .wavio import read_wav_float

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


class SpeechDispatcherSpeaker(_SettingsMixin):
    """speech-dispatcher (``python3-speechd``): the voice the player's screen reader uses.

    Rate and volume map to speech-dispatcher's -100..100 scales (``DEFAULT_RATE`` words per minute = 0).
    It cannot render to samples, so ``--output`` needs another renderer.
    """

    name = "speechd"

    def __init__(self, settings: SpeechSettings | None = None, client_name: str = "voicegame") -> None:
        try:
            import speechd
        except Exception:
            raise SpeakerUnavailable("Speech dispatcher's Python module is not installed.") from None
        try:
            self._client = speechd.SSIPClient(client_name)
        except Exception as e:
            raise SpeakerUnavailable(f"Speech dispatcher is not running: {_short(e)}.") from None
        self._speechd = speechd
        self.settings = settings or SpeechSettings()
        self._busy = threading.Event()
        self._apply()

    @staticmethod
    def _scale_rate(rate: int) -> int:
        return int(max(-100, min(100, round((rate / DEFAULT_RATE - 1.0) * 100))))

    def _apply(self) -> None:
        client = getattr(self, "_client", None)
        if client is None:
            return
        try:
            client.set_rate(self._scale_rate(self.settings.rate))
            client.set_volume(int(round(self.settings.volume * 200 - 100)))
            if self.settings.voice:
                client.set_synthesis_voice(self.settings.voice)
        except Exception:
            pass

    def _callback(self, event_type: Any, *args: Any, **kwargs: Any) -> None:
        end = getattr(self._speechd, "CallbackType", None)
        if end is None or event_type in (end.END, end.CANCEL):
            self._busy.clear()

    def say(self, text: str) -> None:
        self._busy.set()
        try:
            types = getattr(self._speechd, "CallbackType", None)
            if types is not None:
                self._client.speak(text, callback=self._callback, event_types=(types.END, types.CANCEL))
            else:
                self._client.speak(text)
                self._busy.clear()
        except Exception:
            self._busy.clear()
            print(text, flush=True)

    def stop(self) -> None:
        try:
            self._client.cancel()
        except Exception:
            pass
        self._busy.clear()

    def wait(self, timeout: float | None = None) -> None:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self._busy.is_set() and (deadline is None or time.monotonic() < deadline):
            time.sleep(0.01)

    def busy(self) -> bool:
        return self._busy.is_set()

    def render(self, text: str) -> tuple[np.ndarray, int] | None:
        return None

    def close(self) -> None:
        try:
            self._client.close()
        except Exception:
            pass


# -------------------------------------------------------------------------------- factory
KINDS = ("auto", "pyttsx3", "speechd", "print", "recorder")


def make_speaker(kind: str = "auto", settings: SpeechSettings | None = None, output: SoundOutput | None = None,
                 out: TextIO | None = None) -> tuple[Speaker, str]:
    """Build a speaker and one sentence for the player saying what is used and why. Never raises for
    a missing engine or device: falls back to printing.

    kind: auto (speech dispatcher if available, else pyttsx3, else print), pyttsx3, speechd, print, recorder.
    ``output`` is the sound output shared with the earcons (made here if not given).
    """
    kind = (kind or "auto").strip().lower()
    settings = settings or SpeechSettings()
    printer = PrintSpeaker(out, settings)
    if kind == "print":
        return printer, "Printing what I say."
    if kind == "recorder":
        return RecorderSpeaker(settings), "Recording what I say."
    if kind not in KINDS:
        return printer, f"I do not know the speech engine {kind!r}, so I print what I say."
    reasons: list[str] = []
    if kind in ("auto", "speechd"):
        try:
            return SpeechDispatcherSpeaker(settings), "Speaking through speech dispatcher."
        except SpeakerUnavailable as e:
            reasons.append(str(e))
            if kind == "speechd":
                return printer, f"{e} I print what I say."
    output = output or SoundOutput()
    try:
        speaker = Pyttsx3Speaker(output, settings, fallback=printer)
    except SpeakerUnavailable as e:
        return printer, f"{str(e).rstrip('.')}, so I print what I say."
    if not output.probe():
        return speaker, f"{(output.note or 'I cannot play sound.').rstrip('.')}, so I print what I say."
    return speaker, "Speaking with pyttsx3."
