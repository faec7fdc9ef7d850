"""A Wyoming satellite (wyoming-satellite on a Raspberry Pi, the Voice Preview Edition) as the game's
microphone and loudspeaker. voicegame connects to it as its client, as Home Assistant does:
``describe``, then ``run-satellite``; the satellite streams its microphone as ``audio-chunk`` events
and plays what it is sent (``audio-start``, ``audio-chunk``..., ``audio-stop``).

- ``SatelliteLink``: the connection (one at a time; ``connect()`` again after a drop);
- ``SatelliteMicrophone``: what a ``Microphone`` offers the kiosk (``listen``, ``mute``, ``close``),
  endpointing the satellite's audio with the game's own ``Endpointer``; a wake word the satellite
  detected (``detection``) is kept in ``detected``;
- ``SatelliteSound``: a stand-in for the sounddevice module, so that a ``SoundOutput`` (speech and
  earcons, in order, cut by ``stop``) plays on the satellite; audio is sent at the pace it plays.

A drop (closed connection, garbage, no event for ``silence_s``) raises ``WyomingUnavailable`` from
``listen``: the kiosk says it once, retries with back-off and keeps its game.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import queue
import threading
import time
from typing import Any, Callable

import numpy as np

from ..capture.endpointer import Endpointer, Utterance
from ..capture.listen_deadline import ListenDeadline
from .link import (CONNECT_TIMEOUT_S, LOOP, WIDTH, WyomingUnavailable, chunk_samples, program_name,
                   read_event, to_rate)

log = logging.getLogger(__name__)

RATE = 16000
DROPPED = "dropped"  # put on the microphone queue when the connection ends
DETECTED = "detected"  # ... when the satellite heard its wake word
PING_S = 5.0


class SatelliteLink:
    """One connection at a time to the satellite at ``uri``; ``mic`` receives int16 16 kHz blocks
    and the markers ``DROPPED`` and ``DETECTED``. ``silence_s``: no event (audio or pong) for that
    long counts as a drop (a satellite pulled from the wall sends no goodbye)."""

    def __init__(self, uri: str, timeout_s: float = 5.0, silence_s: float = 3 * PING_S) -> None:
        self.uri = uri
        self.timeout_s = timeout_s
        self.silence_s = silence_s
        self.mic: queue.Queue[Any] = queue.Queue()
        self.name = ""
        self.connections = 0
        self._client: Any = None
        self._tasks: list[asyncio.Task] = []
        self._write_lock: asyncio.Lock | None = None
        self._lock = threading.Lock()

    @property
    def connected(self) -> bool:
        return self._client is not None

    @property
    def client(self) -> Any:
        """The connection's Wyoming client (None while not connected)."""
        return self._client

    def connect(self) -> None:
        """Connect, read the satellite's description, send ``run-satellite``; ``WyomingUnavailable``."""
        self.close()
        self.mic = queue.Queue()
        LOOP.run(self._connect, self.timeout_s, "wyoming_satellite_lost", uri=self.uri)
        self.connections += 1
        log.info("satellite %s connected (%s)", self.uri, self.name or "no name")

    async def _connect(self) -> None:
        from wyoming.client import AsyncClient
        from wyoming.info import Describe, Info
        from wyoming.satellite import RunSatellite

        client = AsyncClient.from_uri(self.uri, connect_timeout=CONNECT_TIMEOUT_S, read_timeout=self.silence_s)
        await client.connect()
        try:
            await client.write_event(Describe().event())
            while True:
                event = await read_event(client)
                if Info.is_type(event.type):
                    self.name = program_name(Info.from_event(event), "satellite")
                    break
            await client.write_event(RunSatellite().event())
        except BaseException:
            await client.disconnect()
            raise
        self._write_lock = asyncio.Lock()
        self._client = client
        mic = self.mic
        self._tasks = [asyncio.create_task(self._read(client, mic)), asyncio.create_task(self._ping(client))]

    async def _read(self, client: Any, mic: "queue.Queue[Any]") -> None:
        from wyoming.audio import AudioChunk
        from wyoming.ping import Ping, Pong
        from wyoming.wake import Detection

        try:
            while True:
                event = await read_event(client)
                if AudioChunk.is_type(event.type):
                    chunk = AudioChunk.from_event(event)
                    mic.put(to_rate(chunk_samples(chunk), int(chunk.rate), RATE))
                elif Detection.is_type(event.type):
                    mic.put(DETECTED)
                elif Ping.is_type(event.type):
                    await self.write(client, Pong().event())
        except (Exception, asyncio.CancelledError) as error:
            if not isinstance(error, asyncio.CancelledError):
                log.warning("satellite %s dropped: %s", self.uri, error or type(error).__name__)
        finally:
            if self._client is client:
                self._client = None
            mic.put(DROPPED)
            try:
                await client.disconnect()
            except Exception:
                pass

    async def _ping(self, client: Any) -> None:
        from wyoming.ping import Ping

        while self._client is client:
            await asyncio.sleep(PING_S)
            try:
                await self.write(client, Ping().event())
            except Exception:
                return

    async def write(self, client: Any, *events: Any) -> None:
        """Write ``events`` together (an audio clip's events are never interleaved with a pong)."""
        assert self._write_lock is not None
        async with self._write_lock:
            for event in events:
                await client.write_event(event)

    def send(self, *events: Any) -> bool:
        """Queue ``events`` to the satellite (nothing when not connected); False when not connected."""
        client = self.client
        if client is None:
            return False
        LOOP.submit(lambda: self.write(client, *events))
        return True

    def close(self) -> None:
        tasks, self._tasks, self._client = self._tasks, [], None
        for task in tasks:
            LOOP.loop().call_soon_threadsafe(task.cancel)


class SatelliteMicrophone:
    """The satellite's microphone, endpointed here, as the kiosk's ``MicrophoneListener`` wants a
    microphone: connects on creation unless connected (``WyomingUnavailable`` when it cannot), ``listen`` returns one
    utterance or None, ``mute``/``unmute`` drop what the satellite hears while the game speaks."""

    def __init__(self, link: SatelliteLink, endpointer: Endpointer | None = None) -> None:
        self.link = link
        self.endpointer = endpointer or Endpointer()
        self.muted = False
        self.detected = False
        if not link.connected:
            link.connect()

    def listen(self, timeout: float | None = None, on_start: Callable[[], None] | None = None,
               clock: Callable[[], float] = time.monotonic, stream: Any = None) -> Utterance | None:
        """One utterance, or None after ``timeout`` seconds without speech or when the satellite's wake
        word was heard (``detected``)."""
        from wyoming.vad import VoiceStarted, VoiceStopped

        self.endpointer.attach(stream)
        deadline = ListenDeadline(timeout, clock)
        announced = self.endpointer.started
        while True:
            block = self._next_item(deadline.wait())
            if isinstance(block, str):
                if self._wake_word(block):
                    return None
            elif block is not None and not self.muted:
                done = self.endpointer.feed(block)
                if self.endpointer.started and not announced:
                    announced = True
                    self.link.send(VoiceStarted().event())
                    if on_start:
                        on_start()
                if done:
                    self.link.send(VoiceStopped().event())
                    return done[0]
            if deadline.passed() and not self.endpointer.started:
                return None

    def _next_item(self, wait: float) -> np.ndarray | str | None:
        """The next item from the satellite (a block of audio, or a word such as ``DROPPED``), or
        None when none came within ``wait`` seconds."""
        try:
            return self.link.mic.get(timeout=wait)
        except queue.Empty:
            return None

    def _wake_word(self, item: str) -> bool:
        """Whether the word ``item`` ends the listen because the satellite heard its wake word (not
        while muted); raises ``WyomingUnavailable`` when it says the satellite is gone."""
        if item == DROPPED:
            raise WyomingUnavailable("wyoming_satellite_lost", uri=self.link.uri)
        if self.muted:
            return False
        self.detected = True
        return True

    def mute(self) -> None:
        self.muted = True

    def unmute(self) -> None:
        """Drop what was heard while the game spoke (a drop is kept: it must be seen)."""
        dropped = False
        while True:
            try:
                item = self.link.mic.get_nowait()
            except queue.Empty:
                break
            dropped = dropped or (isinstance(item, str) and item == DROPPED)
        if dropped:
            self.link.mic.put(DROPPED)
        self.endpointer.reset()
        self.muted = False

    def close(self) -> None:
        self.link.close()


class SatelliteSound:
    """A sounddevice stand-in for ``SoundOutput(sd=SatelliteSound(link))``: ``play`` sends the clip to
    the satellite, ``lead_s`` ahead of the pace it plays at (``pace`` seconds per second of audio:
    0 sends at once), and counts as playing until then; ``stop`` stops sending (the satellite plays
    what it has, at most ``lead_s``). Never raises: with no satellite, a clip is dropped (the
    kiosk is retrying the connection meanwhile)."""

    def __init__(self, link: SatelliteLink, pace: float = 1.0, lead_s: float = 0.3) -> None:
        self.link = link
        self.pace = pace
        self.lead_s = lead_s
        self._future: concurrent.futures.Future | None = None
        self._until = 0.0
        self.clips_sent = 0

    def query_devices(self, device: Any = None, kind: Any = None) -> dict:
        return {"name": f"Wyoming satellite {self.link.uri}", "max_output_channels": 1}

    def play(self, data: np.ndarray, samplerate: int, device: Any = None) -> None:
        client = self.link.client
        if client is None:
            log.info("satellite not connected: a clip is not played")
            return
        pcm = np.ascontiguousarray(data, dtype="<i2")
        self._until = time.monotonic() + self.pace * len(pcm) / samplerate
        self._future = LOOP.submit(lambda: self._send(client, pcm, int(samplerate)))

    async def _send(self, client: Any, pcm: np.ndarray, rate: int) -> None:
        from wyoming.audio import AudioChunk, AudioStart, AudioStop

        started = time.monotonic()
        step = rate // 10  # 100 ms a chunk
        try:
            await self.link.write(client, AudioStart(rate=rate, width=WIDTH, channels=1).event())
            for i in range(0, len(pcm), step):
                ahead = started + self.pace * i / rate - self.lead_s - time.monotonic()
                if ahead > 0:
                    await asyncio.sleep(ahead)
                await self.link.write(client, AudioChunk(rate=rate, width=WIDTH, channels=1,
                                                         audio=pcm[i:i + step].tobytes()).event())
        except Exception:
            return  # the link's reader sees the drop
        finally:
            try:
                await asyncio.shield(self.link.write(client, AudioStop().event()))
            except BaseException:
                pass
        self.clips_sent += 1

    def stop(self) -> None:
        future, self._future = self._future, None
        if future is not None:
            future.cancel()
        self._until = 0.0

    def get_stream(self) -> Any:
        sound = self

        class Stream:
            @property
            def active(self) -> bool:
                future = sound._future
                return (future is not None and not future.done()) or time.monotonic() < sound._until

        return Stream()
