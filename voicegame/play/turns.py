"""One turn of voice play, shared by the hands-free loop (:mod:`voicegame.play.loop`) and the kiosk.

A turn: the recogniser gets this turn's grammar, an utterance is recognised (typed lines bypass the
recogniser), the session acts on what was heard, repeated mishearing gets advice, and :class:`Voice`
says the answer: earcons, then sentences, then "listening", with the source muted meanwhile (unless
the player may cut the game short: barge-in).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from voicegame.audio.output.earcons import EarconPlayer
from voicegame.audio.errors import AudioError
from voicegame.audio.grammar_spec import RecogniserGrammar
from voicegame.audio.capture.levels import speech_over_noise_db
from voicegame.audio.output.mixdown import SessionRecording
from voicegame.audio.recognisers import Heard, Recogniser, TextRecogniser
from voicegame.audio.output.speakers import STEPS, Speaker
from voicegame.listen.mishearing import MishearingAdvisor
from voicegame.play.reply import Reply
from voicegame.play.session import Session

AFTER_SPEECH = frozenset({"listening"})  # earcons that mean "your turn": played after the words


@dataclass(frozen=True)
class Recognised:
    """An utterance a source has already recognised (decoded while it was spoken): its audio, what
    was heard, and the seconds from the end of the utterance to ``heard``."""

    pcm: np.ndarray
    heard: Heard
    seconds: float


Utterance = np.ndarray | str | Recognised
"""What a source or listener gives: int16 16 kHz samples, a typed line, or an utterance already recognised."""


@dataclass
class TurnTiming:
    """Seconds from having the utterance's audio to each stage's end (one turn)."""

    decode: float = 0.0
    handle: float = 0.0  # parse, resolve, engine, narration (Session.hear/handle)
    render_first: float = 0.0  # TTS render of the first sentence (0 when the speaker does not render)
    first_sound: float = 0.0  # utterance audio in hand -> first earcon or sentence queued
    words: int = 0  # words spoken in the answer
    moves: int = 0


class Voice:
    """Says replies: earcons, then sentences, then "listening"; mutes the source meanwhile.

    ``notes`` collects the failures told to the player (each once); ``interruptions`` counts the
    answers the player cut short by speaking (barge-in)."""

    def __init__(self, session: Session, source: Any, speaker: Speaker, earcons: EarconPlayer,
                 recording: SessionRecording | None = None, barge_in: bool = False,
                 renderer: Speaker | None = None) -> None:
        self.session = session
        self.source = source
        self.speaker = speaker
        self.earcons = earcons
        self.recording = recording
        self.barge_in = barge_in
        self.renderer = renderer  # renders sentences for ``recording`` when the speaker cannot
        self.settings_seen = len(session.speech_settings)
        self.told: set[str] = set()
        self.notes: list[str] = []
        self.interruptions = 0

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
            self.notes.append(sentence)
            self.say(sentence)

    def apply_settings(self) -> list[str]:
        """Apply the speech settings said since last time ("faster"...); what cannot go further is said."""
        changes = self.session.speech_settings[self.settings_seen:]
        self.settings_seen += len(changes)
        return [self.session.say(f"speech_limit_{change}") for change in changes
                if change in STEPS and not self.speaker.step(change)]

    def _speak(self, reply: Reply, timing: TurnTiming | None, t0: float) -> None:
        """The reply's earcons, its sentences (and what the speech settings could not do), then the
        earcons that come after speech."""
        names = list(reply.earcons)
        for name in (n for n in names if n not in AFTER_SPEECH):
            self.play(name, timing, t0)
        if getattr(self.speaker, "output", None) is not self.earcons.output:
            self.earcons.wait(2.0)  # separate devices: do not talk over the earcon
        for sentence in list(reply.sentences) + self.apply_settings():
            self.say(sentence, timing, t0)
        for name in (n for n in names if n in AFTER_SPEECH):
            self.play(name, timing, t0)

    def listening_while_speaking(self) -> bool:
        """Barge-in: the source stays open while the game speaks (a headset, or a microphone whose
        echo canceller works); otherwise it is muted."""
        return self.barge_in and getattr(self.source, "open_while_speaking", True)

    def answer(self, reply: Reply, timing: TurnTiming | None = None, t0: float = 0.0) -> None:
        open_mic = self.listening_while_speaking()
        mute = getattr(self.source, "mute", None)
        if mute is not None and not open_mic:
            mute()
        self.speaker.stop()  # a new answer cuts the old one
        self._speak(reply, timing, t0)
        self.tell(self.earcons.note)
        watch = getattr(self.source, "watch", None)
        if open_mic and watch is not None:  # the player may cut the game short: stop as soon as they speak
            output = self.earcons.output
            if watch(lambda: self.speaker.busy() or output.busy()):
                self.interruptions += 1
        self.speaker.wait()
        self.earcons.wait(5.0)
        unmute = getattr(self.source, "unmute", None)
        if unmute is not None and not open_mic:
            unmute()


class TurnRunner:
    """The steps of a turn around a session. ``grammar(session)`` is what the recogniser listens
    for (None: it keeps its own); ``report`` hears of a problem worth telling (the loop says it, the
    kiosk logs it)."""

    def __init__(self, session: Session, recogniser: Recogniser, voice: Voice,
                 grammar: Callable[[Session], RecogniserGrammar] | None, report: Callable[[str], None]) -> None:
        self.session = session
        self.recogniser = recogniser
        self.voice = voice
        self.grammar = grammar
        self.report = report
        self.typed = TextRecogniser()
        self.advisor = MishearingAdvisor(session.say)
        self.last_grammar: RecogniserGrammar | None = None
        self.missing_told: tuple[str, ...] = ()  # the words the model lacks, as last told

    def set_grammar(self) -> None:
        """Give the recogniser this turn's grammar; skipped when it is the very same object as last time."""
        if self.grammar is None:
            return
        try:
            new = self.grammar(self.session)
            if new is not self.last_grammar:
                self.recogniser.set_grammar(new)
                self.last_grammar = new
                missing = tuple(getattr(self.recogniser, "missing", ()))
                if missing and missing != self.missing_told:
                    self.missing_told = missing  # said once per change, not every turn
                    self.report(self.session.say("model_lacks_words", words=", ".join(missing)))
        except AudioError as e:
            self.report(str(e))

    def recognise(self, item: Utterance) -> Heard:
        """What was heard: a typed line as typed; a recogniser that fails heard nothing."""
        if isinstance(item, str):
            return self.typed.recognise_text(item)
        if isinstance(item, Recognised):  # decoded while spoken
            return item.heard
        try:
            return self.recogniser.recognise(item)
        except AudioError as e:
            self.report(str(e))
            return Heard("", None, True)

    def act(self, heard: Heard) -> Reply:
        """The session acts on what was heard."""
        return self.session.hear(heard)

    def advise(self, reply: Reply, item: Utterance) -> None:
        """Advice after repeated mishearing (spoken utterances only: typed lines are never misheard)."""
        pcm = pcm_of(item)
        if pcm is not None:
            self.advisor.advise(reply, speech_over_noise_db(pcm))


def pcm_of(item: Utterance) -> np.ndarray | None:
    """The audio of an utterance (None for a typed line)."""
    if isinstance(item, str):
        return None
    return item.pcm if isinstance(item, Recognised) else item
