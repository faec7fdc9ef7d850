"""Every recogniser backend implements audio/backend.py's contract the same way: the protocol's
members with the protocol's signatures, plus ``missing_words`` and ``missing``."""

from __future__ import annotations

import inspect

import pytest

from voicegame.audio.backend import Recogniser, StreamingRecogniser
from voicegame.audio.recognisers import PocketSphinxRecogniser, TextRecogniser, VoskRecogniser

BACKENDS = [PocketSphinxRecogniser, VoskRecogniser, TextRecogniser]
STREAMING = [PocketSphinxRecogniser, VoskRecogniser]


def _methods(protocol: type) -> list[str]:
    return sorted(name for name, value in vars(protocol).items() if inspect.isfunction(value) and not name.startswith("_"))


def _parameters(function: object) -> list[str]:
    return [p.name for p in inspect.signature(function).parameters.values()]  # type: ignore[arg-type]


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.__name__)
def test_every_backend_has_the_recogniser_methods_with_their_signatures(backend):
    assert _methods(Recogniser) == ["recognise", "set_grammar"]
    for name in (*_methods(Recogniser), "missing_words"):
        assert _parameters(getattr(backend, name))[1:] == (
            _parameters(getattr(Recogniser, name))[1:] if name != "missing_words" else ["grammar"]), name
    assert isinstance(backend.name, str) and backend.name in ("pocketsphinx", "vosk", "text")


@pytest.mark.parametrize("backend", STREAMING, ids=lambda b: b.__name__)
def test_the_streaming_backends_have_the_streaming_methods(backend):
    assert _methods(StreamingRecogniser) == ["begin", "feed", "finish"]
    for name in _methods(StreamingRecogniser):
        assert _parameters(getattr(backend, name)) == _parameters(getattr(StreamingRecogniser, name)), name
    assert callable(getattr(backend, "sounds_complete"))


def test_built_backends_satisfy_the_protocols(klondike_grammar):
    text, sphinx = TextRecogniser(), PocketSphinxRecogniser()
    assert isinstance(text, Recogniser) and not isinstance(text, StreamingRecogniser)
    assert isinstance(sphinx, StreamingRecogniser)
    for recogniser in (text, sphinx):
        recogniser.set_grammar(klondike_grammar)
        assert recogniser.missing == () and recogniser.missing_words(klondike_grammar) == []
