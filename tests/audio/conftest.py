"""Shared fixtures of the audio tests."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
for p in (str(ROOT), str(HERE)):
    if p not in sys.path:
        sys.path.insert(0, p)

from speech_fixtures import KLONDIKE_JSGF  # noqa: E402


@pytest.fixture(autouse=True)
def _no_user_vosk_model(monkeypatch, tmp_path_factory):
    """Tests never see the developer's own models (user folder or checkout's models/) or variable."""
    from voicegame.audio import vosk_recogniser

    monkeypatch.delenv("VOICEGAME_VOSK_MODEL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))
    checkout = tmp_path_factory.mktemp("checkout") / "models"
    monkeypatch.setattr(vosk_recogniser, "checkout_models_dir", lambda: checkout)


@pytest.fixture(scope="session")
def klondike_grammar():
    from voicegame.audio.grammar_spec import RecogniserGrammar
    from voicegame.audio.jsgf import Jsgf

    return RecogniserGrammar(KLONDIKE_JSGF, ("draw", "undo"), Jsgf(KLONDIKE_JSGF).words)
