"""Speech recogniser backends behind one small protocol.

``make_recogniser(kind, model)`` picks one of ``RECOGNISER_KINDS``, the one list of them: by default
Vosk when a model is found (best accuracy), else Moonshine where its extra is installed, else PocketSphinx
(its English model ships in the wheel); or typed text, or a Wyoming speech server. The heavy libraries are imported
only when a backend is built, and every failure becomes a named ``AudioError`` whose message is one
sentence a player can hear. The backends live in their own modules (``pocketsphinx.recogniser``,
``vosk_recogniser``, ``moonshine.recogniser``; what they share in ``backend``); their names are importable from here too.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from .backend import UNK, DecodeEvidence, Heard, Recogniser, StreamingRecogniser
from .errors import ModelNotFound, RecogniserUnavailable, message_text
from .grammar_spec import RecogniserGrammar
from .lazy import lazy_names

if TYPE_CHECKING:
    import numpy as np

    from .pocketsphinx.recogniser import PocketSphinxRecogniser
    from .vosk_recogniser import (VOSK_MODEL_ENV, VoskRecogniser, _looks_like_vosk_model, find_vosk_model,
                                  parse_vosk_result, user_models_dir, vosk_phrase_list)
    from .wyoming.stt import WyomingRecogniser

_LAZY = {
    "PocketSphinxRecogniser": "pocketsphinx.recogniser", "WyomingRecogniser": "wyoming.stt",
    "VOSK_MODEL_ENV": "vosk_recogniser", "VoskRecogniser": "vosk_recogniser",
    "_looks_like_vosk_model": "vosk_recogniser", "find_vosk_model": "vosk_recogniser",
    "parse_vosk_result": "vosk_recogniser", "user_models_dir": "vosk_recogniser", "vosk_phrase_list": "vosk_recogniser",
}
"""Names this module passes on from the backends' modules, imported when first asked for (PEP 562):
those modules load numpy, asyncio and the recognisers' packages, which typed commands never need
(``voicegame.listen.understanding`` imports ``Heard`` from here)."""


__getattr__ = lazy_names(__name__, __package__ or "voicegame.audio", _LAZY)


__all__ = [
    "KINDS", "UNK", "VOSK_MODEL_ENV", "DecodeEvidence", "Heard", "PocketSphinxRecogniser", "Recogniser", "StreamingRecogniser",
    "TextRecogniser", "VoskRecogniser", "WyomingRecogniser", "_looks_like_vosk_model", "find_vosk_model", "listening_pocketsphinx",
    "RECOGNISER_KINDS", "RecogniserKind", "RecogniserRequest", "kind_names", "of_kind",
    "make_backend", "make_recogniser", "make_requested", "parse_vosk_result", "user_models_dir", "vosk_phrase_list",
]

log = logging.getLogger(__name__)


# --------------------------------------------------------------------------- text
_PUNCT = re.compile(r"[^\w'\- ]+")


class TextRecogniser:
    """Typed commands: the same interface, so the session never knows which backend runs."""

    name = "text"

    def __init__(self) -> None:
        self.grammar: RecogniserGrammar | None = None
        self.missing: tuple[str, ...] = ()  # typing can spell every word

    def set_grammar(self, grammar: RecogniserGrammar) -> None:
        self.grammar = grammar

    def recognise(self, pcm: np.ndarray) -> Heard:
        """Audio means nothing to the text backend: always 'nothing usable heard'."""
        return Heard("", None, True)

    def recognise_text(self, line: str) -> Heard:
        """Lower case, punctuation (except ' and -) to spaces, runs of whitespace to one space."""
        text = " ".join(_PUNCT.sub(" ", line.replace("_", " ").lower()).split())
        return Heard(text, None, text == "", typed=True)

    def missing_words(self, grammar: RecogniserGrammar) -> list[str]:
        return []


# -------------------------------------------------------------------------- factory
def _label(path: Path) -> str:
    return path.parent.name if path.name.lower() in ("model", "models") and path.parent.name else path.name


def listening_pocketsphinx(acoustic_check: bool = True, transcriber: Any = None) -> Recogniser:
    """PocketSphinx as the game listens with it: narrow beams for the per-turn grammar, and three
    checks against speech that is not a command (acoustic score per frame, speech left as silence,
    phone loop), and doubt (confirmation of a change of the game) for a weak fit, loud noise or a
    word naming a card or a place that fits badly.
    ``acoustic_check=False`` (setting ``audio.acoustic_check``) drops the first, which doubles
    decoding time, for slow machines. ``transcriber``: the second opinion on what the grammar decode
    rejects or doubts (``whisper.transcriber.find_transcriber``; None: none), added around it
    (``whisper.second_opinion.with_transcriber``)."""
    from .pocketsphinx.recogniser import PocketSphinxRecogniser
    from .pocketsphinx.thresholds import listening_thresholds
    from .whisper.second_opinion import with_transcriber

    scoring = {"compallsen": True} if acoustic_check else {}  # scores for the acoustic check
    decoder: dict[str, Any] = {**scoring, **PocketSphinxRecogniser.NARROW_BEAMS}  # settings of several types
    return with_transcriber(PocketSphinxRecogniser(listening_thresholds(acoustic_check), **decoder), transcriber)


def make_recogniser(kind: str = "auto", model: str | None = None, acoustic_check: bool = True,
                    stt: str | None = None, on_note: Callable[[str], None] | None = None,
                    second_opinion: bool = True, templates: Path | None = None) -> tuple[Recogniser, str]:
    """Build a recogniser and a one-sentence note for the player about what is used and why
    (``make_requested`` with these arguments as its ``RecogniserRequest``)."""
    return make_requested(kind, RecogniserRequest(model, acoustic_check, stt, on_note, second_opinion), templates)


def make_requested(kind: str, request: RecogniserRequest, templates: Path | None = None) -> tuple[Recogniser, str]:
    """Build a recogniser and a one-sentence note for the player about what is used and why.
    ``templates``: the file of the player's enrolled voice (``voicegame train``); when it holds
    templates, the recogniser also fills ``Heard.enrolled`` (``enrolment.enrolled.EnrolledRecogniser``).
    The rest as ``make_backend``."""
    recogniser, note = make_backend(kind, request)
    if templates is None or recogniser.name == "text":
        return recogniser, note
    from .enrolment.enrolled import with_enrolment

    return with_enrolment(recogniser, templates), note


def make_backend(kind: str = "auto", request: RecogniserRequest | None = None) -> tuple[Recogniser, str]:
    """Build a recogniser of ``kind`` (one of ``RECOGNISER_KINDS``, see there) as ``request`` asks
    (None: every default), and a one-sentence note for the player about what is used and why.
    Raises an ``AudioError`` subclass (message = one sentence) when the asked-for one cannot start.
    """
    name = (kind or "auto").strip().lower()
    chosen = of_kind(name)
    if chosen is None:
        raise RecogniserUnavailable("audio_unknown_recogniser", kind=name)
    return chosen.make(request if request is not None else RecogniserRequest())


@dataclass(frozen=True)
class RecogniserRequest:
    """What a recogniser is made with, besides its kind."""

    model: str | None = None
    """The Vosk model folder (None: look in the usual places; an explicit but wrong one is an error)."""
    acoustic_check: bool = True
    """See ``listening_pocketsphinx`` (setting ``audio.acoustic_check``)."""
    stt: str | None = None
    """The Wyoming speech server's address, for "wyoming"."""
    on_note: Callable[[str], None] | None = None
    """Tells the player when the Wyoming server fails mid-game (see ``WyomingRecogniser``)."""
    second_opinion: bool = True
    """The recogniser's results carry Whisper's tiny English model's free transcript, when installed, for
    the policy to weigh (setting ``audio.second_opinion``; ``whisper.second_opinion``, ``whisper.transcriber``)."""

    def transcriber(self) -> Any:
        """Whisper's transcriber when asked for and installed, else None."""
        if not self.second_opinion:
            return None
        from .whisper.transcriber import find_transcriber

        return find_transcriber()

    def with_second_opinion(self, recogniser: Recogniser) -> Recogniser:
        """``recogniser`` with Whisper's second opinion when asked for and installed."""
        from .whisper.second_opinion import with_transcriber

        return with_transcriber(recogniser, self.transcriber())

    def pocketsphinx(self) -> Recogniser:
        """PocketSphinx as the game listens, with Whisper's second opinion when asked for and installed."""
        return listening_pocketsphinx(self.acoustic_check, self.transcriber())


def _text(request: RecogniserRequest) -> tuple[Recogniser, str]:
    return TextRecogniser(), message_text("audio_using_typed", {})


def _pocketsphinx(request: RecogniserRequest) -> tuple[Recogniser, str]:
    return request.pocketsphinx(), message_text("audio_using_pocketsphinx", {})


def _vosk(request: RecogniserRequest) -> tuple[Recogniser, str]:
    from .vosk_recogniser import VoskRecogniser, find_vosk_model

    path = find_vosk_model(request.model)
    if path is None:
        raise ModelNotFound("audio_no_vosk_model")
    return request.with_second_opinion(VoskRecogniser(path)), message_text("audio_using_vosk", {"model": _label(path)})


def _moonshine(request: RecogniserRequest) -> tuple[Recogniser, str]:
    """Moonshine base-en held to the game's grammar (``moonshine``; needs the extra ``[moonshine]``)."""
    from .moonshine.recogniser import MoonshineRecogniser

    recogniser = MoonshineRecogniser()
    recogniser.load_in_background()  # while the greeting plays
    return request.with_second_opinion(recogniser), message_text("audio_using_moonshine", {})


def _auto(request: RecogniserRequest) -> tuple[Recogniser, str]:
    """Vosk when a model is found and loads, else Moonshine where its extra is installed, else PocketSphinx."""
    from .vosk_recogniser import VoskRecogniser, find_vosk_model

    path = find_vosk_model(request.model)  # an explicit but wrong --model raises here, on purpose
    if path is None:
        return _neural_else_light(request, "audio_using_pocketsphinx_no_vosk")
    try:
        return request.with_second_opinion(VoskRecogniser(path)), message_text("audio_using_vosk", {"model": _label(path)})
    except RecogniserUnavailable as e:
        log.warning("Vosk failed, falling back: %s", e)
        return _neural_else_light(request, "audio_using_pocketsphinx_vosk_failed")


def _neural_else_light(request: RecogniserRequest, light_note: str) -> tuple[Recogniser, str]:
    """Moonshine with Whisper's second opinion where onnxruntime and its model are installed (the extra
    ``[moonshine]``), with PocketSphinx to fall back on should the model fail to load
    (``fallback.WithFallback``); PocketSphinx alone, the light ear, otherwise (said with ``light_note``)."""
    from .backend import StreamingRecogniser
    from .fallback import StreamingWithFallback, WithFallback

    try:
        neural, note = _moonshine(request)
    except RecogniserUnavailable as e:
        log.info("Moonshine is not available (%s): listening with PocketSphinx", e)
        return request.pocketsphinx(), message_text(light_note, {})
    kind = StreamingWithFallback if isinstance(neural, StreamingRecogniser) else WithFallback
    return kind(neural, request.pocketsphinx, request.on_note), note


def _wyoming(request: RecogniserRequest) -> tuple[Recogniser, str]:
    """The Wyoming recogniser at ``stt``, described at start (a missing server: PocketSphinx, said)."""
    from .wyoming.link import normalise_uri
    from .wyoming.stt import WyomingRecogniser

    stt = request.stt
    if not stt:
        raise RecogniserUnavailable("wyoming_no_address")
    try:
        uri = normalise_uri(stt)
    except ValueError:
        raise RecogniserUnavailable("wyoming_bad_address", uri=stt) from None
    recogniser = WyomingRecogniser(uri, request.pocketsphinx, request.on_note)
    return recogniser, recogniser.start()


@dataclass(frozen=True)
class RecogniserKind:
    """One choice of recogniser (setting ``audio.recogniser``, option ``--recogniser``): how it is made
    and what it needs."""

    name: str
    make: Callable[[RecogniserRequest], tuple[Recogniser, str]]
    hears: bool = True
    """False: commands are typed, no microphone; a way of playing that only listens (the kiosk, the
    satellite) takes "auto" instead."""
    needs_server: bool = False
    """It needs a Wyoming speech server's address (``RecogniserRequest.stt``: ``--stt``, ``audio.stt``):
    a way of playing without that option does not offer it on its command line."""


RECOGNISER_KINDS: tuple[RecogniserKind, ...] = (
    RecogniserKind("auto", _auto),  # Vosk when a model is found and loads, else Moonshine, else PocketSphinx
    RecogniserKind("vosk", _vosk),  # needs a Vosk model (``model``, else the usual places)
    RecogniserKind("pocketsphinx", _pocketsphinx),  # its English model ships in the wheel
    RecogniserKind("moonshine", _moonshine),  # a neural English model, with the extra [moonshine]
    RecogniserKind("text", _text, hears=False),
    RecogniserKind("wyoming", _wyoming, needs_server=True),  # falls back to PocketSphinx while the server is away
)
"""Every recogniser the game can use, in the order the options list them."""

KINDS = tuple(kind.name for kind in RECOGNISER_KINDS)


def kind_names(typed: bool = True, server: bool = True) -> tuple[str, ...]:
    """The names of the kinds a way of playing offers: without typed commands (``typed=False``) where
    it only listens, without those needing a speech server's address where it has no option for one."""
    return tuple(kind.name for kind in RECOGNISER_KINDS if (typed or kind.hears) and (server or not kind.needs_server))


def of_kind(name: str) -> RecogniserKind | None:
    """The kind named ``name`` (None: no such kind)."""
    return next((kind for kind in RECOGNISER_KINDS if kind.name == name), None)
