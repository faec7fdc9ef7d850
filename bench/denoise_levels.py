"""How much noise each front end of bench/denoisers.py takes out, and how much of the speech it keeps
(no recogniser: a cheap look beside bench/denoise.py). On 20 of bench/denoise.py's clips per condition:
the noise-only lead after its first 0.25 s (the suppressor learning) and the speech span, in dB of
power, output minus input; and CPU seconds per second of audio, fed in 30 ms blocks as the
microphone gives them.

    python bench/denoise_levels.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import denoise  # noqa: E402
import denoisers  # noqa: E402

FRONTS = ["webrtc", "webrtc3", "rnnoise", "speexns", "dfn3"]


def db(x: np.ndarray) -> float:
    x = x.astype(np.float64)
    return float(10 * np.log10(np.mean(x * x) + 1e-9))


def main() -> int:
    items = denoise.clips(16, 4)
    print("| condition | front end | noise alone, change (dB) | speech span, change (dB) | CPU s per s of audio |")
    print("| --- | --- | ---: | ---: | ---: |")
    for kind, snr in [("white", 10), ("babble", 10), ("babble", 20), ("clean", None)]:
        for front in FRONTS:
            dn, ds, cpu, secs = [], [], 0.0, 0.0
            shift = denoise.lag(front)
            for i, (_, text, voice) in enumerate(items):
                stream, n = denoise.noisy(text, voice, kind, snr, seed=i)
                d = denoisers.MAKERS[front]()
                t0 = time.process_time()
                out = np.concatenate([d.process(stream[k:k + 480]) for k in range(0, len(stream), 480)])
                cpu += time.process_time() - t0
                secs += len(stream) / 16000
                out = np.roll(out, -shift)
                lead = slice(4000, denoise.LEAD)
                span = slice(denoise.LEAD + 4800, denoise.LEAD + n - 4800)  # inside the 0.3 s pads
                if snr is not None:
                    dn.append(db(out[lead]) - db(stream[lead]))
                ds.append(db(out[span]) - db(stream[span]))
            noise = f"{np.mean(dn):+.1f}" if dn else "-"
            print(f"| {'clean' if snr is None else f'{kind} {snr} dB'} | {front} | {noise} | {np.mean(ds):+.1f} | {cpu / secs:.4f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
