"""Sound out: ``SoundOutput`` plays PCM clips in order on a worker thread through sounddevice,
shared by the speech of ``Pyttsx3Speaker`` and the earcons. sounddevice is imported on first play;
without a sound card the output disables itself once and says why (``note``)."""

from __future__ import annotations

import queue
import threading
import time
from typing import Any, Callable

import numpy as np

from ..errors import library_words, message_text

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
                self._disable(message_text("audio_output_no_portaudio", {}))
                return None
            except ImportError:
                self._disable(message_text("audio_output_no_sounddevice", {}))
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
            self.detail = library_words(e)
            self._disable(message_text("audio_output_none", {}))
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
                self._disable(message_text("audio_output_failed", {"reason": library_words(e)}))
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
