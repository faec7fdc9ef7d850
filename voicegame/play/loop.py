"""The hands-free loop: listen, recognise, act, answer with earcons and speech, repeat until "quit".

``run_voice_session(session, source, recogniser, speaker, earcons)`` drives a ``Session`` from a
``source`` of utterances: ``MicrophoneSource`` (muted while the game speaks or plays a sound, so a
loudspeaker never makes the game hear itself; with barge-in it stays open, cleaned by an echo
canceller on a loudspeaker, and the player's speech cuts the answer), ``WavFileSource`` (``--input a.wav b.wav``) or
``TextSource`` (typed lines: the fallback when there is no microphone). Nothing is fatal: a failing
microphone, recogniser or sound device is told to the player in one sentence and play goes on.
"""

from __future__ import annotations

import logging
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Protocol, Sequence

import numpy as np

from voicegame.audio.output.earcons import EarconPlayer
from voicegame.audio.errors import AudioError, MicrophoneError
from voicegame.audio.grammar_spec import RecogniserGrammar
from voicegame.audio.output.mixdown import SessionRecording
from voicegame.audio.recognisers import Heard, Recogniser, StreamingRecogniser
from voicegame.audio.output.speakers import Speaker
from voicegame.audio.wavio import COMMAND_SECONDS, read_wav
from voicegame.play.session import Session
from voicegame.play.turns import Recognised, TurnRunner, TurnTiming, Voice, pcm_of

__all__ = ["LoopResult", "MicrophoneSource", "PcmSource", "PushToTalkSource", "Recognised", "Source", "TextSource",
           "TurnTiming", "WavFileSource", "finish_stream", "listen_once", "run_voice_session"]

log = logging.getLogger(__name__)

SAMPLE_RATE = 16000

# ---------------------------------------------------------------------------------- sources
class Source(Protocol):
    """Yields utterances: int16 16 kHz samples, a str for a typed command, or an utterance the source
    has already recognised (``Recognised``)."""

    def __iter__(self) -> Iterator[np.ndarray | str | Recognised]: ...


class WavFileSource:
    """One utterance per WAV file (any PCM WAV; converted to 16 kHz mono), of at most
    ``COMMAND_SECONDS``: the rest of a longer file is not a command. A bad file raises WavError."""

    def __init__(self, paths: Iterable[str | Path]) -> None:
        self.paths = [Path(p) for p in paths]

    def __iter__(self) -> Iterator[np.ndarray | str]:
        for path in self.paths:
            yield read_wav(path, max_seconds=COMMAND_SECONDS)


class PcmSource:
    """Utterances already in memory (tests, benches)."""

    def __init__(self, utterances: Iterable[np.ndarray | str]) -> None:
        self.utterances = list(utterances)

    def __iter__(self) -> Iterator[np.ndarray | str]:
        return iter(self.utterances)


class TextSource:
    """Typed commands, one a line; blank lines are skipped."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = lines

    def __iter__(self) -> Iterator[np.ndarray | str]:
        for line in self.lines:
            if line.strip():
                yield line.rstrip("\n")


def finish_stream(stream: StreamingRecogniser, pcm: np.ndarray) -> Recognised:
    """End a streamed utterance: what the recogniser heard, timed. A recogniser that fails is taken
    as having heard nothing (the player hears "Sorry, I did not catch that"), never as a crash."""
    started = time.perf_counter()
    try:
        heard = stream.finish()
    except Exception:
        log.exception("the streaming recogniser failed to finish")
        heard = Heard("", None, True)
    return Recognised(pcm, heard, time.perf_counter() - started)


def listen_once(microphone: Any, timeout: float | None, on_start: Callable[[], None] | None,
                stream: StreamingRecogniser | None) -> np.ndarray | Recognised | None:
    """One endpointed utterance from ``microphone`` (None: nothing before ``timeout``): its audio, or,
    with a streaming recogniser, what it heard while the player spoke. Without one, ``listen`` is
    called without ``stream=``, so microphones that cannot feed a recogniser still work."""
    if stream is None:
        utterance = microphone.listen(timeout=timeout, on_start=on_start)
        return None if utterance is None else utterance.pcm
    utterance = microphone.listen(timeout=timeout, on_start=on_start, stream=stream)
    return None if utterance is None else finish_stream(stream, utterance.pcm)


class MicrophoneSource:
    """Endpointed utterances from a ``Microphone``; ``mute``/``unmute`` while the game makes sound.

    ``on_speech_start`` (e.g. the speaker's ``stop``) is called when the player starts talking: with
    ``barge_in`` the loop keeps the microphone open while speaking, so a new command cuts the sentence.
    ``recogniser``: when it can stream (``StreamingRecogniser``), it decodes while the player speaks
    and the source yields ``Recognised`` items: only the end of the utterance is left to decode once
    the player stops. The loop gives it its grammar before asking for the next utterance.
    """

    def __init__(self, microphone: Any, timeout: float | None = None,
                 on_speech_start: Callable[[], None] | None = None, recogniser: Recogniser | None = None) -> None:
        self.microphone = microphone
        self.timeout = timeout
        self.on_speech_start = on_speech_start
        self.stream = recogniser if isinstance(recogniser, StreamingRecogniser) else None
        self._needs_echo_cancelling = getattr(microphone, "echo", None) is not None

    @property
    def open_while_speaking(self) -> bool:
        """False once the echo canceller this microphone relied on has failed (then it is muted)."""
        return not self._needs_echo_cancelling or bool(getattr(self.microphone, "cancels_echo", False))

    def watch(self, busy: Callable[[], bool]) -> bool:
        """Listen while the game speaks (``busy()``); True when the player started talking (and
        ``on_speech_start`` was called). Microphones without ``watch`` just wait for the game."""
        watch = getattr(self.microphone, "watch", None)
        if watch is None:
            return False
        return bool(watch(busy, self.on_speech_start))

    def __iter__(self) -> Iterator[np.ndarray | str | Recognised]:
        while True:
            item = listen_once(self.microphone, self.timeout, self.on_speech_start, self.stream)
            if item is not None:
                yield item

    def mute(self) -> None:
        self.microphone.mute()

    def unmute(self) -> None:
        self.microphone.unmute()


class PushToTalkSource:
    """Push-to-talk: one utterance between two presses of Enter on ``keys`` (a switch, a foot pedal or
    a big button that types Enter works the same way): the first press starts the recording, the
    second ends it. The end of ``keys`` ends the game's input, like the end of a typed script.
    Nothing the microphone hears in between presses reaches the game, so talk that is not meant for
    it can never be taken for a command."""

    def __init__(self, microphone: Any, keys: Iterable[str]) -> None:
        self.microphone = microphone
        self.keys = keys

    def __iter__(self) -> Iterator[np.ndarray | str]:
        presses = iter(self.keys)
        while True:
            if next(presses, None) is None:
                return
            self.microphone.begin()
            if next(presses, None) is None:
                return
            yield self.microphone.end()

    def mute(self) -> None:
        self.microphone.mute()

    def unmute(self) -> None:
        self.microphone.unmute()


# ---------------------------------------------------------------------------------- results
@dataclass
class LoopResult:
    replies: list[Any] = field(default_factory=list)
    heard: list[Heard] = field(default_factory=list)
    """What was heard each turn, without its on-demand transcript: that holds the utterance's audio (and
    Whisper's encoder output), 50-100 KB a turn that a kiosk playing all day would keep."""
    timings: list[TurnTiming] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # failures told to the player
    quit: bool = False
    interruptions: int = 0  # answers the player cut short by speaking (barge-in)


# ------------------------------------------------------------------------------------- loop
AUTO = "auto"


def _grammar_source(grammar: Callable[[Session], RecogniserGrammar] | str | None) -> Callable[[Session], RecogniserGrammar] | None:
    """``grammar="auto"``: the session's own ``recogniser_grammar()``."""
    if grammar == AUTO:
        return Session.recogniser_grammar
    assert not isinstance(grammar, str), grammar
    return grammar


TICK_AFTER = 3.0
"""A turn that takes longer than this (a "winnable" search) plays the ``working`` earcon..."""
TICK_EVERY = 3.0
"""...and again this often until the answer comes, so a long silence never sounds like a hang."""


@contextmanager
def _ticking(voice: Voice) -> Iterator[None]:
    """Play ``working`` every ``TICK_EVERY`` seconds, after the first ``TICK_AFTER``, while the body runs."""
    done = threading.Event()

    def tick() -> None:
        wait = TICK_AFTER
        while not done.wait(wait):
            voice.play("working")
            wait = TICK_EVERY

    thread = threading.Thread(target=tick, name="working-ticks", daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()


def run_voice_session(session: Session, source: Iterable[np.ndarray | str | Recognised], recogniser: Recogniser, speaker: Speaker,
                      earcons: EarconPlayer, recording: SessionRecording | None = None, *,
                      grammar: Callable[[Any], RecogniserGrammar] | str | None = AUTO,
                      fallback: Iterable[np.ndarray | str] | None = None, notes: Sequence[str] = (),
                      barge_in: bool = False, timings: bool = False,
                      renderer: Speaker | None = None) -> LoopResult:
    """Play ``session`` by voice until "quit" or the end of ``source``; returns what happened.

    ``grammar(session) -> RecogniserGrammar`` is given to the recogniser before every utterance (the
    vocabulary of the current position; "auto": ``session.recogniser_grammar()``); with None the recogniser keeps the grammar it has. Typed lines bypass the recogniser.
    ``fallback`` (typed lines) takes over when ``source`` fails (no microphone). ``notes`` (e.g. the
    speaker factory's "no audio output, printing" sentence) are said before the greeting.
    ``recording`` collects the command audio, earcons and speech for ``--output``; sentences are
    rendered by the speaker, or by ``renderer`` (e.g. a ``Pyttsx3Speaker(output=None)``) when the
    speaker cannot render. ``barge_in`` keeps the source unmuted while the game speaks (a headset, or a
    microphone with a working echo canceller: see ``voicegame.audio.capture.echo``); a source with ``watch``
    then listens during the answer, and speech stops it (``on_speech_start``).
    """
    result = LoopResult()
    voice = Voice(session, source, speaker, earcons, recording, barge_in, renderer)
    turns = TurnRunner(session, recogniser, voice, _grammar_source(grammar), voice.tell)
    for note in notes:
        voice.tell(note)
    voice.answer(session.greeting())
    current = iter(source)
    while True:
        turns.set_grammar()
        try:
            item = next(current)
        except StopIteration:
            break
        except AudioError as e:  # no microphone, unreadable WAV...
            voice.tell(str(e))
            if fallback is None:
                break
            voice.source, current, fallback = fallback, iter(fallback), None
            if not (isinstance(e, MicrophoneError) and e.says_to_type):  # "... or type commands": once is enough
                voice.tell(session.say("type_instead"))
            continue
        t0 = time.perf_counter()
        timing = TurnTiming() if timings else None
        if isinstance(item, Recognised):  # decoded while spoken: only its last step was left
            t0 -= item.seconds
        heard = turns.recognise(item)
        t1 = time.perf_counter()
        pcm = pcm_of(item)
        if recording is not None and pcm is not None:
            recording.add_input(pcm, SAMPLE_RATE, heard.text)
        with _ticking(voice):
            reply = turns.act(heard)
        t2 = time.perf_counter()
        turns.advise(reply, item)
        if timing is not None:
            timing.decode, timing.handle = t1 - t0, t2 - t1
            timing.moves = len(reply.moves)
        voice.answer(reply, timing, t0)
        result.heard.append(replace(heard, transcript=None))  # what was heard, not the audio to hear it again
        result.replies.append(reply)
        if timing is not None:
            result.timings.append(timing)
        if reply.quit:
            result.quit = True
            break
    result.notes, result.interruptions = voice.notes, voice.interruptions
    speaker.wait()
    earcons.wait(5.0)
    return result
