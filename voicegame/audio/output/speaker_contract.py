"""What every speaker backend shares: the ``Speaker`` protocol, the player's ``SpeechSettings``
(rate, volume, voice) and the mixin that gives a backend the four steps (faster, slower, louder,
quieter) on top of them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

DEFAULT_RATE = 200  # words per minute (pyttsx3's default on espeak-ng)
MIN_RATE, MAX_RATE, RATE_STEP = 80, 450, 1.15
DEFAULT_VOLUME = 1.0
MIN_VOLUME, VOLUME_STEP = 0.1, 0.15


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


class SettingsMixin:
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
