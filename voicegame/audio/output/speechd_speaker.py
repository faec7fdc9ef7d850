"""The speech-dispatcher speaker (``python3-speechd``): the voice the player's screen reader uses."""

from __future__ import annotations

import threading
import time
from typing import Any

import numpy as np

from ..errors import SpeakerUnavailable, library_words
from .speaker_contract import DEFAULT_RATE, SettingsMixin, SpeechSettings

class SpeechDispatcherSpeaker(SettingsMixin):
    """speech-dispatcher (``python3-speechd``): the voice the player's screen reader uses.

    Rate and volume map to speech-dispatcher's -100..100 scales (``DEFAULT_RATE`` words per minute = 0).
    It cannot render to samples, so ``--output`` needs another renderer.
    """

    name = "speechd"

    def __init__(self, settings: SpeechSettings | None = None, client_name: str = "voicegame") -> None:
        try:
            import speechd
        except Exception:
            raise SpeakerUnavailable("audio_no_speechd_module") from None
        try:
            self._client = speechd.SSIPClient(client_name)
        except Exception as e:
            raise SpeakerUnavailable("audio_speechd_not_running", reason=library_words(e)) from None
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
