"""PocketSphinx, the recogniser that works right after ``pip install`` (its English model ships in the
wheel), driven by the game's JSGF grammar, with the checks that reject speech that is not a command.

This module decodes (grammar, streaming, the result); its parts live beside it: the levels it
decides by in ``thresholds``, the checks of a finished decode as a table in
``verdicts``, the fit measures they read (score per frame, speech left as silence) in
``checks``, the phone loop in ``phone_loop``, the second grammar's decode
in ``second``, the model files and decoders in ``model`` and the noise
floor added to the audio in ``capture.noise_floor``.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import numpy as np

from ..backend import DecodeEvidence, Heard, as_int16, grammar_words
from ..capture.noise_floor import UtteranceNoise, speech_ms
from ..errors import GrammarError, RecogniserUnavailable
from ..grammar_spec import RecogniserGrammar
from ..jsgf import Jsgf
from .checks import frame_score, mean_fit, uncovered_speech_ms, word_fits
from .model import cepstral_mean, decode_whole, feature_decoder, new_decoder, phone_loop_decoder
from .phone_loop import PhoneLoop
from .second import SECOND_OPTIONS, SecondDecode
from .thresholds import PocketSphinxThresholds
from .verdicts import Decode, GrammarWords, checks_for, judge

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
    So ``recognise`` tops the audio's noise floor up to ``thresholds.dither`` (RMS, in LSB; default
    32, about -60 dBFS) or to ``thresholds.floor_db`` below the speech level, whichever is higher: it
    measures the quietest 10 ms frames and adds deterministic Gaussian noise only as much as is
    missing, so a real microphone's own noise is not doubled. Both levels are measured on the
    utterance's first stretch (``LEVEL_SPEECH_MS``), so that decoding can start while the player is
    still speaking. ``dither=0`` and ``floor_db=None`` turn it off. The
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

    MAX_HOLD_MS = 1000
    """Streaming: decoding starts after this much audio at the latest, speech or not (in loud noise
    few frames stand 10 dB over the floor, and holding everything to the end made decoding at
    white noise 10 dB SNR take 158 ms after the end instead of about 10)."""

    def __init__(self, thresholds: PocketSphinxThresholds | None = None, *, sample_rate: int = 16000,
                 hmm: str | None = None, dictionary: str | None = None,
                 **options: object):
        """``thresholds``: the levels of the noise floor and of the checks (``PocketSphinxThresholds``;
        None: its defaults, every check off; ``listening_thresholds()``: the game's). ``options``:
        further pocketsphinx Decoder settings, over ``DECODER_OPTIONS``. Whisper's second opinion is
        added around it (``whisper.second_opinion.with_transcriber``), as around every recogniser."""
        try:
            import pocketsphinx
        except Exception:  # ImportError, or a broken binary wheel
            raise RecogniserUnavailable("audio_pocketsphinx_not_installed") from None
        self.thresholds = thresholds if thresholds is not None else PocketSphinxThresholds()
        self.sample_rate = int(sample_rate)
        self._options = {**self.DECODER_OPTIONS, **options}
        self._paths = (hmm, dictionary)
        try:
            self._decoder = new_decoder(pocketsphinx, hmm, dictionary, self.sample_rate, **self._options)
            self._features = feature_decoder(pocketsphinx, hmm, dictionary, self.sample_rate)
        except Exception as e:
            raise RecogniserUnavailable("audio_pocketsphinx_failed", reason=e) from None
        self.phone_loop = self._phone_loop(pocketsphinx)
        self._second = SecondDecode(self._new_second_decoder, self.thresholds, self.phone_loop)
        self._checks = checks_for(self.thresholds, self.phone_loop, self._second)
        self._added: set[str] = set()
        self._words = GrammarWords()
        self._search: str | None = None
        self._counter = 0
        self._jsgf: Jsgf | None = None
        self.missing: tuple[str, ...] = ()
        self._in_utterance = False
        self._mean_known = False  # has a cepstral mean been measured on this input yet?
        self._held: list[np.ndarray] = []
        self._noise = UtteranceNoise(self.sample_rate, self.thresholds.dither, self.thresholds.floor_db)
        self._decoded: list[np.ndarray] = []
        self.first_fit: dict[str, object] = {}
        """How the last (first) decode fitted the audio whether or not a check rejected it: its raw text,
        score per frame, phones heard by the loop and expected; for benches sweeping the checks' levels."""

    def _phone_loop(self, pocketsphinx: Any) -> PhoneLoop | None:
        """The phone-loop check's decoder, when ``thresholds.phone_ratio`` turns it on."""
        t = self.thresholds
        if t.phone_ratio is None:
            return None
        hmm, dictionary = self._paths
        try:
            loop = phone_loop_decoder(pocketsphinx, hmm, dictionary, self.sample_rate)
        except Exception as e:
            raise RecogniserUnavailable("audio_pocketsphinx_phone_loop_failed", reason=e) from None
        return PhoneLoop(loop, self._decoder.lookup_word, t.phone_ratio, t.phone_check_up_to)

    def _new_second_decoder(self) -> Any:
        """A decoder for the second decode, knowing the words the grammars taught the first."""
        import pocketsphinx

        hmm, dictionary = self._paths
        decoder = new_decoder(pocketsphinx, hmm, dictionary, self.sample_rate, **{**self._options, **SECOND_OPTIONS})
        for word in self._added:
            decoder.add_word(word, self._decoder.lookup_word(word), False)
        return decoder

    @property
    def second_fit(self) -> dict[str, object]:
        """How the last second decode fitted the audio (``SecondDecode.fit``)."""
        return self._second.fit

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
        self._activate(text, f"{jsgf.name}.{jsgf.top}" if jsgf.name else jsgf.top)
        self._second.set_grammar(second)
        self._words = GrammarWords.of(grammar)
        # matcher of the grammar as actually decoded (missing words voided)
        self._jsgf = Jsgf(text) if missing else jsgf
        self._jsgf.is_final("")  # builds its matchers now, before the player speaks
        self.missing = tuple(missing)
        if missing:
            log.warning("PocketSphinx dictionary lacks these grammar words: %s", ", ".join(missing))

    def _activate(self, text: str, toprule: str) -> None:
        """Decode with the JSGF ``text`` from now on, in place of the grammar before."""
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
    def _top_up_noise(self, pcm: np.ndarray) -> np.ndarray:
        """``pcm`` with the noise floor ``recognise`` gives it (level taken from all of ``pcm``)."""
        return self._noise.topped_up(pcm)

    def frame_score(self, decoder: Any = None) -> float:
        """The last decode's acoustic score per frame of its words (``checks.frame_score``)."""
        return frame_score(decoder or self._decoder)

    def uncovered_speech_ms_of(self, audio: np.ndarray) -> float:
        """How much loud audio the last decode put inside silence or filler segments, in ms
        (``checks.uncovered_speech_ms``)."""
        return uncovered_speech_ms(self._decoder, audio, self.sample_rate)

    def recognise(self, pcm: np.ndarray) -> Heard:
        """The whole utterance at once: ``begin``, ``feed`` and ``finish``, so it decodes exactly as
        the same audio streamed in blocks does."""
        self.begin()
        self.feed(pcm)
        return self.finish()

    # -- streaming (see StreamingRecogniser)
    def begin(self) -> None:
        """Start an utterance (an unfinished one, e.g. audio thrown away while the game spoke, is
        dropped)."""
        if self._search is None:
            raise GrammarError("audio_pocketsphinx_no_grammar")
        self._close_utterance()
        self._held, self._decoded = [], []
        self._noise.begin()
        self.first_fit, self._second.fit = {}, {}
        self._in_utterance = True

    def feed(self, pcm: np.ndarray) -> None:
        """More audio of the utterance. It is held back until ``LEVEL_SPEECH_MS`` of speech (or
        ``MAX_HOLD_MS`` of audio) has come, or ``finish``: the noise floor added to the utterance is
        set from that first stretch (and, the first time, the cepstral mean: see ``_settle``)."""
        if not self._in_utterance:
            self.begin()
        audio = as_int16(pcm)
        step = self.sample_rate // 10
        while self._noise.sigma is None and len(audio):  # in 100 ms steps, so a whole utterance fed at
            self._held.append(audio[:step])       # once settles where the same audio streamed would
            audio = audio[step:]
            held = np.concatenate(self._held)
            self._held = [held]
            if speech_ms(held, self.sample_rate) >= self.LEVEL_SPEECH_MS or len(held) >= self.MAX_HOLD_MS * self.sample_rate // 1000:
                self._settle()
        if self._noise.sigma is not None:
            self._push(audio)

    def finish(self) -> Heard:
        """End the utterance and say what was heard (checks included)."""
        if not self._in_utterance:
            return Heard("", None, True)
        if self._noise.sigma is None:
            self._settle()
        self._close_utterance()
        audio = np.concatenate(self._decoded) if self._decoded else np.zeros(0, np.int16)
        self._decoded = []
        if len(audio) < self.sample_rate // 10:  # under 100 ms: nothing to decode
            return Heard("", None, True)
        return self._judge(audio)

    def _judge(self, audio: np.ndarray) -> Heard:
        """The decode just ended, checked (``verdicts``): what ``finish`` returns."""
        second = self._second.heard()
        decode = self._decode(audio)
        self.first_fit = self._fit_of(decode)
        verdict = judge(self._checks, decode)
        evidence = DecodeEvidence(second, self._second.clear(second))
        text = decode.text
        if verdict.rejected_by:
            return Heard("", None, True, evidence=replace(
                evidence, rejected_by=f"{verdict.rejected_by}: {text}" if text else verdict.rejected_by,
                rejected_text=text))
        evidence = replace(evidence, second_behind=self._second.behind(text, decode.score, second),
                           rival=self._second.rival(text, decode.score, second))
        alternatives = self._alternatives(text)
        if self._jsgf is not None and self._jsgf.matches(text) is False:
            return Heard(text, 0.0, False, verdict.doubt or "incomplete", alternatives, evidence)
        try:
            conf = float(self._decoder.get_prob())
        except Exception:
            conf = None
        return Heard(text, conf, False, verdict.doubt, alternatives, evidence)

    def _decode(self, audio: np.ndarray) -> Decode:
        """The first decode's sentence and its fit, as the checks read them."""
        hyp = self._decoder.hyp()
        text = " ".join(hyp.hypstr.split()) if hyp is not None else ""
        decode = Decode(text, audio, self.sample_rate, self._decoder, words=self._words)
        t = self.thresholds
        if not text or not (t.scored or t.word_doubt_score is not None):
            return decode
        fits = word_fits(self._decoder)
        score = mean_fit(fits) if t.scored else None
        exact = self._second.exact_score(text)
        if score is not None and exact is not None and any(f.underflowed for f in fits):
            # the bound is loose for a long word ("statistics", 120 frames: -6.2 against -11.3); the
            # second decode, read without a lattice, scored the same words exactly
            score = min(score, exact)
        return replace(decode, fits=tuple(fits), score=score)

    def _fit_of(self, decode: Decode) -> dict[str, object]:
        """``first_fit``: the text, score, words and phone counts (cheap: the decode and the loop are done)."""
        fit: dict[str, object] = {"text": decode.text}
        if not decode.text:
            return fit
        if decode.score is not None:
            fit["score"] = round(decode.score, 3)
            fit["words"] = [(f.word, f.frames, round(f.per_frame, 2)) for f in decode.fits]
        if self.phone_loop is not None:
            fit["phones"] = (self.phone_loop.heard_phones(), self.phone_loop.expected_phones(decode.text))
        return fit

    def _alternatives(self, text: str) -> tuple[str, ...]:
        """Other texts among the first ``nbest`` entries of the decoder's n-best list, best first."""
        nbest = self.thresholds.nbest
        if not nbest:
            return ()
        out: list[str] = []
        try:
            for i, entry in enumerate(self._decoder.nbest()):
                if i >= nbest:
                    break
                other = " ".join(entry.hypstr.split())
                if other and other != text and other not in out and self._words.garbage.isdisjoint(other.split()):
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
        if self._noise.sigma is None:
            self._settle()  # a pause after a short word: what is held is all there is so far
        hyp = self._decoder.hyp()
        text = " ".join(hyp.hypstr.split()) if hyp is not None else ""
        return bool(text) and (text in self._words.ends_early or bool(self._jsgf.is_final(text)))

    def _decoders(self) -> list:
        loop = self.phone_loop.decoder if self.phone_loop is not None else None
        return [self._decoder] + [d for d in (loop, self._second.decoder) if d is not None]

    def _close_utterance(self) -> None:
        if self._in_utterance and self._noise.sigma is not None:
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
        held = self._noise.fix(held)
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

    def _push(self, audio: np.ndarray, noisy: bool = False) -> None:
        if len(audio) == 0:
            return
        audio = audio if noisy else self._noise.added(audio)
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
