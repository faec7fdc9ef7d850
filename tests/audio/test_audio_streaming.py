"""Decoding while the player speaks: the endpointer feeds a streaming recogniser the utterance's
audio as it arrives; the result must be what decoding the whole utterance gives."""

import numpy as np
import pytest

from speech_fixtures import add_noise, needs_espeak, pad, speech_pcm
from test_audio_endpointer import run, silence, tone
from voicegame.audio.grammar_spec import RecogniserGrammar
from voicegame.audio.jsgf import Jsgf
from voicegame.audio.capture.microphone import Endpointer, Utterance
from voicegame.audio.recognisers import Heard, PocketSphinxRecogniser, StreamingRecogniser, TextRecogniser, listening_pocketsphinx

BLOCK = 480  # the microphone's 30 ms blocks

JSGF = """#JSGF V1.0;
grammar voicegame;
public <command> = draw | undo | hint | new game | (move | put) <card> (on | to) <card>;
<card> = (ace | two | six | seven | eight | queen | king) of (clubs | diamonds | hearts | spades);
"""


class Recorder:
    """A stand-in streaming recogniser that keeps what it is given."""

    name = "recorder"

    def __init__(self) -> None:
        self.utterances: list[list[np.ndarray]] = []

    def set_grammar(self, grammar) -> None:
        pass

    def begin(self) -> None:
        self.utterances.append([])

    def feed(self, pcm: np.ndarray) -> None:
        self.utterances[-1].append(np.asarray(pcm).copy())

    def finish(self) -> Heard:
        return Heard(f"{sum(len(x) for x in self.utterances[-1])} samples")

    def recognise(self, pcm: np.ndarray) -> Heard:
        self.begin()
        self.feed(pcm)
        return self.finish()


def streamed(recogniser, audio: np.ndarray) -> Heard:
    recogniser.begin()
    for i in range(0, len(audio), BLOCK):
        recogniser.feed(audio[i:i + BLOCK])
    return recogniser.finish()


def test_protocol():
    assert isinstance(Recorder(), StreamingRecogniser) and isinstance(listening_pocketsphinx(), StreamingRecogniser)
    assert not isinstance(TextRecogniser(), StreamingRecogniser)


def test_endpointer_feeds_exactly_the_utterances_audio():
    """Pauses inside an utterance are fed once speech resumes; the trailing silence past the tail is
    never fed; two utterances make two streams."""
    recorder = Recorder()
    ep = Endpointer(trailing_silence_ms=400, tail_ms=150, stream=recorder)
    x = np.concatenate([silence(1.0, 8), tone(0.6), silence(0.25, 8), tone(0.5, seed=3), silence(1.0, 8),
                        tone(0.8, seed=4), silence(1.0, 8)])
    utterances = run(ep, x)
    assert len(utterances) == 2 and len(recorder.utterances) == 2
    for u, fed in zip(utterances, recorder.utterances):
        assert np.array_equal(np.concatenate(fed), u.pcm)
        assert len(fed) > 10  # fed while it arrived, not at the end in one piece


def test_endpointer_flush_feeds_the_rest():
    recorder = Recorder()
    ep = Endpointer(stream=recorder)
    run(ep, np.concatenate([silence(0.5, 8), tone(0.7)]))
    u = ep.flush()
    assert isinstance(u, Utterance) and np.array_equal(np.concatenate(recorder.utterances[0]), u.pcm)


def test_a_discarded_utterance_is_dropped_by_the_next_begin():
    """The game mutes the microphone mid-utterance (it speaks): the endpointer resets, and the next
    utterance starts a fresh stream."""
    recorder = Recorder()
    ep = Endpointer(stream=recorder)
    run(ep, np.concatenate([silence(0.5, 8), tone(0.4)]))
    ep.reset()
    [u] = run(ep, np.concatenate([silence(0.5, 8), tone(0.5, seed=9), silence(1.0, 8)]))
    assert len(recorder.utterances) == 2
    assert np.array_equal(np.concatenate(recorder.utterances[1]), u.pcm)


@needs_espeak
def test_pocketsphinx_streamed_in_blocks_hears_what_whole_decoding_hears():
    """Two fresh recognisers, the same utterances in the same order: one decodes each whole, the
    other in 30 ms blocks. Same words each time, and right (the first utterance too: its cepstral
    mean is measured, not pocketsphinx's default)."""
    grammar = RecogniserGrammar(JSGF, (), Jsgf(JSGF).words)
    whole, blocks = listening_pocketsphinx(), listening_pocketsphinx()
    for r in (whole, blocks):
        r.set_grammar(grammar)
    said = ["move seven of hearts on eight of spades", "draw", "put queen of diamonds on king of clubs", "undo"]
    for text in said:
        audio = add_noise(pad(speech_pcm(text, "en-us+f3", 170), 0.3, 0.3), 8.0)
        a, b = whole.recognise(audio), streamed(blocks, audio)
        assert a.text == b.text == text


@needs_espeak
def test_pocketsphinx_finish_without_audio_and_restart():
    r = PocketSphinxRecogniser()
    r.set_grammar(RecogniserGrammar(JSGF, (), Jsgf(JSGF).words))
    assert r.finish().unknown  # nothing begun
    r.begin()
    assert r.finish().unknown  # begun, nothing fed
    r.begin()
    r.feed(speech_pcm("undo")[:4000])  # abandoned half way (the game muted the microphone)
    assert streamed(r, pad(speech_pcm("draw"), 0.3, 0.3)).text == "draw"


@needs_espeak
def test_vosk_streamed_in_blocks_hears_what_whole_decoding_hears():
    """With a real Vosk model (Korean: the English one cannot be downloaded here)."""
    pytest.importorskip("vosk")
    from test_audio_vosk import _ko_model_path, ko_grammar
    from voicegame.audio.recognisers import VoskRecogniser

    r = VoskRecogniser(_ko_model_path())
    r.set_grammar(ko_grammar())
    assert isinstance(r, StreamingRecogniser)
    for text in ("안녕하세요", "아니요"):
        audio = speech_pcm(text, voice="ko")
        assert r.recognise(audio).text == streamed(r, audio).text == text
    assert r.finish().unknown and r.begin() is None and r.finish().unknown


class Complete(Recorder):
    """A recorder that says the command is complete (or not) when asked, and counts the questions."""

    def __init__(self, complete: bool) -> None:
        super().__init__()
        self.complete, self.asked = complete, 0

    def sounds_complete(self) -> bool:
        self.asked += 1
        return self.complete


@pytest.mark.parametrize("complete, wait_ms", [(True, 200), (False, 400)])
def test_a_complete_command_ends_at_the_short_pause(complete, wait_ms):
    stream = Complete(complete)
    ep = Endpointer(trailing_silence_ms=400, early_silence_ms=200, tail_ms=150, stream=stream)
    [u] = run(ep, np.concatenate([silence(1.0, 8), tone(0.8), silence(1.5, 8)]))
    assert stream.asked == 1  # once per pause, at the mark
    assert abs(u.detected_at - int((1.8 + wait_ms / 1000) * 16000)) <= 2 * BLOCK
    assert np.array_equal(np.concatenate(stream.utterances[0]), u.pcm)


def test_early_end_off_and_without_a_stream():
    for ep in (Endpointer(early_silence_ms=0, stream=Complete(True)), Endpointer()):
        [u] = run(ep, np.concatenate([silence(1.0, 8), tone(0.8), silence(1.5, 8)]))
        assert u.detected_at >= int(2.2 * 16000) - BLOCK


@needs_espeak
@pytest.mark.parametrize("text, early", [
    ("draw", True),
    ("move seven of hearts on eight of spades", True),
    ("seven of hearts", False),  # may go on ("... on eight of spades"): wait the whole pause
])
def test_pocketsphinx_ends_complete_commands_early(text, early):
    """The real recogniser, fed by the endpointer: a command that nothing can follow is ended after
    200 ms of silence, and still heard right."""
    jsgf = JSGF.replace("(move | put) <card> (on | to) <card>", "[move | put] <card> (on | to) <card> | <card>")
    grammar = RecogniserGrammar(jsgf, (), Jsgf(jsgf).words)
    recogniser = listening_pocketsphinx()
    recogniser.set_grammar(grammar)
    speech = speech_pcm(text, "en", 160)
    room = np.random.default_rng(3).normal(0, 8, 16000)
    audio = np.round(np.concatenate([room, speech, room, room])).astype(np.int16)
    ep = Endpointer(stream=recogniser)
    [u] = run(ep, audio)
    speech_end = 16000 + int(np.nonzero(np.abs(speech) > 64)[0][-1])
    waited = (u.detected_at - speech_end) / 16000
    assert (waited < 0.3) if early else (waited > 0.38), waited
    heard = recogniser.finish().text
    assert heard == text if early else heard.startswith(text)  # measured: "seven of hearts to" (a partial path)


@needs_espeak
def test_vosk_says_when_the_words_so_far_are_a_complete_phrase():
    """Vosk (the real Korean model): a phrase that no longer phrase begins with is complete; one
    that a longer phrase begins with is not; nothing fed is not."""
    pytest.importorskip("vosk")
    from test_audio_vosk import _ko_model_path, ko_grammar
    from voicegame.audio.recognisers import VoskRecogniser

    r = VoskRecogniser(_ko_model_path())
    r.set_grammar(ko_grammar(extra=("아니요 셋",)))
    r.begin()
    assert not r.sounds_complete()
    for text, complete in (("안녕하세요", True), ("아니요", False)):
        r.begin()
        audio = pad(speech_pcm(text, voice="ko"), 0.3, 0.3)
        for i in range(0, len(audio), BLOCK):
            r.feed(audio[i:i + BLOCK])
        assert r.sounds_complete() is complete, text
        assert r.finish().text == text


def test_a_failing_recogniser_neither_stops_the_endpointer_nor_the_game():
    """A stream that breaks mid-utterance: the endpointer still finds the utterance, and finishing it
    gives "nothing heard" (the player is told "Sorry, I did not catch that"), not an exception."""
    from voicegame.play.loop import finish_stream

    class Broken(Recorder):
        def feed(self, pcm):
            super().feed(pcm)
            if len(self.utterances[-1]) > 3:
                raise RuntimeError("decoder fell over")

        def sounds_complete(self):
            raise RuntimeError("decoder fell over")

        def finish(self):
            raise RuntimeError("decoder fell over")

    stream = Broken()
    ep = Endpointer(stream=stream)
    [u] = run(ep, np.concatenate([silence(1.0, 8), tone(0.8), silence(1.5, 8)]))
    assert len(u.pcm) > 0.8 * 16000 and len(stream.utterances[0]) == 4  # no more feeding after the failure
    item = finish_stream(stream, u.pcm)
    assert item.heard.unknown and item.heard.text == "" and item.pcm is u.pcm
