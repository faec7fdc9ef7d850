"""What a start costs (issue 35): CPU seconds of ``voicegame --help``, ``games``, ``stats``, ``saves``,
``config``, a typed game's first answer and a voice game's first spoken word.

    python bench/startup.py            # median (and least) of 5 runs each
    python bench/startup.py --runs 9

Each command runs in a fresh process, as a player starts it; its CPU time (user + system) comes from
``getrusage(RUSAGE_CHILDREN)`` around it, so another program's load on a shared machine changes it
little, while wall time (also printed) grows with it. Bytecode is compiled first (``./run.sh`` does the
same once), and saves and settings live in a temporary folder. The voice game prints what it says
(``--speaker print``); the time to its first line is the first spoken word. Targets: <= 0.15 CPU-s for
the light commands, <= 0.4 for the typed answer, <= 2 s for the first spoken word.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMMANDS: list[tuple[str, list[str], str]] = [
    ("voicegame --help", ["--help"], ""),
    ("voicegame games", ["games"], ""),
    ("voicegame stats", ["stats"], ""),
    ("voicegame saves", ["saves"], ""),
    ("voicegame config", ["config"], ""),
    ("play klondike --seed 1 --text: first typed answer ('draw', then quit)",
     ["play", "klondike", "--seed", "1", "--text", "--no-save"], "draw\nquit\n"),
]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(args: list[str], stdin: str, env: dict[str, str]) -> tuple[float, float]:
    """CPU and wall seconds of one ``voicegame ARGS`` run to its end."""
    cpu, began = children_cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-m", "voicegame", *args], input=stdin, capture_output=True, text=True,
                   env=env, timeout=300)
    return children_cpu() - cpu, time.perf_counter() - began


def first_line(args: list[str], stdin: str, env: dict[str, str]) -> tuple[float, float, str]:
    """Wall seconds to the first line ``voicegame ARGS`` prints, CPU seconds of the whole run, and the line."""
    cpu, began = children_cpu(), time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "voicegame", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    line = proc.stdout.readline()
    seconds = time.perf_counter() - began
    proc.stdin.write(stdin)
    proc.stdin.close()
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:  # a microphone is there: the game listens instead of reading "quit"
        proc.kill()
        proc.wait()
    return seconds, children_cpu() - cpu, line.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (the median is printed)")
    options = parser.parse_args()
    runs = max(1, options.runs)
    work = Path(tempfile.mkdtemp(prefix="voicegame-startup-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("VOICEGAME_") and k != "PYTHONDONTWRITEBYTECODE"}
    env["VOICEGAME_DATA_DIR"] = str(work / "data")
    env["VOICEGAME_CONFIG"] = str(work / "config.toml")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "voicegame")], check=True, capture_output=True)
    load = os.getloadavg()[0]
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores, load {load:.1f}; "
          f"median of {runs} runs")
    for label, args, stdin in COMMANDS:
        run_once(args, stdin, env)  # warm the file cache
        samples = [run_once(args, stdin, env) for _ in range(runs)]
        cpu = statistics.median(s[0] for s in samples)
        wall = statistics.median(s[1] for s in samples)
        least = min(s[0] for s in samples)  # the least disturbed run: closest to the cost on an idle machine
        print(f"{label}: {cpu:.3f} CPU-s (least {least:.3f}), {wall:.2f} s wall", flush=True)
    voice = ["play", "klondike", "--seed", "1", "--no-save", "--speaker", "print", "--no-sounds"]
    samples3 = [first_line(voice, "quit\n", env) for _ in range(runs)]
    wall = statistics.median(s[0] for s in samples3)
    cpu = statistics.median(s[1] for s in samples3)
    print(f"play klondike by voice: first spoken word after {wall:.2f} s wall ({samples3[0][2]!r}); "
          f"{cpu:.2f} CPU-s to 'quit'", flush=True)
    # With a microphone the recogniser is loaded before the greeting; a recorded command (--input)
    # stands in for the microphone where there is none.
    wav = work / "draw.wav"
    if subprocess.run(["espeak-ng", "-w", str(wav), "draw"], capture_output=True).returncode == 0:
        recorded = [first_line([*voice, "--input", str(wav)], "", env) for _ in range(max(1, runs // 2))]
        print(f"play klondike by voice, a recogniser loaded (--input draw.wav standing in for a microphone): first "
              f"spoken word after {statistics.median(s[0] for s in recorded):.2f} s wall ({recorded[0][2]!r}); "
              f"{statistics.median(s[1] for s in recorded):.2f} CPU-s in all", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
