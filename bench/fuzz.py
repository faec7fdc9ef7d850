"""Reliability: generated commands over every game (no exception allowed), and games played while the disk
fails in every way we can make it fail (no save may be lost).

    python bench/fuzz.py [--commands 100000] [--workers 2] [--disk-rounds 200] [--seed 17]

1. Commands: the Hypothesis test of tests/test_fuzz.py (tests/fuzzing.py), run with enough examples to
   make ``--commands`` commands over the twelve games (20 a game played, typed or heard): real commands of
   grammars/en and near misses of them, Unicode of every category, control characters, random bytes,
   lines of 10,000 characters and more. Counted, not stopped at: exceptions are the figure.
2. Disk: ``--disk-rounds`` sessions (and a fifth as many on a real tmpfs), each a seeded random player (moves, draw, undo, new game,
   "previous game", switching games, restart) while saving fails now and then: an injected OSError on
   every write (ENOSPC, EROFS, EIO, EDQUOT, EACCES) for a stretch of turns, then, as root where mount
   works, a real 512 KiB tmpfs remounted read-only or filled up. Every game played is followed: once
   the disk is back and one more turn is played, each unfinished one must be among the saved games
   with every move it had. Lost saves are the figure (it must be 0).
"""

from __future__ import annotations

import argparse
import errno
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

PER_EXAMPLE = 20
ERRNOS = (errno.ENOSPC, errno.EROFS, errno.EIO, errno.EDQUOT, errno.EACCES)


# ----------------------------------------------------------------------------------- commands
def fuzz_games(games: list[str], examples: int, seed: int) -> dict:
    from fuzzing import Tally, fuzz

    tally = Tally()
    with tempfile.TemporaryDirectory() as folder:
        for game in games:
            fuzz(game, examples, PER_EXAMPLE, Path(folder), tally, raise_errors=False, seed=seed)()
    return {"commands": tally.commands, "exceptions": tally.exceptions, "refused": tally.refused,
            "moves": tally.moves, "errors": tally.first_errors}


# --------------------------------------------------------------------------------------- disk
class Disk:
    """Makes ``voicegame.storage.savefile.atomic_write_text`` fail with ``code`` while ``broken``."""

    def __init__(self) -> None:
        import voicegame.storage.savefile as store

        self.broken, self.code = False, errno.ENOSPC
        real = store.atomic_write_text

        def write(path, text):
            if self.broken:
                raise OSError(self.code, os.strerror(self.code), str(path))
            real(path, text)

        store.atomic_write_text = write


class Tmpfs:
    """A real small tmpfs that can be made read-only or full (root, and mount must work)."""

    def __init__(self, size: str = "512k") -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="voicegame-fuzz-tmpfs-"))
        result = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(self.folder)],
                                capture_output=True, text=True) if os.geteuid() == 0 and shutil.which("mount") else None
        self.mounted = result is not None and result.returncode == 0
        self.state = "fine"

    def break_(self, how: str) -> None:
        if how == "read-only":
            subprocess.run(["mount", "-o", "remount,ro", str(self.folder)], check=True)
        else:
            fd = os.open(self.folder / "filler", os.O_WRONLY | os.O_CREAT)
            try:
                while True:
                    os.write(fd, b"x" * 65536)
            except OSError:
                pass
            finally:
                os.close(fd)
        self.state = how

    def mend(self) -> None:
        if self.state == "read-only":
            subprocess.run(["mount", "-o", "remount,rw", str(self.folder)], check=True)
        elif self.state == "full":
            (self.folder / "filler").unlink()
        self.state = "fine"

    def close(self) -> None:
        if self.mounted:
            subprocess.run(["umount", str(self.folder)], check=False)
        shutil.rmtree(self.folder, ignore_errors=True)


def disk_round(rng: random.Random, folder: Path, breaker, mender, turns: int = 60) -> tuple[int, int, int, list[str]]:
    """One player's session on a failing disk: (games followed, failures made, saves lost, notes)."""
    from voicegame.games import GAMES
    from voicegame.storage.autosave import Persistence
    from voicegame.play.session import Session

    games = [g.key for g in GAMES if g.key in ("klondike", "freecell", "golf", "spider", "canfield", "scorpion")]
    persistence = Persistence(folder)
    session = Session(rng.choice(games), seed=rng.randrange(1, 1000), persistence=persistence)
    followed: dict[str, tuple[tuple, int, bool]] = {}
    failures = 0
    broken_for = 0
    for _ in range(turns):
        if broken_for == 0 and rng.random() < 0.12:
            breaker(rng)
            failures += 1
            broken_for = rng.randrange(1, 12)
        elif broken_for:
            broken_for -= 1
            if broken_for == 0:
                mender()
        roll = rng.random()
        if roll < 0.06:
            commands = ["new game", "yes"]
        elif roll < 0.10:
            commands = ["previous game"]
        elif roll < 0.13:
            commands = [f"play {rng.choice(games).replace('_', ' ')}", "yes", rng.choice(["yes", "new game"])]
        elif roll < 0.15:
            commands = ["restart", "yes"]
        elif roll < 0.25:
            commands = [rng.choice(["undo", "redo", "draw", "score"])]
        else:
            moves = session.engine.legal_moves(session.state)
            commands = [session.narrator.move_phrase(session.state, rng.choice(moves), by_pile=True)] if moves else ["draw"]
        for command in commands:
            session.handle(command)
            followed[session.game_id] = (tuple(session.history.moves), session.history.cursor, session.finished)
    if broken_for:
        mender()
    session.handle("score")  # the first turn on a mended disk writes everything
    saved = {g.id: g for g in Persistence(folder).unfinished()}
    lost, notes = 0, []
    for game_id, (moves, cursor, finished) in followed.items():
        if cursor == 0 or finished:
            continue
        got = saved.get(game_id)
        if got is None or tuple(got.moves) != moves or got.cursor != cursor:
            lost += 1
            notes.append(f"game {game_id}: {'missing' if got is None else 'behind'}")
    return len([1 for m, c, f in followed.values() if c and not f]), failures, lost, notes


def disk_bench(rounds: int, seed: int) -> dict:
    rng = random.Random(seed)
    disk = Disk()
    result = {"rounds": 0, "games": 0, "failures": {}, "lost": 0, "notes": []}

    def add(kind: str, games: int, failures: int, lost: int, notes: list[str]) -> None:
        result["rounds"] += 1
        result["games"] += games
        result["failures"][kind] = result["failures"].get(kind, 0) + failures
        result["lost"] += lost
        result["notes"] += notes[:3]

    for n in range(rounds):
        code = ERRNOS[n % len(ERRNOS)]

        def breaker(r: random.Random, code: int = code) -> None:
            disk.broken, disk.code = True, code

        def mender() -> None:
            disk.broken = False

        with tempfile.TemporaryDirectory() as folder:
            add(f"injected {errno.errorcode[code]}", *disk_round(rng, Path(folder), breaker, mender))
    tmpfs = Tmpfs()
    try:
        if not tmpfs.mounted:
            result["notes"].append("real tmpfs skipped: needs root and a working mount")
        for n in range(rounds // 5 if tmpfs.mounted else 0):
            how = ("read-only", "full")[n % 2]
            shutil.rmtree(tmpfs.folder / "saves", ignore_errors=True)
            for name in ("stats.json",):
                (tmpfs.folder / name).unlink(missing_ok=True)
            add(f"real tmpfs {how}", *disk_round(rng, tmpfs.folder, lambda r, how=how: tmpfs.break_(how), tmpfs.mend))
    finally:
        tmpfs.close()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--commands", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--disk-rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    from voicegame.games import GAMES

    games = [g.key for g in GAMES]
    examples = math.ceil(args.commands / len(games) / PER_EXAMPLE)
    started = time.monotonic()
    shares = [games[i::args.workers] for i in range(args.workers)]
    with ProcessPoolExecutor(args.workers) as pool:
        parts = list(pool.map(fuzz_games, shares, [examples] * len(shares), [args.seed] * len(shares)))
    commands = {g: n for part in parts for g, n in part["commands"].items()}
    exceptions = {g: n for part in parts for g, n in part["exceptions"].items()}
    print(f"Commands: {sum(commands.values()):,} over {len(commands)} games ({examples} games of up to "
          f"{PER_EXAMPLE} commands each per game), {time.monotonic() - started:.0f} s")
    for game in games:
        print(f"  {game:13} {commands.get(game, 0):7,} commands, {exceptions.get(game, 0)} exceptions")
    print(f"  refused in one sentence: {sum(p['refused'] for p in parts):,}; turns that moved cards: "
          f"{sum(p['moves'] for p in parts):,}; exceptions: {sum(exceptions.values())}")
    for error in [e for part in parts for e in part["errors"]][:10]:
        print("  !", error)
    started = time.monotonic()
    disk = disk_bench(args.disk_rounds, args.seed)
    print(f"Disk: {disk['rounds']} sessions, {disk['games']} unfinished games followed, "
          f"{time.monotonic() - started:.0f} s")
    for kind, count in sorted(disk["failures"].items()):
        print(f"  {kind:24} {count:5} failures")
    print(f"  saves lost: {disk['lost']}")
    for note in disk["notes"][:10]:
        print("  !", note)
    return 1 if sum(exceptions.values()) or disk["lost"] else 0


if __name__ == "__main__":
    sys.exit(main())
