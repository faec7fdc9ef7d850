"""Speech out: ``make_speaker(kind)`` picks a speaker backend and says in one sentence what is used
and why. The backends live in their own modules, their names importable from here too:

- ``Pyttsx3Speaker`` (``pyttsx3_speaker``): espeak-ng underneath on Linux; renders each sentence to
  PCM and plays it through a ``SoundOutput`` (``sound_output``, shared with the earcons);
- ``SpeechDispatcherSpeaker`` (``speechd_speaker``): the player's screen-reader voice, when the
  Debian ``python3-speechd`` module is importable;
- ``PrintSpeaker`` (text mode) and ``RecorderSpeaker`` (tests), in ``text_speakers``.

What they share (the ``Speaker`` protocol, ``SpeechSettings``) is in ``speaker_contract``. Nothing
here opens a device at import time; sounddevice is imported on first play.
"""

from __future__ import annotations

from typing import TextIO

from ..errors import SoundUnavailable, SpeakerUnavailable, message_text
from ..wyoming.link import normalise_uri
from ..wyoming.tts import WyomingSpeaker
from .pyttsx3_speaker import Pyttsx3Speaker
from .sound_output import SoundOutput
from .speaker_contract import (DEFAULT_RATE, DEFAULT_VOLUME, MAX_RATE, MIN_RATE, MIN_VOLUME, RATE_STEP, STEPS,
                               VOLUME_STEP, SettingsMixin, Speaker, SpeechSettings)
from .speaker_kinds import KINDS as SPEAKER_KINDS
from .speechd_speaker import SpeechDispatcherSpeaker
from .text_speakers import PrintSpeaker, RecorderSpeaker

__all__ = [
    "DEFAULT_RATE", "DEFAULT_VOLUME", "KINDS", "MAX_RATE", "MIN_RATE", "MIN_VOLUME", "RATE_STEP", "STEPS",
    "VOLUME_STEP", "PrintSpeaker", "Pyttsx3Speaker", "RecorderSpeaker", "SettingsMixin", "SoundOutput",
    "SoundUnavailable", "Speaker", "SpeakerUnavailable", "SpeechDispatcherSpeaker", "SpeechSettings",
    "WyomingSpeaker", "make_speaker",
]

KINDS = SPEAKER_KINDS


def make_speaker(kind: str = "auto", settings: SpeechSettings | None = None, output: SoundOutput | None = None,
                 out: TextIO | None = None, tts: str | None = None, tts_voice: str | None = None) -> tuple[Speaker, str]:
    """Build a speaker and one sentence for the player saying what is used and why. Never raises for
    a missing engine or device: falls back to printing.

    kind: auto (speech dispatcher if available, else pyttsx3, else print), pyttsx3, speechd, print, recorder,
    wyoming (the Wyoming voice server at ``tts``, voice ``tts_voice``; pyttsx3 while it is gone).
    ``output`` is the sound output shared with the earcons (made here if not given).
    """
    kind = (kind or "auto").strip().lower()
    settings = settings or SpeechSettings()
    printer = PrintSpeaker(out, settings)
    if kind == "print":
        return printer, message_text("audio_printing", {})
    if kind == "recorder":
        return RecorderSpeaker(settings), message_text("audio_recording", {})
    if kind not in KINDS:
        return printer, message_text("audio_unknown_speech_engine", {"kind": kind})
    if kind == "wyoming":
        return _wyoming(settings, output or SoundOutput(), printer, tts, tts_voice)
    reasons: list[str] = []
    if kind in ("auto", "speechd"):
        try:
            return SpeechDispatcherSpeaker(settings), message_text("audio_speaking_speechd", {})
        except SpeakerUnavailable as e:
            reasons.append(str(e))
            if kind == "speechd":
                return printer, message_text("audio_speechd_so_printing", {"reason": e})
    output = output or SoundOutput()
    try:
        speaker = Pyttsx3Speaker(output, settings, fallback=printer)
    except SpeakerUnavailable as e:
        return printer, message_text("audio_so_printing", {"reason": str(e).rstrip(".")})
    if not output.probe():
        return speaker, message_text("audio_so_printing", {"reason": (output.note or message_text("audio_no_sound", {})).rstrip(".")})
    return speaker, message_text("audio_speaking_pyttsx3", {})


def _wyoming(settings: SpeechSettings, output: SoundOutput, printer: PrintSpeaker, tts: str | None,
             voice: str | None) -> tuple[Speaker, str]:
    """The Wyoming speaker at ``tts``, pyttsx3 behind it (printing without an engine)."""

    def fallback() -> Speaker:
        try:
            return Pyttsx3Speaker(output, settings, fallback=printer)
        except SpeakerUnavailable:
            return printer

    if not tts:
        return fallback(), message_text("wyoming_no_address", {})
    try:
        uri = normalise_uri(tts)
    except ValueError:
        return fallback(), message_text("wyoming_bad_address", {"uri": tts})
    speaker = WyomingSpeaker(uri, output, fallback, settings, voice)
    note = speaker.start()
    if not output.probe():
        return speaker, message_text("audio_so_printing", {"reason": (output.note or message_text("audio_no_sound", {})).rstrip(".")})
    return speaker, note
