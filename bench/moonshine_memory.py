"""Bench: does Moonshine's memory stay flat over many utterances and turns?

    python bench/moonshine_memory.py [--utterances 1000] [--every 100]

Decodes espeak-ng commands one after another with the grammar of a new Klondike position every few
utterances (bench/heard.py's positions along the hint path, so every turn's grammar is new to the cache
until they come round again), and prints the peak and current resident memory and the CPU seconds per
utterance (median) every ``--every`` utterances.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "audio"))

import heard  # noqa: E402
from asr import pad  # noqa: E402
from soak import rss_mb  # noqa: E402
from speech_fixtures import speech_pcm  # noqa: E402
from voicegame.audio.moonshine.recogniser import MoonshineRecogniser  # noqa: E402
from voicegame.engine import History  # noqa: E402

COMMANDS = ("draw", "undo", "give me a hint", "read pile three", "new game", "what is score", "help",
            "i think it is going to snow", "auto play", "where are my slippers")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--utterances", type=int, default=1000)
    ap.add_argument("--every", type=int, default=100)
    ap.add_argument("--turn", type=int, default=3, help="utterances per position (a new grammar after that)")
    args = ap.parse_args(argv)
    session, states = heard.positions("klondike", 7, 40)
    audio = [pad(speech_pcm(text, "en-us+m3", 150)) for text in COMMANDS]
    recogniser = MoonshineRecogniser()
    cpu: list[float] = []
    print("| utterances | grammars compiled | kept | peak RSS MB | RSS now MB | median CPU s |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    compiled = 0
    last_key = None
    for n in range(1, args.utterances + 1):
        session.history = History.start(states[(n // args.turn) % len(states)])
        grammar = session.recogniser_grammar()
        key = recogniser.grammars.key(grammar)
        if key != last_key:
            compiled += key not in recogniser.grammars._compiled
            last_key = key
        recogniser.set_grammar(grammar)
        started = time.process_time()
        recogniser.recognise(audio[n % len(audio)])
        cpu.append(time.process_time() - started)
        if n % args.every == 0:
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            recent = sorted(cpu[-args.every:])
            print(f"| {n} | {compiled} | {len(recogniser.grammars)} | {peak:.0f} | {rss_mb():.0f} | "
                  f"{recent[len(recent) // 2]:.3f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
