"""Where the kiosk's time and utterances come from.

Clocks: ``now()`` and ``sleep(seconds)``; :class:`FakeClock` lets tests and the soak bench run days
of kiosk time in seconds. Listeners: ``listen(timeout)`` gives an utterance (int16 samples, a str for
a typed line, or an utterance already ``Recognised`` while it was spoken), None when ``timeout``
seconds passed in silence, ``EOFError`` when there is no more input (typed or scripted input only),
``AudioError`` when the device is gone; optional ``reset()`` (reopen after a failure),
``mute()``/``unmute()``.
"""

from __future__ import annotations

import select
import time
from dataclasses import dataclass
from typing import IO, Any, Callable, Iterable, Iterator, Protocol

import numpy as np

from voicegame.audio.errors import AudioError, MicrophoneError
from voicegame.audio.recognisers import Recogniser, StreamingRecogniser
from voicegame.play.loop import Recognised, listen_once


# ----------------------------------------------------------------------------------- clocks
class Clock:
    """Real time: ``time.monotonic`` and ``time.sleep``."""

    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)


class FakeClock:
    """Test time: ``sleep`` moves ``now`` on at once."""

    def __init__(self, start: float = 0.0) -> None:
        self.t = start
        self.slept = 0.0

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        seconds = max(0.0, seconds)
        self.t += seconds
        self.slept += seconds


# -------------------------------------------------------------------------------- listeners
class Listener(Protocol):
    def listen(self, timeout: float | None) -> np.ndarray | str | None: ...


class MicrophoneListener:
    """Endpointed utterances from a microphone made by ``factory`` (``voicegame.audio.microphone.Microphone``).

    Any failure closes the microphone and raises ``MicrophoneError``; the next ``listen`` opens a
    new one, so a USB microphone unplugged and plugged back in is found again. With a ``recogniser``
    that can stream, utterances are decoded while they are spoken and come back ``Recognised``."""

    def __init__(self, factory: Callable[[], Any] | None = None, on_speech_start: Callable[[], None] | None = None,
                 recogniser: Recogniser | None = None) -> None:
        if factory is None:
            from voicegame.audio.microphone import Microphone

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


@dataclass
class Silence:
    """Scripted: nobody speaks for ``seconds``."""

    seconds: float


@dataclass
class Fail:
    """Scripted: the audio device fails ``times`` times in a row."""

    times: int = 1
    message: str = "The microphone was unplugged."


class ScriptedListener:
    """Tests and benches: plays ``script`` on a (fake) clock.

    Items: a str (a typed command; takes ``seconds_per_command`` of clock time), int16 samples (a
    spoken one, for the recogniser; as long), :class:`Silence`,
    :class:`Fail`, or a callable ``() -> item | None`` (a player choosing from the current position;
    None ends the script). The script may be an endless iterator. After the last item: EOFError."""

    def __init__(self, script: Iterable[Any], clock: Clock | FakeClock, seconds_per_command: float = 3.0) -> None:
        self.items: Iterator[Any] = iter(script)
        self.clock = clock
        self.seconds_per_command = seconds_per_command
        self.pending: Silence | None = None
        self.failing = 0
        self._fail_message = ""  # set with ``failing`` by a Fail item
        self.failures = 0
        self.resets = 0

    def listen(self, timeout: float | None) -> str | np.ndarray | None:
        if self.failing:
            self.failing -= 1
            self.failures += 1
            raise MicrophoneError(self._fail_message)
        if self.pending is not None:  # a silence longer than one listen: sleep through it in slices
            step = self.pending.seconds if timeout is None else min(timeout, self.pending.seconds)
            self.clock.sleep(step)
            self.pending.seconds -= step
            if self.pending.seconds <= 1e-9:
                self.pending = None
            return None
        item = next(self.items, None)
        while callable(item):
            item = item()
        if item is None:
            raise EOFError
        if isinstance(item, Silence):
            self.pending = Silence(item.seconds)
            return self.listen(timeout)
        if isinstance(item, Fail):
            self.failing, self._fail_message = item.times, item.message
            return self.listen(timeout)
        self.clock.sleep(self.seconds_per_command)
        return item if isinstance(item, np.ndarray) else str(item)

    def reset(self) -> None:
        self.resets += 1
