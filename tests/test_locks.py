"""One game, one writer (issue 35, item 4), with real processes: a game one process plays is not
resumed by another (which is told so in one sentence and gets a deal of its own), nothing is written
over, a killed process leaves nothing locked, and statistics from two processes both count."""

from __future__ import annotations

import errno
import queue
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from voicegame.play.session import Session
from voicegame.storage import locks
from voicegame.storage.autosave import Persistence
from voicegame.storage.stats import StatsBook

PLAY = [sys.executable, "-m", "voicegame", "play"]


class Game:
    """``voicegame play ... --text`` in a process of its own, read line by line as it answers."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen([*PLAY, *args, "--text"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def line(self) -> str:
        line = self.lines.get(timeout=60)
        assert line is not None, f"the game ended: {self.proc.stderr.read() if self.proc.stderr else ''}"
        return line

    def say(self, command: str) -> str:
        """Send one command; its answer's first line."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        return self.line()

    def quit(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("quit\n")
        self.proc.stdin.close()
        assert self.proc.wait(timeout=60) == 0

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=60)


def play(*args: str, commands: str = "quit\n") -> list[str]:
    done = subprocess.run([*PLAY, *args, "--text"], input=commands, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return done.stdout.splitlines()


@pytest.fixture
def saved_game(private_data_dir: Path) -> Persistence:
    """Klondike deal 5 with two moves, saved, by a process that has since ended."""
    persistence = Persistence(private_data_dir)
    session = Session("klondike", seed=5, persistence=persistence)
    assert session.handle("draw").moves and session.handle("draw").moves
    persistence.let_go()
    return persistence


def games_of_deal(folder: Path, seed: int) -> dict[str, tuple[int, list[str]]]:
    """Every unfinished game of ``seed`` saved: id -> (moves in, the moves' codes)."""
    out = {}
    for saved in Persistence(folder).unfinished("klondike"):
        if saved.seed == seed:
            out[saved.id] = (saved.cursor, saved.codes or [])
    return out


def test_a_game_open_in_one_process_is_not_resumed_by_another_and_both_games_are_kept(private_data_dir, saved_game):
    (original_id, (_, original_moves)), = games_of_deal(private_data_dir, 5).items()
    first = Game("klondike", "--seed", "5", "--resume")
    assert first.line() == "Klondike, draw three. Say help at any time."
    assert first.line() == "Resumed, 2 moves in."

    second = Game("klondike", "--seed", "5", "--resume")
    assert second.line() == "Klondike, draw three. Say help at any time."
    assert second.line() == ("Your Klondike game of deal 5 is being played somewhere else, so this is deal 5 again "
                             "from the beginning, and neither game is lost.")
    assert second.say("draw")  # a game of its own, saved as such
    assert first.say("draw")
    assert first.say("draw")
    assert second.say("draw")
    second.quit()
    first.quit()

    games = games_of_deal(private_data_dir, 5)
    assert games[original_id][0] == 4 and games[original_id][1][:2] == original_moves[:2]  # all four moves of the first
    others = [moves for game_id, moves in games.items() if game_id != original_id]
    assert [cursor for cursor, _ in others] == [2]  # and the second's own two
    assert not list((private_data_dir / "saves" / "locks").glob("game-*.lock"))  # both let go on quitting


def test_the_offer_at_the_start_skips_a_game_open_elsewhere(private_data_dir, saved_game):
    first = Game("klondike", "--seed", "5", "--resume")
    assert first.line() and first.line() == "Resumed, 2 moves in."
    lines = play("klondike")  # no deal named: would offer the saved game
    assert lines[1].startswith("Your Klondike game of deal 5 is being played somewhere else, so here is a new deal, ")
    assert not any(line.startswith("Resume") for line in lines)
    first.quit()
    assert play("klondike")[1] == "Resume your Klondike game from today? Say yes or new game."  # free again


def test_a_killed_process_leaves_its_game_free(private_data_dir, saved_game):
    first = Game("klondike", "--seed", "5", "--resume")
    assert first.line() and first.line() == "Resumed, 2 moves in."
    assert first.say("draw")
    first.kill()  # SIGKILL: no chance to let go; the system drops the lock with the process
    assert play("klondike", "--seed", "5", "--resume")[1] == "Resumed, 3 moves in."


def test_previous_game_passes_over_a_game_open_elsewhere(private_data_dir, saved_game):
    first = Game("klondike", "--seed", "5", "--resume")
    assert first.line() and first.line() == "Resumed, 2 moves in."
    lines = play("klondike", "--seed", "9", commands="draw\nprevious game\nquit\n")
    assert ("Your Klondike game of deal 5 is being played somewhere else, and there is no other unfinished game "
            "to go back to.") in lines  # said, not "there is none"
    first.quit()
    lines = play("klondike", "--seed", "9", commands="draw\nprevious game\nprevious game\nquit\n")
    assert any(line.startswith("Back to your Klondike game of deal 5") for line in lines)  # (after the other deal 9)


CHILD = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from voicegame.storage.stats import StatsBook
    path, start, name = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    book = StatsBook(path)  # opened before the other process writes anything
    while not start.exists():
        time.sleep(0.001)
    for i in range(40):
        book.record("klondike draw=3 passes=None", i % 4 == 0, 10 + i, 60.0, f"{name}-{i}")
""")


def test_statistics_from_two_processes_at_once_both_count(tmp_path):
    path, start = tmp_path / "stats.json", tmp_path / "go"
    children = [subprocess.Popen([sys.executable, "-c", CHILD, str(path), str(start), name]) for name in ("a", "b")]
    start.touch()
    assert [child.wait(timeout=120) for child in children] == [0, 0]
    stats = StatsBook(path).get("klondike draw=3 passes=None")
    assert (stats.played, stats.won) == (80, 20)


def test_statistics_kept_by_two_books_in_one_process_both_count(tmp_path):
    one, two = StatsBook(tmp_path / "stats.json"), StatsBook(tmp_path / "stats.json")
    one.record("golf", True, 30, 60.0, "x")
    two.record("golf", False, 30, 60.0, "y")
    one.record("golf", False, 30, 60.0, "z")
    assert StatsBook(tmp_path / "stats.json").get("golf").played == 3
    assert two.get("golf").played == 3  # read again: the file changed


def test_without_file_locks_play_and_saves_go_on_as_before(private_data_dir, monkeypatch):
    """An NFS mount without a lock daemon (ENOLCK), or no fcntl at all: no lock, nothing refused."""
    def no_locks(fd, operation):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(locks.fcntl, "flock", no_locks)
    persistence = Persistence(private_data_dir)
    session = Session("klondike", seed=5, persistence=persistence)
    assert session.handle("draw").moves and persistence.save_path("klondike").exists()
    again = Session("klondike", seed=5, persistence=Persistence(private_data_dir),
                    go_on=Persistence(private_data_dir).unfinished("klondike")[0])
    assert again.greeting().sentences[-1] == "Resumed, 1 move in."
    session.handle("draw")
    assert session.persistence.stats.record("klondike", False, 1, 1.0).played == 1
    monkeypatch.setattr(locks, "fcntl", None)
    assert Session("klondike", seed=6, persistence=Persistence(private_data_dir)).handle("draw").moves


def test_a_lock_held_by_another_process_is_seen_and_let_go_when_it_ends(tmp_path):
    path = tmp_path / "game-x.lock"
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import sys
        from pathlib import Path
        from voicegame.storage.locks import FileLock
        lock = FileLock(Path({str(path)!r}))
        print(lock.try_lock(), flush=True)
        sys.stdin.read()
    """)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == locks.HELD
    mine = locks.FileLock(path)
    assert mine.held_elsewhere() and mine.try_lock() == locks.ELSEWHERE
    holder.kill()
    holder.wait(timeout=60)
    assert not mine.held_elsewhere() and mine.try_lock() == locks.HELD
    mine.release(remove=True)
    assert not path.exists()
