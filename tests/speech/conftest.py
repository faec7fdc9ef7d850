"""Shared fixtures of the speech tests: espeak-ng renders (cached) and one PocketSphinx decoder."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
AUDIO = HERE.parent / "audio"
if str(AUDIO) not in sys.path:
    sys.path.insert(0, str(AUDIO))


@pytest.fixture(autouse=True)
def _no_user_vosk_model(monkeypatch, tmp_path_factory):
    monkeypatch.delenv("VOICEGAME_VOSK_MODEL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))


@pytest.fixture(scope="session")
def sphinx():
    from voicegame.audio.recognisers import listening_pocketsphinx

    return listening_pocketsphinx()  # as make_recogniser does
