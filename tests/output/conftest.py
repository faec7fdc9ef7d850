"""Shared helpers of the output tests: no test opens a sound device."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT), str(ROOT / "tests" / "audio"), str(Path(__file__).resolve().parent)):
    if p not in sys.path:
        sys.path.insert(0, p)


class FakeStream:
    def __init__(self, sd: "FakeSoundDevice") -> None:
        self.sd = sd

    @property
    def active(self) -> bool:
        return self.sd.playing is not None and self.sd.clock() < self.sd.until


class FakeSoundDevice:
    """A stand-in for the sounddevice module: records clips, 'plays' each for ``seconds_per_clip``."""

    class PortAudioError(Exception):
        pass

    def __init__(self, seconds_per_clip: float = 0.01, fail: bool = False) -> None:
        import time

        self.clock = time.monotonic
        self.seconds = seconds_per_clip
        self.fail = fail
        self.clips: list[tuple[int, int]] = []  # (samples, rate) in play order
        self.stops = 0
        self.playing = None
        self.until = 0.0

    def query_devices(self, device=None, kind=None):
        if self.fail:
            raise self.PortAudioError("Error querying device -1")
        return {"name": "fake", "max_output_channels": 2}

    def play(self, data, samplerate, device=None):
        if self.fail:
            raise self.PortAudioError("Error querying device -1")
        self.clips.append((len(data), samplerate))
        self.playing = data
        self.until = self.clock() + self.seconds

    def stop(self):
        self.stops += 1
        self.playing = None

    def get_stream(self):
        return FakeStream(self)


@pytest.fixture
def fake_sd():
    return FakeSoundDevice()
