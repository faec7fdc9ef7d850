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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Protocol, Sequence

import numpy as np

from voicegame.audio.earcons import EarconPlayer
from voicegame.audio.errors import AudioError
from voicegame.audio.grammar_spec import RecogniserGrammar
from voicegame.audio.levels import speech_over_noise_db
from voicegame.audio.mixdown import SessionRecording
from voicegame.audio.recognisers import Heard, Recogniser, StreamingRecogniser, TextRecogniser
from voicegame.audio.speakers import STEPS, Speaker
from voicegame.audio.wavio import read_wav
from voicegame.listen.mishearing import MishearingAdvisor

log = logging.getLogger(__name__)

SAMPLE_RATE = 16000
AFTER_SPEECH = frozenset({"listening"})  # earcons that mean "your turn": played after the words

LIMITS = {
    "faster": "That is as fast as I can speak.",
    "slower": "That is as slow as I can speak.",
    "louder": "That is as loud as I can speak.",
    "quieter": "That is as quiet as I can speak.",
}


# ---------------------------------------------------------------------------------- sources
@dataclass(frozen=True)
class Recognised:
    """An utterance a source has already recognised (decoded while it was spoken): its audio, what
    was heard, and the seconds from the end of the utterance to ``heard``."""

    pcm: np.ndarray
    heard: Heard
    seconds: float


class Source(Protocol):
    """Yields utterances: int16 16 kHz samples, a str for a typed command, or an utterance the source
    has already recognised (``Recognised``)."""

    def __iter__(self) -> Iterator[np.ndarray | str | Recognised]: ...


class WavFileSource:
    """One utterance per WAV file (any PCM WAV; converted to 16 kHz mono). A bad file raises WavError."""

    def __init__(self, paths: Iterable[str | Path]) -> None:
        self.paths = [Path(p) for p in paths]

    def __iter__(self) -> Iterator[np.ndarray | str]:
        for path in self.paths:
            yield read_wav(path)


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
class TurnTiming:
    """Seconds from having the utterance's audio to each stage's end (one turn)."""

    decode: float = 0.0
    handle: float = 0.0  # parse, resolve, engine, narration (Session.hear/handle)
    render_first: float = 0.0  # TTS render of the first sentence (0 when the speaker does not render)
    first_sound: float = 0.0  # utterance audio in hand -> first earcon or sentence queued
    words: int = 0  # words spoken in the answer
    moves: int = 0


@dataclass
class LoopResult:
    replies: list[Any] = field(default_factory=list)
    heard: list[Heard] = field(default_factory=list)
    timings: list[TurnTiming] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # failures told to the player
    quit: bool = False
    interruptions: int = 0  # answers the player cut short by speaking (barge-in)


# ------------------------------------------------------------------------------------- loop
class _Voice:
    """Says replies: earcons, then sentences, then "listening"; mutes the source meanwhile."""

    def __init__(self, session: Any, source: Any, speaker: Speaker, earcons: EarconPlayer,
                 recording: SessionRecording | None, barge_in: bool, result: LoopResult) -> None:
        self.session = session
        self.source = source
        self.speaker = speaker
        self.earcons = earcons
        self.recording = recording
        self.barge_in = barge_in
        self.result = result
        self.settings_seen = len(getattr(session, "speech_settings", []))
        self.told: set[str] = set()
        self.renderer: Speaker | None = None
        self.missing_told: tuple[str, ...] = ()  # the words the model lacks, as last told

    def _render(self, text: str) -> tuple[np.ndarray, int] | None:
        """The sentence's samples from the speaker, else from ``renderer`` (speech dispatcher and the
        print speaker cannot render; ``--output`` still wants the words in the file)."""
        for source in (self.speaker, self.renderer):
            if source is None:
                continue
            try:
                rendered = source.render(text)
            except Exception:
                rendered = None
            if rendered is not None:
                return rendered
        return None

    def say(self, text: str, timing: TurnTiming | None = None, t0: float = 0.0) -> None:
        rendered = None
        if self.recording is not None or timing is not None:
            start = time.perf_counter()
            rendered = self._render(text)
            if timing is not None and timing.render_first == 0.0:
                timing.render_first = time.perf_counter() - start
        try:
            self.speaker.say(text)
        except Exception:  # a speaker must never end the game
            print(text, flush=True)
        if timing is not None and timing.first_sound == 0.0:
            timing.first_sound = time.perf_counter() - t0
        if timing is not None:
            timing.words += len(text.split())
        if self.recording is not None:
            self.recording.add_speech(text, rendered)

    def play(self, name: str, timing: TurnTiming | None = None, t0: float = 0.0) -> None:
        if not self.earcons.enabled:
            return
        self.earcons.play(name)
        if timing is not None and timing.first_sound == 0.0:
            timing.first_sound = time.perf_counter() - t0
        if self.recording is not None:
            self.recording.add_earcon(name)

    def tell(self, sentence: str | None) -> None:
        """A failure, told once."""
        if sentence and not any(t.startswith(sentence.rstrip(".")) for t in self.told):
            self.told.add(sentence)
            self.result.notes.append(sentence)
            self.say(sentence)

    def apply_settings(self) -> list[str]:
        changes = list(getattr(self.session, "speech_settings", []))[self.settings_seen :]
        self.settings_seen += len(changes)
        extra = []
        for change in changes:
            if change in STEPS and not self.speaker.step(change):
                extra.append(LIMITS[change])
        return extra

    def listening_while_speaking(self) -> bool:
        """Barge-in: the source stays open while the game speaks (a headset, or a microphone whose
        echo canceller works); otherwise it is muted."""
        return self.barge_in and getattr(self.source, "open_while_speaking", True)

    def answer(self, reply: Any, timing: TurnTiming | None = None, t0: float = 0.0) -> None:
        open_mic = self.listening_while_speaking()
        mute = getattr(self.source, "mute", None)
        if mute is not None and not open_mic:
            mute()
        self.speaker.stop()  # a new answer cuts the old one
        names = list(reply.earcons)
        for name in (n for n in names if n not in AFTER_SPEECH):
            self.play(name, timing, t0)
        if getattr(self.speaker, "output", None) is not self.earcons.output:
            self.earcons.wait(2.0)  # separate devices: do not talk over the earcon
        sentences = list(reply.sentences) + self.apply_settings()
        for sentence in sentences:
            self.say(sentence, timing, t0)
        for name in (n for n in names if n in AFTER_SPEECH):
            self.play(name, timing, t0)
        self.tell(self.earcons.note)
        watch = getattr(self.source, "watch", None)
        if open_mic and watch is not None:  # the player may cut the game short: stop as soon as they speak
            output = self.earcons.output
            if watch(lambda: self.speaker.busy() or output.busy()):
                self.result.interruptions += 1
        self.speaker.wait()
        self.earcons.wait(5.0)
        unmute = getattr(self.source, "unmute", None)
        if unmute is not None and not open_mic:
            unmute()


AUTO = "auto"


def _grammar_source(grammar: Any, session: Any) -> Callable[[Any], RecogniserGrammar] | None:
    """``grammar="auto"``: the session's own ``recogniser_grammar()`` when it has one."""
    if grammar == AUTO:
        method = getattr(session, "recogniser_grammar", None)
        return (lambda s: s.recogniser_grammar()) if method is not None else None
    return grammar


def _set_grammar(recogniser: Recogniser, grammar: Callable[[Any], RecogniserGrammar] | None, session: Any,
                 voice: _Voice, last: list[Any]) -> None:
    """Give the recogniser this turn's grammar; skipped when it is the very same object as last time."""
    if grammar is None:
        return
    try:
        new = grammar(session)
        if new is not last[0]:
            recogniser.set_grammar(new)
            last[0] = new
            missing = tuple(getattr(recogniser, "missing", ()))
            if missing and missing != voice.missing_told:
                voice.missing_told = missing  # say it once per change, not every turn
                voice.tell(f"The speech model does not know the words {', '.join(missing)}; "
                           "commands with them work only when typed.")
    except AudioError as e:
        voice.tell(str(e))


def _hear(session: Any, heard: Heard) -> Any:
    if hasattr(session, "hear"):
        return session.hear(heard)
    return session.handle("" if heard.unknown else heard.text)


TICK_AFTER = 3.0
"""A turn that takes longer than this (a "winnable" search) plays the ``working`` earcon..."""
TICK_EVERY = 3.0
"""...and again this often until the answer comes, so a long silence never sounds like a hang."""


@contextmanager
def _ticking(voice: "_Voice") -> Iterator[None]:
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


def run_voice_session(session: Any, source: Iterable[np.ndarray | str | Recognised], recogniser: Recogniser, speaker: Speaker,
                      earcons: EarconPlayer, recording: SessionRecording | None = None, *,
                      grammar: Callable[[Any], RecogniserGrammar] | str | None = AUTO,
                      fallback: Iterable[np.ndarray | str] | None = None, notes: Sequence[str] = (),
                      barge_in: bool = False, timings: bool = False,
                      renderer: Speaker | None = None) -> LoopResult:
    """Play ``session`` by voice until "quit" or the end of ``source``; returns what happened.

    ``grammar(session) -> RecogniserGrammar`` is given to the recogniser before every utterance (the
    vocabulary of the current position; "auto": ``session.recogniser_grammar()`` if the session has
    it); with None the recogniser keeps the grammar it has. Typed lines bypass the recogniser.
    ``fallback`` (typed lines) takes over when ``source`` fails (no microphone). ``notes`` (e.g. the
    speaker factory's "no audio output, printing" sentence) are said before the greeting.
    ``recording`` collects the command audio, earcons and speech for ``--output``; sentences are
    rendered by the speaker, or by ``renderer`` (e.g. a ``Pyttsx3Speaker(output=None)``) when the
    speaker cannot render. ``barge_in`` keeps the source unmuted while the game speaks (a headset, or a
    microphone with a working echo canceller: see ``voicegame.audio.echo``); a source with ``watch``
    then listens during the answer, and speech stops it (``on_speech_start``).
    """
    result = LoopResult()
    voice = _Voice(session, source, speaker, earcons, recording, barge_in, result)
    voice.missing_told = ()
    voice.renderer = renderer
    typed = TextRecogniser()
    for note in notes:
        voice.tell(note)
    voice.answer(session.greeting())
    narrator = getattr(session, "narrator", None)
    advisor = MishearingAdvisor(narrator.say) if narrator is not None else None
    current = iter(source)
    grammar = _grammar_source(grammar, session)
    last_grammar: list[Any] = [None]
    while True:
        _set_grammar(recogniser, grammar, session, voice, last_grammar)
        try:
            item = next(current)
        except StopIteration:
            break
        except AudioError as e:  # no microphone, unreadable WAV...
            voice.tell(str(e))
            if fallback is None:
                break
            voice.source, current, fallback = fallback, iter(fallback), None
            voice.tell("Type your commands instead, one a line.")
            continue
        t0 = time.perf_counter()
        timing = TurnTiming() if timings else None
        if isinstance(item, str):
            heard = typed.recognise_text(item)
        elif isinstance(item, Recognised):  # decoded while spoken: only its last step was left
            heard = item.heard
            t0 -= item.seconds
        else:
            try:
                heard = recogniser.recognise(item)
            except AudioError as e:
                voice.tell(str(e))
                heard = Heard("", None, True)
        t1 = time.perf_counter()
        pcm = None if isinstance(item, str) else item.pcm if isinstance(item, Recognised) else item
        if recording is not None and pcm is not None:
            recording.add_input(pcm, SAMPLE_RATE, heard.text)
        with _ticking(voice):
            reply = _hear(session, heard)
        t2 = time.perf_counter()
        if advisor is not None and pcm is not None:
            advisor.advise(reply, speech_over_noise_db(pcm))
        if timing is not None:
            timing.decode, timing.handle = t1 - t0, t2 - t1
            timing.moves = len(getattr(reply, "moves", []))
        voice.answer(reply, timing, t0)
        result.heard.append(heard)
        result.replies.append(reply)
        if timing is not None:
            result.timings.append(timing)
        if getattr(reply, "quit", False):
            result.quit = True
            break
    speaker.wait()
    earcons.wait(5.0)
    return result
