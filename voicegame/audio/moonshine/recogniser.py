"""Moonshine base-en as a recogniser of the game: a neural English model held to the turn's grammar.

``set_grammar`` compiles the grammar's two JSGF documents (the likely sentences and the whole language)
to a token automaton once (``grammar_cache``); ``recognise`` encodes the utterance, runs a beam search
held to the automaton and a free transcript in the same batch (``beam_search``), and lets the free
transcript's score decide whether the best sentence is a command at all (``rejection``). The free
transcript is offered as ``Heard.transcript`` too (its words, their mean log probability a token), the
game's slot for a free transcription (voicegame.listen.understanding: a transcript that parses as a
command is asked about before it changes the game; one that writes ordinary speech rejects a doubtful
sentence), so that a phrasing the grammar lacks ("make it louder") is still understood. It is the same
model's opinion, not an independent one as Whisper's is: a sentence in doubt (the doubt is that the
transcript wrote other words) is offered without it, so that the same evidence does not count twice
(the game asks about the sentence instead of throwing it out). Around it, Whisper's transcript takes
that slot (``whisper.second_opinion.with_transcriber``). The
model's sessions are loaded on first use, or beforehand by ``load_in_background()`` while the game
greets the player.

It streams (``begin``, ``feed``, ``finish``) only to decode early: the model needs the whole utterance,
so the decode starts at the player's first pause (``early_work.EarlyWork``) and is done, or nearly, when
the end of speech is decided; speech after the pause starts it again at the end.
"""

from __future__ import annotations

import importlib.util
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..backend import NO_EVIDENCE, DecodeEvidence, Heard, Transcript, TranscriptOnDemand, as_int16
from ..early_work import EarlyWork
from ..errors import RecogniserUnavailable
from ..grammar_spec import RecogniserGrammar
from .beam_search import BEAM, Decoded, decode, normal_words
from .free_heap import release_free_heap
from .grammar_cache import GrammarCache
from .model import SAMPLE_RATE, ModelFiles, MoonshineModel, find_model_files
from .rejection import MoonshineThresholds, Verdict, verdict
from .token_automaton import TokenAutomaton
from .tokenizer import MoonshineTokenizer

MIN_SAMPLES = SAMPLE_RATE // 10
"""Shorter audio (under 0.1 s) holds no word: nothing is decoded."""
COMPLETE_WAIT = 0.18
"""Seconds ``sounds_complete`` waits for the decode begun at the player's pause. The endpointer asks at
200 ms of silence and ends the utterance anyway at 400 ms: a decode done within this wait and whole lets
it end up to 200 ms sooner, with the decode already done; one not done in time leaves the end where it was
(the audio of the wait is read at once after it)."""


@dataclass(frozen=True)
class LastDecode:
    """What the last ``recognise`` found besides its ``Heard``: for benches and the tuning of the verdict."""

    decoded: Decoded
    verdict: Verdict


class MoonshineRecogniser:
    """The ``Recogniser`` protocol (voicegame.audio.backend) over Moonshine base-en and onnxruntime."""

    name = "moonshine"

    def __init__(self, files: ModelFiles | None = None, threads: int | None = None, beam: int = BEAM,
                 thresholds: MoonshineThresholds | None = None, copies: Path | None = None) -> None:
        """``files``: the model's files (None: the installed wheels'); ``threads``: onnxruntime's threads
        (None: ``model.THREADS``); ``copies``: the folder of the model's ONNX copies (``onnx_copies``).
        Raises ``RecogniserUnavailable`` (one sentence) when onnxruntime or
        the model is not installed."""
        if importlib.util.find_spec("onnxruntime") is None:
            raise RecogniserUnavailable("audio_moonshine_no_onnxruntime")
        self.files = files if files is not None else find_model_files()
        try:
            self.tokenizer = MoonshineTokenizer.from_file(self.files.tokenizer)
        except (OSError, ValueError):
            raise RecogniserUnavailable("audio_moonshine_model_missing") from None
        self.threads = threads
        self.copies = copies
        self.beam = beam
        self.thresholds = thresholds if thresholds is not None else MoonshineThresholds()
        self.grammars = GrammarCache(self.tokenizer)
        self.missing: tuple[str, ...] = ()  # the tokenizer spells every word
        self.last: LastDecode | None = None
        self._automaton: TokenAutomaton | None = None
        self._ends_early: frozenset[str] = frozenset()
        self._model: MoonshineModel | None = None
        self._loading = threading.Lock()
        self._early: EarlyWork[Heard] = EarlyWork(self._heard, "moonshine")

    # -- the model
    @property
    def model(self) -> MoonshineModel:
        """The sessions, loaded on first use (one load even when asked from two threads)."""
        if self._model is None:
            with self._loading:
                if self._model is None:
                    self._model = MoonshineModel(self.files, self.threads, self.copies)
        return self._model

    def load_in_background(self) -> threading.Thread:
        """Load the sessions in a thread (while the greeting plays); a failure shows at first use."""
        def load() -> None:
            try:
                self.model
            except RecogniserUnavailable:
                pass

        thread = threading.Thread(target=load, name="moonshine-load", daemon=True)
        thread.start()
        return thread

    # -- grammar
    def missing_words(self, grammar: RecogniserGrammar) -> list[str]:
        """None: byte fallback lets the tokenizer spell every word."""
        return []

    def set_grammar(self, grammar: RecogniserGrammar) -> None:
        self._automaton = self.grammars.compiled(grammar)
        self._ends_early = grammar.ends_early

    # -- decoding
    def recognise(self, pcm: np.ndarray) -> Heard:
        return self._heard(as_int16(pcm))

    def _heard(self, audio: np.ndarray) -> Heard:
        """Decode ``audio`` (int16) held to the grammar set last (see the module)."""
        automaton = self._automaton
        if automaton is None or len(audio) < MIN_SAMPLES:
            return Heard("", None, True)
        # an early decode gone stale may still run beside this one: onnxruntime's sessions allow it
        decoded = decode(self.model, automaton, audio.astype(np.float32) / 32768.0, self.beam)
        release_free_heap()  # the buffers of this decode, and of Whisper's last transcript, go back: see ``free_heap``
        found = verdict(decoded, self.thresholds)
        self.last = LastDecode(decoded, found)
        nbest = tuple((h.text, round(h.mean, 4)) for h in decoded.nbest)
        free = " ".join(normal_words(decoded.free_text))
        written = Transcript(free, decoded.free.mean, 0.0, own=True)
        alternatives = found.alternatives
        if free and free != found.text and free not in alternatives:
            alternatives += (free,)  # what the model wrote freely: a candidate command (a phrasing the grammar lacks)
        offered = None if found.doubt else TranscriptOnDemand(lambda: written)  # a doubt is that transcript's already
        evidence = DecodeEvidence(rejected_by=f"moonshine gap {found.gap:.2f}: {found.rejected_text}",
                                  rejected_text=found.rejected_text) if found.rejected_text else NO_EVIDENCE
        return Heard(found.text, found.confidence, found.unknown, found.doubt, alternatives, evidence,
                     transcript=offered, nbest=nbest)

    # -- streaming (see StreamingRecogniser): only to decode early, in the player's pause
    def begin(self) -> None:
        self._early.begin()

    def feed(self, pcm: np.ndarray) -> None:
        audio = as_int16(pcm)
        self._early.feed(audio)

    def finish(self) -> Heard:
        return self._early.finish(self._early.fed())()

    def sounds_complete(self) -> bool:
        """Whether the decode begun at the player's pause heard, clearly, a whole command that nothing in the
        grammar can follow, or one of ``RecogniserGrammar.ends_early`` ("draw"): asked by the endpointer at a
        short pause, waiting at most ``COMPLETE_WAIT`` for that decode (as PocketSphinx's, which decodes as
        the audio comes, answers at once)."""
        automaton = self._automaton
        heard = self._early.early_result(COMPLETE_WAIT)
        if automaton is None or heard is None or heard.unknown or heard.doubt or not heard.text:
            return False
        return heard.text in self._ends_early or automaton.words.complete(heard.text.split())
