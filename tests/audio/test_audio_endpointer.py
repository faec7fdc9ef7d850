import subprocess
import sys
import threading
import time
import types
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from speech_fixtures import needs_espeak
from voicegame.audio.errors import MicrophoneError
from voicegame.audio.capture.microphone import DEFAULT_TRAILING_SILENCE_MS, Endpointer, Microphone

SR = 16000


def tone(seconds, amp=6000.0, freq=300.0, seed=0):
    """Speech-like: a tone plus noise, well above any floor."""
    n = int(seconds * SR)
    t = np.arange(n) / SR
    x = amp * np.sin(2 * np.pi * freq * t) + np.random.default_rng(seed).normal(0, amp / 5, n)
    return np.clip(np.round(x), -32768, 32767).astype(np.int16)


def silence(seconds, sigma=0.0, seed=1):
    n = int(seconds * SR)
    if sigma == 0:
        return np.zeros(n, np.int16)
    return np.round(np.random.default_rng(seed).normal(0, sigma, n)).astype(np.int16)


def run(ep, x, block=480):
    out = []
    for i in range(0, len(x), block):
        out += ep.feed(x[i:i + block])
    return out


def test_silence_speech_silence():
    ep = Endpointer(trailing_silence_ms=400, pre_roll_ms=300, tail_ms=150, min_speech_ms=90)
    x = np.concatenate([silence(1.0), tone(1.0), silence(1.0)])
    utts = run(ep, x)
    assert len(utts) == 1
    u = utts[0]
    assert abs(u.start - int(0.7 * SR)) <= 480          # onset 1.0 s minus 300 ms pre-roll
    assert abs(u.end - int(2.15 * SR)) <= 480           # last speech 2.0 s plus 150 ms tail
    assert abs(u.detected_at - int(2.4 * SR)) <= 480    # decided after 400 ms of silence
    assert len(u.pcm) == u.end - u.start and not u.truncated
    assert np.array_equal(u.pcm, x[u.start:u.end])
    assert not ep.started


def test_default_trailing_silence():
    ep = Endpointer()
    assert ep.trailing_silence_ms == DEFAULT_TRAILING_SILENCE_MS == 400
    u = run(ep, np.concatenate([silence(0.5), tone(0.6), silence(1.0)]))[0]
    assert abs((u.detected_at - int(1.1 * SR)) / SR - 0.4) < 0.031


def test_click_shorter_than_min_speech_is_ignored():
    ep = Endpointer(min_speech_ms=90)
    assert run(ep, np.concatenate([silence(0.5), tone(0.03), silence(1.0)])) == []


def test_pause_inside_command_does_not_split_but_long_pause_does():
    x = np.concatenate([silence(0.5), tone(0.5), silence(0.25), tone(0.5), silence(1.0)])
    assert len(run(Endpointer(trailing_silence_ms=400), x)) == 1
    x = np.concatenate([silence(0.5), tone(0.5), silence(0.8), tone(0.5, seed=3), silence(1.0)])
    assert len(run(Endpointer(trailing_silence_ms=400), x)) == 2


def test_noise_floor_adapts():
    # steady hiss at -44 dBFS from the first sample, then speech 20 dB above it
    x = np.concatenate([silence(2.0, sigma=200), tone(0.8, amp=2800) + silence(0.8, sigma=200),
                        silence(1.5, sigma=200, seed=4)])
    utts = run(Endpointer(), x)
    assert len(utts) == 1 and abs(utts[0].start - int(1.7 * SR)) <= 960
    assert run(Endpointer(), silence(5.0, sigma=200)) == []  # hiss alone is not speech


def test_max_utterance_truncates():
    utts = run(Endpointer(max_utterance_ms=1000), np.concatenate([silence(0.3), tone(3.0)]))
    assert utts and utts[0].truncated and abs(len(utts[0].pcm) - SR) <= 480 + int(0.3 * SR)


def test_flush_returns_utterance_in_progress():
    ep = Endpointer()
    run(ep, np.concatenate([silence(0.3), tone(0.5)]))
    assert ep.started
    u = ep.flush()
    assert u is not None and u.truncated and not ep.started and ep.flush() is None


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(1, 2000), min_size=1, max_size=40))
def test_block_size_does_not_matter(sizes):
    x = np.concatenate([silence(0.6), tone(0.7), silence(0.6), tone(0.4, seed=2), silence(0.7)])
    ref = [(u.start, u.end) for u in run(Endpointer(), x)]
    ep, got, i, k = Endpointer(), [], 0, 0
    while i < len(x):
        n = sizes[k % len(sizes)]
        got += [(u.start, u.end) for u in ep.feed(x[i:i + n])]
        i += n
        k += 1
    assert got == ref and len(ref) == 2


@needs_espeak
@pytest.mark.parametrize("vad", ["energy", "webrtc"])
def test_real_speech(vad):
    pytest.importorskip("webrtcvad") if vad == "webrtc" else None
    from speech_fixtures import pad, speech_pcm

    s = speech_pcm("move seven of hearts to pile four", speed=130)
    nz = np.flatnonzero(np.abs(s) > 64)
    s = s[nz[0]:nz[-1] + 1]
    utts = run(Endpointer(vad=vad), pad(s, 1.0, 1.5))
    assert len(utts) == 1
    assert utts[0].start <= SR and utts[0].end >= SR + len(s) - 480


# ---------------------------------------------------------------- microphone with a fake device
class FakeStream:
    gate: threading.Event | None = None  # when set on the class, audio flows only once the gate opens

    def __init__(self, audio, samplerate, channels, dtype, blocksize, device, callback):
        assert samplerate == SR and channels == 1 and dtype == "int16"
        self.audio, self.block, self.callback = audio, blocksize, callback
        self._stop = threading.Event()
        self.closed = False

    def start(self):
        def pump():
            if self.gate is not None:
                self.gate.wait(5)
            for i in range(0, len(self.audio), self.block):
                if self._stop.is_set():
                    return
                self.callback(self.audio[i:i + self.block].reshape(-1, 1), self.block, None, None)
                time.sleep(0.0005)
        self._t = threading.Thread(target=pump, daemon=True)
        self._t.start()

    def stop(self):
        self._stop.set()

    def close(self):
        self.closed = True


def fake_sounddevice(audio=None, fail=None, devices=()):
    m = types.ModuleType("sounddevice")

    def InputStream(**kw):
        if fail:
            raise fail
        return FakeStream(audio, **kw)

    m.InputStream = InputStream
    m.query_devices = lambda: [{"name": name, "max_input_channels": 1} for name in devices]
    return m


def test_microphone_listen_with_fake_device(monkeypatch):
    x = np.concatenate([silence(0.5), tone(0.8), silence(1.0)])
    monkeypatch.setitem(sys.modules, "sounddevice", fake_sounddevice(x))
    started = []
    with Microphone() as mic:
        u = mic.listen(timeout=5, on_start=lambda: started.append(True))
    assert u is not None and started == [True]
    assert abs(u.start - int(0.2 * SR)) <= 480 and abs(u.end - int(1.45 * SR)) <= 480


def test_microphone_listen_times_out_on_silence(monkeypatch):
    monkeypatch.setitem(sys.modules, "sounddevice", fake_sounddevice(silence(0.5)))
    mic = Microphone()
    assert mic.listen(timeout=0.3) is None
    mic.close()


def test_microphone_push_to_talk(monkeypatch):
    x = tone(0.6)
    monkeypatch.setitem(sys.modules, "sounddevice", fake_sounddevice(x))
    gate = threading.Event()
    monkeypatch.setattr(FakeStream, "gate", gate)  # no audio until the key is down: no timing race
    mic = Microphone()
    mic.begin()
    gate.set()
    deadline = time.monotonic() + 5
    while mic._queue.qsize() * 480 < len(x) and time.monotonic() < deadline:
        time.sleep(0.01)
    got = mic.end()
    mic.close()
    # everything captured after begin() is kept, in order
    assert np.array_equal(got, x)


def test_missing_device_is_said_in_a_players_words(monkeypatch):
    err = RuntimeError("Error querying device -1")
    monkeypatch.setitem(sys.modules, "sounddevice", fake_sounddevice(fail=err))
    with pytest.raises(MicrophoneError) as e:
        Microphone().listen(timeout=0.1)
    assert str(e.value) == "No microphone found. Plug one in, or type commands."


def test_a_named_microphone_that_is_not_there_is_named(monkeypatch):
    err = ValueError("No input device matching 'USB Headset'")
    monkeypatch.setitem(sys.modules, "sounddevice", fake_sounddevice(fail=err, devices=["Built-in"]))
    with pytest.raises(MicrophoneError) as e:
        Microphone(device="USB Headset").listen(timeout=0.1)
    assert str(e.value) == "There is no microphone called USB Headset. Plug it in, or type commands."


def test_a_busy_microphone_is_told_without_library_words(monkeypatch):
    err = RuntimeError("Error opening InputStream: Device unavailable [PaErrorCode -9985]")
    monkeypatch.setitem(sys.modules, "sounddevice", fake_sounddevice(fail=err, devices=["Built-in"]))
    with pytest.raises(MicrophoneError) as e:
        Microphone().listen(timeout=0.1)
    msg = str(e.value)
    assert "Type commands" in msg and "Pa" not in msg and "Error" not in msg and "\n" not in msg


def test_importing_audio_opens_no_device():
    code = ("import sys, voicegame.audio, voicegame.audio.capture.microphone, voicegame.audio.recognisers, "
            "voicegame.audio.wavio, voicegame.audio.model_download, voicegame.audio.jsgf\n"
            "from voicegame.audio.capture.microphone import Endpointer, Microphone\n"
            "Endpointer(); Microphone()\n"
            "bad = [m for m in ('sounddevice', '_sounddevice', 'vosk', 'pocketsphinx') if m in sys.modules]\n"
            "print(bad); sys.exit(1 if bad else 0)\n")
    root = Path(__file__).resolve().parents[2]
    r = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
