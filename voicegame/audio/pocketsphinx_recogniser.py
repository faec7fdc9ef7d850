"""PocketSphinx, the recogniser that works right after ``pip install`` (its English model ships in the
wheel), driven by the game's JSGF grammar, with the checks that reject speech that is not a command.

This module decodes (grammar, streaming, the second grammar, the result); its parts live beside it:
the model files and decoders in ``pocketsphinx_model``, the fit checks (score per frame, speech
left as silence) in ``pocketsphinx_checks``, the phone-loop check in ``pocketsphinx_phone_loop`` and
the noise floor added to the audio in ``noise_floor``.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import numpy as np

from . import noise_floor, pocketsphinx_checks, pocketsphinx_phone_loop
from .backend import Heard, as_int16, grammar_words
from .errors import GrammarError, RecogniserUnavailable
from .grammar_spec import RecogniserGrammar
from .jsgf import Jsgf
from .levels import speech_over_noise_db
from .noise_floor import noise_sigma, speech_ms, with_noise
from .pocketsphinx_checks import WordFit, frame_score, mean_fit, uncovered_speech_ms, word_fits
from .pocketsphinx_model import cepstral_mean, decode_whole, feature_decoder, new_decoder, phone_loop_decoder
from .pocketsphinx_phone_loop import PhoneLoop
from .whisper_transcriber import EarlyTranscript

log = logging.getLogger(__name__)


class PocketSphinxRecogniser:
    """PocketSphinx 5 with the US English model of its wheel and a JSGF grammar.

    Measured here (espeak-ng commands, Klondike grammar, 100 commands per voice, 2-core machine):
    decoding takes 25-35 ms per 2-3 s utterance. Synthetic audio with digital-zero stretches wrecks
    the decoder's cepstral normalisation; a faint Gaussian noise floor cures it:

    =====================  ======  =========  ===========  ===========
    noise floor (RMS LSB)   none    sigma 8    sigma 32     sigma 128
    =====================  ======  =========  ===========  ===========
    espeak-ng en -s 160     33%     82%        95%          82%
    espeak-ng en-gb -s 180  26%     69%        88%          85%
    en-us+f3 -s 220         54%     67%        71%          63%
    =====================  ======  =========  ===========  ===========

    (pocketsphinx's own ``dither`` option, 1/2-bit noise, only gave 35% / 32% / 62%.)
    So ``recognise`` tops the audio's noise floor up to ``dither`` (RMS, in LSB; default 32, about
    -60 dBFS) or to ``floor_db`` below the speech level, whichever is higher: it measures the quietest
    10 ms frames and adds deterministic Gaussian noise only as much as is missing, so a real
    microphone's own noise is not doubled. Both levels are measured on the utterance's first
    stretch (``LEVEL_SPEECH_MS``), so that decoding can start while the player is still speaking. ``dither=0`` and ``floor_db=None`` turn it off. The
    relative floor (default 30 dB under the loudest 5% of frames) was measured with the listening
    grammar, 4 espeak-ng voices x 114 commands, clean: 86-89% right with the fixed floor alone,
    91-95% with it (25 dB: 415/456, 30 dB: 428/456, 35 dB: 425/456; bench/RESULTS.md "ASR").

    Words of a grammar that the dictionary lacks make pocketsphinx refuse the whole grammar, so the
    grammar is rewritten without the phrases that need them (``Jsgf.without_words``; a ``<VOID>``
    in their place was measured to break decoding of the remaining phrases); the words are kept in
    ``self.missing`` and logged. ``missing_words(grammar)`` reports them beforehand.

    PocketSphinx returns the best *partial* path when no path reaches the end of the grammar ("two of
    diamonds on five of"). Such a result is returned as text with ``confidence`` 0.0, so callers can
    match it against the legal moves but should confirm before acting; a complete sentence gets the
    decoder's posterior probability.
    """

    name = "pocketsphinx"
    DECODER_OPTIONS: dict[str, object] = {}
    """Decoder settings over pocketsphinx's defaults (see ``NARROW_BEAMS``)."""
    NARROW_BEAMS: dict[str, object] = {"beam": 1e-30, "pbeam": 1e-30, "wbeam": 1e-20}
    """What ``make_recogniser`` uses with the session's listening grammar: the full command grammar
    decoded in 140 ms instead of 370 ms at the same accuracy, and a garbage word loop took 100 s per
    utterance with the default beams (measured 2026-11-22). Not the class default: they cost one
    command of ten on the small static grammar of tests/audio."""

    PHONE_RATIO = pocketsphinx_phone_loop.PHONE_RATIO
    """``make_recogniser``'s phone-loop check (off, None, by default in the class, like NARROW_BEAMS)."""
    PHONE_CHECK_UP_TO = pocketsphinx_phone_loop.PHONE_CHECK_UP_TO
    """Hypotheses longer than this many phones skip the phone-loop check."""

    FLOOR_DB = noise_floor.FLOOR_DB
    """Default noise floor under the speech level, in dB (see the class docstring)."""

    LEVEL_SPEECH_MS = 300
    """Streaming: how much speech (10 ms frames 10 dB over the quietest) ``feed`` waits for before
    it fixes the noise floor and starts decoding. The level is then that of the utterance's first
    words, not of all of it; measured on 4 voices x 114 commands it decodes as well as the level of
    the whole utterance did (bench/RESULTS.md "ASR")."""

    PREFIX_MEAN_WEIGHT = 0.0
    """Streaming: the cepstral mean an utterance is normalised with is this share of its first
    stretch's own mean plus the rest of the mean kept from the utterances before (see ``_settle``).
    Measured 2026-11-22, right commands at weights 0 / 0.3 / 0.6 / 0.8 / 1:
    bench/asr.py (2 voices x 114 commands, each clip on its own with silence around it): babble
    20 dB 116 / 135 / 144 / 145 / 146, clean 209 / 209 / 212 / 209 / 207; bench/session.py (189
    commands of a whole game, endpointed out of room noise, as the game hears them): 167 / 154 / 135
    at 0 / 0.3 / 0.6. The game's own conditions decide: 0, the kept mean (a long command's first
    stretch is a poor estimate of its mean); the price is about 12 points in babble at 20 dB."""

    DOUBT_FRAME_SCORE = pocketsphinx_checks.DOUBT_FRAME_SCORE
    """``make_recogniser``'s doubt level: ``Heard.doubt`` ("weak fit") under this score per frame."""

    NOISY_DOUBT_DB = pocketsphinx_checks.NOISY_DOUBT_DB
    """``make_recogniser``'s level under which every hypothesis is doubtful (``Heard.doubt`` "noisy")."""

    SECOND_OPTIONS: dict[str, object] = {"bestpath": False}
    """The second decode's settings over the first's. Without ``bestpath`` its sentence is the
    search's own best path: PocketSphinx's lattice best path over the whole language took 48 ms
    median (p90 228 ms) after the end of speech, most of the decoding left then (bench/session.py),
    and on 80 commands of a scripted game it named what was said 29 times against 2 ("draw" came out
    "two over", "the all the"). Its fit is read on the lattice's scale (``frame_score``)."""

    WORD_DOUBT_SCORE = pocketsphinx_checks.WORD_DOUBT_SCORE
    """``make_recogniser``'s level under which a word naming a card or a place makes the hypothesis doubtful."""

    SECOND_CLEAR_SCORE = pocketsphinx_checks.SECOND_CLEAR_SCORE
    """``make_recogniser``'s level from which the second decode's sentence is ``Heard.second_clear``."""

    SECOND_BEHIND = pocketsphinx_checks.SECOND_BEHIND
    """How much worse per frame the second decode's other sentence must fit to be ``Heard.second_behind``."""

    NBEST = 10
    """``make_recogniser``: n-best entries looked at for a close second hypothesis (``Heard.alternatives``)."""

    MAX_HOLD_MS = 1000
    """Streaming: decoding starts after this much audio at the latest, speech or not (in loud noise
    few frames stand 10 dB over the floor, and holding everything to the end made decoding at
    white noise 10 dB SNR take 158 ms after the end instead of about 10)."""

    UNCOVERED_SPEECH_MS = pocketsphinx_checks.UNCOVERED_SPEECH_MS
    """``make_recogniser``'s coverage check: reject when more loud audio than this lies in silence."""

    MIN_FRAME_SCORE = pocketsphinx_checks.MIN_FRAME_SCORE
    """``make_recogniser``'s acoustic check: reject a hypothesis scoring under this per frame
    (needs the decoder option ``compallsen=True``)."""

    def __init__(self, sample_rate: int = 16000, dither: float = 32.0, hmm: str | None = None,
                 dictionary: str | None = None, phone_ratio: float | None = None,
                 phone_check_up_to: int | None = PHONE_CHECK_UP_TO, floor_db: float | None = FLOOR_DB,
                 uncovered_speech_ms: float | None = None, min_frame_score: float | None = None,
                 doubt_frame_score: float | None = None, nbest: int = 0,
                 noisy_doubt_db: float | None = None, word_doubt_score: float | None = None,
                 second_clear_score: float | None = None, transcriber: Any = None, **options: object):
        """``options``: further pocketsphinx Decoder settings, over ``DECODER_OPTIONS``.

        ``phone_ratio``: when set, a second decoder runs a phone loop over the same audio and the
        result is rejected (``Heard.unknown``) when it finds more than ``phone_ratio`` times the
        phones of the grammar hypothesis's pronunciation; only for hypotheses of at most
        ``phone_check_up_to`` phones (None: all). ``uncovered_speech_ms``: when set, reject a
        hypothesis whose silence segments hold more loud audio than this (``UNCOVERED_SPEECH_MS``).
        ``min_frame_score``: when set, reject a hypothesis whose acoustic score per frame is lower
        (``MIN_FRAME_SCORE``; meaningful only with the decoder option ``compallsen=True``).
        ``doubt_frame_score``: a hypothesis that passes ``min_frame_score`` but scores under this is
        returned with ``Heard.doubt`` set, so the game asks before acting on it (``DOUBT_FRAME_SCORE``).
        ``nbest``: look at this many entries of the decoder's n-best list and return the other texts
        among them as ``Heard.alternatives`` (0: none). ``noisy_doubt_db``: a hypothesis of an
        utterance standing out of its background by less than this is returned with ``Heard.doubt``
        "noisy" (``NOISY_DOUBT_DB``). ``word_doubt_score``: a hypothesis one of whose words naming a card or
        a place (the grammar's ``choice_words``) fits under this per frame is returned with ``Heard.doubt``
        "weak word" (``WORD_DOUBT_SCORE``). ``second_clear_score``: the second decode's sentence fitting at
        least this per frame is returned as ``Heard.second_clear`` (``SECOND_CLEAR_SCORE``; None: never).
        ``transcriber``: a free transcriber (``WhisperTranscriber``) whose opinion every result offers on
        demand (``Heard.transcript``); None: no second opinion."""
        try:
            import pocketsphinx
        except Exception:  # ImportError, or a broken binary wheel
            raise RecogniserUnavailable("audio_pocketsphinx_not_installed") from None
        self.sample_rate = int(sample_rate)
        self.dither = float(dither)
        self.floor_db = floor_db
        self.uncovered_speech_ms = uncovered_speech_ms
        self.min_frame_score = min_frame_score
        self.doubt_frame_score = doubt_frame_score
        self.noisy_doubt_db = noisy_doubt_db
        self.word_doubt_score = word_doubt_score
        self.second_clear_score = second_clear_score
        self.transcriber = transcriber
        self._early = EarlyTranscript(transcriber) if transcriber is not None else None
        self._choice_words: frozenset[str] = frozenset()
        self.nbest = nbest
        try:
            self._decoder = new_decoder(pocketsphinx, hmm, dictionary, self.sample_rate,
                                        **{**self.DECODER_OPTIONS, **options})
            self._features = feature_decoder(pocketsphinx, hmm, dictionary, self.sample_rate)
        except Exception as e:
            raise RecogniserUnavailable("audio_pocketsphinx_failed", reason=e) from None
        self.phone_ratio = phone_ratio
        self.phone_check_up_to = phone_check_up_to
        self.phone_loop: PhoneLoop | None = None  # the phone-loop check, when phone_ratio is set
        if phone_ratio is not None:
            try:
                loop = phone_loop_decoder(pocketsphinx, hmm, dictionary, self.sample_rate)
            except Exception as e:
                raise RecogniserUnavailable("audio_pocketsphinx_phone_loop_failed", reason=e) from None
            self.phone_loop = PhoneLoop(loop, self._decoder.lookup_word, phone_ratio, phone_check_up_to)
        self._added: set[str] = set()
        self._prior: Any = None  # a decoder for the grammar's prior_jsgf (made when a grammar has one)
        self._prior_jsgf: Jsgf | None = None  # its grammar, to tell whole sentences from broken-off paths
        self._prior_options = {**self.DECODER_OPTIONS, **options}
        self._paths = (hmm, dictionary)
        self._search: str | None = None
        self._garbage: frozenset[str] = frozenset()
        self._counter = 0
        self._jsgf: Jsgf | None = None
        self.missing: tuple[str, ...] = ()
        self._rng_seed = 20251122
        self._in_utterance = False
        self._mean_known = False  # has a cepstral mean been measured on this input yet?
        self._held: list[np.ndarray] = []
        self._sigma: float | None = None
        self._decoded: list[np.ndarray] = []
        self.first_fit: dict[str, object] = {}
        """How the last (first) decode fitted the audio whether or not a check rejected it: its raw text,
        score per frame, phones heard by the loop and expected; for benches sweeping the checks' levels."""
        self.second_fit: dict[str, object] = {}
        """How the last second decode fitted the audio (its raw text, score per frame, phones heard
        and expected), for benches deciding what a second decode may be trusted with."""

    # -- grammar
    def missing_words(self, grammar: RecogniserGrammar) -> list[str]:
        """Grammar words that neither the pronouncing dictionary nor the grammar's own
        pronunciations have, sorted."""
        own = {word for word, _ in getattr(grammar, "pronunciations", ())}
        return sorted(w for w in grammar_words(grammar) if w not in own and self._decoder.lookup_word(w) is None)

    def set_grammar(self, grammar: RecogniserGrammar) -> None:
        jsgf = Jsgf(grammar.jsgf)
        second = getattr(grammar, "second_jsgf", "")
        self._add_words(grammar, jsgf.words | (Jsgf(second).words if second else frozenset()))
        missing = [w for w in sorted(jsgf.words) if self._decoder.lookup_word(w) is None]
        text = jsgf.without_words(set(missing))  # GrammarError if nothing is left
        toprule = f"{jsgf.name}.{jsgf.top}" if jsgf.name else jsgf.top
        try:
            fsg = self._decoder.parse_jsgf(text.encode("utf-8"), toprule)
        except (ValueError, RuntimeError) as e:
            raise GrammarError("audio_pocketsphinx_grammar_unreadable", reason=e) from None
        self._counter += 1
        name = f"voicegame{self._counter}"
        try:
            self._decoder.add_fsg(name, fsg)
            self._decoder.activate_search(name)
        except (RuntimeError, KeyError) as e:
            raise GrammarError("audio_pocketsphinx_grammar_unusable", reason=e) from None
        if self._search is not None:
            try:
                self._decoder.remove_search(self._search)
            except KeyError:
                pass
        self._search = name
        self._set_prior(getattr(grammar, "second_jsgf", ""))
        self._garbage = frozenset(getattr(grammar, "garbage", ()))
        self._ends_early = frozenset(getattr(grammar, "ends_early", ()))
        self._choice_words = frozenset(getattr(grammar, "choice_words", ()))
        # matcher of the grammar as actually decoded (missing words voided)
        self._jsgf = Jsgf(text) if missing else jsgf
        self._jsgf.is_final("")  # builds its matchers now, before the player speaks
        self.missing = tuple(missing)
        if missing:
            log.warning("PocketSphinx dictionary lacks these grammar words: %s", ", ".join(missing))

    def _set_prior(self, text: str) -> None:
        """Decode ``text`` (``RecogniserGrammar.second_jsgf``) alongside the grammar from now on
        (``Heard.second``); "" stops it."""
        if not text:
            self._prior = None
            return
        import pocketsphinx

        if self._prior is None:
            hmm, dictionary = self._paths
            self._prior = new_decoder(pocketsphinx, hmm, dictionary, self.sample_rate,
                                      **{**self._prior_options, **self.SECOND_OPTIONS})
            for word in self._added:
                self._prior.add_word(word, self._decoder.lookup_word(word), False)
            self._prior_count = 0
        prior = Jsgf(text)
        prior.matches("")  # builds its matcher now, before the player speaks (70 ms of regex compiling)
        self._prior_jsgf = prior
        missing = {w for w in prior.words if self._prior.lookup_word(w) is None}
        try:
            fsg = self._prior.parse_jsgf(prior.without_words(missing).encode("utf-8"),
                                         f"{prior.name}.{prior.top}" if prior.name else prior.top)
            self._prior_count += 1
            name = f"prior{self._prior_count}"
            self._prior.add_fsg(name, fsg)
            self._prior.activate_search(name)
        except (ValueError, RuntimeError, KeyError, GrammarError) as e:
            log.warning("PocketSphinx could not use the prior grammar: %s", e)
            self._prior = None

    def _add_words(self, grammar: RecogniserGrammar, words: frozenset[str] | set[str]) -> None:
        """Teach every decoder the grammar's own pronunciations of words its dictionary lacks."""
        for word, phones in getattr(grammar, "pronunciations", ()):
            if word in words and self._decoder.lookup_word(word) is None:
                self._added.add(word)
                for decoder in self._decoders():
                    try:
                        decoder.add_word(word, phones, False)
                    except (RuntimeError, ValueError) as e:  # a phone the model lacks
                        log.warning("PocketSphinx could not add %r (%s): %s", word, phones, e)

    # -- audio
    def _noise_sigma(self, pcm: np.ndarray) -> float:
        """RMS of the noise that tops ``pcm``'s floor up (see ``noise_floor``; 0.0: none needed)."""
        return noise_sigma(pcm, self.sample_rate, self.dither, self.floor_db)

    def _top_up_noise(self, pcm: np.ndarray) -> np.ndarray:
        """``pcm`` with the noise floor ``recognise`` gives it (level taken from all of ``pcm``)."""
        return with_noise(pcm, self._noise_sigma(pcm), np.random.default_rng(self._rng_seed))

    def frame_score(self, decoder: Any = None) -> float:
        """The last decode's acoustic score per frame of its words (``pocketsphinx_checks.frame_score``)."""
        return frame_score(decoder or self._decoder)

    def uncovered_speech_ms_of(self, audio: np.ndarray) -> float:
        """How much loud audio the last decode put inside silence or filler segments, in ms
        (``pocketsphinx_checks.uncovered_speech_ms``)."""
        return uncovered_speech_ms(self._decoder, audio, self.sample_rate)

    def recognise(self, pcm: np.ndarray) -> Heard:
        """The whole utterance at once: ``begin``, ``feed`` and ``finish``, so it decodes exactly as
        the same audio streamed in blocks does."""
        self.begin()
        early, self._early = self._early, None  # nothing to win by starting early: all the audio is here
        try:
            self.feed(pcm)
            heard = self.finish()
        finally:
            self._early = early
        return heard if early is None else replace(heard, transcript=early.transcriber.on_demand(as_int16(pcm)))

    # -- streaming (see StreamingRecogniser)
    def begin(self) -> None:
        """Start an utterance (an unfinished one, e.g. audio thrown away while the game spoke, is
        dropped)."""
        if self._search is None:
            raise GrammarError("audio_pocketsphinx_no_grammar")
        self._close_utterance()
        self._held, self._sigma, self._decoded = [], None, []
        self._noise = np.random.default_rng(self._rng_seed)
        self.first_fit, self.second_fit = {}, {}
        self._in_utterance = True
        if self._early is not None:
            self._early.begin()

    def feed(self, pcm: np.ndarray) -> None:
        """More audio of the utterance. It is held back until ``LEVEL_SPEECH_MS`` of speech (or
        ``MAX_HOLD_MS`` of audio) has come, or ``finish``: the noise floor added to the utterance is
        set from that first stretch (and, the first time, the cepstral mean: see ``_settle``)."""
        if not self._in_utterance:
            self.begin()
        audio = as_int16(pcm)
        if self._early is not None:
            self._early.feed(audio)
        step = self.sample_rate // 10
        while self._sigma is None and len(audio):  # in 100 ms steps, so a whole utterance fed at
            self._held.append(audio[:step])       # once settles where the same audio streamed would
            audio = audio[step:]
            held = np.concatenate(self._held)
            self._held = [held]
            if speech_ms(held, self.sample_rate) >= self.LEVEL_SPEECH_MS or len(held) >= self.MAX_HOLD_MS * self.sample_rate // 1000:
                self._settle()
        if self._sigma is not None:
            self._push(audio)

    def finish(self) -> Heard:
        """End the utterance and say what was heard (checks included)."""
        if not self._in_utterance:
            return Heard("", None, True)
        if self._sigma is None:
            self._settle()
        self._close_utterance()
        audio = np.concatenate(self._decoded) if self._decoded else np.zeros(0, np.int16)
        self._decoded = []
        if len(audio) < self.sample_rate // 10:  # under 100 ms: nothing to decode
            return Heard("", None, True)
        heard = self._judge(audio)
        if self._early is not None:
            heard = replace(heard, transcript=self._early.finish(audio))
        return heard

    def _judge(self, audio: np.ndarray) -> Heard:
        """The decode just ended, checked: what ``finish`` returns."""
        second = self._second_text()
        clear = self._second_clear(second)
        hyp = self._decoder.hyp()
        text = " ".join(hyp.hypstr.split()) if hyp is not None else ""

        def rejected(check: str) -> Heard:
            return Heard("", None, True, second=second, second_clear=clear,
                         rejected_by=f"{check}: {text}" if text else check, rejected_text=text)

        self.first_fit = {"text": text}
        if not text:
            return rejected("no sentence")
        scored = self.min_frame_score is not None or self.doubt_frame_score is not None
        fits = word_fits(self._decoder) if scored or self.word_doubt_score is not None else []
        score = mean_fit(fits) if scored else None
        exact = self.second_fit.get("score")
        if score is not None and any(f.underflowed for f in fits) and self.second_fit.get("text") == text and isinstance(exact, float):
            # the bound is loose for a long word ("statistics", 120 frames: -6.2 against -11.3); the
            # second decode, read without a lattice, scored the same words exactly
            score = min(score, exact)
        self._note_first_fit(text, score, fits)
        if self._garbage and not self._garbage.isdisjoint(text.split()):
            return rejected("garbage")  # out-of-grammar speech (the garbage loop)
        if self.min_frame_score is not None and score is not None and score < self.min_frame_score:
            return rejected(f"score {score:.2f}")  # the words fit the audio badly: speech that is not a command
        if self.uncovered_speech_ms is not None and self.uncovered_speech_ms_of(audio) > self.uncovered_speech_ms:
            return rejected("speech left as silence")  # the hypothesis explains part of the speech as silence
        doubt = "weak fit" if self.doubt_frame_score is not None and score is not None and score < self.doubt_frame_score else ""
        if self.phone_loop is not None and self.phone_loop.too_many(text):
            if not self._second_agrees(text):
                return rejected(f"phone loop {self.phone_loop.heard_phones()}")  # much more speech than the command heard
            doubt = doubt or "phone loop"
        if not doubt and self.noisy_doubt_db is not None:
            level = speech_over_noise_db(audio, self.sample_rate)
            doubt = "noisy" if level is not None and level < self.noisy_doubt_db else ""
        if not doubt and self._weak_choice_word(fits):
            doubt = "weak word"
        alternatives = self._alternatives(text)
        rival = self._rival(text, score, second)
        behind = self._second_behind(text, score, second)
        complete = self._jsgf.matches(text) if self._jsgf is not None else None
        if complete is False:
            return Heard(text, 0.0, False, doubt or "incomplete", alternatives, second, clear, behind, rival=rival)
        try:
            conf = float(self._decoder.get_prob())
        except Exception:
            conf = None
        return Heard(text, conf, False, doubt, alternatives, second, clear, behind, rival=rival)

    def _rival(self, text: str, score: float | None, second: str | None) -> str:
        """``Heard.rival``: the second decode's raw sentence when the checks threw it out (``second``
        is "") but it fitted at least as well per frame as ``text`` and has other words."""
        raw, fit = self.second_fit.get("text"), self.second_fit.get("score")
        if second != "" or not isinstance(raw, str) or not raw or not isinstance(fit, float) or score is None:
            return ""
        words = [w for w in raw.split() if w != "the"]
        return raw if fit >= score and words != [w for w in text.split() if w != "the"] else ""

    def _second_behind(self, text: str, score: float | None, second: str | None) -> bool:
        """``Heard.second_behind``: the second decode heard another sentence, fitting worse than ``text``
        by more than ``SECOND_BEHIND`` per frame."""
        fit = self.second_fit.get("score")
        return (bool(second) and second != text and score is not None and isinstance(fit, float)
                and fit < score - self.SECOND_BEHIND)

    def _second_clear(self, second: str | None) -> bool:
        """``Heard.second_clear``: the second decode's sentence passed its checks and fits at least at
        ``second_clear_score`` per frame."""
        fit = self.second_fit.get("score")
        return (bool(second) and self.second_clear_score is not None and isinstance(fit, float)
                and fit >= self.second_clear_score)

    def _second_agrees(self, text: str) -> bool:
        """Whether the second decode found ``text`` too, fitting at least at the doubt level, with the
        phone loop at most ``AGREED_SLACK`` phones over its limit (see there)."""
        fit = self.second_fit.get("score")
        return (self.second_fit.get("text") == text and isinstance(fit, float) and self.phone_loop is not None
                and fit >= (self.doubt_frame_score if self.doubt_frame_score is not None else self.MIN_FRAME_SCORE)
                and not self.phone_loop.too_many(text, slack=pocketsphinx_phone_loop.AGREED_SLACK))

    def _weak_choice_word(self, fits: list[WordFit]) -> str:
        """A word of the first decode that names a card or a place (``RecogniserGrammar.choice_words``)
        and fits the audio under ``word_doubt_score`` per frame ("" none)."""
        level = self.word_doubt_score
        for fit in fits:
            if level is not None and fit.per_frame < level and fit.word.split("(")[0] in self._choice_words:
                return fit.word
        return ""

    def _note_first_fit(self, text: str, score: float | None, fits: list[WordFit]) -> None:
        """``first_fit``'s score, words and phone counts (cheap: the decode and the loop are done)."""
        if score is not None:
            self.first_fit["score"] = round(score, 3)
            self.first_fit["words"] = [(f.word, f.frames, round(f.per_frame, 2)) for f in fits]
        if self.phone_loop is not None:
            self.first_fit["phones"] = (self.phone_loop.heard_phones(), self.phone_loop.expected_phones(text))

    def _second_text(self) -> str | None:
        """What the second decode heard (None: there is none), "" when it fails the same acoustic
        checks as the first (score per frame, phone count): a whole sentence in the second grammar
        only counts when it fits the audio as well as a command must."""
        if self._prior is None:
            return None
        hyp = self._prior.hyp()
        text = " ".join(hyp.hypstr.split()) if hyp is not None else ""
        self.second_fit = {"text": text}
        if not text:
            return ""
        self.second_fit["score"] = round(self.frame_score(self._prior), 3)
        if self.phone_loop is not None:
            self.second_fit["phones"] = (self.phone_loop.heard_phones(), self.phone_loop.expected_phones(text))
        if self._prior_jsgf is not None and not self._prior_jsgf.matches(text):
            return ""  # an incomplete path ("more" of "more cards"): no sentence of the language
        if self.min_frame_score is not None and self.frame_score(self._prior) < self.min_frame_score:
            return ""
        if self.phone_loop is not None and self.phone_loop.too_many(text):
            return ""
        return text

    def _alternatives(self, text: str) -> tuple[str, ...]:
        """Other texts among the first ``nbest`` entries of the decoder's n-best list, best first."""
        if not self.nbest:
            return ()
        out: list[str] = []
        try:
            for i, entry in enumerate(self._decoder.nbest()):
                if i >= self.nbest:
                    break
                other = " ".join(entry.hypstr.split())
                if other and other != text and other not in out and self._garbage.isdisjoint(other.split()):
                    out.append(other)
        except Exception:  # no lattice (an empty utterance)
            return ()
        return tuple(out)

    def sounds_complete(self) -> bool:
        """Whether the words decoded so far make a whole command that nothing in the grammar can
        follow ("undo", "six of diamonds on seven of clubs"; not "six of diamonds"), or only words
        that mean the same (``RecogniserGrammar.ends_early``: "draw", "draw cards"): asked by the
        endpointer at a short pause, so the game need not wait out the whole trailing silence."""
        if not self._in_utterance or self._jsgf is None:
            return False
        if self._sigma is None:
            self._settle()  # a pause after a short word: what is held is all there is so far
        hyp = self._decoder.hyp()
        text = " ".join(hyp.hypstr.split()) if hyp is not None else ""
        return bool(text) and (text in self._ends_early or bool(self._jsgf.is_final(text)))

    def _decoders(self) -> list:
        loop = self.phone_loop.decoder if self.phone_loop is not None else None
        return [self._decoder] + [d for d in (loop, self._prior) if d is not None]

    def _close_utterance(self) -> None:
        if self._in_utterance and self._sigma is not None:
            for decoder in self._decoders():
                decoder.end_utt()
        self._in_utterance = False

    def _settle(self) -> None:
        """Fix the utterance's noise floor from the audio held so far, and start decoding.

        Cepstral mean: the model normalises with the mean of a whole utterance ("cmn batch");
        decoding while the audio arrives, pocketsphinx normalises with the mean it kept from the
        utterances before instead, and before the first utterance it has only a default far from
        espeak-ng's or a microphone's (a first "six of diamonds on seven of spades" came out as
        "three"). So the mean of the held stretch is measured (by ``self._features``, a decoder
        with a one-word grammar and narrow beams: 3 ms per second of audio) and set before
        decoding the first time; later it is mixed with the kept one by ``PREFIX_MEAN_WEIGHT``
        (0 by default: the kept mean decodes a real session best)."""
        held = np.concatenate(self._held) if self._held else np.zeros(0, np.int16)
        self._held = []
        self._sigma = self._noise_sigma(held)
        held = self._add_noise(held)
        if len(held) and (not self._mean_known or self.PREFIX_MEAN_WEIGHT):
            mean = cepstral_mean(self._features, held)
            if self._mean_known:
                w = self.PREFIX_MEAN_WEIGHT
                kept = [float(v) for v in self._decoder.get_cmn(False).split(",")]
                mean = ",".join(f"{w * float(a) + (1 - w) * b:.4f}" for a, b in zip(mean.split(","), kept))
            for decoder in self._decoders():
                decoder.set_cmn(mean)
            self._mean_known = True
        for decoder in self._decoders():
            decoder.start_utt()
        self._push(held, noisy=True)

    def _add_noise(self, audio: np.ndarray) -> np.ndarray:
        return with_noise(audio, self._sigma or 0.0, self._noise)

    def _push(self, audio: np.ndarray, noisy: bool = False) -> None:
        if len(audio) == 0:
            return
        audio = audio if noisy else self._add_noise(audio)
        self._decoded.append(audio)
        data = audio.tobytes()
        for decoder in self._decoders():
            decoder.process_raw(data, no_search=False, full_utt=False)

    def phone_count_ratio(self, audio: np.ndarray, text: str) -> float:
        """Phones a free phone loop hears in ``audio`` (int16, noise topped up), silence and noise
        tokens excluded, over the phones of ``text``'s dictionary pronunciation (decodes ``audio``
        again; ``finish`` uses the phone loop that ran alongside the grammar)."""
        assert self.phone_loop is not None  # the phone loop runs only when phone_ratio is set
        decode_whole(self.phone_loop.decoder, audio)
        return self.phone_loop.heard_phones() / max(1, self.phone_loop.expected_phones(text))
