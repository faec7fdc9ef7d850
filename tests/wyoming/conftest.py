"""Shared fixtures of the Wyoming tests: real servers on 127.0.0.1 (see servers.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for p in (str(ROOT), str(HERE), str(ROOT / "tests" / "audio")):
    if p not in sys.path:
        sys.path.insert(0, p)

from servers import SttState, TtsState, stt_server, tts_server  # noqa: E402

needs_espeak = pytest.mark.skipif(__import__("shutil").which("espeak-ng") is None, reason="espeak-ng is not installed")


@pytest.fixture(scope="session")
def stt_state():
    return SttState()


@pytest.fixture(scope="session")
def stt(stt_state):
    server = stt_server(stt_state)
    yield server
    server.stop()


@pytest.fixture
def tts_state():
    return TtsState()


@pytest.fixture
def tts(tts_state):
    server = tts_server(tts_state)
    yield server
    server.stop()
