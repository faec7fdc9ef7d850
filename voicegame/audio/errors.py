"""Named exceptions of the audio layer.

Every exception carries one short sentence meant for the player (``str(exc)``), so that the
session can speak or print it as is, never a traceback.
"""

from __future__ import annotations


class AudioError(Exception):
    """Base class: ``str(exc)`` is a short sentence a player can be told."""


class RecogniserUnavailable(AudioError):
    """A speech recogniser could not be started (library missing, bad model folder...)."""


class ModelNotFound(RecogniserUnavailable):
    """No Vosk model folder was found where we looked."""


class GrammarError(AudioError):
    """A grammar could not be given to a recogniser."""


class WavError(AudioError):
    """A WAV file could not be read or written."""


class MicrophoneError(AudioError):
    """The microphone could not be opened or read."""


class DownloadError(AudioError):
    """A model download failed (offline, bad checksum, bad archive...)."""


class SpeakerUnavailable(AudioError):
    """A speech backend could not be started (library, engine or service missing)."""


class SoundUnavailable(AudioError):
    """No audio output device could be used."""


def library_words(error: BaseException, limit: int = 100) -> str:
    """The first line of a library's own message for ``error`` (its type's name when it has none),
    without a final full stop: to quote it in a sentence or a log line."""
    text = str(error).strip().rstrip(".") or type(error).__name__
    return text.splitlines()[0][:limit]
