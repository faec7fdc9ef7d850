"""How long a microphone's ``listen`` waits: the deadline the local microphone and the Wyoming
satellite's share, so that both give up the same way."""

from __future__ import annotations

from typing import Callable

POLL_S = 0.1
"""The longest wait for one block of audio: how late a deadline can be noticed."""


class ListenDeadline:
    """``listen``'s ``timeout`` read on ``clock``: how long to wait for the next block of audio, and
    whether the time is up. Without a timeout the time is never up."""

    def __init__(self, timeout: float | None, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.at = None if timeout is None else clock() + timeout

    def wait(self) -> float:
        """Seconds to wait for the next block: ``POLL_S``, less when the deadline is nearer."""
        return POLL_S if self.at is None else max(0.0, min(POLL_S, self.at - self.clock()))

    def passed(self) -> bool:
        """The deadline has come (speech going on is still heard to its end: the caller's choice)."""
        return self.at is not None and self.clock() >= self.at
