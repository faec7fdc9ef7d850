import shutil
import struct
import subprocess
import wave

import numpy as np
import pytest

from speech_fixtures import needs_espeak
from voicegame.audio.errors import WavError
from voicegame.audio.wavio import read_wav, write_wav


def _sine(rate, seconds, freq=440.0, amp=0.5):
    t = np.arange(int(rate * seconds)) / rate
    return amp * np.sin(2 * np.pi * freq * t)


def _write_pcm(path, x, rate, width, channels=1):
    """x: float in [-1, 1), shape (n,) or (n, channels); written with the stdlib wave module."""
    x = np.asarray(x)
    if x.ndim == 1:
        x = np.repeat(x[:, None], channels, axis=1)
    if width == 1:
        data = np.clip(np.round(x * 128 + 128), 0, 255).astype(np.uint8).tobytes()
    elif width == 2:
        data = np.clip(np.round(x * 32768), -32768, 32767).astype("<i2").tobytes()
    elif width == 3:
        v = np.clip(np.round(x * 2**23), -2**23, 2**23 - 1).astype(np.int32).reshape(-1)
        b = np.stack([(v >> s) & 0xFF for s in (0, 8, 16)], axis=1).astype(np.uint8)
        data = b.tobytes()
    else:
        data = np.clip(np.round(x * 2**31), -2**31, 2**31 - 1).astype("<i4").tobytes()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(x.shape[1])
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(data)


def _peak_hz(pcm, rate=16000):
    spec = np.abs(np.fft.rfft(pcm.astype(float) * np.hanning(len(pcm))))
    return np.fft.rfftfreq(len(pcm), 1 / rate)[int(np.argmax(spec))]


@pytest.mark.parametrize("rate,width,channels", [
    (22050, 2, 2),   # espeak-ng's rate, stereo
    (11025, 1, 1),   # 8-bit unsigned
    (44100, 2, 1),
    (48000, 3, 3),   # 24-bit, three channels
    (44100, 4, 2),   # 32-bit int
    (16000, 2, 1),   # no resampling
    (8000, 2, 1),    # upsampling
])
def test_read_wav_any_format_gives_16k_mono_int16(tmp_path, rate, width, channels):
    p = tmp_path / "x.wav"
    _write_pcm(p, _sine(rate, 1.5), rate, width, channels)
    pcm = read_wav(p)
    assert pcm.dtype == np.int16 and pcm.ndim == 1
    assert abs(len(pcm) - 24000) <= 2
    assert abs(_peak_hz(pcm) - 440) < 3
    # amplitude survives (0.5 full scale), 8-bit quantisation included
    assert 0.45 * 32768 < np.abs(pcm[2000:-2000]).max() < 0.55 * 32768


def test_channels_are_averaged(tmp_path):
    x = np.stack([_sine(22050, 1.0, 440), np.zeros(22050)], axis=1)
    p = tmp_path / "lr.wav"
    _write_pcm(p, x, 22050, 2)
    pcm = read_wav(p)
    assert 0.22 * 32768 < np.abs(pcm[1000:-1000]).max() < 0.28 * 32768


def _float_wav(path, samples: np.ndarray, rate: int) -> None:
    """A 32-bit float WAV, which the standard ``wave`` module cannot read (our own RIFF reader does)."""
    fmt = struct.pack("<HHIIHH", 3, 1, rate, rate * 4, 4, 32)
    data = samples.astype("<f4").tobytes()
    blob = b"RIFF" + struct.pack("<I", 4 + 8 + len(fmt) + 8 + len(data)) + b"WAVE"
    blob += b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(data)) + data
    path.write_bytes(blob)


def test_float_wav_via_own_riff_reader(tmp_path):
    p = tmp_path / "f.wav"
    _float_wav(p, _sine(32000, 0.5), 32000)
    pcm = read_wav(p)
    assert abs(len(pcm) - 8000) <= 2 and abs(_peak_hz(pcm) - 440) < 3


@pytest.mark.skipif(shutil.which("sox") is None, reason="sox is not installed")
def test_sox_written_extensible_24bit(tmp_path):
    p = tmp_path / "sox.wav"
    subprocess.run(["sox", "-n", "-r", "44100", "-b", "24", "-c", "4", str(p), "synth", "0.8", "sine", "440"],
                   check=True, capture_output=True)
    pcm = read_wav(p)
    assert abs(len(pcm) - 12800) <= 2 and abs(_peak_hz(pcm) - 440) < 3


@needs_espeak
def test_espeak_output_duration():
    from speech_fixtures import espeak_wav

    src = espeak_wav("move seven of hearts to pile four")
    with wave.open(str(src)) as w:
        assert w.getframerate() == 22050
        seconds = w.getnframes() / w.getframerate()
    pcm = read_wav(src)
    assert abs(len(pcm) / 16000 - seconds) < 0.001


def test_write_then_read_roundtrip(tmp_path):
    x = (np.random.default_rng(0).normal(0, 3000, 16000)).astype(np.int16)
    write_wav(tmp_path / "r.wav", x, 16000)
    assert np.array_equal(read_wav(tmp_path / "r.wav"), x)


@pytest.mark.parametrize("content,needle", [
    (None, "does not exist"),
    (b"", "not a WAV"),
    (b"hello, I am a text file, not sound at all", "not a WAV"),
    (b"RIFF\x24\x00\x00\x00WAVEfmt ", "no sound data"),
])
def test_bad_files_raise_wav_error(tmp_path, content, needle):
    p = tmp_path / "bad.wav"
    if content is not None:
        p.write_bytes(content)
    with pytest.raises(WavError) as e:
        read_wav(p)
    assert needle in str(e.value)
    assert str(e.value).endswith(".")


@pytest.mark.skipif(shutil.which("sox") is None, reason="sox is not installed")
def test_compressed_wav_is_refused(tmp_path):
    p = tmp_path / "alaw.wav"
    subprocess.run(["sox", "-n", "-r", "8000", "-e", "a-law", str(p), "synth", "0.3", "sine", "440"],
                   check=True, capture_output=True)
    with pytest.raises(WavError, match="compressed"):
        read_wav(p)


def test_folder_is_not_a_sound_file(tmp_path):
    with pytest.raises(WavError):
        read_wav(tmp_path)


def test_a_long_recording_is_read_only_as_far_as_a_command_can_go(tmp_path):
    """600 s of noise read whole took 2.6 GB and 109 CPU seconds to hear nothing: a recorded command
    is read up to ``max_seconds``, by the standard reader and by the float reader alike."""
    plain = tmp_path / "long.wav"
    write_wav(plain, np.zeros(8000 * 60, dtype=np.int16), 8000)
    assert len(read_wav(plain, max_seconds=20)) == 16000 * 20
    assert len(read_wav(plain)) == 16000 * 60
    floats = tmp_path / "f.wav"
    _float_wav(floats, _sine(16000, 30.0), 16000)
    assert len(read_wav(floats, max_seconds=2.5)) == 40000


def _riff(*chunks: tuple[bytes, bytes]) -> bytes:
    body = b"".join(cid + struct.pack("<I", len(data)) + data + b"\0" * (len(data) & 1) for cid, data in chunks)
    return b"RIFF" + struct.pack("<I", 4 + len(body)) + b"WAVE" + body


@pytest.mark.parametrize("fmt,needle", [
    (struct.pack("<HHIIHH", 3, 1, 16000, 64000, 4, 32)[:10], "broken"),  # a fmt chunk cut short
    (struct.pack("<HHIIHH", 3, 1, 16000, 24000, 2, 12), "12-bit"),
    (struct.pack("<HHIIHH", 3, 1, 0, 0, 4, 32), "no sample rate"),
    (struct.pack("<HHIIHH", 0xFFFE, 1, 16000, 32000, 2, 16) + struct.pack("<HHIH", 22, 16, 0, 2) + b"\0" * 14,
     "compressed"),  # an extensible header whose sub-format is ADPCM
])
def test_damaged_float_reader_headers_are_one_sentence(tmp_path, fmt, needle):
    p = tmp_path / "damaged.wav"
    p.write_bytes(_riff((b"fmt ", fmt), (b"data", b"\0" * 64)))
    with pytest.raises(WavError) as e:
        read_wav(p)
    assert needle in str(e.value) and str(e.value).endswith(".")


def test_an_extensible_float_header_is_read_by_its_sub_format(tmp_path):
    samples = _sine(16000, 0.25).astype("<f4")
    fmt = struct.pack("<HHIIHH", 0xFFFE, 1, 16000, 64000, 4, 32) + struct.pack("<HHIH", 22, 32, 4, 3) + b"\0" * 14
    p = tmp_path / "ext.wav"
    p.write_bytes(_riff((b"LIST", b"odd"), (b"fmt ", fmt), (b"data", samples.tobytes())))
    pcm = read_wav(p)
    assert len(pcm) == 4000 and abs(_peak_hz(pcm) - 440) < 3
