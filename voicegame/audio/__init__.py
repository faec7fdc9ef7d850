"""Audio input: recognisers (Vosk, PocketSphinx, typed text), WAV files, microphone, model download.

Importing this package is cheap and opens nothing: pocketsphinx, vosk and sounddevice are imported
only when a backend or a microphone is actually built.
"""

from .errors import (AudioError, DownloadError, GrammarError, MicrophoneError, ModelNotFound,
                     RecogniserUnavailable, WavError)
from .grammar_spec import RecogniserGrammar
from .recognisers import (Heard, PocketSphinxRecogniser, Recogniser, TextRecogniser, VoskRecogniser,
                          find_vosk_model, make_recogniser)
from .wavio import read_wav, write_wav

__all__ = [
    "AudioError", "DownloadError", "GrammarError", "MicrophoneError", "ModelNotFound",
    "RecogniserUnavailable", "WavError", "RecogniserGrammar", "Heard", "Recogniser",
    "PocketSphinxRecogniser", "VoskRecogniser", "TextRecogniser", "find_vosk_model",
    "make_recogniser", "read_wav", "write_wav",
]
