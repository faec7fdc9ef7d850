"""Where the kiosk's time and utterances come from.

Clocks (:class:`Clock`): ``now()`` and ``sleep(seconds)``; :class:`SystemClock` is real time, and tests
and the soak bench pass a fake one (tests/kiosk_fixtures.py) to run days of kiosk time in seconds.
Listeners: ``listen(timeout)`` gives an utterance (int16 samples, a str for a typed line, or an utterance already ``Recognised`` while it was spoken), None when ``timeout``
seconds passed in silence, ``EOFError`` when there is no more input (typed or scripted input only),
``AudioError`` when the device is gone; optional ``reset()`` (reopen after a failure),
``mute()``/``unmute()``.
"""

from __future__ import annotations

import select
import time
from typing import IO, Any, Callable, Protocol

import numpy as np

from voicegame.audio.errors import AudioError, MicrophoneError
from voicegame.audio.recognisers import Recogniser, StreamingRecogniser
from voicegame.play.loop import listen_once
from voicegame.play.turns import Recognised


# ----------------------------------------------------------------------------------- clocks
class Clock(Protocol):
    """What the kiosk asks of time."""

    def now(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...


class SystemClock:
    """Real time: ``time.monotonic`` and ``time.sleep``."""

    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)


# -------------------------------------------------------------------------------- listeners
class Listener(Protocol):
    def listen(self, timeout: float | None) -> np.ndarray | str | None: ...


class MicrophoneListener:
    """Endpointed utterances from a microphone made by ``factory`` (``voicegame.audio.capture.microphone.Microphone``).

    Any failure closes the microphone and raises ``MicrophoneError``; the next ``listen`` opens a
    new one, so a USB microphone unplugged and plugged back in is found again. With a ``recogniser``
    that can stream, utterances are decoded while they are spoken and come back ``Recognised``."""

    def __init__(self, factory: Callable[[], Any] | None = None, on_speech_start: Callable[[], None] | None = None,
                 recogniser: Recogniser | None = None) -> None:
        if factory is None:
            from voicegame.audio.capture.microphone import Microphone

            factory = Microphone
        self.factory = factory
        self.on_speech_start = on_speech_start
        self.stream = recogniser if isinstance(recogniser, StreamingRecogniser) else None
        self.microphone: Any = None

    def listen(self, timeout: float | None) -> np.ndarray | Recognised | None:
        try:
            if self.microphone is None:
                self.microphone = self.factory()
            return listen_once(self.microphone, timeout, self.on_speech_start, self.stream)
        except Exception as error:
            self.reset()
            if isinstance(error, AudioError):
                raise
            raise MicrophoneError(f"The microphone failed: {str(error).strip() or type(error).__name__}.") from error

    def reset(self) -> None:
        microphone, self.microphone = self.microphone, None
        if microphone is not None:
            try:
                microphone.close()
            except Exception:
                pass

    def mute(self) -> None:
        if self.microphone is not None:
            self.microphone.mute()

    def unmute(self) -> None:
        if self.microphone is not None:
            self.microphone.unmute()


class TextListener:
    """Typed lines (``--text``): waits at most ``timeout`` seconds for a line when the stream can be
    polled (a terminal or a pipe), so the kiosk's timers run between lines. End of input: EOFError."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream

    def listen(self, timeout: float | None) -> str | None:
        if timeout is not None:
            try:
                ready, _, _ = select.select([self.stream], [], [], max(0.0, timeout))
            except (OSError, ValueError, TypeError, AttributeError):
                ready = [self.stream]  # not pollable (e.g. StringIO): just read
            if not ready:
                return None
        line = self.stream.readline()
        if line == "":
            raise EOFError
        return line.strip() or None
