"""Wyoming text to speech as a speaker, against a real server (espeak-ng behind the Wyoming protocol)
on 127.0.0.1: its audio goes through the game's SoundOutput (with the earcons, cut by stop), volume
applies, the rate is said to be the server's, and a missing, slow or garbled server is one sentence
and the fallback speaker."""

from __future__ import annotations

import time

import numpy as np
from conftest import needs_espeak
from servers import ClipSd, TtsState, espeak_pcm, free_port, tts_server

from voicegame.audio.output.earcons import EarconPlayer
from voicegame.audio.output.speakers import RecorderSpeaker, SoundOutput, SpeechSettings, WyomingSpeaker, make_speaker

pytestmark = needs_espeak


def speaker_on(uri: str, speed: float = 0.0, **kw) -> tuple[WyomingSpeaker, ClipSd, RecorderSpeaker]:
    sd = ClipSd(speed)
    fallback = RecorderSpeaker()
    speaker = WyomingSpeaker(uri, SoundOutput(sd=sd), lambda: fallback, SpeechSettings(), **kw)
    return speaker, sd, fallback


def test_the_servers_voice_plays_on_the_sound_output(tts, tts_state):
    speaker, sd, fallback = speaker_on(tts.uri, voice="en")
    assert "en" in speaker.start() and tts.uri in speaker.start()
    speaker.say("Seven of spades onto eight of hearts.")
    speaker.wait(10)
    assert tts_state.texts[-1] == "Seven of spades onto eight of hearts." and tts_state.voices[-1] == "en"
    (pcm, rate), = sd.clips
    expected, expected_rate = espeak_pcm("Seven of spades onto eight of hearts.")
    assert rate == expected_rate and np.array_equal(pcm, expected)
    assert fallback.said == []


def test_volume_scales_the_samples_and_rate_is_said_to_be_the_servers(tts, tts_state):
    speaker, sd, fallback = speaker_on(tts.uri)
    speaker.start()
    speaker.say("Draw.")
    assert speaker.step("quieter") and speaker.step("quieter")
    speaker.say("Draw.")
    speaker.wait(10)
    (loud, _), (quiet, _) = sd.clips
    assert np.abs(quiet).max() == round(np.abs(loud).max() * speaker.settings.volume)
    assert speaker.step("faster") and speaker.step("faster")  # kept for the fallback
    assert speaker.settings.rate > 200
    speaker.say("Five of spades.")
    speaker.say("Six of hearts.")
    speaker.wait(10)
    notes = [t for t in tts_state.texts if "its own speed" in t]
    assert len(notes) == 1 and len(sd.clips) == 5  # draw, draw, five, the note once, six
    assert fallback.said == []


def test_stop_cuts_the_sentence_and_earcons_share_the_output(tts):
    speaker, sd, _ = speaker_on(tts.uri, speed=1.0)
    earcons = EarconPlayer(speaker.output)
    earcons.play("move")
    speaker.say("This is a long sentence that the player will cut short by speaking a new command.")
    assert speaker.busy()
    for _ in range(500):  # until the sentence is playing (the earcon takes its own time first)
        if len(sd.clips) == 2:
            break
        time.sleep(0.01)
    assert len(sd.clips) == 2 and speaker.busy()
    speaker.stop()
    speaker.wait(5)
    assert not speaker.busy() and sd.stops >= 1
    assert sd.clips[0][0].shape == earcons.load("move").shape  # the earcon first, then the words


def test_a_missing_server_is_said_and_the_fallback_speaks():
    speaker, sd, fallback = speaker_on(f"tcp://127.0.0.1:{free_port()}")
    assert "does not answer" in speaker.start()
    speaker.say("Draw.")
    speaker.wait(10)
    assert fallback.said == ["Draw."] and sd.clips == []


def test_a_server_that_goes_away_is_one_sentence_then_the_fallback():
    state = TtsState()
    server = tts_server(state)
    speaker, sd, fallback = speaker_on(server.uri)
    speaker.start()
    speaker.say("Draw.")
    server.stop()
    speaker.say("Five of spades.")
    speaker.say("Six of hearts.")
    speaker.wait(10)
    assert len(sd.clips) == 1
    assert fallback.said[0].startswith("The voice server stopped answering")
    assert fallback.said[1:] == ["Five of spades.", "Six of hearts."]


def test_slow_and_garbled_servers_time_out_into_the_fallback():
    for state in (TtsState(delay_s=5.0), TtsState(garbage=True)):
        server = tts_server(state)
        try:
            speaker, sd, fallback = speaker_on(server.uri, timeout_s=1.0)
            speaker.say("Draw.")
            speaker.say("Undo.")
            speaker.wait(10)
            assert sd.clips == [] and speaker.failures == 1
            assert len(fallback.said) == 3 and fallback.said[1:] == ["Draw.", "Undo."]
        finally:
            server.stop()


def test_make_speaker_builds_it(tts):
    speaker, note = make_speaker("wyoming", SpeechSettings(), SoundOutput(sd=ClipSd()), tts=tts.uri, tts_voice="en")
    assert speaker.name == "wyoming" and "Speaking with en" in note
    speaker, note = make_speaker("wyoming", SpeechSettings(), SoundOutput(sd=ClipSd()), tts="ftp://nowhere")
    assert speaker.name != "wyoming" and "not a Wyoming address" in note
