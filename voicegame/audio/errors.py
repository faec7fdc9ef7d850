"""Named exceptions of the audio layer.

Every exception is raised with a message key of ``grammars/<lang>/messages.toml`` and its
parameters (``WavError("audio_wav_missing", path=path)``): ``key`` and ``params`` say what went
wrong, and ``str(exc)`` is the sentence for the player, that message filled in, so that the session
can speak or print it as is, never a traceback. The words are the language's; this layer only reads
the message file (as package data: it may import no layer above it) and fills in the parameters.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources

LANGUAGE = "en"
"""The language whose messages ``str(exc)`` says."""


@lru_cache(maxsize=None)
def _messages(lang: str) -> dict[str, str]:
    try:
        with resources.files("voicegame.grammars").joinpath(lang, "messages.toml").open("rb") as handle:
            table = tomllib.load(handle)
    except (FileNotFoundError, ModuleNotFoundError):
        return {}
    return {key: value for key, value in table.items() if isinstance(value, str)}


def message_text(key: str, params: dict[str, object], lang: str | None = None) -> str:
    """The message ``key`` of ``lang`` (default ``LANGUAGE``) with ``params`` filled in; a ``key``
    that is no message is taken as the sentence itself (a caller's own words, a test's stand-in)."""
    template = _messages(lang or LANGUAGE).get(key)
    return key if template is None else template.format(**params)


class AudioError(Exception):
    """Base class: ``key`` and ``params`` name a message; ``str(exc)`` is it, a short sentence a
    player can be told."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def __str__(self) -> str:
        return message_text(self.key, self.params)


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

    TOLD_TO_TYPE = frozenset({"audio_microphone_none", "audio_microphone_not_there", "audio_microphone_busy"})
    """The keys whose sentence already tells the player to type commands: nothing more to add."""

    @property
    def says_to_type(self) -> bool:
        return self.key in self.TOLD_TO_TYPE


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
