"""Standard output and the signals that end a run, for ``voicegame.cli.main.main``: whatever happens to
the terminal or the file behind standard output, the run ends with an exit status and at most one
sentence on standard error, never a traceback.

- Standard output that cannot be written (``> /dev/full``, a disk that fills, a terminal gone) ends
  the run with status 1 and one sentence; a reader that left (``| head``) ends it quietly with 141,
  as other tools do.
- Ctrl-C (SIGINT) ends with 130 (128 + 2, the shell's convention); the sub-command says goodbye.
- SIGHUP (the terminal closed) ends with 129 through ``SystemExit``, so that ``finally`` blocks run
  and buffered output is written, instead of the process dying with its buffers.

Nothing heavy is imported here: ``main`` imports this module for every sub-command.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
from contextlib import contextmanager
from typing import Any, Iterator

INTERRUPTED = 130
HUNG_UP = 129
READER_LEFT = 141
OUTPUT_LOST = 1


class OutputLost(Exception):
    """Standard output cannot be written; ``error`` is why (the OSError the write raised)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.error = error


class GuardedOutput:
    """Standard output whose failed writes raise ``OutputLost`` (or BrokenPipeError, which ``main``
    already ends quietly), so that they are told apart from a failing save or trace file. Every
    other attribute is the wrapped stream's."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputLost(error) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputLost(error) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _hang_up(signum: int, frame: Any) -> None:
    raise SystemExit(HUNG_UP)


@contextmanager
def guarded_run() -> Iterator[None]:
    """For the time of one ``main``: standard output guarded, SIGHUP turned into ``SystemExit``;
    both put back after (``main`` is also called in-process by tests)."""
    stdout = sys.stdout
    if stdout is not None and not isinstance(stdout, GuardedOutput):
        sys.stdout = GuardedOutput(stdout)
    previous = None
    try:
        previous = signal.signal(signal.SIGHUP, _hang_up)
    except (ValueError, AttributeError, OSError):  # not the main thread; no SIGHUP on this system
        pass
    try:
        yield
    finally:
        if previous is not None:
            try:
                signal.signal(signal.SIGHUP, previous)
            except (ValueError, OSError):
                pass
        if sys.stdout is not stdout and isinstance(sys.stdout, GuardedOutput):
            sys.stdout = stdout


def silence_stdout() -> None:
    """Point standard output at /dev/null, so that Python's last flush at exit cannot fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno() if sys.__stdout__ is not None else 1)
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def tell(sentence: str) -> None:
    """Print ``sentence`` on standard error if it can be written at all."""
    try:
        print(sentence, file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):
        pass


def output_lost_status(error: OutputLost, sentence: str, stream: Any) -> int:
    """Tell why standard output failed, and the exit status for it. The process's own standard
    output (``stream``, as it was before ``guarded_run``) is pointed at /dev/null first."""
    if stream is sys.__stdout__:
        silence_stdout()
    tell(sentence)
    return READER_LEFT if error.error.errno == errno.EPIPE else OUTPUT_LOST
