"""Audio input: recognisers (Vosk, PocketSphinx, typed text), WAV files, microphone, model download.

Importing this package is cheap and opens nothing: its names are imported from their modules when
first asked for (PEP 562), so ``from voicegame.audio.grammar_spec import ...`` (the game's text mode)
does not load numpy and the recognisers' modules; pocketsphinx, vosk and sounddevice are imported
only when a backend or a microphone is actually built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voicegame.audio.lazy import lazy_names

if TYPE_CHECKING:
    from .errors import (AudioError, DownloadError, GrammarError, MicrophoneError, ModelNotFound,
                         RecogniserUnavailable, WavError)
    from .grammar_spec import RecogniserGrammar
    from .recognisers import (Heard, PocketSphinxRecogniser, Recogniser, TextRecogniser, VoskRecogniser,
                              find_vosk_model, make_recogniser)
    from .wavio import read_wav, write_wav

_HOME = {
    "AudioError": "errors", "DownloadError": "errors", "GrammarError": "errors", "MicrophoneError": "errors",
    "ModelNotFound": "errors", "RecogniserUnavailable": "errors", "WavError": "errors",
    "RecogniserGrammar": "grammar_spec",
    "Heard": "recognisers", "PocketSphinxRecogniser": "recognisers", "Recogniser": "recognisers",
    "TextRecogniser": "recognisers", "VoskRecogniser": "recognisers", "find_vosk_model": "recognisers",
    "make_recogniser": "recognisers",
    "read_wav": "wavio", "write_wav": "wavio",
}
"""Each name of the package -> the module it lives in."""

__all__ = list(_HOME)


__getattr__ = lazy_names(__name__, __name__, _HOME)
