"""Microphone capture (16 kHz mono), endpointed into utterances, and push-to-talk.

``Microphone`` wraps sounddevice, which is imported only when capture is actually asked for (never
when voicegame modules are imported; tests and CI have no sound card). What it captures is cut into
utterances by an ``Endpointer`` (``voicegame.audio.capture.endpointer``, with the voice detectors of
``voicegame.audio.capture.voice_activity``); those names are importable from here too.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from ..errors import MicrophoneError, library_words
from .endpointer import DEFAULT_EARLY_SILENCE_MS, DEFAULT_TRAILING_SILENCE_MS, Endpointer, Utterance
from .listen_deadline import ListenDeadline
from .voice_activity import FRAME_MS, SAMPLE_RATE, EnergyVad, WebRtcVad

if TYPE_CHECKING:
    from ..backend import StreamingRecogniser

__all__ = [
    "DEFAULT_EARLY_SILENCE_MS", "DEFAULT_TRAILING_SILENCE_MS", "FRAME_MS", "SAMPLE_RATE", "Endpointer",
    "EnergyVad", "Microphone", "Utterance", "WebRtcVad", "list_input_devices", "microphone_problem",
]

log = logging.getLogger(__name__)


def _import_sounddevice():
    try:
        import sounddevice as sd
    except OSError:
        raise MicrophoneError("audio_microphone_no_portaudio") from None
    except ImportError:
        raise MicrophoneError("audio_microphone_no_sounddevice") from None
    return sd


def list_input_devices() -> list[str]:
    """Names of input devices (imports sounddevice; opens nothing)."""
    sd = _import_sounddevice()
    try:
        devs = sd.query_devices()
    except Exception:
        return []
    return [d["name"] for d in devs if d.get("max_input_channels", 0) > 0]


def microphone_problem() -> MicrophoneError | None:
    """Why no microphone can open, found without opening one: no PortAudio, no sounddevice, or no
    input device in PortAudio's list. None when there is one (opening it can still fail, busy for
    instance; that is told when it happens) or when the list cannot be read. The game asks this before
    loading a recogniser, which takes seconds and would hear nothing."""
    try:
        sd = _import_sounddevice()
    except MicrophoneError as error:
        return error
    try:
        devices = sd.query_devices()
    except Exception:
        return None  # cannot tell: opening it will say what is wrong
    if not any(d.get("max_input_channels", 0) > 0 for d in devices):
        return MicrophoneError("audio_microphone_none")
    return None


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
            log.info("microphone: %s", library_words(e, 120))  # PortAudio's words, for a bug report
            raise _open_failure(sd, self.device, e) from None
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
            return self._ready_utterance(stream)
        deadline = ListenDeadline(timeout, clock)
        announced = self.endpointer.started  # began while the game spoke: already announced by ``watch``
        while True:
            block = self._next_block(deadline.wait())
            if block is not None:
                done = self.endpointer.feed(block)
                if self.endpointer.started and not announced:
                    announced = True
                    if on_start:
                        on_start()
                if done:
                    return done[0]
            if deadline.passed() and not self.endpointer.started:
                return None

    def _ready_utterance(self, stream: "StreamingRecogniser | None") -> Utterance:
        """The utterance ``watch`` heard end while the game spoke, fed whole to ``stream``."""
        u = self._ready.pop(0)
        if stream is not None:
            try:
                stream.begin()
                stream.feed(u.pcm)
            except Exception:
                log.exception("the streaming recogniser failed")
        return u

    def _next_block(self, wait: float) -> np.ndarray | None:
        """The next block captured, or None when none came within ``wait`` seconds."""
        try:
            return self._queue.get(timeout=wait)
        except queue.Empty:
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
            block = self._next_block(poll_s)
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
            raise MicrophoneError("audio_push_to_talk_unpressed")
        time.sleep(settle_s)
        blocks = self._ptt
        while True:
            try:
                blocks.append(self._queue.get_nowait())
            except queue.Empty:
                break
        del self._ptt
        return np.concatenate(blocks) if blocks else np.zeros(0, dtype=np.int16)


def _open_failure(sd: Any, device: int | str | None, error: Exception) -> MicrophoneError:
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
        return MicrophoneError("audio_microphone_none")
    if device is not None and isinstance(error, ValueError):
        return MicrophoneError("audio_microphone_not_there", device=device)
    return MicrophoneError("audio_microphone_busy")
