"""Speaker backends: pyttsx3 renders real speech, every backend survives having no sound card."""

from __future__ import annotations

import io
import sys
import time
import types

import numpy as np
import pytest

from conftest import FakeSoundDevice
from voicegame.audio.output.speakers import (MAX_RATE, MIN_VOLUME, PrintSpeaker, Pyttsx3Speaker, RecorderSpeaker,
                                             SoundOutput, Speaker, SpeakerUnavailable, SpeechDispatcherSpeaker,
                                             SpeechSettings, make_speaker)
from voicegame.audio.wavio import read_wav_float, write_wav

SENTENCE = "Seven of hearts onto eight of spades. Pile three shows jack of clubs."


@pytest.fixture(scope="module")
def tts() -> Pyttsx3Speaker:
    return Pyttsx3Speaker(output=None, fallback=PrintSpeaker(io.StringIO()))


def test_pyttsx3_renders_narration_to_a_plausible_wav(tts, tmp_path):
    pcm, rate = tts.render(SENTENCE)
    assert rate == 22050 and pcm.dtype == np.int16
    path = tmp_path / "narration.wav"
    write_wav(path, pcm, rate)
    samples, file_rate = read_wav_float(path)
    assert file_rate == 22050
    seconds = len(samples) / file_rate
    words = len(SENTENCE.split())
    assert 0.2 * words <= seconds <= 1.0 * words, seconds
    rms = float(np.sqrt((samples**2).mean()))
    assert rms > 0.01  # about -40 dBFS: clearly not silence
    voiced = np.abs(samples[:, 0]) > 0.05
    assert voiced.mean() > 0.2  # speech throughout, not one click


def test_rate_changes_duration_and_volume_scales_samples(tts):
    settings = tts.settings
    saved = (settings.rate, settings.volume)
    try:
        normal, _ = tts.render("Five of spades.")
        tts.rate = 120
        slow, _ = tts.render("Five of spades.")
        assert len(slow) > 1.3 * len(normal)
        tts.rate, tts.volume = saved[0], 0.5
        quiet, _ = tts.render("Five of spades.")
        assert np.abs(quiet).max() == pytest.approx(np.abs(normal).max() * 0.5, rel=0.02)
    finally:
        tts.rate, tts.volume = saved


def test_steps_move_settings_and_stop_at_limits():
    speaker = RecorderSpeaker(SpeechSettings(rate=400, volume=0.9))
    assert speaker.faster() and speaker.rate == MAX_RATE
    assert not speaker.faster()
    assert speaker.slower() and speaker.rate < MAX_RATE
    assert speaker.louder() and speaker.volume == 1.0 and not speaker.louder()
    while speaker.quieter():
        pass
    assert speaker.volume == pytest.approx(MIN_VOLUME)
    with pytest.raises(ValueError):
        speaker.step("shout")


def test_print_and_recorder_speakers():
    out = io.StringIO()
    printer = PrintSpeaker(out)
    printer.say("Five of spades.")
    printer.say("Goodbye.")
    assert out.getvalue() == "Five of spades.\nGoodbye.\n"
    assert printer.render("x") is None and not printer.busy()
    recorder = RecorderSpeaker()
    recorder.say("One.")
    recorder.stop()
    assert recorder.said == ["One."] and recorder.stops == 1
    for speaker in (printer, recorder):
        assert isinstance(speaker, Speaker)


def test_sound_output_plays_in_order_and_stop_interrupts():
    sd = FakeSoundDevice(seconds_per_clip=0.05)
    output = SoundOutput(sd=sd)
    for n in (100, 200, 300):
        assert output.play(np.zeros(n, np.int16), 22050)
    assert output.busy()
    output.wait(60)
    assert [c[0] for c in sd.clips] == [100, 200, 300] and not output.busy()
    sd.seconds = 3600.0  # a sentence that never ends by itself: only stop can end it
    output.play(np.zeros(10, np.int16), 22050)
    output.play(np.zeros(20, np.int16), 22050)
    while not sd.clips or sd.clips[-1][0] != 10:  # wait until the long clip is playing
        time.sleep(0.005)
    output.stop()
    output.wait(60)
    assert not output.busy()
    assert sd.stops >= 1 and [c[0] for c in sd.clips][-1] == 10  # the queued clip was dropped


def test_sound_output_without_device_disables_once_and_never_raises():
    notes = []
    output = SoundOutput(sd=FakeSoundDevice(fail=True), on_note=notes.append)
    assert not output.play(np.zeros(100, np.int16), 22050)
    assert not output.play(np.zeros(100, np.int16), 22050)
    output.wait(1)
    output.stop()
    assert output.available is False and notes == ["I cannot play sound: no audio output was found."]


def test_real_sounddevice_without_sound_card_is_detected():
    output = SoundOutput()  # the real module; this machine has no sound card
    ok = output.play(np.zeros(100, np.int16), 22050)
    output.wait(1)
    if ok:
        pytest.skip("this machine has an audio output")
    assert output.available is False and output.note


def test_pyttsx3_without_output_prints_and_still_renders():
    out = io.StringIO()
    output = SoundOutput(sd=FakeSoundDevice(fail=True))
    speaker = Pyttsx3Speaker(output, fallback=PrintSpeaker(out))
    speaker.say("Five of spades.")
    speaker.wait(1)
    speaker.stop()
    assert out.getvalue() == "Five of spades.\n"
    assert speaker.render("Five of spades.") is not None


def test_pyttsx3_plays_through_the_output(fake_sd):
    speaker = Pyttsx3Speaker(SoundOutput(sd=fake_sd))
    speaker.say("Five of spades.")
    speaker.say("Goodbye.")
    speaker.wait(5)
    assert len(fake_sd.clips) == 2 and all(rate == 22050 for _, rate in fake_sd.clips)


def test_make_speaker_falls_back_to_print_with_a_sentence():
    speaker, note = make_speaker("print")
    assert isinstance(speaker, PrintSpeaker) and note.endswith(".")
    speaker, note = make_speaker("pyttsx3", output=SoundOutput(sd=FakeSoundDevice(fail=True)), out=io.StringIO())
    assert "print" in note and note.count(".") == 1
    speaker, note = make_speaker("pyttsx3", output=SoundOutput(sd=FakeSoundDevice()))
    assert isinstance(speaker, Pyttsx3Speaker) and note == "Speaking with pyttsx3."
    speaker, note = make_speaker("klaxon")
    assert isinstance(speaker, PrintSpeaker) and "klaxon" in note


def test_make_speaker_without_pyttsx3(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyttsx3", None)  # import fails
    speaker, note = make_speaker("pyttsx3")
    assert isinstance(speaker, PrintSpeaker) and note == "The pyttsx3 package is missing, so I print what I say."


def test_speechd_missing_is_clean(monkeypatch):
    monkeypatch.setitem(sys.modules, "speechd", None)
    with pytest.raises(SpeakerUnavailable):
        SpeechDispatcherSpeaker()
    speaker, note = make_speaker("speechd", out=io.StringIO())
    assert isinstance(speaker, PrintSpeaker) and "print" in note


def test_speechd_backend_with_a_stand_in_module(monkeypatch):
    calls = []

    class Client:
        def __init__(self, name):
            calls.append(("open", name))

        def __getattr__(self, method):
            return lambda *a, **k: calls.append((method, *a))

    fake = types.SimpleNamespace(SSIPClient=Client)
    monkeypatch.setitem(sys.modules, "speechd", fake)
    speaker = SpeechDispatcherSpeaker(SpeechSettings(rate=200, volume=1.0))
    assert ("set_rate", 0) in calls and ("set_volume", 100) in calls
    speaker.say("Five of spades.")
    speaker.faster()
    speaker.stop()
    assert ("speak", "Five of spades.") in calls and ("cancel",) in calls
    assert any(c[0] == "set_rate" and c[1] > 0 for c in calls)
    assert speaker.render("x") is None and not speaker.busy()
