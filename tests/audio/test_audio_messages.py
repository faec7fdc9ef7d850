"""The audio layer's errors carry message keys: every key it raises (or says as a note) is in
grammars/en/messages.toml, and ``str(exc)`` is that message filled in."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from voicegame.audio.errors import AudioError, MicrophoneError, WavError, message_text
from voicegame.audio.wavio import read_wav

ROOT = Path(__file__).resolve().parents[2]
AUDIO = ROOT / "voicegame" / "audio"
MESSAGES = tomllib.loads((ROOT / "grammars" / "en" / "messages.toml").read_text(encoding="utf-8"))
ERROR = (r"(?:AudioError|RecogniserUnavailable|ModelNotFound|GrammarError|WavError|MicrophoneError|DownloadError"
         r"|SpeakerUnavailable|SoundUnavailable)")


def _raised_keys() -> set[str]:
    keys: set[str] = set()
    for path in AUDIO.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        keys.update(re.findall(rf'{ERROR}\(\s*"(audio_\w+)"', text))
        keys.update(re.findall(r'message_text\(\s*"(audio_\w+)"', text))  # notes: "Using PocketSphinx."
        for template in re.findall(rf'{ERROR}\(\s*f"(audio_\w*\{{where\}}\w*)"', text):
            keys.update(template.replace("{where}", where) for where in ("given", "variable"))
    return keys


def test_every_key_the_audio_layer_raises_is_a_message():
    keys = _raised_keys()
    assert len(keys) > 60  # the scan finds them (about 80)
    assert sorted(k for k in keys if k not in MESSAGES) == []


def test_no_audio_error_is_raised_with_a_sentence():
    sentences = []
    for path in AUDIO.rglob("*.py"):
        sentences += re.findall(rf'raise {ERROR}\(\s*f?"([^"]* [^"]*)"', path.read_text(encoding="utf-8"))
    assert sentences == []


def test_str_is_the_message_filled_in(tmp_path):
    with pytest.raises(WavError) as caught:
        read_wav(tmp_path / "gone.wav")
    assert caught.value.key == "audio_wav_missing" and caught.value.params == {"path": tmp_path / "gone.wav"}
    assert str(caught.value) == f"The sound file {tmp_path / 'gone.wav'} does not exist."
    assert str(MicrophoneError("audio_microphone_not_there", device="USB")) == (
        "There is no microphone called USB. Plug it in, or type commands.")


def test_a_sentence_that_is_no_key_is_said_as_given():
    assert str(MicrophoneError("The microphone was unplugged.")) == "The microphone was unplugged."
    assert message_text("audio_no_pyttsx3", {}) == "The pyttsx3 package is missing."
    assert isinstance(MicrophoneError("x"), AudioError)
