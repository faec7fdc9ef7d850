"""Read any PCM WAV file as 16 kHz mono int16 (what the recognisers want), and write WAV files.

Only the standard library ``wave`` module, numpy and soxr are used. ``wave`` reads plain PCM and
WAVE_FORMAT_EXTENSIBLE PCM (Python >= 3.12); for float WAVs and for extensible headers on 3.11 a
small RIFF reader of our own takes over.
"""

from __future__ import annotations

import io
import struct
import wave
from pathlib import Path

import numpy as np

from .bounded_file import read_bounded
from .errors import WavError

TARGET_RATE = 16000
COMMAND_SECONDS = 20.0
"""How much of a recorded command is decoded (``WavFileSource``, ``voicegame transcribe``): a command is
at most 12 s of speech (the endpointer's ``max_utterance_ms``) and a recording may begin with silence.
Hearing 600 s of noise whole took 2.6 GB and 109 CPU seconds to hear nothing."""

WAV_LIMIT = 128 * 1024 * 1024
"""The largest WAV file read: 35 minutes of 16 kHz mono, 11 of 48 kHz stereo; a file named by
mistake (``/dev/zero``, a film) is refused in one sentence instead of filling memory."""

_PCM = 1
_FLOAT = 3
_EXTENSIBLE = 0xFFFE


def _decode_samples(raw: bytes, width: int, channels: int, fmt: int) -> np.ndarray:
    """Interleaved little-endian samples -> float64 array (frames, channels) in [-1, 1)."""
    if channels < 1:
        raise WavError("audio_wav_no_channels")
    frame = width * channels
    raw = raw[: len(raw) - len(raw) % frame] if frame else raw
    if fmt == _FLOAT:
        if width == 4:
            data = np.frombuffer(raw, dtype="<f4").astype(np.float64)
        elif width == 8:
            data = np.frombuffer(raw, dtype="<f8").copy()
        else:
            raise WavError("audio_wav_float_width", bits=width * 8)
    elif width == 1:  # 8-bit WAV is unsigned
        data = (np.frombuffer(raw, dtype=np.uint8).astype(np.float64) - 128.0) / 128.0
    elif width == 2:
        data = np.frombuffer(raw, dtype="<i2").astype(np.float64) / 32768.0
    elif width == 3:
        b = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 3).astype(np.int32)
        v = b[:, 0] | (b[:, 1] << 8) | (b[:, 2] << 16)
        v = np.where(v >= 1 << 23, v - (1 << 24), v)
        data = v.astype(np.float64) / float(1 << 23)
    elif width == 4:
        data = np.frombuffer(raw, dtype="<i4").astype(np.float64) / float(1 << 31)
    else:
        raise WavError("audio_wav_width", bits=width * 8)
    return data.reshape(-1, channels)


def _read_riff(path: Path, blob: bytes, max_seconds: float | None = None) -> tuple[np.ndarray, int]:
    """Fallback RIFF reader for float and extensible WAVs (``blob``: the bytes of ``path``), the first
    ``max_seconds`` of it (None: all)."""
    if len(blob) < 12 or blob[:4] != b"RIFF" or blob[8:12] != b"WAVE":
        raise WavError("audio_wav_not_wav", file=path.name)
    fmt, data = _riff_chunks(path, blob)
    tag, channels, rate, bits = fmt
    _check_riff_format(path, tag, rate, bits)
    if max_seconds is not None:
        data = data[: int(max_seconds * rate) * channels * (bits // 8)]
    return _decode_samples(data, bits // 8, channels, tag), rate


def _riff_chunks(path: Path, blob: bytes) -> tuple[tuple[int, int, int, int], bytes]:
    """The format (tag, channels, rate, bits) and the samples of a RIFF file's chunks (the last of
    each kind wins; a chunk cut short by the end of the file keeps what there is of it)."""
    pos = 12
    fmt = None
    data = None
    while pos + 8 <= len(blob):
        cid = blob[pos : pos + 4]
        size = struct.unpack("<I", blob[pos + 4 : pos + 8])[0]
        body = blob[pos + 8 : pos + 8 + size]
        if cid == b"fmt ":
            fmt = _riff_format(path, body)
        elif cid == b"data":
            data = body
        pos += 8 + size + (size & 1)
    if fmt is None or data is None:
        raise WavError("audio_wav_no_data", file=path.name)
    return fmt, data


def _riff_format(path: Path, body: bytes) -> tuple[int, int, int, int]:
    """A ``fmt `` chunk's tag, channels, rate and bits (an extensible header's tag is its sub-format's)."""
    if len(body) < 16:
        raise WavError("audio_wav_broken_header", file=path.name)
    tag, channels, rate, _, _, bits = struct.unpack("<HHIIHH", body[:16])
    if tag == _EXTENSIBLE and len(body) >= 26:
        tag = struct.unpack("<H", body[24:26])[0]
    return tag, channels, rate, bits


def _check_riff_format(path: Path, tag: int, rate: int, bits: int) -> None:
    """Raises the sentence that says why samples of this format cannot be read (compressed, an odd
    width, no rate); nothing when they can."""
    if tag not in (_PCM, _FLOAT):
        raise WavError("audio_wav_compressed", file=path.name, format=tag)
    if bits % 8 or bits == 0:
        raise WavError("audio_wav_file_width", file=path.name, bits=bits)
    if rate <= 0:
        raise WavError("audio_wav_no_rate", file=path.name)


def read_wav_float(path: str | Path, max_seconds: float | None = None) -> tuple[np.ndarray, int]:
    """Samples as float64 (frames, channels) in [-1, 1) and the file's sample rate; only the first
    ``max_seconds`` (None: all of it; the file is at most ``WAV_LIMIT`` bytes)."""
    path = Path(path)
    try:
        blob = read_bounded(path, WAV_LIMIT)  # a pipe or a device refused, never read without end
    except FileNotFoundError:
        raise WavError("audio_wav_missing", path=path) from None
    except IsADirectoryError:
        raise WavError("audio_wav_is_folder", path=path) from None
    except (OSError, ValueError) as e:  # no permission, a pipe, a device, too big
        raise WavError("audio_wav_cannot_open", file=path.name, reason=getattr(e, "strerror", None) or e) from None
    try:
        with wave.open(io.BytesIO(blob), "rb") as w:
            channels, width, rate, n = w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()
            if max_seconds is not None and rate > 0:
                n = min(n, int(max_seconds * rate))
            raw = w.readframes(n)
    except (wave.Error, EOFError, struct.error, ValueError):
        # float / extensible / odd headers: our own reader
        return _read_riff(path, blob, max_seconds)
    if rate <= 0:
        raise WavError("audio_wav_no_rate", file=path.name)
    return _decode_samples(raw, width, channels, _PCM), rate


def to_mono_16k(samples: np.ndarray, rate: int, target_rate: int = TARGET_RATE) -> np.ndarray:
    """float (frames,) or (frames, channels) at ``rate`` -> int16 mono at ``target_rate``."""
    x = np.asarray(samples, dtype=np.float64)
    if x.ndim == 2:
        x = x.mean(axis=1)
    if rate != target_rate and len(x):
        import soxr  # imported here: only needed when resampling

        x = soxr.resample(x, rate, target_rate, quality="HQ")
    return np.clip(np.round(x * 32768.0), -32768, 32767).astype(np.int16)


def read_wav(path: str | Path, target_rate: int = TARGET_RATE, max_seconds: float | None = None) -> np.ndarray:
    """Any PCM WAV (any rate, 1-n channels, 8/16/24/32-bit int or 32/64-bit float) -> int16 mono 16 kHz;
    only its first ``max_seconds`` when given (``COMMAND_SECONDS`` for a recorded command).

    Channels are averaged; resampling uses soxr (high quality). Raises ``WavError`` with a sentence
    for a missing, truncated, compressed or otherwise unreadable file.
    """
    samples, rate = read_wav_float(path, max_seconds)
    return to_mono_16k(samples, rate, target_rate)


def write_wav(path: str | Path, pcm: np.ndarray, rate: int = TARGET_RATE) -> None:
    """Write int16 samples, shape (frames,) or (frames, channels), as a 16-bit PCM WAV."""
    a = np.asarray(pcm)
    if a.dtype != np.int16:
        if np.issubdtype(a.dtype, np.floating):
            a = np.clip(np.round(a * 32768.0), -32768, 32767)
        a = a.astype(np.int16)
    channels = 1 if a.ndim == 1 else a.shape[1]
    try:
        with wave.open(str(path), "wb") as w:
            w.setnchannels(channels)
            w.setsampwidth(2)
            w.setframerate(int(rate))
            w.writeframes(a.astype("<i2").tobytes())
    except OSError as e:
        raise WavError("audio_wav_cannot_write", file=Path(path).name, reason=e.strerror or e) from None
