"""Voice activity detectors: is this frame speech? ``EnergyVad`` (the default, an adaptive energy
threshold) and ``WebRtcVad`` (``webrtcvad-wheels``). Chosen by measurement: WebRTC VAD calls steady
hiss at -51 dBFS speech (numbers in ``voicegame.audio.capture.endpointer.Endpointer``'s docstring)."""

from __future__ import annotations

import math
from collections import deque

import numpy as np

from ..errors import MicrophoneError

SAMPLE_RATE = 16000
FRAME_MS = 30


class EnergyVad:
    """Frame energy above an adaptive noise floor (minimum statistics).

    The floor is the quietest frame of the last ``window_ms`` (5 s): it follows a fan or a hum that
    starts later, never gets stuck on loud noise present from the first frame, and does not rise while
    a command is spoken (commands have pauses and weak sounds far quieter than their vowels). A frame
    is speech when its energy exceeds the floor by ``margin_db`` (``margin_db - hysteresis_db`` while
    already in speech) and is above ``min_db`` dBFS (so digital silence plus a faint click is never
    speech).
    """

    def __init__(self, margin_db: float = 12.0, hysteresis_db: float = 3.0, min_db: float = -55.0,
                 window_ms: int = 5000, frame_ms: int = FRAME_MS):
        self.margin_db = margin_db
        self.hysteresis_db = hysteresis_db
        self.min_db = min_db
        self.window = max(1, window_ms // frame_ms)
        self.reset()

    def reset(self) -> None:
        self._mins: deque[tuple[int, float]] = deque()  # monotonic queue (index, dB) for the running min
        self._i = 0
        self._in_speech = False
        self.floor_db = -100.0

    @staticmethod
    def level_db(frame: np.ndarray) -> float:
        x = frame.astype(np.float64)
        ms = float((x * x).mean()) if len(x) else 0.0
        return max(-100.0, 10.0 * math.log10(ms / (32768.0**2) + 1e-12))

    def is_speech(self, frame: np.ndarray) -> bool:
        e = self.level_db(frame)
        q = self._mins
        while q and q[-1][1] >= e:
            q.pop()
        q.append((self._i, e))
        while q[0][0] <= self._i - self.window:
            q.popleft()
        self._i += 1
        self.floor_db = q[0][1]
        margin = self.margin_db - (self.hysteresis_db if self._in_speech else 0.0)
        self._in_speech = e > self.floor_db + margin and e > self.min_db
        return self._in_speech


class WebRtcVad:
    """WebRTC's VAD (``webrtcvad-wheels``); frames must be 10, 20 or 30 ms at 8/16/32/48 kHz."""

    def __init__(self, aggressiveness: int = 2, sample_rate: int = SAMPLE_RATE):
        try:
            import webrtcvad
        except ImportError:
            raise MicrophoneError("audio_no_webrtc_vad") from None
        self._vad = webrtcvad.Vad(aggressiveness)
        self.sample_rate = sample_rate

    def reset(self) -> None:
        pass

    def is_speech(self, frame: np.ndarray) -> bool:
        return bool(self._vad.is_speech(np.ascontiguousarray(frame, dtype=np.int16).tobytes(), self.sample_rate))
