"""Real Wyoming servers for the tests, built with the ``wyoming`` library, on 127.0.0.1 and free ports:

- ``SttHandler``: speech to text backed by the real PocketSphinx recogniser (the tests' Klondike
  grammar plus the game's short commands), with faults: ``delay_s`` (a slow server), ``garbage``
  (bytes that are no Wyoming event instead of the transcript), ``die_on`` (the process exits in the
  middle of that utterance: run it as a subprocess, ``python servers.py stt PORT --die-on N``);
- ``TtsHandler``: text to speech by espeak-ng (``--stdout`` WAV, sent as Wyoming audio);
- ``SatelliteHandler`` (in satellite.py): a satellite whose microphone plays WAVs.

``ServerThread`` runs one on its own asyncio loop in a daemon thread; ``stop()`` closes it.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import socket
import subprocess
import sys
import threading
import time
import wave
from pathlib import Path
from typing import Any, Callable

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
for p in (str(ROOT), str(ROOT / "tests" / "audio")):
    if p not in sys.path:
        sys.path.insert(0, p)

from wyoming.asr import Transcribe, Transcript  # noqa: E402
from wyoming.audio import AudioChunk, AudioStart, AudioStop  # noqa: E402
from wyoming.event import Event  # noqa: E402
from wyoming.info import AsrModel, AsrProgram, Attribution, Describe, Info, TtsProgram, TtsVoice  # noqa: E402
from wyoming.server import AsyncEventHandler, AsyncTcpServer  # noqa: E402
from wyoming.tts import Synthesize  # noqa: E402

ATTRIBUTION = Attribution(name="voicegame tests", url="https://example.invalid/voicegame")
EXTRA_COMMANDS = ("new game", "help", "repeat", "score", "sleep", "solitaire", "quit", "yes", "no")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ------------------------------------------------------------------------------- speech to text
def command_grammar() -> Any:
    """The tests' static Klondike grammar with a few more commands (what the test server can hear)."""
    from speech_fixtures import KLONDIKE_JSGF

    from voicegame.audio.grammar_spec import RecogniserGrammar
    from voicegame.audio.jsgf import Jsgf

    jsgf = KLONDIKE_JSGF.replace("| new game;", "| " + " | ".join(EXTRA_COMMANDS) + ";")
    return RecogniserGrammar(jsgf, ("draw", "undo", *EXTRA_COMMANDS), Jsgf(jsgf).words)


class SttState:
    """What one STT server shares between connections: the decoder, the faults, what it heard."""

    def __init__(self, delay_s: float = 0.0, garbage: bool = False, die_on: int | None = None) -> None:
        from voicegame.audio.recognisers import listening_pocketsphinx

        from speech_fixtures import pad, speech_pcm

        self.recogniser = listening_pocketsphinx()
        self.recogniser.set_grammar(command_grammar())
        # PocketSphinx carries its cepstral mean over from one utterance to the next, so the same audio
        # could decode differently after other utterances: one mean, set once, is restored each time.
        self.recogniser.recognise(pad(speech_pcm("seven of spades on eight of hearts"), 0.3, 0.3))
        self.cmn = self.recogniser._decoder.get_cmn(False)
        self.delay_s = delay_s
        self.garbage = garbage
        self.die_on = die_on
        self.utterances = 0
        self.transcripts: list[str] = []
        self.describes = 0


class SttHandler(AsyncEventHandler):
    def __init__(self, state: SttState, *args: Any) -> None:
        super().__init__(*args)
        self.state = state
        self.audio: list[bytes] = []
        self.chunks = 0

    async def handle_event(self, event: Event) -> bool:
        state = self.state
        if Describe.is_type(event.type):
            state.describes += 1
            model = AsrModel(name="pocketsphinx en-us klondike", attribution=ATTRIBUTION, installed=True,
                             description=None, version=None, languages=["en"])
            program = AsrProgram(name="test-stt", attribution=ATTRIBUTION, installed=True, description=None,
                                 version=None, models=[model])
            await self.write_event(Info(asr=[program]).event())
            return True
        if Transcribe.is_type(event.type) or AudioStart.is_type(event.type):
            if AudioStart.is_type(event.type):
                state.utterances += 1
            self.audio, self.chunks = [], 0
            return True
        if AudioChunk.is_type(event.type):
            self.chunks += 1
            if state.die_on == state.utterances and self.chunks == 3:
                os._exit(3)  # the server dies in the middle of this utterance
            self.audio.append(AudioChunk.from_event(event).audio)
            return True
        if AudioStop.is_type(event.type):
            if state.delay_s:
                await asyncio.sleep(state.delay_s)
            if state.garbage:
                self.writer.write(b"\x89PNG this is not a wyoming event\n\x00\x01\x02\n")
                await self.writer.drain()
                return True
            pcm = np.frombuffer(b"".join(self.audio), dtype="<i2")
            for decoder in state.recogniser._decoders():
                decoder.set_cmn(state.cmn)  # the same audio, the same words, whatever came before
            text = state.recogniser.recognise(pcm).text
            state.transcripts.append(text)
            await self.write_event(Transcript(text=text.capitalize() + ".").event())
            return False
        return True


# ------------------------------------------------------------------------------- text to speech
def espeak_pcm(text: str, voice: str = "en") -> tuple[np.ndarray, int]:
    """espeak-ng's rendering of ``text`` as int16 mono samples and their rate."""
    wav = subprocess.run(["espeak-ng", "-v", voice, "--stdout", text], check=True, capture_output=True,
                         timeout=30).stdout
    with wave.open(io.BytesIO(wav)) as w:
        rate = w.getframerate()
        frames = w.readframes(w.getnframes())  # espeak-ng's streamed header may overstate; read what is there
    return np.frombuffer(frames[: len(frames) // 2 * 2], dtype="<i2"), rate


class TtsState:
    def __init__(self, delay_s: float = 0.0, garbage: bool = False) -> None:
        self.delay_s = delay_s
        self.garbage = garbage
        self.texts: list[str] = []
        self.voices: list[str | None] = []


class TtsHandler(AsyncEventHandler):
    def __init__(self, state: TtsState, *args: Any) -> None:
        super().__init__(*args)
        self.state = state

    async def handle_event(self, event: Event) -> bool:
        if Describe.is_type(event.type):
            voice = TtsVoice(name="en", attribution=ATTRIBUTION, installed=True, description=None, version=None,
                             languages=["en"])
            program = TtsProgram(name="test-espeak", attribution=ATTRIBUTION, installed=True, description=None,
                                 version=None, voices=[voice])
            await self.write_event(Info(tts=[program]).event())
            return True
        if Synthesize.is_type(event.type):
            synth = Synthesize.from_event(event)
            name = synth.voice.name if synth.voice is not None else None
            self.state.texts.append(synth.text)
            self.state.voices.append(name)
            if self.state.delay_s:
                await asyncio.sleep(self.state.delay_s)
            if self.state.garbage:
                self.writer.write(b'{"type": "audio-start", "data_length": 99999}\nnot json at all')
                await self.writer.drain()
                return False
            pcm, rate = await asyncio.get_running_loop().run_in_executor(None, espeak_pcm, synth.text, name or "en")
            await self.write_event(AudioStart(rate=rate, width=2, channels=1).event())
            for i in range(0, len(pcm), 2048):
                await self.write_event(AudioChunk(rate=rate, width=2, channels=1, audio=pcm[i:i + 2048].tobytes()).event())
            await self.write_event(AudioStop().event())
            return False
        return True


class ClipSd:
    """A stand-in for the sounddevice module (there is no sound card here): keeps every clip played,
    each 'playing' for its own duration times ``speed`` (0: done at once) unless stopped."""

    def __init__(self, speed: float = 0.0) -> None:
        self.speed = speed
        self.clips: list[tuple[np.ndarray, int]] = []
        self.stops = 0
        self.until = 0.0

    def query_devices(self, device: Any = None, kind: Any = None) -> dict:
        return {"name": "clips", "max_output_channels": 1}

    def play(self, data: np.ndarray, samplerate: int, device: Any = None) -> None:
        self.clips.append((np.array(data), int(samplerate)))
        self.until = time.monotonic() + self.speed * len(data) / samplerate

    def stop(self) -> None:
        self.stops += 1
        self.until = 0.0

    def get_stream(self) -> Any:
        sd = self

        class Stream:
            @property
            def active(self) -> bool:
                return time.monotonic() < sd.until

        return Stream()


# -------------------------------------------------------------------------------------- running
class ServerThread:
    """A Wyoming ``AsyncTcpServer`` on 127.0.0.1 (a free port) on its own loop in a daemon thread."""

    def __init__(self, make_handler: Callable[..., AsyncEventHandler], port: int | None = None) -> None:
        self.port = port or free_port()
        self.uri = f"tcp://127.0.0.1:{self.port}"
        self.server = AsyncTcpServer("127.0.0.1", self.port)
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self.loop.run_until_complete(self.server.start(make_handler))
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, name=f"wyoming-test-{self.port}", daemon=True)
        self.thread.start()
        if not ready.wait(10):
            raise RuntimeError("the test server did not start")

    def stop(self) -> None:
        async def close() -> None:
            await self.server.stop()
            inner = getattr(self.server, "_server", None)
            if inner is not None:
                inner.close()

        try:
            asyncio.run_coroutine_threadsafe(close(), self.loop).result(5)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)


def stt_server(state: SttState, port: int | None = None) -> ServerThread:
    return ServerThread(lambda r, w: SttHandler(state, r, w), port)


def tts_server(state: TtsState, port: int | None = None) -> ServerThread:
    return ServerThread(lambda r, w: TtsHandler(state, r, w), port)


def wait_for_port(port: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


def stt_subprocess(port: int, die_on: int | None = None) -> subprocess.Popen:
    """An STT server in its own process (so that it can die for real)."""
    args = [sys.executable, str(Path(__file__)), "stt", str(port)] + (["--die-on", str(die_on)] if die_on else [])
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port)
    except RuntimeError:
        proc.kill()
        raise
    return proc


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=("stt",))
    parser.add_argument("port", type=int)
    parser.add_argument("--die-on", type=int, default=None)
    args = parser.parse_args()
    state = SttState(die_on=args.die_on)
    server = AsyncTcpServer("127.0.0.1", args.port)
    asyncio.run(server.run(lambda r, w: SttHandler(state, r, w)))


if __name__ == "__main__":
    main()
