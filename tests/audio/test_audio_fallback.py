"""The default ear gives way to PocketSphinx when the neural one cannot start (voicegame.audio.fallback),
and "auto" chooses Moonshine where its extra is installed, PocketSphinx otherwise."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

from voicegame.audio import recognisers
from voicegame.audio.backend import Heard, StreamingRecogniser
from voicegame.audio.errors import RecogniserUnavailable
from voicegame.audio.fallback import StreamingWithFallback, WithFallback
from voicegame.audio.recognisers import make_recogniser

HAVE_MOONSHINE = importlib.util.find_spec("moonshine_cpp") is not None and importlib.util.find_spec("onnxruntime") is not None


class Broken:
    """An ear whose model fails to load at the first utterance, as a damaged model file does."""

    name = "broken"

    def __init__(self) -> None:
        self.grammars: list[str] = []

    def set_grammar(self, grammar) -> None:  # noqa: ANN001
        self.grammars.append(grammar)

    def recognise(self, pcm: np.ndarray) -> Heard:
        raise RecogniserUnavailable("audio_moonshine_failed", reason="bad file")

    def begin(self) -> None:
        pass

    def feed(self, pcm: np.ndarray) -> None:
        pass

    def finish(self) -> Heard:
        raise RecogniserUnavailable("audio_moonshine_failed", reason="bad file")


class Working(Broken):
    name = "working"

    def recognise(self, pcm: np.ndarray) -> Heard:
        return Heard(f"{len(pcm)} samples with {self.grammars[-1]}")

    def begin(self) -> None:
        self.fed = 0

    def feed(self, pcm: np.ndarray) -> None:
        self.fed += len(pcm)

    def finish(self) -> Heard:
        return Heard(f"{self.fed} samples with {self.grammars[-1]}")


def test_an_ear_that_cannot_start_gives_way_once_with_the_turn_s_grammar():
    notes: list[str] = []
    made: list[Working] = []

    def backup() -> Working:
        made.append(Working())
        return made[-1]

    ear = WithFallback(Broken(), backup, notes.append)
    ear.set_grammar("grammar one")
    assert ear.name == "broken" and not made
    assert ear.recognise(np.zeros(1600, np.int16)).text == "1600 samples with grammar one"
    assert ear.name == "working" and ear.fell_back and len(made) == 1
    assert notes == ["Moonshine could not start: bad file. Listening with PocketSphinx instead."]
    ear.set_grammar("grammar two")
    assert ear.recognise(np.zeros(800, np.int16)).text == "800 samples with grammar two"
    assert len(made) == 1 and len(notes) == 1  # said once, built once


def test_a_streamed_utterance_is_heard_whole_by_the_backup():
    ear = StreamingWithFallback(Broken(), Working)
    assert isinstance(ear, StreamingRecogniser)
    ear.set_grammar("g")
    ear.begin()
    for _ in range(3):
        ear.feed(np.zeros(480, np.int16))
    assert ear.finish().text == "1440 samples with g"  # the backup heard the blocks fed before the failure


def test_a_backup_that_fails_too_is_told_as_it_is():
    ear = WithFallback(Broken(), Broken)
    ear.set_grammar("g")
    with pytest.raises(RecogniserUnavailable):
        ear.recognise(np.zeros(1600, np.int16))


@pytest.mark.skipif(not HAVE_MOONSHINE, reason="onnxruntime or the moonshine-cpp wheel is not installed (pip install voicegame[moonshine])")
def test_auto_listens_with_moonshine_where_it_is_installed(monkeypatch):
    from voicegame.audio.moonshine.recogniser import MoonshineRecogniser

    monkeypatch.setattr(MoonshineRecogniser, "load_in_background", lambda self: None)
    rec, note = make_recogniser("auto", None)
    assert rec.name == "moonshine" and note == "Using Moonshine."
    assert isinstance(rec, StreamingWithFallback) and isinstance(rec, StreamingRecogniser)


def test_auto_without_moonshine_listens_with_pocketsphinx(monkeypatch):
    def unavailable(request):  # noqa: ANN001, ANN202
        raise RecogniserUnavailable("audio_moonshine_not_installed")

    monkeypatch.setattr(recognisers, "_moonshine", unavailable)
    rec, note = make_recogniser("auto", None)
    assert rec.name == "pocketsphinx" and note == "Using PocketSphinx: no Vosk model found."
