"""How long a newcomer waits: fresh clone -> first spoken word, and the test suite's time.

    python bench/setup.py                 # clone HEAD into a temp folder, time ./run.sh play
    python bench/setup.py --no-cache      # ... with pip's cache off (as on a new machine)
    python bench/setup.py --tests         # ... and time ./run.sh test in the same clone

The Debian packages (espeak-ng, sox, libportaudio2) are taken as installed: apt's time depends on
the mirror, not on us. Prints one line per figure; the clone is removed afterwards.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def first_word_seconds(clone: Path, env: dict[str, str]) -> tuple[float, str]:
    """Seconds from ``./run.sh play`` to the first sentence the game says (text mode), and that sentence."""
    began = time.perf_counter()
    proc = subprocess.Popen(["./run.sh", "play", "--text", "--no-save"], cwd=clone, env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout is not None and proc.stdin is not None
    line = proc.stdout.readline()
    seconds = time.perf_counter() - began
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait(timeout=60)
    return seconds, line.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-cache", action="store_true", help="pip downloads everything (PIP_NO_CACHE_DIR=1)")
    parser.add_argument("--tests", action="store_true", help="also time ./run.sh test in the clone")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if not k.startswith("VOICEGAME_")}
    work = Path(tempfile.mkdtemp(prefix="voicegame-setup-"))
    env["VOICEGAME_DATA_DIR"] = str(work / "data")
    env["VOICEGAME_CONFIG"] = str(work / "config.toml")
    if args.no_cache:
        env["PIP_NO_CACHE_DIR"] = "1"
    try:
        clone = work / "voicegame"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        seconds, said = first_word_seconds(clone, env)
        print(f"fresh clone -> first spoken word: {seconds:.1f} s (pip cache {'off' if args.no_cache else 'on'}); "
              f"said: {said!r}")
        seconds, _ = first_word_seconds(clone, env)
        print(f"second start (set up already): {seconds:.2f} s")
        if args.tests:
            began = time.perf_counter()
            done = subprocess.run(["./run.sh", "test", "-q", "-p", "no:cacheprovider"], cwd=clone, env=env,
                                  capture_output=True, text=True)
            summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-300:]
            print(f"./run.sh test: {time.perf_counter() - began:.0f} s wall; {summary}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
