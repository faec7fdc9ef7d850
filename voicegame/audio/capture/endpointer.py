"""End of speech: ``Endpointer`` finds utterances in a stream of 16 kHz frames and says when each
started and ended.

It is pure (fed frames, no clock, no device), so it is tested on synthetic audio, and it is part of
the audio layer rather than of ``listen/``: the microphone endpoints what it captures with it, and a
lower layer cannot call up. What it decides on is sound only (a voice detector, silence lengths); the
one thing it asks of the words is the streaming recogniser's ``sounds_complete()``.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import numpy as np

from .voice_activity import FRAME_MS, SAMPLE_RATE, EnergyVad, WebRtcVad

if TYPE_CHECKING:
    from ..backend import StreamingRecogniser

log = logging.getLogger(__name__)

#: Default trailing silence that ends an utterance, in ms (see ``Endpointer``).
DEFAULT_TRAILING_SILENCE_MS = 400
#: Default silence after which a complete command ends the utterance early, in ms (see ``Endpointer``).
DEFAULT_EARLY_SILENCE_MS = 200


@dataclass(frozen=True)
class Utterance:
    """A finished utterance: samples from ``start`` to ``end`` (sample indices in the fed stream)."""

    pcm: np.ndarray
    start: int
    end: int
    detected_at: int  # sample index of the stream when the end was decided
    truncated: bool = False  # ended by max_utterance_ms, not by silence

    @property
    def duration(self) -> float:
        return (self.end - self.start) / SAMPLE_RATE



class Endpointer:
    """Finds utterances in a stream of frames. Pure: no clock, no device; positions are sample counts.

    ``feed(frame)`` takes int16 samples (any length; cut internally into ``frame_ms`` frames) and
    returns the list of utterances that ended in it. ``started`` tells whether speech is going on and
    ``start`` where it began. An utterance starts after ``min_speech_ms`` of speech (a click or a
    cough shorter than that is ignored) and includes ``pre_roll_ms`` of audio before it (the soft
    onset of a word that the detector misses); it ends after ``trailing_silence_ms`` without speech,
    and the returned audio runs to ``tail_ms`` past the last speech frame.

    ``stream``: a ``StreamingRecogniser`` to decode while the player speaks: it gets ``begin()`` when
    an utterance starts and ``feed()`` with its audio as soon as that audio is sure to be part of it
    (silence is held back until speech resumes or while it is within ``tail_ms`` of the last speech),
    so what it is fed is exactly the returned utterance's audio; the caller calls ``finish()``.
    ``early_silence_ms``: after this much silence the stream is asked whether the words so far make
    a whole command that nothing can follow (``sounds_complete()``); if so the utterance ends there
    instead of after ``trailing_silence_ms`` ("draw", "six of diamonds on seven of clubs" end early;
    "six of diamonds", which may go on, waits). None or 0: never.

    Measurement behind the defaults (``tests/audio/bench_endpointer.py``: 40 espeak-ng commands x 4
    voice/speed settings (en -s 130, en -s 175, en-us+f3 -s 220, en-gb -s 150) = 160 clips, each padded
    with 1 s before and 1.5 s after, clean or with white noise at an SNR relative to the speech; "ok" =
    exactly one utterance covering the speech; "gap" = longest non-speech run the detector sees inside
    a command; "false" = utterances found in 5 s of that noise alone, 10 tries):

    ========  =======================================  ==========================================
    SNR       energy (EnergyVad)                       WebRTC VAD, aggressiveness 2
    ========  =======================================  ==========================================
    clean     ok 160/160, gap max 60 ms, false 0/10    ok 160/160, gap max 180 ms, false 0/10
    30 dB     ok 160/160, gap max 120 ms, false 0/10   ok 0/160: hiss at -51 dBFS is "speech",
    20 dB     ok 150/160, gap max 300 ms, false 0/10   false 10/10 (modes 0-2; mode 3 fails at
    10 dB     ok 114/160, gap max 510 ms, false 0/10   -40 dBFS hiss)
    ========  =======================================  ==========================================

    So the default detector is ``energy`` (``vad="webrtc"`` remains selectable). Trailing silence:
    300 ms split 3/160 commands at 20 dB SNR and 33/160 at 10 dB; 400 ms split none at 20 dB and 4/160
    at 10 dB; 500 ms split 1/160 at 10 dB. Default 400 ms (end of speech to decision: ~420 ms clean,
    detector cost ~2 ms per 3 s clip). Real people pause longer than espeak-ng: raise it for slow
    speakers; lower it for snappier turns in a quiet room.
    """

    def __init__(self, sample_rate: int = SAMPLE_RATE, frame_ms: int = FRAME_MS,
                 trailing_silence_ms: int = DEFAULT_TRAILING_SILENCE_MS, min_speech_ms: int = 90,
                 pre_roll_ms: int = 300, tail_ms: int = 150, max_utterance_ms: int = 12000,
                 vad: Literal["energy", "webrtc"] | EnergyVad | WebRtcVad = "energy",
                 stream: "StreamingRecogniser | None" = None, early_silence_ms: int | None = DEFAULT_EARLY_SILENCE_MS):
        if frame_ms not in (10, 20, 30):
            raise ValueError("frame_ms must be 10, 20 or 30")
        self.sample_rate = sample_rate
        self.frame = sample_rate * frame_ms // 1000
        self.frame_ms = frame_ms
        self.trailing_silence_ms = trailing_silence_ms
        self.min_speech_ms = min_speech_ms
        self.pre_roll_ms = pre_roll_ms
        self.tail_ms = tail_ms
        self.max_utterance_ms = max_utterance_ms
        if vad == "energy":
            self.vad: EnergyVad | WebRtcVad = EnergyVad(frame_ms=frame_ms)
        elif vad == "webrtc":
            self.vad = WebRtcVad(sample_rate=sample_rate)
        elif isinstance(vad, str):
            raise ValueError(f"unknown vad {vad!r}")
        else:
            self.vad = vad
        self.stream = stream
        self.early_silence_ms = early_silence_ms
        self.reset()

    def _ms_frames(self, ms: int) -> int:
        return max(1, int(math.ceil(ms / self.frame_ms)))

    def reset(self) -> None:
        """Forget everything (call after discarding audio, e.g. while the game speaks)."""
        self.vad.reset()
        self.pos = 0  # samples fed so far (whole frames)
        self._pending = np.zeros(0, dtype=np.int16)
        self._history: list[np.ndarray] = []  # recent frames (pre-roll) while idle, whole utterance in speech
        self._history_start = 0
        self.started = False
        self.start: int | None = None
        self._speech_run = 0
        self._silence_run = 0
        self._last_speech_end = 0
        self._streamed = 0  # samples of the utterance in progress given to ``stream`` so far
        self._streaming = False  # feeding ``stream`` this utterance (it began and has not failed)

    def feed(self, samples: np.ndarray) -> list[Utterance]:
        x = np.asarray(samples)
        if x.dtype != np.int16:
            x = np.clip(np.round(x * 32768.0) if np.issubdtype(x.dtype, np.floating) else x,
                        -32768, 32767).astype(np.int16)
        x = x.reshape(-1)
        if len(self._pending):
            x = np.concatenate([self._pending, x])
        n = len(x) // self.frame
        self._pending = x[n * self.frame :].copy()
        out = []
        for i in range(n):
            u = self._frame(x[i * self.frame : (i + 1) * self.frame])
            if u is not None:
                out.append(u)
        return out

    def _frame(self, frame: np.ndarray) -> Utterance | None:
        speech = self.vad.is_speech(frame)
        frame_start = self.pos
        self.pos += len(frame)
        self._history.append(frame.copy())
        if not self.started:
            keep = self._ms_frames(self.pre_roll_ms) + self._ms_frames(self.min_speech_ms)
            if len(self._history) > keep:
                drop = len(self._history) - keep
                del self._history[:drop]
                self._history_start += drop * self.frame
            if speech:
                self._speech_run += 1
                if self._speech_run >= self._ms_frames(self.min_speech_ms):
                    onset = frame_start - (self._speech_run - 1) * self.frame
                    self.start = max(self._history_start, onset - self.pre_roll_ms * self.sample_rate // 1000)
                    self.started = True
                    self._silence_run = 0
                    self._last_speech_end = self.pos
                    self._streamed = self.start
                    self._streaming = self.stream is not None and self._to_stream("begin")
                    self._stream_to(self.pos)
            else:
                self._speech_run = 0
            return None
        # in an utterance
        assert self.start is not None  # set whenever started is
        if speech:
            self._silence_run = 0
            self._last_speech_end = self.pos
        else:
            self._silence_run += 1
        too_long = (self.pos - self.start) * 1000 >= self.max_utterance_ms * self.sample_rate
        by_silence = self._silence_run >= self._ms_frames(self.trailing_silence_ms) or self._complete_early()
        tail_end = min(self.pos, self._last_speech_end + self.tail_ms * self.sample_rate // 1000)
        if by_silence or too_long:
            end = tail_end if by_silence else self.pos
            self._stream_to(end)
            audio = np.concatenate(self._history)
            pcm = audio[self.start - self._history_start : end - self._history_start].copy()
            u = Utterance(pcm, self.start, end, self.pos, truncated=not by_silence)
            # back to idle, keep counting positions and the detector's noise floor
            self.started = False
            self.start = None
            self._speech_run = 0
            self._silence_run = 0
            self._history = []
            self._history_start = self.pos
            return u
        self._stream_to(tail_end)
        return None

    def attach(self, stream: "StreamingRecogniser | None") -> None:
        """Decode with ``stream`` from now on. An utterance already in progress (its start was heard
        while the game was speaking, before the recogniser had this turn's grammar) is given to it
        from its start, so it decodes the whole utterance."""
        if stream is self.stream and (self._streaming or not self.started):
            return
        self.stream = stream
        self._streaming = False
        if self.started and self.start is not None and stream is not None:
            self._streamed = self.start
            self._streaming = self._to_stream("begin")
            self._stream_to(min(self.pos, self._last_speech_end + self.tail_ms * self.sample_rate // 1000))

    def _complete_early(self) -> bool:
        """At the early-silence mark of a pause: does the stream say the command is complete?"""
        if not self.early_silence_ms or not self._streaming or self._silence_run != self._ms_frames(self.early_silence_ms):
            return False
        self._stream_to(min(self.pos, self._last_speech_end + self.tail_ms * self.sample_rate // 1000))
        ask = getattr(self.stream, "sounds_complete", None)
        try:
            return bool(self._streaming and ask and ask())
        except Exception:
            log.exception("the streaming recogniser failed in sounds_complete")
            return False

    def _stream_to(self, end: int) -> None:
        """Feed ``stream`` the utterance's audio up to sample ``end``."""
        if not self._streaming or end <= self._streamed:
            return
        first = (self._streamed - self._history_start) // self.frame
        last = -(-(end - self._history_start) // self.frame)
        chunk = np.concatenate(self._history[first:last])
        offset = self._history_start + first * self.frame
        self._streaming = self._to_stream("feed", chunk[self._streamed - offset : end - offset])
        self._streamed = end

    def _to_stream(self, method: str, *args: object) -> bool:
        """Call the stream; a failing recogniser must not stop the endpointing (its ``finish`` then
        says nothing was heard). False: it failed, stop feeding it this utterance."""
        try:
            getattr(self.stream, method)(*args)
            return True
        except Exception:
            log.exception("the streaming recogniser failed in %s", method)
            return False

    def flush(self) -> Utterance | None:
        """End of stream: the utterance in progress, if any (used by push-to-talk and files)."""
        if not self.started or self.start is None:
            return None
        end = self.pos
        self._stream_to(end)
        audio = np.concatenate(self._history)
        u = Utterance(audio[self.start - self._history_start :].copy(), self.start, end, self.pos, True)
        self.started = False
        self.start = None
        self._history = []
        self._history_start = self.pos
        self._speech_run = self._silence_run = 0
        return u
