"""How long a newcomer waits: fresh clone -> first spoken word, and the test suite's time.

    python bench/setup.py                 # clone HEAD into a temp folder, time ./run.sh play
    python bench/setup.py --no-cache      # ... with pip's cache off (as on a new machine)
    python bench/setup.py --cache DIR     # ... with pip's cache in DIR (empty: cold; filled: warm)
    python bench/setup.py --tests         # ... and time ./run.sh test in the same clone

The Debian packages (espeak-ng, sox, libportaudio2) are taken as installed: apt's time depends on
the mirror, not on us. Prints one line per figure, wall seconds and CPU seconds (of every process
the run started: pip, the game); the clone is removed afterwards. The machine may be shared: wall time
then grows with the others' load, CPU time much less.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def children_cpu() -> float:
    """CPU seconds (user and system) of every child process waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def first_word_seconds(clone: Path, env: dict[str, str]) -> tuple[float, float, str]:
    """Wall seconds from ``./run.sh play`` to the first sentence the game says (text mode), CPU
    seconds of the whole run (set-up, greeting and "quit"), and that sentence."""
    cpu = children_cpu()
    began = time.perf_counter()
    proc = subprocess.Popen(["./run.sh", "play", "--text", "--no-save"], cwd=clone, env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdout is not None and proc.stdin is not None
    line = proc.stdout.readline()
    seconds = time.perf_counter() - began
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait(timeout=60)
    return seconds, children_cpu() - cpu, line.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-cache", action="store_true", help="pip downloads everything (PIP_NO_CACHE_DIR=1)")
    parser.add_argument("--cache", metavar="DIR", help="pip's cache folder (PIP_CACHE_DIR)")
    parser.add_argument("--tests", action="store_true", help="also time ./run.sh test in the clone")
    args = parser.parse_args()
    # As a player's shell: no VOICEGAME_ settings, and Python writes bytecode (this machine's
    # PYTHONDONTWRITEBYTECODE is a sandbox's setting, not a player's).
    env = {k: v for k, v in os.environ.items() if not k.startswith("VOICEGAME_") and k != "PYTHONDONTWRITEBYTECODE"}
    work = Path(tempfile.mkdtemp(prefix="voicegame-setup-"))
    env["VOICEGAME_DATA_DIR"] = str(work / "data")
    env["VOICEGAME_CONFIG"] = str(work / "config.toml")
    if args.no_cache:
        env["PIP_NO_CACHE_DIR"] = "1"
    elif args.cache:
        env["PIP_CACHE_DIR"] = args.cache
    try:
        clone = work / "voicegame"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        cache = "off" if args.no_cache else args.cache or "on"
        seconds, cpu, said = first_word_seconds(clone, env)
        print(f"fresh clone -> first spoken word: {seconds:.1f} s wall, {cpu:.1f} CPU-s (pip cache {cache}); "
              f"said: {said!r}", flush=True)
        seconds, cpu, _ = first_word_seconds(clone, env)
        print(f"second start (set up already): {seconds:.2f} s wall, {cpu:.2f} CPU-s", flush=True)
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
