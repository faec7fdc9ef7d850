"""One game, one writer: advisory locks between voicegame processes sharing a data folder.

Two processes resuming the same save (a kiosk and a game started by hand, or two terminals) used to
write over each other's moves turn by turn, and the loser's game was gone without a word. Now:

- a game being played holds ``saves/locks/game-<id>.lock`` for as long as the process plays it
  (``Persistence.claim``); another process does not resume it (see ``play.lifecycle.take_up``);
- writing ``saves/<game>.json`` (look at what is there, keep it, write) holds
  ``saves/locks/slot-<game>.lock`` for the few milliseconds it takes, and updating ``stats.json``
  (read, add, write) holds ``stats.json.lock``, so that two processes' results both count.

The locks are ``fcntl.flock`` locks: the system releases them when the process ends, however it ends
(``kill -9`` included), so a crash never leaves a game locked. Where there are no such locks (no
``fcntl`` on Windows; an NFS mount without a lock daemon answers ENOLCK; a read-only or full folder
cannot hold the lock file), voicegame goes on without them, as it did before: a lock is a guard
against losing a game, never a reason to stop one.

Within one process a lock is shared, counted: the process has one game in play, and tests open
several ``Persistence`` objects on one folder as successive runs would.
"""

from __future__ import annotations

import errno
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; play goes on unlocked
    fcntl = None  # type: ignore[assignment]

WAIT_SECONDS = 5.0
"""How long a short lock (a save's slot, the statistics) is waited for before writing anyway: another
process holds one for milliseconds; much longer means it is stuck, and the game must not stop."""

HELD = "held"
ELSEWHERE = "elsewhere"
UNLOCKED = "unlocked"
"""What :meth:`FileLock.try_lock` found: the lock is this process's now; another process holds it;
there is no lock to be had here (go on as if held)."""

_NO_LOCKS = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL, errno.EBADF}
_BUSY = {errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES}

_held: dict[str, tuple[int, int]] = {}  # lock file path -> (its open descriptor, how many hold it in this process)


class FileLock:
    """An advisory, non-blocking ``flock`` on ``path`` (created when needed)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.state: str | None = None  # HELD or UNLOCKED while this object holds it

    @property
    def key(self) -> str:
        return os.path.abspath(self.path)

    def try_lock(self) -> str:
        """Take the lock if no other process holds it: ``HELD``, ``ELSEWHERE`` or ``UNLOCKED``."""
        if self.state is not None:
            return self.state
        shared = _held.get(self.key)
        if shared is not None:
            _held[self.key] = (shared[0], shared[1] + 1)
            self.state = HELD
            return HELD
        if fcntl is None:
            self.state = UNLOCKED
            return UNLOCKED
        for _ in range(3):  # the file may be removed (by its last holder) between open and flock: try again
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(self.path, os.O_RDONLY | os.O_CREAT | os.O_NONBLOCK, 0o600)  # read-only: flock needs no more, and a folder can still be remounted read-only
            except OSError:
                self.state = UNLOCKED  # a read-only or full folder: saving will fail and say so anyway
                return UNLOCKED
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as error:
                os.close(fd)
                if error.errno in _BUSY:
                    return ELSEWHERE
                self.state = UNLOCKED  # no flock here (ENOLCK: NFS without a lock daemon...)
                return UNLOCKED
            try:
                same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
            except OSError:
                same = False
            if same:
                _held[self.key] = (fd, 1)
                self.state = HELD
                return HELD
            os.close(fd)  # locked a file already unlinked: lock the one now at the path
        self.state = UNLOCKED
        return UNLOCKED

    def wait(self, seconds: float = WAIT_SECONDS) -> str:
        """Take the lock, waiting up to ``seconds`` for another process to let it go; ``ELSEWHERE``
        when it did not (the caller goes on: see ``WAIT_SECONDS``)."""
        deadline = time.monotonic() + seconds
        pause = 0.001
        while (state := self.try_lock()) == ELSEWHERE and time.monotonic() < deadline:
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
        return state

    def release(self, remove: bool = False) -> None:
        """Let the lock go (``remove``: and delete its file, when this process was its last holder)."""
        if self.state is None:
            return
        state, self.state = self.state, None
        shared = _held.get(self.key)
        if state != HELD or shared is None:
            return
        fd, count = shared
        if count > 1:
            _held[self.key] = (fd, count - 1)
            return
        del _held[self.key]
        if remove:  # unlinked while still locked: a process that opened it meanwhile notices (try_lock)
            try:
                os.unlink(self.path)
            except OSError:
                pass
        os.close(fd)

    def __del__(self) -> None:
        """A lock whose holder is forgotten (a ``Persistence`` dropped without letting go) is let go,
        so that its descriptor does not stay open for the life of the process."""
        try:
            self.release()
        except Exception:  # noqa: BLE001  (never raise from a finaliser, even at interpreter exit)
            pass

    def held_elsewhere(self) -> bool:
        """Whether another process holds this lock now (this process's own locks are not elsewhere)."""
        if self.state is not None or self.key in _held:
            return False
        if not os.path.exists(self.path):  # False, never PermissionError, for a folder it may not read
            return False
        state = self.try_lock()
        if state == ELSEWHERE:
            return True
        self.release()
        return False


@contextmanager
def locked(path: Path, seconds: float = WAIT_SECONDS) -> Iterator[str]:
    """Hold the lock on ``path`` for a short read-modify-write; yields what ``FileLock.wait`` found."""
    lock = FileLock(path)
    state = lock.wait(seconds)
    try:
        yield state
    finally:
        lock.release()
