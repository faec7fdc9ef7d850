"""Reading a file the player named or the game keeps: an ordinary file of bounded size, opened
without ever blocking.

Every file voicegame reads goes through :func:`read_bounded` (settings, saves, statistics, what the
player's answers taught, voice templates, WAV files, a replay's move codes), because a path can name
anything: ``/dev/zero`` (or a save that is a symbolic link to it) would be read until memory runs out,
``/dev/full`` or a terminal never ends, and a named pipe (FIFO) blocks ``open`` itself until a writer
comes, forever. So the file is opened with ``O_NONBLOCK`` (a FIFO opens at once), checked with
``fstat`` on that very descriptor (no race with a rename) to be a regular file, and read at most
``limit + 1`` bytes: one more than allowed is enough to know it is too big.

It lives in ``audio/``, the lowest layer that reads such files (WAV input, voice templates): storage
and cli import it from here (docs/ARCHITECTURE.md), so there is one copy.

A refusal is an ``OSError`` (callers already catch those), of class :class:`NotAFile` or
:class:`FileTooBig`; its ``strerror`` and ``str()`` are the words of a message key of
``grammars/<lang>/messages.toml`` ("it is a device, not a file"), to go inside a sentence, as the
system's own "permission denied" does.
"""

from __future__ import annotations

import errno
import os
import stat

from voicegame.audio.errors import message_text

KIB = 1024
MIB = 1024 * KIB


def _kind(mode: int) -> str:
    """The message key saying what a file that is not an ordinary one is."""
    if stat.S_ISFIFO(mode):
        return "file_is_pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "file_is_device"
    if stat.S_ISSOCK(mode):
        return "file_is_socket"
    return "file_is_not_plain"


class FileRefused(OSError):
    """A file not read: ``key`` and ``params`` name the message saying why (its words are ``strerror``)."""

    def __init__(self, code: int, key: str, path: str | os.PathLike[str], **params: object) -> None:
        super().__init__(code, message_text(key, params), os.fspath(path))
        self.key = key
        self.params = params

    def __str__(self) -> str:
        return str(self.strerror)


class NotAFile(FileRefused):
    """A pipe, a device, a socket: something that is not an ordinary file."""


class FileTooBig(FileRefused):
    """An ordinary file larger than its reader takes."""


def size_words(limit: int) -> str:
    """``limit`` bytes as a player reads them: "64 KB", "20 MB"."""
    if limit >= MIB and limit % MIB == 0:
        return f"{limit // MIB} MB"
    if limit >= KIB and limit % KIB == 0:
        return f"{limit // KIB} KB"
    return f"{limit} bytes"


def open_plain(path: str | os.PathLike[str]) -> int:
    """A read-only descriptor on ``path`` when it is an ordinary file (symbolic links followed), opened
    without blocking; raises ``IsADirectoryError`` for a folder, :class:`NotAFile` for anything else that
    is not a file, and the system's ``OSError`` (missing, permission...) as ``open`` does. Close it."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
        if not stat.S_ISREG(mode):
            raise NotAFile(errno.EINVAL, _kind(mode), path)
        os.set_blocking(fd, True)  # an ordinary file: no reader waits on it; blocking reads are the plain ones
    except BaseException:
        os.close(fd)
        raise
    return fd


def check_appendable(path: str | os.PathLike[str], plain_only: bool = True) -> None:
    """Raise why ``path`` cannot be appended to (made when missing), without blocking: a named pipe
    that nobody reads is refused (opening it to write would wait for a reader forever), and with
    ``plain_only`` anything but an ordinary file (a log that is rotated); a folder raises
    ``IsADirectoryError``. Writes nothing."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | os.O_NOCTTY
                     | getattr(os, "O_CLOEXEC", 0), 0o644)
    except OSError as error:
        if error.errno == errno.ENXIO:  # a pipe with no reader
            raise NotAFile(errno.ENXIO, "file_is_pipe", path) from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
        if plain_only and not stat.S_ISREG(mode):
            raise NotAFile(errno.EINVAL, _kind(mode), path)
    finally:
        os.close(fd)


def check_readable(path: str | os.PathLike[str]) -> None:
    """Raise what :func:`read_bounded` would before reading (not a file, no permission...); read nothing."""
    os.close(open_plain(path))


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the ordinary file ``path``, at most ``limit`` of them, else :class:`FileTooBig`.

    The size is checked while reading, not only from ``fstat``: a file in /proc says 0 bytes, and a
    file may grow while it is read."""
    fd = open_plain(path)
    try:
        if os.fstat(fd).st_size > limit:
            raise FileTooBig(errno.EFBIG, "file_too_big", path, limit=size_words(limit))
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, MIB))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise FileTooBig(errno.EFBIG, "file_too_big", path, limit=size_words(limit))
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_bounded_text(path: str | os.PathLike[str], limit: int, errors: str = "strict") -> str:
    """:func:`read_bounded` decoded as UTF-8 (``errors`` as ``bytes.decode``: strict raises
    ``UnicodeDecodeError``)."""
    return read_bounded(path, limit).decode("utf-8", errors)



def failure_words(error: BaseException) -> str:
    """Why reading failed, as words that go inside a sentence ("permission denied", "it is a device,
    not a file"): the system's ``strerror`` (or the message), first letter small, no full stop."""
    words = (getattr(error, "strerror", None) or str(error) or type(error).__name__).strip().rstrip(".")
    return words[:1].lower() + words[1:]
