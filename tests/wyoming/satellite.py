"""A Wyoming satellite for the tests, built with the ``wyoming`` library: a server (as wyoming-satellite
is) whose microphone plays espeak-ng speech, one command after each answer, and which keeps every
clip it is sent to play.

The script is shared by the connections, so a satellite that drops and is connected again goes on
where it was. Between commands it streams silence (in real time) and waits until the game has
answered (an ``audio-stop``), been quiet for ``quiet_s`` and listens again (``listening``: the
test's hand on the game, as a player sees the game is ready); a command with no answer at all
within ``answer_timeout_s`` (lost while the game was not listening) is said again.
Faults: ``drop_before`` (close the connection before saying command i), ``garbage_before`` (send
bytes that are no Wyoming event instead).
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any, Callable

import numpy as np
from speech_fixtures import pad, speech_pcm
from wyoming.audio import AudioChunk, AudioStart, AudioStop
from wyoming.event import Event
from wyoming.info import Describe, Info, Satellite
from wyoming.ping import Ping, Pong
from wyoming.satellite import RunSatellite
from wyoming.server import AsyncEventHandler
from wyoming.wake import Detection

from servers import ATTRIBUTION

RATE = 16000
BLOCK = 480  # 30 ms
DETECT = "<wake word>"  # a script item: the satellite's own wake word fires


class Unanswered(str):
    """A script item the game is expected not to answer (it is asleep): the satellite goes on after
    ``unanswered_s`` of its own silence instead of waiting for an answer."""


class SatelliteScript:
    """What the satellite says (texts, ``DETECT``, or callables giving a text or None: skip) and what
    it was sent."""

    def __init__(self, items: list[str | Callable[[], str | None]], drop_before: set[int] = frozenset(),
                 garbage_before: set[int] = frozenset(), quiet_s: float = 0.2, first_quiet_s: float = 0.2,
                 answer_timeout_s: float = 15.0, unanswered_s: float = 2.0,
                 audio: dict[str, tuple[np.ndarray, int]] | None = None, realtime: bool = False) -> None:
        self.audio = audio or {}  # text -> (samples, index where the speech ends): the bench's own recordings
        self.realtime = realtime  # stream speech at the pace it is spoken (the bench), else at once
        self.speech_end_at: float | None = None
        self.latencies: list[float] = []  # end of speech to the first sound sent back (realtime only)
        self.unanswered_s = unanswered_s
        self.items = list(items)
        self.next = 0
        self.drop_before = set(drop_before)
        self.garbage_before = set(garbage_before)
        self.quiet_s = quiet_s
        self.first_quiet_s = first_quiet_s
        self.answer_timeout_s = answer_timeout_s
        self.clips: list[tuple[np.ndarray, int]] = []  # what the game sent to play, in order
        self.clips_at: list[int] = []  # ... and how many items had been said before each
        self.said: list[str] = []
        self.events: list[str] = []  # other event types received
        self.connections = 0
        self.resent = 0
        self.last_audio = time.monotonic()
        self.stops = 0
        self.finished = threading.Event()
        self.listening = threading.Event()  # set by the test while the game listens (see test_wyoming_satellite)


class SatelliteHandler(AsyncEventHandler):
    def __init__(self, script: SatelliteScript, *args: Any) -> None:
        super().__init__(*args)
        self.script = script
        self.clip: list[bytes] | None = None
        self.rate = 0
        self.task: asyncio.Task | None = None

    async def handle_event(self, event: Event) -> bool:
        script = self.script
        if Describe.is_type(event.type):
            satellite = Satellite(name="test satellite", attribution=ATTRIBUTION, installed=True, description=None,
                                  version=None, area="kitchen")
            await self.write_event(Info(satellite=satellite).event())
        elif RunSatellite.is_type(event.type):
            script.connections += 1
            script.last_audio = time.monotonic()
            self.task = asyncio.create_task(self.stream())
        elif AudioStart.is_type(event.type):
            self.clip, self.rate = [], AudioStart.from_event(event).rate
            script.last_audio = time.monotonic()
            if script.speech_end_at is not None:
                script.latencies.append(script.last_audio - script.speech_end_at)
                script.speech_end_at = None
        elif AudioChunk.is_type(event.type):
            if self.clip is not None:
                self.clip.append(AudioChunk.from_event(event).audio)
            script.last_audio = time.monotonic()
        elif AudioStop.is_type(event.type):
            if self.clip is not None:
                script.clips.append((np.frombuffer(b"".join(self.clip), dtype="<i2"), self.rate))
                script.clips_at.append(script.next)
            self.clip = None
            script.stops += 1
            script.last_audio = time.monotonic()
        elif Ping.is_type(event.type):
            await self.write_event(Pong().event())
        else:
            script.events.append(event.type)
        return True

    async def disconnect(self) -> None:
        if self.task is not None:
            self.task.cancel()

    async def silence(self, seconds: float) -> None:
        for _ in range(max(1, int(seconds * RATE / BLOCK))):
            await self.write_event(AudioChunk(rate=RATE, width=2, channels=1, audio=bytes(2 * BLOCK)).event())
            await asyncio.sleep(BLOCK / RATE)

    async def wait_for_answer(self, fresh: bool, stops_before: int, sent_at: float) -> bool:
        """Stream silence until the game answered and went quiet; False when no answer came in time. A
        fresh connection waits for the game's first words on it too (the greeting, or "I can hear you
        again", said once the game has listened), so that they are not taken for an answer."""
        script = self.script
        while True:
            quiet = time.monotonic() - script.last_audio
            done = script.stops > stops_before and self.clip is None and script.listening.is_set()
            if done and quiet >= (script.first_quiet_s if fresh else script.quiet_s):
                return True
            if not fresh and script.stops == stops_before and time.monotonic() - sent_at > script.answer_timeout_s:
                return False
            await self.silence(0.06)

    async def stream(self) -> None:
        script = self.script
        fresh, stops_before, sent_at = True, script.stops, time.monotonic()
        try:
            while True:
                answered = await self.wait_for_answer(fresh, stops_before, sent_at)
                if not answered:
                    script.next -= 1
                    script.resent += 1
                if script.next >= len(script.items):
                    script.finished.set()
                    await self.silence(3600)
                    return
                index = script.next
                if index in script.drop_before:
                    script.drop_before.discard(index)
                    self.writer.close()
                    return
                if index in script.garbage_before:
                    script.garbage_before.discard(index)
                    self.writer.write(b"\xff\xfe{{{ not an event }}}\n")
                    await self.writer.drain()
                    await self.silence(3600)
                    return
                item = script.items[index]
                text = item() if callable(item) else item
                stops_before, sent_at, fresh = script.stops, time.monotonic(), False
                script.next += 1
                if text is None:
                    continue
                script.said.append(text)
                if isinstance(item, Unanswered):
                    await self.send_speech(text)
                    await self.silence(script.unanswered_s)
                    stops_before = script.stops - 1  # nothing to wait for but quiet
                    continue
                if text == DETECT:
                    await self.write_event(Detection(name="hey_solitaire").event())
                    continue
                await self.send_speech(text)
        except (asyncio.CancelledError, ConnectionError, RuntimeError):
            return


    async def send_speech(self, text: str) -> None:
        script = self.script
        pcm, end = script.audio.get(text) or (pad(speech_pcm(text), 0.3, 0.9), -1)
        started = time.monotonic()
        for i in range(0, len(pcm), BLOCK):
            if script.realtime:  # as a microphone: a block is sent once it has been spoken
                await asyncio.sleep(max(0.0, started + (i + BLOCK) / RATE - time.monotonic()))
                if i <= end < i + BLOCK:
                    script.speech_end_at = started + end / RATE
            await self.write_event(AudioChunk(rate=RATE, width=2, channels=1, audio=pcm[i:i + BLOCK].tobytes()).event())
            if not script.realtime:
                await asyncio.sleep(0)


def satellite_server(script: SatelliteScript, port: int | None = None) -> Any:
    from servers import ServerThread

    return ServerThread(lambda r, w: SatelliteHandler(script, r, w), port)
