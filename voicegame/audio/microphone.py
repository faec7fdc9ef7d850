"""Microphone capture (16 kHz mono) with end-of-speech detection, and push-to-talk.

``Endpointer`` is pure: it is fed frames and says when an utterance started and ended, so it is tested
on synthetic audio. ``Microphone`` wraps sounddevice, which is imported only when capture is actually
asked for (never when voicegame modules are imported; tests and CI have no sound card).

Voice activity detector: an adaptive energy threshold (noise floor = quietest frame of the last 5 s,
speech = floor + 12 dB with 3 dB hysteresis), chosen over WebRTC VAD (``webrtcvad-wheels``) by
measurement: WebRTC VAD calls steady hiss at -51 dBFS speech. Numbers in ``Endpointer``'s docstring.
"""

from __future__ import annotations

import logging
import math
import queue
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Literal

import numpy as np

from .errors import MicrophoneError

if TYPE_CHECKING:
    from .recognisers import StreamingRecogniser

log = logging.getLogger(__name__)

SAMPLE_RATE = 16000
FRAME_MS = 30

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
            raise MicrophoneError("The WebRTC voice detector is not installed.") from None
        self._vad = webrtcvad.Vad(aggressiveness)
        self.sample_rate = sample_rate

    def reset(self) -> None:
        pass

    def is_speech(self, frame: np.ndarray) -> bool:
        return bool(self._vad.is_speech(np.ascontiguousarray(frame, dtype=np.int16).tobytes(), self.sample_rate))


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
    SNR       energy (this module)                     WebRTC VAD, aggressiveness 2
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


# ----------------------------------------------------------------------- device side
def _import_sounddevice():
    try:
        import sounddevice as sd
    except OSError:
        raise MicrophoneError("The sound system library PortAudio is missing, so I cannot use a microphone.") from None
    except ImportError:
        raise MicrophoneError("The sounddevice package is missing, so I cannot use a microphone.") from None
    return sd


def list_input_devices() -> list[str]:
    """Names of input devices (imports sounddevice; opens nothing)."""
    sd = _import_sounddevice()
    try:
        devs = sd.query_devices()
    except Exception:
        return []
    return [d["name"] for d in devs if d.get("max_input_channels", 0) > 0]


@dataclass
class Microphone:
    """16 kHz mono microphone. ``listen()`` returns one utterance (endpointed); ``push_to_talk``:
    ``begin()`` ... ``end()`` returns what was said in between.

    ``mute()``/``unmute()`` discard audio (and reset the endpointer) while the game speaks, so it does
    not hear itself through a loudspeaker. The stream is opened lazily on first use; ``close()`` (or
    ``with Microphone() as mic``) releases it.

    ``echo`` (an ``EchoCanceller``) and ``reference`` (the ``PlaybackReference`` the sound output
    writes to): every captured block is cleaned of the game's own voice before anything else sees it,
    so the microphone can stay open while the game speaks (barge-in on a loudspeaker). If the
    canceller fails, ``echo`` becomes None and ``cancels_echo`` False (the game mutes again).
    ``watch(busy)`` listens while the game speaks and says whether the player started talking.
    """

    device: int | str | None = None
    sample_rate: int = SAMPLE_RATE
    endpointer: Endpointer | None = None
    frame_ms: int = FRAME_MS
    _sd: object = field(default=None, init=False, repr=False)
    _stream: Any = field(default=None, init=False, repr=False)  # a sounddevice.InputStream (no stubs)
    _queue: "queue.Queue[np.ndarray]" = field(default_factory=queue.Queue, init=False, repr=False)
    _muted: threading.Event = field(default_factory=threading.Event, init=False, repr=False)
    _overflows: int = field(default=0, init=False, repr=False)
    _ready: list = field(default_factory=list, init=False, repr=False)
    echo: Any = None
    reference: Any = None
    clock: Callable[[], float] = time.monotonic
    #: seconds of the game's sound the canceller hears before its output is trusted while the game
    #: plays (until then such blocks are dropped, as if muted): WebRTC's canceller still lets echo
    #: through in its first 2-5 s in a new room (measured on synthetic rooms; 6 s left none).
    echo_learning_s: float = 6.0
    _echo_learnt: float = field(default=0.0, init=False, repr=False)
    _echo_last_ref: float = field(default=-1e9, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.endpointer is None:
            self.endpointer = Endpointer(sample_rate=self.sample_rate, frame_ms=self.frame_ms)
        side = getattr(self.echo, "detection", None)  # a split canceller: detect on one signal, keep the other
        if side is not None and self.endpointer.vad is not side:
            side.vad, self.endpointer.vad = self.endpointer.vad, side

    # -- stream
    def _callback(self, indata, frames, time_info, status) -> None:  # PortAudio thread
        if status:
            self._overflows += 1
        if self._muted.is_set():
            return
        block: np.ndarray | None = np.array(indata[:, 0] if indata.ndim == 2 else indata, dtype=np.int16, copy=True)
        if self.echo is not None and block is not None:
            block = self.cancel_echo(block)
        if block is not None:
            self._queue.put(block)

    @property
    def cancels_echo(self) -> bool:
        return self.echo is not None

    def cancel_echo(self, block: np.ndarray, now: float | None = None) -> np.ndarray | None:
        """``block`` (just captured, ending at ``now``) without the echo of what was played meanwhile;
        None while the canceller is still learning the room and the game's sound may be in it."""
        echo = self.echo
        if echo is None:
            return block
        now = self.clock() if now is None else now
        seconds = len(block) / self.sample_rate
        start = now - seconds
        try:
            ref = (self.reference.take(start, len(block)) if self.reference is not None
                   else np.zeros(len(block), np.int16))
            echo.feed_reference(ref)
            cleaned = echo.process(block)
        except Exception:
            log.exception("the echo canceller failed; muting while the game speaks from now on")
            self.echo = None
            return block
        if np.any(ref):
            self._echo_learnt += seconds
            self._echo_last_ref = now
        if self._echo_learnt < self.echo_learning_s and now - self._echo_last_ref < 0.5:
            side = getattr(echo, "detection", None)
            if side is not None:
                side.unpush(len(block))
            return None  # the echo and its reverberation (0.5 s) while still learning: as if muted
        return cleaned

    def open(self) -> None:
        if self._stream is not None:
            return
        sd = _import_sounddevice()
        try:
            stream = sd.InputStream(samplerate=self.sample_rate, channels=1, dtype="int16",
                                    blocksize=self.sample_rate * self.frame_ms // 1000,
                                    device=self.device, callback=self._callback)
            stream.start()
        except Exception as e:  # sd.PortAudioError, ValueError for a bad device name...
            log.info("microphone: %s", _short(e))  # PortAudio's words, for a bug report
            raise MicrophoneError(_open_failure(sd, self.device, e)) from None
        self._sd = sd
        self._stream = stream

    def close(self) -> None:
        s, self._stream = self._stream, None
        if s is not None:
            try:
                s.stop()
                s.close()
            except Exception:
                pass

    def __enter__(self) -> "Microphone":
        self.open()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def mute(self) -> None:
        self._muted.set()

    def unmute(self) -> None:
        self.drain()
        assert self.endpointer is not None  # __post_init__ made one
        self.endpointer.reset()
        self._ready.clear()
        self._muted.clear()

    def drain(self) -> None:
        """Throw away audio captured so far."""
        side = getattr(self.echo, "detection", None)  # what the voice detector judges, kept in step
        if side is not None:
            side.clear()
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                return

    # -- endpointed listening
    def listen(self, timeout: float | None = None, on_start: Callable[[], None] | None = None,
               clock: Callable[[], float] = time.monotonic,
               stream: "StreamingRecogniser | None" = None) -> Utterance | None:
        """Block until one utterance has been spoken and ended; None after ``timeout`` seconds of no
        speech. ``on_start`` is called once when speech begins (e.g. to stop the game talking).
        ``stream``: a recogniser fed the utterance while it is spoken (see ``Endpointer``); the
        caller calls its ``finish()`` when this returns an utterance."""
        self.open()
        assert self.endpointer is not None  # __post_init__ made one
        self.endpointer.attach(stream)
        if self._ready:  # ended while the game was still speaking (see ``watch``): decode it whole
            u = self._ready.pop(0)
            if stream is not None:
                try:
                    stream.begin()
                    stream.feed(u.pcm)
                except Exception:
                    log.exception("the streaming recogniser failed")
            return u
        deadline = None if timeout is None else clock() + timeout
        announced = self.endpointer.started  # began while the game spoke: already announced by ``watch``
        while True:
            wait = 0.1 if deadline is None else max(0.0, min(0.1, deadline - clock()))
            try:
                block = self._queue.get(timeout=wait)
            except queue.Empty:
                block = None
            if block is not None:
                done = self.endpointer.feed(block)
                if self.endpointer.started and not announced:
                    announced = True
                    if on_start:
                        on_start()
                if done:
                    return done[0]
            if deadline is not None and clock() >= deadline and not self.endpointer.started:
                return None

    def watch(self, busy: Callable[[], bool], on_start: Callable[[], None] | None = None,
              poll_s: float = 0.05) -> bool:
        """Listen while ``busy()`` (the game is speaking): True, after calling ``on_start``, as soon as
        the player starts talking; False when the game has finished first. The utterance goes on
        being endpointed by the next ``listen``, which decodes it from its start."""
        self.open()
        assert self.endpointer is not None  # __post_init__ made one
        if self.endpointer.started or self._ready:
            return True
        self.endpointer.attach(None)  # this turn's grammar is not set yet: decode once ``listen`` has it
        while True:
            try:
                block = self._queue.get(timeout=poll_s)
            except queue.Empty:
                block = None
            if block is not None:
                self._ready.extend(self.endpointer.feed(block))
                if self.endpointer.started or self._ready:
                    if on_start:
                        on_start()
                    return True
            if not busy():  # asked after every block: a live microphone never leaves the queue empty
                return False

    # -- push to talk
    def begin(self) -> None:
        """Push-to-talk: start keeping everything from now on."""
        self.open()
        self.drain()
        self._ptt: list[np.ndarray] = []

    def end(self, settle_s: float = 0.05) -> np.ndarray:
        """Push-to-talk: everything since ``begin()`` (waits ``settle_s`` for the last block)."""
        if not hasattr(self, "_ptt"):
            raise MicrophoneError("Push to talk was released before it was pressed.")
        time.sleep(settle_s)
        blocks = self._ptt
        while True:
            try:
                blocks.append(self._queue.get_nowait())
            except queue.Empty:
                break
        del self._ptt
        return np.concatenate(blocks) if blocks else np.zeros(0, dtype=np.int16)


def _open_failure(sd: Any, device: int | str | None, error: Exception) -> str:
    """What the player is told when the microphone does not open, in words they can act on.

    PortAudio says "Error querying device -1" when there is no input device at all; a device
    named in the settings that is not there gives a ValueError; anything else (busy, unplugged
    during the call) is told as the microphone not opening.
    """
    try:
        inputs = [d for d in sd.query_devices() if d.get("max_input_channels", 0) > 0]
    except Exception:
        inputs = []
    if not inputs or "device -1" in str(error):
        return "No microphone found. Plug one in, or type commands."
    if device is not None and isinstance(error, ValueError):
        return f"There is no microphone called {device}. Plug it in, or type commands."
    return "The microphone would not open; another program may be using it. Type commands, or try again later."


def _short(e: Exception) -> str:
    s = str(e).strip().rstrip(".") or type(e).__name__
    return s.splitlines()[0][:120]
