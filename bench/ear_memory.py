"""Bench: do the neural ear's engines keep memory flat over utterances of every length?

    python bench/ear_memory.py [--system moonshine|whisper|both] [--utterances 300] [--every 50]
                               [--no-score] [--people DIR]

Real people's clips (``--people``, bench/human_clips.py) and espeak-ng commands, each with 0.05 to 0.75 s
of silence either side drawn at random, so that nearly every utterance has a length of its own, as a
player's do (bench/moonshine_memory.py repeats ten clips, whose few lengths hid growth that follows the
input's shape). **moonshine**: Moonshine held to the grammar of a new Klondike position every three
utterances; **whisper**: Whisper's transcript and, unless ``--no-score``, its scores of one to five
sentences, as the policy asks; **both**: the two in one process, as ``--recogniser auto`` listens.
Prints resident memory (now and peak, MB) and CPU seconds per utterance every ``--every`` utterances.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "audio"))

import numpy as np  # noqa: E402

import heard  # noqa: E402
import moonshine_memory  # noqa: E402
from soak import rss_mb  # noqa: E402
from soak_voice import DEFAULT_PEOPLE, people_clips  # noqa: E402
from speech_fixtures import speech_pcm  # noqa: E402
from voicegame.engine import History  # noqa: E402

COMMANDS = (*moonshine_memory.COMMANDS, "seven of hearts on eight of spades")
SENTENCES = ("draw", "undo", "read pile three", "seven of hearts on eight of spades")


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--system", choices=("moonshine", "whisper", "both"), default="both")
    ap.add_argument("--utterances", type=int, default=300)
    ap.add_argument("--every", type=int, default=50)
    ap.add_argument("--no-score", action="store_true", help="Whisper's transcripts only, no scoring of sentences")
    ap.add_argument("--people", type=Path, default=DEFAULT_PEOPLE)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    clips = [samples for _, samples in people_clips(args.people)] + [speech_pcm(text, "en-us+m3", 150) for text in COMMANDS]
    session, states = heard.positions("klondike", 7, 40)
    rng = random.Random(args.seed)
    recogniser = transcriber = None
    if args.system in ("moonshine", "both"):
        from voicegame.audio.moonshine.recogniser import MoonshineRecogniser

        recogniser = MoonshineRecogniser()
    if args.system in ("whisper", "both"):
        from voicegame.audio.whisper.transcriber import find_transcriber

        transcriber = find_transcriber()
        if transcriber is None:
            raise SystemExit("no Whisper model or CTranslate2")
    print(f"system {args.system}, {len(clips)} clips, RSS {rss_mb():.0f} MB before the first utterance")
    print("| utterances | RSS MB | peak RSS MB | CPU s an utterance |")
    print("| ---: | ---: | ---: | ---: |")
    mark = time.process_time()
    for n in range(1, args.utterances + 1):
        before = np.zeros(rng.randrange(800, 12000), np.int16)
        after = np.zeros(rng.randrange(800, 12000), np.int16)
        audio = np.concatenate([before, clips[rng.randrange(len(clips))].astype(np.int16), after])
        if recogniser is not None:
            session.history = History.start(states[(n // 3) % len(states)])
            recogniser.set_grammar(session.recogniser_grammar())
            recogniser.recognise(audio)
        if transcriber is not None:
            transcript = transcriber.transcribe(audio)
            if not args.no_score and transcript.score is not None:
                transcript.score([transcript.text or "draw", *SENTENCES][: rng.randrange(1, 6)])
        if n % args.every == 0:
            now = time.process_time()
            print(f"| {n} | {rss_mb():.0f} | {peak_rss_mb():.0f} | {(now - mark) / args.every:.3f} |", flush=True)
            mark = now
    return 0


if __name__ == "__main__":
    sys.exit(main())
