"""The synthetic voices of the speech benches, split into those used for tuning and those held out.

Everything tuned in the listening code (thresholds, margins, word lists, the policy's rules) was tuned
on ``TUNING`` voices (and tests/data/human's recordings). Figures that say how well a *new* player is
heard are reported on ``HELD_OUT`` voices only: none of them has ever been used to choose a number or
a rule (issue 36). A voice moves from held-out to tuning the day it is used to tune something, and
bench/RESULTS.md says so; never the other way.

Three synthesisers, so that the held-out set is not one engine's accent:
- espeak-ng (formant synthesis; Debian ``espeak-ng``): variants and rates from 140 to 200 words a minute;
- Flite (CMU's statistical-parametric and diphone voices built from recordings of real speakers;
  Debian ``flite``): rms (US male), awb (Scottish male) held out; slt (US female) and kal16 (US male,
  diphone) used for tuning since 2026-11-27;
- hibari-tts (a neural voice from PyPI, ``pip install hibari-tts``; its one shipped voice "heart"),
  which is a tuning voice: the only neural voice that installs here without a download.

    pcm(text, voice) -> int16 mono 16 kHz, cached on disk (tests/audio/speech_fixtures.cache_dir())
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "audio"))

from speech_fixtures import cache_dir, speech_pcm  # noqa: E402
from voicegame.audio.wavio import read_wav  # noqa: E402


@dataclass(frozen=True)
class Voice:
    engine: str  # "espeak", "flite" or "hibari"
    name: str  # the engine's voice name
    rate: int = 0  # words a minute for espeak-ng; hibari's speed in percent; 0: the voice's own

    @property
    def label(self) -> str:
        return f"{self.name} {self.rate}" if self.rate else f"{self.engine} {self.name}"


TUNING: tuple[Voice, ...] = (
    Voice("espeak", "en", 160),
    Voice("espeak", "en-us+f3", 200),
    Voice("espeak", "en-gb", 180),
    Voice("espeak", "en-us+m3", 150),
    Voice("hibari", "hibari", 100),
    Voice("flite", "slt"),
    Voice("flite", "kal16"),
)
"""bench/heard.py's five voices of sessions 6 to 15: every threshold of the listening code was chosen on
them. (bench/session.py and the spoken tests use espeak-ng en 160 too.) Flite slt and kal16 joined on
2026-11-27 (issue 36): rules were added from what they showed (the other-suits rule from slt's one wrong
action, the learned key from a player check with slt's clips, Whisper's written "yes" from kal16's whole
deal). Figures of that day's held-out run, made before those rules, still count them as held out.
Moonshine's verdict levels (voicegame/audio/moonshine/rejection.py, 2026-11-28) were chosen on these voices
(hibari not installed that day) and tests/data/human only (bench/moonshine_tuning.py)."""

HELD_OUT: tuple[Voice, ...] = (
    Voice("flite", "rms"),
    Voice("flite", "awb"),
    Voice("espeak", "en-us+f4", 185),
    Voice("espeak", "en+m7", 140),
    Voice("espeak", "en-gb-scotland", 170),
    Voice("espeak", "en-029", 155),
    Voice("espeak", "en-gb-x-rp+f2", 195),
    Voice("espeak", "en-us-nyc+m5", 165),
)
"""Never used to tune anything (issue 36). en-us+f4 at 150 and en+m7 at 140 were used in sessions 11-12
for player checks by hand, not for tuning; en-us+f4 is here at another rate."""


def by_label(label: str) -> Voice:
    for voice in TUNING + HELD_OUT:
        if voice.label == label or voice.name == label:
            return voice
    raise KeyError(label)


def available(voice: Voice) -> bool:
    if voice.engine == "espeak":
        return shutil.which("espeak-ng") is not None
    if voice.engine == "flite":
        return shutil.which("flite") is not None
    try:
        import hibari  # noqa: F401
    except Exception:
        return False
    return True


_HIBARI = None


def _hibari_pcm(text: str, speed: int) -> np.ndarray:
    global _HIBARI
    suffix = "" if speed == 100 else f"|{speed}"
    key = hashlib.sha1(f"hibari|{text}{suffix}".encode()).hexdigest()[:20]  # bench/heard.py's key at 100
    out = cache_dir() / f"{key}.hibari.wav"
    if not out.exists():
        import hibari

        if _HIBARI is None:
            _HIBARI = hibari.Hibari(threads=1)
        tmp = out.with_suffix(f".{os.getpid()}.tmp.wav")
        hibari.write_wav(str(tmp), _HIBARI(text, speed=speed / 100, seed=1))
        os.replace(tmp, out)
    return read_wav(out)


def _flite_pcm(text: str, name: str) -> np.ndarray:
    key = hashlib.sha1(f"flite|{name}|{text}".encode()).hexdigest()[:20]
    out = cache_dir() / f"{key}.flite.wav"
    if not out.exists():
        tmp = out.with_suffix(f".{os.getpid()}.tmp.wav")
        subprocess.run(["flite", "-voice", name, "-t", text, "-o", str(tmp)], check=True, capture_output=True, timeout=60)
        os.replace(tmp, out)
    return read_wav(out)  # read_wav resamples to 16 kHz mono


def pcm(text: str, voice: Voice) -> np.ndarray:
    """``text`` in ``voice`` as int16 mono 16 kHz."""
    if voice.engine == "espeak":
        return speech_pcm(text, voice.name, voice.rate)
    if voice.engine == "flite":
        return _flite_pcm(text, voice.name)
    if voice.engine == "hibari":
        return _hibari_pcm(text, voice.rate or 100)
    raise ValueError(f"unknown voice engine {voice.engine!r}")


if __name__ == "__main__":  # say a sentence in every voice, to listen to them: python bench/voices.py DIR
    from voicegame.audio.wavio import write_wav

    target = Path(sys.argv[1] if len(sys.argv) > 1 else "voices")
    target.mkdir(exist_ok=True)
    for v in TUNING + HELD_OUT:
        if available(v):
            write_wav(target / f"{v.label.replace(' ', '_')}.wav", pcm("move the seven of hearts to pile three", v), 16000)
            print(v.label, "written")
