"""Work on a streamed utterance begun while the player is already silent, before the end of speech is
decided: the endpointer waits 200-400 ms of silence, and a decode or a transcription started at the
first pause is then done, or nearly, by the time the game needs it, instead of adding to the wait
(bench/session.py).

``feed`` sees the audio as it arrives; after ``QUIET_MS`` of audio under a tenth of the utterance's
loudest 10 ms (-20 dB) the audio so far goes to ``work`` in a worker thread. Speech that resumes makes
that work stale; ``finish`` then hands back the work on the whole utterance, done when asked for.
Whisper's transcript (``whisper.transcriber.EarlyTranscript``) and Moonshine's decode
(``moonshine.recogniser``) both use it.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Callable, Generic, TypeVar

import numpy as np

T = TypeVar("T")

RATE = 16000


class EarlyWork(Generic[T]):
    """``work`` (audio -> T) on the audio streamed so far, begun at the first pause (see the module)."""

    QUIET_MS = 100
    FRAME = RATE // 100  # 10 ms

    def __init__(self, work: Callable[[np.ndarray], T], name: str) -> None:
        self.work = work
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
        self.begin()

    def begin(self) -> None:
        """A new utterance: work begun on the last one is no longer wanted."""
        self._chunks: list[np.ndarray] = []
        self._samples = 0
        self._loud_until = 0  # the end of the last loud 10 ms, in samples from the start
        self._peak = 0.0
        self._job: tuple[int, Future[T]] | None = None

    def feed(self, pcm: np.ndarray) -> None:
        start = self._samples
        self._chunks.append(pcm)
        self._samples += len(pcm)
        frames = pcm[: len(pcm) // self.FRAME * self.FRAME].astype(np.float32).reshape(-1, self.FRAME)
        if len(frames):
            rms = np.sqrt((frames ** 2).mean(axis=1))
            self._peak = max(self._peak, float(rms.max()))
            loud = np.flatnonzero(rms >= 0.1 * self._peak)
            if len(loud):
                self._loud_until = max(self._loud_until, start + (int(loud[-1]) + 1) * self.FRAME)
        quiet = self._samples - self._loud_until >= self.QUIET_MS * RATE // 1000
        if quiet and self._loud_until > 0 and (self._job is None or self._job[0] < self._loud_until):
            audio = np.concatenate(self._chunks)
            self._job = (self._samples, self._pool.submit(self.work, audio))

    def fed(self) -> np.ndarray:
        """The utterance fed since ``begin`` (int16), for the work on the whole of it at the end."""
        return np.concatenate(self._chunks) if self._chunks else np.zeros(0, np.int16)

    @property
    def begun_early(self) -> bool:
        """Whether work begun in a pause covers all the speech fed so far (``finish`` will use it)."""
        return self._job is not None and self._job[0] >= self._loud_until

    def early_result(self, wait: float) -> T | None:
        """The early work's result, when it covers all the speech fed so far and is done within ``wait``
        seconds (None otherwise, or when it failed; it goes on for ``finish`` either way): the endpointer's
        question at a short pause (``sounds_complete``) may be answered from it without waiting out the
        whole trailing silence."""
        if self._job is None or not self.begun_early:
            return None
        try:
            return self._job[1].result(timeout=wait)
        except Exception:  # noqa: BLE001 - not done in time, or failed: ``finish`` has the last word
            return None

    def finish(self, audio: np.ndarray) -> Callable[[], T]:
        """The work on the utterance, to be had by calling: the early work when no speech came after it
        began, else ``work`` on ``audio`` (the whole utterance), done at the call. Ends the utterance."""
        job, stale = self._job, self._job is None or self._job[0] < self._loud_until
        self.begin()  # the utterance is over: what was fed is the caller's now
        if job is None or stale:
            return partial(self.work, audio)
        return job[1].result
