"""Soak: 100,000 commands through a kiosk session with the text backend; speed, memory, no crash.

    python bench/soak.py [--commands 100000] [--seed 1] [--tracemalloc] [--write]

One ``Kiosk`` (voicegame/kiosk.py) around one ``Session`` with autosave and statistics on (a
temporary data folder: every move, undo, redo and deal writes the save file atomically with fsync,
which is the real cost of a kiosk), a fake clock (so the kiosk's timers run: new games after wins and
lost games, idle invitations), typed commands (``ScriptedListener``) and a speaker that only counts.
The player is a seeded random mix, chosen from the position at each turn:

  moves from the legal moves (said as the narrator would say them, by pile)  55%
  draw 14%, undo 8%, redo 4%, reads (board, a pile, where is a card, score, count, repeat) 13%,
  hint (solver budget cut to 200 positions, 0.05 s) 2%, new game 1%, nonsense 1%,
  sleep + wake phrase 0.5%, a silence of 1-30 minutes 1.5% (not counted as commands),
  and every 5,000 commands the microphone "fails" 3 times in a row (back-off, then recovery).

Memory: RSS (``/proc/self/status`` VmRSS) and live Python objects (``gc.get_objects``) at each tenth;
``--tracemalloc`` also traces Python allocations (about twice as slow).
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # kiosk_fixtures: the fake clock and the scripted listener

RESULTS = ROOT / "bench" / "RESULTS.md"
SECTION = "## Soak (bench/soak.py)"

READS = ["read the board", "score", "how many cards left", "repeat", "read waste", "read clubs"]
NONSENSE = ["banana", "move the moon to pile nine", "what is the weather", "seven of"]


class CountingSpeaker:
    """Says nothing, keeps nothing: counts sentences and words."""

    name = "count"
    output = None

    def __init__(self) -> None:
        self.sentences = 0
        self.words = 0

    def say(self, text: str) -> None:
        self.sentences += 1
        self.words += len(text.split())

    def stop(self) -> None:
        pass

    def wait(self, timeout: float | None = None) -> None:
        pass

    def busy(self) -> bool:
        return False

    def render(self, text: str):
        return None

    def step(self, change: str) -> bool:
        return True


def rss_mb(pid: int | str = "self") -> float:
    """Resident memory of process ``pid`` (this one by default) in MB, from /proc; NaN where it cannot be read."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--commands", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tracemalloc", action="store_true")
    ap.add_argument("--write", action="store_true", help="replace the section in bench/RESULTS.md")
    args = ap.parse_args()

    data = tempfile.mkdtemp(prefix="voicegame-soak-")
    os.environ["VOICEGAME_DATA_DIR"] = data
    os.environ["VOICEGAME_CONFIG"] = str(Path(data) / "config.toml")

    from voicegame.audio.output.earcons import EarconPlayer
    from voicegame.engine import MoveKind
    from voicegame.play.kiosk import Kiosk, KioskSettings
    from kiosk_fixtures import Fail, FakeClock, ScriptedListener, Silence  # tests/: test doubles are not shipped
    from voicegame.storage.autosave import Persistence
    from voicegame.play.session import Session

    if args.tracemalloc:
        import tracemalloc

        tracemalloc.start()
    rng = random.Random(args.seed)
    clock = FakeClock()
    session = Session("klondike", {"draw": 3}, args.seed, persistence=Persistence())
    speaker = CountingSpeaker()
    holder: dict = {}
    stats = {"commands": 0, "silences": 0, "failures": 0, "kinds": {}}
    checkpoints: list[tuple[int, float, float, int, float]] = []  # commands, seconds, rss, objects, traced MB
    started = time.perf_counter()

    def checkpoint() -> None:
        gc.collect()
        traced = tracemalloc.get_traced_memory()[0] / 2**20 if args.tracemalloc else float("nan")
        checkpoints.append((stats["commands"], time.perf_counter() - started, rss_mb(), len(gc.get_objects()), traced))
        n, s, r, o, t = checkpoints[-1]
        print(f"{n:>7} commands  {s:7.1f} s  {n / s if s else 0:6.0f}/s  RSS {r:6.1f} MB  objects {o:>8}"
              + (f"  traced {t:6.1f} MB" if args.tracemalloc else ""), flush=True)

    def command(kind: str, text: str) -> str:
        stats["commands"] += 1
        stats["kinds"][kind] = stats["kinds"].get(kind, 0) + 1
        if stats["commands"] % (args.commands // 10) == 0:
            checkpoint()
        return text

    def player():
        kiosk = holder["kiosk"]
        while stats["commands"] < args.commands:
            s = kiosk.session
            if stats["commands"] and stats["commands"] % 5000 == 0 and stats["failures"] < stats["commands"] // 5000 * 3:
                stats["failures"] += 3
                yield Fail(3)
            if not kiosk.awake:
                yield command("wake", "solitaire")
                continue
            r = rng.random()
            if r < 0.55:
                moves = [m for m in s.engine.legal_moves(s.state) if m.kind is MoveKind.MOVE]
                if moves:
                    move = rng.choice(moves)
                    yield command("move", s.narrator.move_phrase(s.state, move, by_pile=True))
                    continue
                yield command("draw", "draw")
            elif r < 0.69:
                yield command("draw", "draw")
            elif r < 0.77:
                yield command("undo", "undo")
            elif r < 0.81:
                yield command("redo", "redo")
            elif r < 0.94:
                text = rng.choice(READS + [f"read pile {rng.randint(1, 7)}", f"where is the {rng.choice(['ace', 'queen', 'seven'])} of {rng.choice(['clubs', 'hearts'])}"])
                yield command("read", text)
            elif r < 0.96:
                s.hints.nodes, s.hints.seconds = 200, 0.05
                yield command("hint", "hint")
            elif r < 0.97:
                yield command("new game", "new game")
                if s.pending is not None:  # an unfinished game: the session asks first
                    yield command("new game", "yes")
            elif r < 0.98:
                yield command("nonsense", rng.choice(NONSENSE))
            elif r < 0.985:
                yield command("sleep", "sleep")
            else:
                stats["silences"] += 1
                yield Silence(rng.uniform(60, 1800))

    listener = ScriptedListener(player(), clock, seconds_per_command=4.0)
    kiosk = Kiosk(session, listener, speaker=speaker, earcons=EarconPlayer(enabled=False),
                  settings=KioskSettings(backoff_cap=60), clock=clock)
    holder["kiosk"] = kiosk
    checkpoint()
    counters = kiosk.run()
    elapsed = time.perf_counter() - started
    checkpoint()

    book = Persistence().stats
    played = sum(v.played for v in book.entries.values())
    won = sum(v.won for v in book.entries.values())
    save_bytes = sum(p.stat().st_size for p in (Path(data) / "saves").glob("*.json"))
    rate = stats["commands"] / elapsed
    first, last = checkpoints[1] if len(checkpoints) > 2 else checkpoints[0], checkpoints[-1]
    print()
    print(f"commands {stats['commands']} in {elapsed:.1f} s: {rate:.0f} commands/s ({1000 / rate:.2f} ms each)")
    print(f"kinds: {stats['kinds']}")
    print(f"kiosk: {counters}")
    print(f"kiosk time simulated: {clock.now() / 86400:.1f} days; silences {stats['silences']}")
    print(f"statistics on disk: played {played}, won {won}; kiosk counted wins {counters.wins}, "
          f"losses {counters.losses}")
    print(f"speaker: {speaker.sentences} sentences, {speaker.words} words; last save file {save_bytes} bytes")
    print(f"memory: RSS {checkpoints[0][2]:.1f} MB at start, {first[2]:.1f} MB after 10%, {last[2]:.1f} MB at end; "
          f"objects {checkpoints[0][3]} / {first[3]} / {last[3]}")
    if counters.errors:
        print(f"WARNING: {counters.errors} turns raised inside the session (caught and logged by the kiosk, which went on)")
    assert played == counters.wins + counters.losses, "statistics disagree with the kiosk"

    if args.write:
        write_section(args, stats, elapsed, rate, counters, clock, checkpoints, played, won)
    return 0


def write_section(args, stats, elapsed, rate, counters, clock, checkpoints, played, won) -> None:
    rows = "\n".join(f"| {n:,} | {s:.0f} | {n / s if s else 0:.0f} | {r:.1f} | {o:,} |" for n, s, r, o, _ in checkpoints)
    text = f"""{SECTION}

{date.today().isoformat()}, {platform.machine()} ({cpu_name()}, {os.cpu_count()} cores), Python {platform.python_version()}.
Command: `python bench/soak.py --commands {args.commands} --seed {args.seed}` (Klondike draw 3, autosave and
statistics on, fake clock, typed commands; mix in the script's docstring).

- **{stats['commands']:,} commands in {elapsed:.0f} s: {rate:.0f} commands per second ({1000 / rate:.2f} ms each)**, the kiosk never
  stopped; turns that raised inside the session (caught and logged by the kiosk): {counters.errors}; {clock.now() / 86400:.1f} days of kiosk time simulated.
- Games: {counters.games_started:,} new deals ({counters.auto_new_games} by the kiosk itself after a win or loss),
  {counters.wins} won, {counters.losses:,} lost; statistics file: played {played:,}, won {won} (= kiosk's count).
  {counters.device_failures} simulated microphone failures, {counters.recoveries} recoveries; {counters.invitations}
  idle invitations; {counters.sleeps} sleeps and wakes.
- Every change (move, draw, undo, redo, deal) autosaves: atomic write + fsync of the JSON save. That is
  most of the time per command; the kiosk keeps it, because a power cut must not lose a move.
- Memory (RSS and live Python objects after `gc.collect()`), every tenth of the run:

| commands | seconds | commands/s | RSS MB | live objects |
| --- | --- | --- | --- | --- |
{rows}
"""
    current = RESULTS.read_text(encoding="utf-8")
    start = current.find(SECTION)
    if start >= 0:
        end = current.find("\n## ", start + len(SECTION))
        current = current[:start] + text + (current[end + 1:] if end >= 0 else "")
    else:
        current = current.rstrip("\n") + "\n\n" + text
    RESULTS.write_text(current, encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
