"""Speakers that only deal in text: ``PrintSpeaker`` (text mode: each sentence on its own line) and
``RecorderSpeaker`` (tests: keeps what was said)."""

from __future__ import annotations

import sys
from typing import Protocol, TextIO

import numpy as np

from .speaker_contract import SettingsMixin, SpeechSettings


class Renderer(Protocol):
    """Anything that renders a sentence to samples (a ``Pyttsx3Speaker``)."""

    def render(self, text: str) -> tuple[np.ndarray, int] | None: ...


class PrintSpeaker(SettingsMixin):
    """Text mode: each sentence on its own line."""

    name = "print"

    def __init__(self, out: TextIO | None = None, settings: SpeechSettings | None = None) -> None:
        self.out = out
        self.settings = settings or SpeechSettings()

    def say(self, text: str) -> None:
        print(text, file=self.out or sys.stdout, flush=True)

    def stop(self) -> None:
        pass

    def wait(self, timeout: float | None = None) -> None:
        pass

    def busy(self) -> bool:
        return False

    def render(self, text: str) -> tuple[np.ndarray, int] | None:
        return None


class RecorderSpeaker(SettingsMixin):
    """Tests: keeps every sentence said (``said``) and how many times ``stop`` was called."""

    name = "recorder"

    def __init__(self, settings: SpeechSettings | None = None,
                 renderer: Renderer | None = None) -> None:
        self.settings = settings or SpeechSettings()
        self.said: list[str] = []
        self.stops = 0
        self.renderer = renderer

    def say(self, text: str) -> None:
        self.said.append(text)

    def stop(self) -> None:
        self.stops += 1

    def wait(self, timeout: float | None = None) -> None:
        pass

    def busy(self) -> bool:
        return False

    def render(self, text: str) -> tuple[np.ndarray, int] | None:
        return self.renderer.render(text) if self.renderer is not None else None
