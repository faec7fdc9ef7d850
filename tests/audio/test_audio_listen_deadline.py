"""The deadline both microphones' ``listen`` share: how long to wait for a block, when to give up."""

from voicegame.audio.capture.listen_deadline import POLL_S, ListenDeadline


class FakeClock:
    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_without_a_timeout_the_wait_is_one_poll_and_the_time_is_never_up():
    clock = FakeClock()
    deadline = ListenDeadline(None, clock)
    clock.now += 1e6
    assert deadline.wait() == POLL_S
    assert not deadline.passed()


def test_the_wait_shrinks_as_the_deadline_nears_and_the_time_is_up_once_it_has_come():
    clock = FakeClock()
    deadline = ListenDeadline(0.25, clock)
    assert deadline.wait() == POLL_S and not deadline.passed()
    clock.now += 0.2
    assert abs(deadline.wait() - 0.05) < 1e-9 and not deadline.passed()
    clock.now += 0.05
    assert deadline.wait() == 0.0 and deadline.passed()
    clock.now += 5
    assert deadline.wait() == 0.0 and deadline.passed()


def test_the_deadline_counts_from_when_it_was_made():
    clock = FakeClock(7.0)
    deadline = ListenDeadline(1.0, clock)
    clock.now = 7.9
    assert not deadline.passed()
    clock.now = 8.0
    assert deadline.passed()
