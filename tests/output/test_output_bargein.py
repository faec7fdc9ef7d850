"""Barge-in in the voice loop: with an echo canceller the microphone stays open while the game speaks
and the player's voice stops the sentence; without one the microphone is muted (and the player is told
why). Devices are stand-ins: no sound card is opened; captured audio is handed to the microphone's
callback as PortAudio would, with a clock the test moves."""

from __future__ import annotations

import argparse
import queue

import numpy as np
import pytest

from speech_fixtures import needs_espeak, speech_pcm
from voicegame.audio.output.earcons import EarconPlayer
from voicegame.audio.capture.echo import NO_CANCELLER, NlmsEchoCanceller, PlaybackReference
from voicegame.audio.errors import MicrophoneError
from voicegame.audio.capture.microphone import Endpointer, Microphone
from voicegame.audio.recognisers import listening_pocketsphinx
from voicegame.audio.output.speakers import RecorderSpeaker, SoundOutput
from voicegame.play.loop import MicrophoneSource, TextSource, run_voice_session
from voicegame.play.session import Session
from voicegame.play.voice_play import barge_in_microphone

from conftest import FakeSoundDevice

SR = 16000
BLOCK = 480


class TalkingSpeaker(RecorderSpeaker):
    """Speaks (is busy) from ``say`` until ``stop``: only the first answer, the greeting, is long."""

    def __init__(self) -> None:
        super().__init__()
        self.talking = False
        self.answers = 0

    def say(self, text: str) -> None:
        super().say(text)
        self.talking = self.answers == 0

    def stop(self) -> None:
        super().stop()
        if self.talking:
            self.answers += 1
        self.talking = False

    def busy(self) -> bool:
        return self.talking


class IdealCanceller:
    """Stand-in echo canceller for a known echo path ``h``: subtracts the reference filtered by ``h``.
    (The real ones are measured in tests/audio/test_audio_echo.py and bench/bargein.py.)"""

    name = "ideal"

    def __init__(self, h: np.ndarray) -> None:
        self.h = h
        self.ref = np.zeros(0)
        self.done = 0

    def feed_reference(self, pcm: np.ndarray) -> None:
        self.ref = np.concatenate([self.ref, np.asarray(pcm, np.float64)])

    def process(self, pcm: np.ndarray) -> np.ndarray:
        n = len(pcm)
        echo = np.convolve(self.ref[max(0, self.done - len(self.h)):self.done + n], self.h)
        start = min(self.done, len(self.h))
        out = pcm.astype(np.float64) - echo[start:start + n]
        self.done += n
        return np.clip(np.round(out), -32768, 32767).astype(np.int16)

    def reset(self) -> None:
        self.ref, self.done = np.zeros(0), 0


class DryQueue(queue.Queue):
    """The captured blocks; when they are used up the microphone is 'unplugged' (ends the game)."""

    def get(self, block=True, timeout=None):
        if self.empty():
            raise MicrophoneError("The microphone was unplugged.")
        return super().get(block, timeout)


class FedMicrophone(Microphone):
    """A ``Microphone`` whose device is a list of captured blocks, handed to its callback in advance
    (at the times the test's clock says); once they are used up the microphone is 'unplugged'."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self._queue = DryQueue()

    def open(self) -> None:
        self._stream = "stand-in"

    def capture(self, audio: np.ndarray, clock: list[float]) -> None:
        for i in range(0, len(audio) - BLOCK + 1, BLOCK):
            clock[0] += BLOCK / SR
            self._callback(audio[i:i + BLOCK].reshape(-1, 1), BLOCK, None, None)


def echo_path() -> np.ndarray:
    h = np.zeros(SR // 5)
    h[SR * 20 // 1000] = 0.5  # 20 ms, -6 dB
    h[SR * 60 // 1000:] = np.random.default_rng(0).normal(0, 0.01, len(h) - SR * 60 // 1000) * np.exp(
        -np.arange(len(h) - SR * 60 // 1000) / 1500)
    return h


def room_recording(far: np.ndarray, h: np.ndarray, command: np.ndarray, onset: int, total: int) -> np.ndarray:
    mic = np.convolve(np.pad(far.astype(np.float64), (0, max(0, total - len(far)))), h)[:total]
    mic[onset:onset + len(command)] += command
    mic += np.random.default_rng(1).normal(0, 8, total)
    return np.clip(np.round(mic), -32768, 32767).astype(np.int16)


@needs_espeak
def test_speech_over_the_games_voice_stops_it_and_is_heard():
    """The game speaks its greeting through the loudspeaker; its echo reaches the microphone; the
    player says "draw" over it. The echo canceller (given what was played, in time) leaves only the
    player's voice: the speech start stops the speaker, and "draw" is decoded and played."""
    clock = [100.0]
    h = echo_path()
    far = speech_pcm("Klondike, deal 5. Stock 24, waste empty. Say hint for a move, or help.", "en", 200)
    reference = PlaybackReference()
    microphone = FedMicrophone(endpointer=Endpointer(), echo=IdealCanceller(h), reference=reference,
                               clock=lambda: clock[0], echo_learning_s=0.0)
    reference.played(far, SR, at=clock[0])
    command = speech_pcm("draw", "en-us", 150)
    onset = int(1.5 * SR)
    microphone.capture(room_recording(far, h, command, onset, onset + len(command) + SR), clock)

    speaker = TalkingSpeaker()
    recogniser = listening_pocketsphinx()
    source = MicrophoneSource(microphone, on_speech_start=speaker.stop, recogniser=recogniser)
    session = Session("klondike", seed=5)
    result = run_voice_session(session, source, recogniser, speaker, EarconPlayer(enabled=False),
                               fallback=TextSource([]), barge_in=True)
    assert result.interruptions == 1 and speaker.stops >= 2  # one by the answer itself, one by the player
    assert [h.text for h in result.heard] == ["draw"]
    assert session.state != Session("klondike", seed=5).state  # the card was drawn


@needs_espeak
def test_without_cancelling_the_games_own_voice_interrupts_it():
    """The same room with an open microphone and nothing cancelled (``--barge-in on`` on a
    loudspeaker): the game's echo alone is taken for the player and cuts the greeting."""
    clock = [100.0]
    h = echo_path()
    far = speech_pcm("Klondike, deal 5. Stock 24, waste empty. Say hint for a move, or help.", "en", 200)
    microphone = FedMicrophone(endpointer=Endpointer(), clock=lambda: clock[0])
    microphone.capture(room_recording(far, h, np.zeros(0), 0, len(far) + SR), clock)
    speaker = TalkingSpeaker()
    source = MicrophoneSource(microphone, on_speech_start=speaker.stop)
    result = run_voice_session(Session("klondike", seed=5), source, listening_pocketsphinx(), speaker,
                               EarconPlayer(enabled=False), fallback=TextSource([]), barge_in=True)
    assert result.interruptions == 1


def test_while_the_canceller_learns_the_room_the_game_is_not_heard():
    clock = [0.0]
    reference = PlaybackReference()
    microphone = FedMicrophone(endpointer=Endpointer(), echo=NlmsEchoCanceller(), reference=reference,
                               clock=lambda: clock[0], echo_learning_s=2.0)
    loud = (np.random.default_rng(0).normal(0, 3000, 3 * SR)).astype(np.int16)
    reference.played(loud, SR, at=0.0)
    microphone.capture(loud, clock)  # 3 s of the game playing
    kept = microphone._queue.qsize()
    assert 0 < kept * BLOCK / SR < 1.1  # the first 2 s were dropped, the last second went through


def test_a_failing_canceller_falls_back_to_muting():
    class Broken:
        name = "broken"

        def feed_reference(self, pcm):
            raise RuntimeError("boom")

        def process(self, pcm):
            return pcm

        def reset(self):
            pass

    clock = [0.0]
    microphone = FedMicrophone(echo=Broken(), clock=lambda: clock[0])
    source = MicrophoneSource(microphone)
    assert source.open_while_speaking
    block = np.ones(BLOCK, np.int16)
    assert np.array_equal(microphone.cancel_echo(block, now=0.0), block)  # the raw block, logged
    assert not microphone.cancels_echo and not source.open_while_speaking
    log = []
    source.mute, source.unmute = (lambda: log.append("mute")), (lambda: log.append("unmute"))
    run_voice_session(Session("klondike", seed=5), source, listening_pocketsphinx(), RecorderSpeaker(),
                      EarconPlayer(enabled=False), fallback=TextSource([]), barge_in=True)
    assert log[:2] == ["mute", "unmute"]  # the greeting was said with the microphone muted


def test_auto_without_a_canceller_mutes_and_says_why():
    output = SoundOutput(sd=FakeSoundDevice())
    output.probe()
    speaker = RecorderSpeaker()
    speaker.output = output
    microphone, barge_in, note = barge_in_microphone("auto", Endpointer(), speaker, output, make_canceller=lambda k: None)
    assert not barge_in and note == NO_CANCELLER and microphone.echo is None
    microphone, barge_in, note = barge_in_microphone("auto", Endpointer(), speaker, output,
                                                     make_canceller=lambda k: NlmsEchoCanceller())
    assert barge_in and note is None and microphone.echo is not None
    assert output.reference is microphone.reference  # the output tells the microphone what it plays
    assert barge_in_microphone("off", Endpointer(), speaker, output)[1:] == (False, None)
    assert barge_in_microphone("on", Endpointer(), speaker, output)[1:] == (True, None)  # headsets


def test_auto_mutes_when_speech_does_not_go_through_our_output():
    """Speech dispatcher plays the voice itself: there is no reference to cancel, so no barge-in."""
    output = SoundOutput(sd=FakeSoundDevice())
    microphone, barge_in, note = barge_in_microphone("auto", Endpointer(), RecorderSpeaker(), output,
                                                     make_canceller=lambda k: NlmsEchoCanceller())
    assert not barge_in and note is None


def test_the_sound_output_tells_the_reference_what_it_plays():
    output = SoundOutput(sd=FakeSoundDevice(seconds_per_clip=5.0))
    output.reference = PlaybackReference()
    clip = np.full(SR, 1000, np.int16)
    assert output.play(clip, SR)
    import time

    deadline = time.monotonic() + 5
    while not output.reference._clips and time.monotonic() < deadline:
        time.sleep(0.005)
    start = output.reference._clips[0][0]
    assert np.array_equal(output.reference.take(start, 100), clip[:100])
    output.stop()
    output.wait(5)
    assert len(output.reference._clips[0][1]) < SR  # cut where it stopped


def test_the_barge_in_setting_and_option(tmp_path, monkeypatch):
    from voicegame.storage.config import Config
    from voicegame.play.voice_play import add_voice_options

    parser = argparse.ArgumentParser()
    add_voice_options(parser)
    assert parser.parse_args([]).barge_in is None  # the setting decides
    assert parser.parse_args(["--barge-in"]).barge_in == "on"  # as before: headsets
    assert parser.parse_args(["--barge-in", "auto"]).barge_in == "auto"
    config = Config(tmp_path / "settings.toml")
    assert config["audio.barge_in"] == "auto"
    with pytest.raises(ValueError):
        config.set("audio.barge_in", "sometimes")


def test_watching_ends_when_the_game_has_finished_even_while_audio_keeps_coming():
    """A live microphone always has a new block: watching must still end once the game is quiet."""
    clock = [0.0]
    microphone = FedMicrophone(clock=lambda: clock[0])
    microphone.capture(np.zeros(SR, np.int16), clock)  # a second of quiet room, already captured
    polls = []

    def busy():
        polls.append(1)
        return len(polls) < 5

    assert microphone.watch(busy) is False
    assert len(polls) == 5 and not microphone._queue.empty()  # the rest is left for listening
