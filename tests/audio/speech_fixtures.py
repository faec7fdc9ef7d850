"""Speech for tests: espeak-ng renders text to WAV, cached on disk, returned as 16 kHz mono int16.

espeak-ng writes 22,050 Hz WAVs; ``voicegame.audio.wavio.read_wav`` resamples them (soxr). Cache:
``$VOICEGAME_SPEECH_CACHE`` or ``<tmp>/voicegame-speech-cache``, keyed by voice, speed and text.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pytest

from voicegame.audio.wavio import read_wav, write_wav

ESPEAK = shutil.which("espeak-ng")


def have_espeak() -> bool:
    return ESPEAK is not None


def cache_dir() -> Path:
    d = Path(os.environ.get("VOICEGAME_SPEECH_CACHE") or Path(tempfile.gettempdir()) / "voicegame-speech-cache")
    d.mkdir(parents=True, exist_ok=True)
    return d


def espeak_wav(text: str, voice: str = "en", speed: int = 160) -> Path:
    """The raw espeak-ng WAV (22,050 Hz) for ``text``; rendered once, then cached."""
    if ESPEAK is None:
        raise RuntimeError("espeak-ng is not installed")
    key = hashlib.sha1(f"{voice}|{speed}|{text}".encode()).hexdigest()[:20]
    out = cache_dir() / f"{key}.espeak.wav"
    if not out.exists():
        tmp = out.with_suffix(f".{os.getpid()}.tmp")
        subprocess.run([ESPEAK, "-v", voice, "-s", str(speed), "-w", str(tmp), text],
                       check=True, capture_output=True, timeout=30)
        os.replace(tmp, out)
    return out


def speech_pcm(text: str, voice: str = "en", speed: int = 160) -> np.ndarray:
    """``text`` spoken by espeak-ng, as int16 mono 16 kHz (converted by our wavio)."""
    return read_wav(espeak_wav(text, voice, speed))


def speech_wav16k(text: str, voice: str = "en", speed: int = 160) -> Path:
    """Same as ``speech_pcm`` but as a 16 kHz WAV file on disk."""
    src = espeak_wav(text, voice, speed)
    out = src.with_name(src.name.replace(".espeak.wav", ".16k.wav"))
    if not out.exists():
        write_wav(out, read_wav(src), 16000)
    return out


def pad(pcm: np.ndarray, before_s: float = 0.5, after_s: float = 0.5, rate: int = 16000) -> np.ndarray:
    return np.concatenate([np.zeros(int(before_s * rate), np.int16), pcm, np.zeros(int(after_s * rate), np.int16)])


def add_noise(pcm: np.ndarray, sigma: float, seed: int = 0) -> np.ndarray:
    n = np.random.default_rng(seed).normal(0.0, sigma, len(pcm))
    return np.clip(np.round(pcm.astype(np.float64) + n), -32768, 32767).astype(np.int16)


needs_espeak = pytest.mark.skipif(ESPEAK is None, reason="espeak-ng is not installed (apt-get install espeak-ng)")

KLONDIKE_JSGF = """#JSGF V1.0;
grammar voicegame;
public <command> = <move> | draw | undo | redo | hint | new game;
<move> = [move] <src> (to | on | onto) <dst>;
<src> = <card> | pile <num> | waste;
<dst> = <card> | pile <num> | <suit> | foundation;
<card> = <rank> of <suit>;
<rank> = ace | two | three | four | five | six | seven | eight | nine | ten | jack | queen | king;
<suit> = clubs | diamonds | hearts | spades;
<num> = one | two | three | four | five | six | seven;
"""
