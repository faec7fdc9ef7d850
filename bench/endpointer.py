"""Bench: energy threshold vs WebRTC VAD for end-of-speech detection (not a test; run by hand).

    python bench/endpointer.py [N] [TRAILING_MS]

espeak-ng commands (4 voice/speed settings), each padded with 1 s before and 1.5 s after, clean
(digital silence) and with white noise at 30/20/10 dB SNR. Per detector and condition it prints:
- ok: exactly one utterance that covers the true speech (within 60 ms),
- split: utterances cut in two (the trailing silence rule fired inside the command),
- gap95/gapmax: the longest non-speech run the detector saw *inside* a command, 95th percentile and
  max, in ms: the trailing silence must be longer than this,
- lat: median latency from the true end of speech to the end decision, in ms,
- false: utterances found in 5 s of noise alone (10 tries).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "audio"))

from speech_fixtures import speech_pcm  # noqa: E402
from voicegame.audio.capture.microphone import Endpointer, EnergyVad, WebRtcVad  # noqa: E402

SR = 16000
SETTINGS = [("en", 130), ("en", 175), ("en-us+f3", 220), ("en-gb", 150)]
RANKS = "ace two three four five six seven eight nine ten jack queen king".split()
SUITS = "clubs diamonds hearts spades".split()


def commands(n: int, seed: int = 3) -> list[str]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        c = f"{RANKS[rng.integers(13)]} of {SUITS[rng.integers(4)]}"
        k = rng.integers(4)
        out.append([f"move {c} to pile {RANKS[1 + rng.integers(6)]}", "draw", f"read pile {RANKS[1 + rng.integers(6)]}",
                    f"{c} on {RANKS[rng.integers(13)]} of {SUITS[rng.integers(4)]}"][k])
    return out


def bounds(x: np.ndarray) -> tuple[int, int]:
    idx = np.flatnonzero(np.abs(x) > 64)
    return int(idx[0]), int(idx[-1]) + 1


def with_noise(x: np.ndarray, snr_db: float | None, ref_rms: float, rng) -> np.ndarray:
    if snr_db is None:
        return x
    sigma = ref_rms / (10 ** (snr_db / 20))
    return np.clip(np.round(x + rng.normal(0, sigma, len(x))), -32768, 32767).astype(np.int16)


def main(n: int = 40, trailing_ms: int = 1000) -> None:
    cmds = commands(n)
    clips = []
    for voice, speed in SETTINGS:
        for c in cmds:
            x = speech_pcm(c, voice=voice, speed=speed)
            s, e = bounds(x)
            x = x[s:e]
            clips.append(x)
    conds = [None, 30, 20, 10]
    for det in ("energy", "webrtc"):
        for snr in conds:
            rng = np.random.default_rng(1)
            ok = split = 0
            gaps, lats = [], []
            t0 = time.perf_counter()
            for x in clips:
                rms = float(np.sqrt((x.astype(float) ** 2).mean()))
                lead, tail = SR, SR * 3 // 2
                stream = np.concatenate([np.zeros(lead, np.int16), x, np.zeros(tail, np.int16)])
                stream = with_noise(stream, snr, rms, rng)
                ts, te = lead, lead + len(x)
                ep = Endpointer(trailing_silence_ms=trailing_ms, vad=det)
                # gap measurement: frame-wise decisions of the same detector
                flags = []
                utts = []
                for i in range(0, len(stream) - 479, 480):
                    utts += ep.feed(stream[i:i + 480])
                # separate pass for the gap statistic (fresh detector)
                vad2 = EnergyVad() if det == "energy" else WebRtcVad()
                for i in range(0, len(stream) - 479, 480):
                    flags.append(vad2.is_speech(stream[i:i + 480]))
                f = np.array(flags)
                sp = np.flatnonzero(f[ts // 480:te // 480 + 1]) + ts // 480
                if len(sp) > 1:
                    inner = f[sp[0]:sp[-1] + 1]
                    run = best = 0
                    for v in inner:
                        run = 0 if v else run + 1
                        best = max(best, run)
                    gaps.append(best * 30)
                if len(utts) == 1 and utts[0].start <= ts + 960 and utts[0].end >= te - 960:
                    ok += 1
                    lats.append((utts[0].detected_at - te) / SR * 1000)
                elif len(utts) > 1:
                    split += 1
            # false triggers
            false = 0
            for k in range(10):
                noise = with_noise(np.zeros(5 * SR, np.int16), snr, 3000.0, rng) if snr else np.zeros(5 * SR, np.int16)
                ep = Endpointer(vad=det)
                for i in range(0, len(noise) - 479, 480):
                    false += len(ep.feed(noise[i:i + 480]))
            dt = (time.perf_counter() - t0) / len(clips) * 1000
            print(f"{det:7s} snr={str(snr):4s} ok={ok}/{len(clips)} split={split} "
                  f"gap95={np.percentile(gaps, 95):.0f} gapmax={max(gaps):.0f} "
                  f"end-of-speech to decision={np.median(lats) if lats else float('nan'):.0f}ms "
                  f"false={false}/10 ({dt:.1f} ms per clip)", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40, int(sys.argv[2]) if len(sys.argv) > 2 else 1000)
