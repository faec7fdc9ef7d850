"""Test doubles for the kiosk, used by the tests and the soak bench (bench/soak.py): a clock whose
``sleep`` moves time on at once, and a listener that plays a script on it.

Not part of the package: a kiosk takes any ``voicegame.play.kiosk_input.Clock`` and any listener.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator

import numpy as np

from voicegame.audio.errors import MicrophoneError
from voicegame.play.kiosk_input import Clock
from voicegame.play.turns import Recognised


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
    spoken one, for the recogniser; as long), a ``Recognised`` utterance (what was heard, given), :class:`Silence`,
    :class:`Fail`, or a callable ``() -> item | None`` (a player choosing from the current position;
    None ends the script). The script may be an endless iterator. After the last item: EOFError."""

    def __init__(self, script: Iterable[Any], clock: Clock, seconds_per_command: float = 3.0) -> None:
        self.items: Iterator[Any] = iter(script)
        self.clock = clock
        self.seconds_per_command = seconds_per_command
        self.pending: Silence | None = None
        self.failing = 0
        self._fail_message = ""  # set with ``failing`` by a Fail item
        self.failures = 0
        self.resets = 0

    def listen(self, timeout: float | None) -> str | np.ndarray | Recognised | None:
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
        return item if isinstance(item, (np.ndarray, Recognised)) else str(item)

    def reset(self) -> None:
        self.resets += 1
