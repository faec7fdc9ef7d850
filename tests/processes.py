"""A ``voicegame`` child process read line by line as it answers, for tests that signal or race it.

Waiting for what the child says, never for a fixed time: a loaded machine may take many seconds to
start Python and deal a game, and a fixed sleep then signals a child that has not yet reached its
game (or reads a line that never comes). Every wait has a generous deadline, so a child that dies or
hangs fails the test with what it wrote on standard error instead of hanging the suite.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from typing import Callable

PATIENCE = 120.0
"""Seconds a child is given for each line waited for (generous: only a hung child takes that long)."""


def _interrupt_as_a_terminal_would() -> None:
    """Ctrl-C's signal back to its default in the child: a suite started in the background by a shell
    without job control (``./run.sh test &``, as CI may be) ignores SIGINT, every child inherits that,
    and Python then leaves it ignored, so a test of Ctrl-C would wait on a game that never hears it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Child:
    """``python -m voicegame ARGS`` with pipes; ``lines_until`` reads what it says."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        # faulthandler: a child that hangs is stopped with SIGABRT and writes where each thread was
        env = {**(os.environ if env is None else env), "PYTHONFAULTHANDLER": "1"}
        self.proc = subprocess.Popen([sys.executable, "-m", "voicegame", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1, env=env,
                                     preexec_fn=_interrupt_as_a_terminal_would)
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _stderr(self) -> str:
        """What the child wrote on standard error, once it has ended (killed first if it has not)."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=PATIENCE)
        return self.proc.stderr.read() if self.proc.stderr else ""

    def line(self) -> str:
        """The next line the child writes (with its newline); fails if it ends or is silent too long."""
        try:
            line = self._lines.get(timeout=PATIENCE)
        except queue.Empty:
            raise AssertionError(f"no line in {PATIENCE} s: {self._stderr()}") from None
        if line is None:
            raise AssertionError(f"the child ended (status {self.proc.wait()}): {self._stderr()}")
        return line

    def lines_until(self, wanted: Callable[[str], bool]) -> list[str]:
        """Every line up to and including the first for which ``wanted`` is true."""
        lines = [self.line()]
        while not wanted(lines[-1]):
            lines.append(self.line())
        return lines

    def say(self, command: str) -> str:
        """Send one command a line; its answer's first line (without the newline)."""
        self.send(command)
        return self.line().rstrip("\n")

    def send(self, command: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def ended(self) -> tuple[int, str, str]:
        """Wait for the child to end by itself (a signal sent, "quit" said): its status, the rest of
        its standard output and its standard error. Standard input stays open until then, so that
        the end of input cannot end the game before the signal does."""
        try:
            status = self.proc.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            self.proc.send_signal(signal.SIGABRT)  # the threads' tracebacks go to its standard error
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
            raise AssertionError(f"the child did not end in {PATIENCE} s: {self._stderr()}") from None
        out = []
        while (line := self._lines.get(timeout=PATIENCE)) is not None:
            out.append(line)
        assert self.proc.stdin is not None and self.proc.stderr is not None
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        return status, "".join(out), self.proc.stderr.read()
