"""What the Wyoming speech server, voice and satellite clients share: one private asyncio loop on a
daemon thread (the ``wyoming`` library is async, the game is not), addresses, audio as events, and
the server's description.

Every call into the loop has a timeout: a server that does not answer, answers slowly or sends bytes
that are not Wyoming events becomes a ``WyomingUnavailable`` (an ``AudioError``: ``str`` is one
sentence for the player), never a hang or a traceback.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from typing import Any, Awaitable, Callable, Iterator, TypeVar
from urllib.parse import urlparse

import numpy as np

from ..errors import AudioError

T = TypeVar("T")

WIDTH = 2  # bytes per sample: everything voicegame sends is 16-bit mono
CHUNK_SAMPLES = 1024  # samples per AudioChunk sent
CONNECT_TIMEOUT_S = 3.0


class WyomingUnavailable(AudioError):
    """A Wyoming server or satellite could not be reached, failed or answered with nonsense."""


def normalise_uri(uri: str) -> str:
    """``tcp://host:port`` (``host:port`` is taken as TCP) or ``unix://path``; ValueError otherwise."""
    uri = (uri or "").strip()
    if uri and "://" not in uri:
        uri = f"tcp://{uri}"
    parsed = urlparse(uri)
    if parsed.scheme == "unix" and parsed.path:
        return uri
    try:
        port = parsed.port
    except ValueError:
        port = None
    if parsed.scheme != "tcp" or not parsed.hostname or port is None:
        raise ValueError(f"not a Wyoming address (tcp://host:port): {uri!r}")
    return uri


# ------------------------------------------------------------------------------------ the loop
class _LoopThread:
    """One asyncio loop on a daemon thread, started on first use, shared by every client."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None

    def loop(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None or self._loop.is_closed():
                loop = asyncio.new_event_loop()
                ready = threading.Event()

                def run() -> None:
                    asyncio.set_event_loop(loop)
                    loop.call_soon(ready.set)
                    loop.run_forever()

                threading.Thread(target=run, name="voicegame-wyoming", daemon=True).start()
                ready.wait(5.0)
                self._loop = loop
            return self._loop

    def submit(self, make: Callable[[], Awaitable[T]]) -> "concurrent.futures.Future[T]":
        """Run ``make()`` on the loop; the future's result is its result."""

        async def wrapped() -> T:
            return await make()

        return asyncio.run_coroutine_threadsafe(wrapped(), self.loop())

    def run(self, make: Callable[[], Awaitable[T]], timeout: float, key: str = "wyoming_no_answer",
            **params: object) -> T:
        """``make()`` run on the loop, waited for at most ``timeout`` seconds. Any failure (refused,
        timed out, closed, garbage) raises ``WyomingUnavailable(key, **params)``."""

        async def bounded() -> T:
            return await asyncio.wait_for(make(), timeout)

        future = self.submit(bounded)
        try:
            return future.result(timeout + 1.0)
        except WyomingUnavailable:
            raise
        except (KeyboardInterrupt, SystemExit):  # Ctrl-C, SIGTERM (the kiosk's), SIGHUP: stop, not "no answer"
            future.cancel()
            raise
        except BaseException as error:  # OSError, TimeoutError, CancelledError, ValueError, KeyError...
            future.cancel()
            raise WyomingUnavailable(key, **params) from error


LOOP = _LoopThread()


# ------------------------------------------------------------------------------------- events
def audio_events(pcm: np.ndarray, rate: int, chunk: int = CHUNK_SAMPLES) -> Iterator[Any]:
    """AudioStart, AudioChunk..., AudioStop for int16 mono ``pcm`` at ``rate``."""
    from wyoming.audio import AudioChunk, AudioStart, AudioStop

    data = np.ascontiguousarray(pcm, dtype="<i2")
    yield AudioStart(rate=rate, width=WIDTH, channels=1).event()
    for i in range(0, len(data), chunk):
        yield AudioChunk(rate=rate, width=WIDTH, channels=1, audio=data[i:i + chunk].tobytes()).event()
    yield AudioStop().event()


def chunk_samples(chunk: Any) -> np.ndarray:
    """An ``AudioChunk`` as int16 mono samples at its own rate (16-bit; other widths converted)."""
    width, channels = int(chunk.width), max(1, int(chunk.channels))
    raw = chunk.audio[: len(chunk.audio) - len(chunk.audio) % (width * channels)]
    if width == 2:
        a = np.frombuffer(raw, dtype="<i2").astype(np.int32)
    elif width == 4:
        a = np.frombuffer(raw, dtype="<i4") >> 16
    elif width == 1:
        a = (np.frombuffer(raw, dtype=np.uint8).astype(np.int32) - 128) << 8
    else:
        raise ValueError(f"unsupported sample width {width}")
    if channels > 1:
        a = a.reshape(-1, channels).mean(axis=1)
    return np.clip(a, -32768, 32767).astype(np.int16)


def to_rate(pcm: np.ndarray, rate: int, target: int) -> np.ndarray:
    """int16 mono ``pcm`` resampled from ``rate`` to ``target`` (soxr), unchanged when equal."""
    if rate == target or not len(pcm):
        return pcm
    from ..wavio import to_mono_16k

    return to_mono_16k(pcm.astype(np.float64) / 32768.0, rate, target)


def program_name(info: Any, kind: str) -> str:
    """A readable name for what ``info`` (a Wyoming ``Info``) offers of ``kind`` ("asr", "tts",
    "satellite"): the first installed model or voice, with its program ("faster-whisper tiny-int8")."""
    if kind == "satellite":
        sat = getattr(info, "satellite", None)
        return str(sat.name) if sat is not None else ""
    for program in getattr(info, kind, []) or []:
        items = getattr(program, "models" if kind == "asr" else "voices", []) or []
        installed = [m for m in items if getattr(m, "installed", True)] or list(items)
        if installed:
            return f"{program.name} {installed[0].name}".strip()
        return str(program.name)
    return ""


async def read_event(client: Any) -> Any:
    """The next event; EOF or bytes that are not an event raise ``ConnectionError``."""
    event = await client.read_event()
    if event is None:
        raise ConnectionError("the Wyoming connection closed or sent something that is not an event")
    return event


async def describe_async(uri: str, read_timeout: float) -> Any:
    """Connect, send ``describe``, return the ``Info`` (other events before it are skipped)."""
    from wyoming.client import AsyncClient
    from wyoming.info import Describe, Info

    client = AsyncClient.from_uri(uri, connect_timeout=CONNECT_TIMEOUT_S, read_timeout=read_timeout)
    async with client:
        await client.write_event(Describe().event())
        while True:
            event = await read_event(client)
            if Info.is_type(event.type):
                return Info.from_event(event)


def describe(uri: str, timeout: float = 5.0) -> Any:
    """The server's ``Info``; ``WyomingUnavailable`` when it does not answer in ``timeout`` seconds."""
    return LOOP.run(lambda: describe_async(uri, timeout), timeout, "wyoming_no_answer", uri=uri)
