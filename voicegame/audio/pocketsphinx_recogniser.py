"""PocketSphinx, the recogniser that works right after ``pip install`` (its English model ships in the
wheel), driven by the game's JSGF grammar, with the checks that reject speech that is not a command."""

from __future__ import annotations

import logging
import math
from typing import Any

import numpy as np

from .backend import Heard, _as_int16, _grammar_words
from .errors import GrammarError, RecogniserUnavailable
from .grammar_spec import RecogniserGrammar
from .jsgf import Jsgf
from .levels import frame_powers

log = logging.getLogger(__name__)


def _is_filler(word: str) -> bool:
    """PocketSphinx's non-words in a segmentation: <sil>, <s>, </s>, [NOISE], +SMACK+ ..."""
    return word.startswith(("<", "[", "+"))


def _with_noise(audio: np.ndarray, sigma: float, rng: np.random.Generator) -> np.ndarray:
    """``audio`` plus Gaussian noise of RMS ``sigma`` (unchanged when ``sigma`` is 0)."""
    if not sigma or len(audio) == 0:
        return audio
    noise = rng.normal(0.0, sigma, len(audio))
    return np.clip(np.round(audio.astype(np.float64) + noise), -32768, 32767).astype(np.int16)


def _feature_decoder(pocketsphinx, hmm: str | None, dictionary: str | None, sample_rate: int):
    """A decoder that only measures features (its grammar is one word, its beams narrow)."""
    decoder = pocketsphinx.Decoder(
        hmm=hmm or pocketsphinx.get_model_path("en-us/en-us"),
        dict=dictionary or pocketsphinx.get_model_path("en-us/cmudict-en-us.dict"),
        lm=None, samprate=sample_rate, loglevel="FATAL", beam=1e-5, pbeam=1e-5, wbeam=1e-5)
    decoder.add_fsg("features", decoder.parse_jsgf(b"#JSGF V1.0;\ngrammar f;\npublic <w> = a;\n", "f.w"))
    decoder.activate_search("features")
    return decoder


def _cepstral_mean(decoder, audio: np.ndarray) -> str:
    """The cepstral mean of ``audio`` as pocketsphinx computes it for a whole utterance (features
    only, no search), in the form ``Decoder.set_cmn`` takes."""
    decoder.start_utt()
    try:
        decoder.process_raw(audio.tobytes(), no_search=True, full_utt=True)
    finally:
        decoder.end_utt()
    return decoder.get_cmn(False)


def _decode(decoder, audio: np.ndarray):
    """One whole utterance through a pocketsphinx decoder; its hypothesis (None if none)."""
    decoder.start_utt()
    try:
        decoder.process_raw(audio.tobytes(), no_search=False, full_utt=True)
    finally:
        decoder.end_utt()
    return decoder.hyp()


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

    PHONE_RATIO = 1.1
    """``make_recogniser``'s out-of-grammar check: reject when a free phone loop (allphone search)
    hears more than 1.1 times as many phones as the grammar hypothesis has (non-command sentences
    decoded as a short command). Measured 2026-11-22, 2 voices x clean/white 10 dB, 114 commands and
    40 non-commands each: false accepts 58/160 -> 16/160, 2 of 360 right commands lost (sweep in
    bench/RESULTS.md "ASR"). Off (None) by default in the class, like NARROW_BEAMS."""

    PHONE_CHECK_UP_TO = 15
    """The phone loop runs only when the hypothesis's pronunciation has at most this many phones: the
    false accepts it catches are short commands heard in longer speech (of 41 caught, measured
    2026-11-22, all but 3 had 3-9 phones, the longest 14), while the full moves ("move six of diamonds
    on seven of clubs", 16-28 phones) are half of the commands. Skipping them halved the median
    latency (about 100 -> 55 ms); right commands 357 -> 356 of 456 and false accepts 16 -> 17 of 160,
    both from the history effect noted in ``_too_many_phones`` (bench/RESULTS.md "ASR"). None: always
    run it. Since decoding streams, the phone loop runs alongside the grammar while the player speaks,
    so the check costs no latency either way; the limit is kept for its measured accuracy."""

    FLOOR_DB = 30.0
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

    DOUBT_FRAME_SCORE = -7.3
    """``make_recogniser``'s doubt level: a hypothesis scoring between ``MIN_FRAME_SCORE`` and this per
    frame is returned with ``Heard.doubt`` ("weak fit"), and a command it would change the game with
    is confirmed first. From the sweep under ``MIN_FRAME_SCORE`` (listening grammar of session 4):
    between -7.9 and -7.3 lie 50 of 1,157 right commands (4%) and 14 of the 23 false accepts left.
    Measured again with the whole-language grammar in bench/heard.py (bench/RESULTS.md "ASR")."""

    NBEST = 10
    """``make_recogniser``: n-best entries looked at for a close second hypothesis (``Heard.alternatives``)."""

    MAX_HOLD_MS = 1000
    """Streaming: decoding starts after this much audio at the latest, speech or not (in loud noise
    few frames stand 10 dB over the floor, and holding everything to the end made decoding at
    white noise 10 dB SNR take 158 ms after the end instead of about 10)."""

    UNCOVERED_SPEECH_MS = 150
    """``make_recogniser``'s coverage check: reject a hypothesis that leaves more than this much
    loud audio (frames in the upper half of the utterance's dB range) inside its silence and filler
    segments: the decoder explained speech as silence, as it does when it forces a long sentence onto
    a short command ("can you call my mother" -> "undo" + silence). Measured 2026-11-22 (2 voices x
    clean/white 10 dB, 456 commands, 160 non-commands, offline on the same decodes): alone it cost 1
    right command and caught 56 of 129 false accepts; on top of the phone loop it cost none more and
    cut the false accepts left from 52 to 46. It needs no second decode."""

    MIN_FRAME_SCORE = -7.9
    """``make_recogniser``'s acoustic check: reject a hypothesis whose words' acoustic score averages
    under this per frame (natural log, senone scores relative to the best of *all* senones in the
    frame, which is why ``listening_pocketsphinx`` sets ``compallsen``: relative to the best *active*
    senone, as by default, the score says nothing). Silence frames are left out (``frame_score``), so
    the padding around a command does not move it. Speech that is not a command, forced onto the
    grammar, fits worse. Measured 2026-11-22 with bench/asr_checks.py (4 voices x clean/white
    20/white 10 dB: 1,157 commands decoded right, 480 non-commands, with the other two checks):

    ==========  =====================  ==================
    threshold   right commands lost    false accepts left
    ==========  =====================  ==================
    none        12                     76
    **-7.9**    18                     23
    -7.7        26                     15
    -7.5        37                     13
    -7.3        68                     9
    ==========  =====================  ==================

    In bench/session.py's conditions (endpointed audio with room noise) right commands scored -7.6
    at worst (180 of 189). The price is ``compallsen``: scoring every senone doubles decoding time
    (44 -> 103 ms median for a grammar decode here); ``audio.acoustic_check = false`` turns it off.
    Since decoding streams (session 3) that time is spent while the player speaks, not after."""

    def __init__(self, sample_rate: int = 16000, dither: float = 32.0, hmm: str | None = None,
                 dictionary: str | None = None, phone_ratio: float | None = None,
                 phone_check_up_to: int | None = PHONE_CHECK_UP_TO, floor_db: float | None = FLOOR_DB,
                 uncovered_speech_ms: float | None = None, min_frame_score: float | None = None,
                 doubt_frame_score: float | None = None, nbest: int = 0,
                 **options: object):
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
        among them as ``Heard.alternatives`` (0: none)."""
        try:
            import pocketsphinx
        except Exception:  # ImportError, or a broken binary wheel
            raise RecogniserUnavailable("PocketSphinx is not installed, so I cannot listen with it.") from None
        self.sample_rate = int(sample_rate)
        self.dither = float(dither)
        self.floor_db = floor_db
        self.uncovered_speech_ms = uncovered_speech_ms
        self.min_frame_score = min_frame_score
        self.doubt_frame_score = doubt_frame_score
        self.nbest = nbest
        try:
            self._decoder = pocketsphinx.Decoder(
                hmm=hmm or pocketsphinx.get_model_path("en-us/en-us"),
                dict=dictionary or pocketsphinx.get_model_path("en-us/cmudict-en-us.dict"),
                lm=None,
                samprate=self.sample_rate,
                loglevel="FATAL",
                **{**self.DECODER_OPTIONS, **options},
            )
        except Exception as e:
            raise RecogniserUnavailable(f"PocketSphinx could not start: {e}.") from None
        try:
            self._features = _feature_decoder(pocketsphinx, hmm, dictionary, self.sample_rate)
        except Exception as e:
            raise RecogniserUnavailable(f"PocketSphinx could not start: {e}.") from None
        self.phone_ratio = phone_ratio
        self.phone_check_up_to = phone_check_up_to
        self._phones = None
        if phone_ratio is not None:
            try:
                self._phones = pocketsphinx.Decoder(
                    hmm=hmm or pocketsphinx.get_model_path("en-us/en-us"),
                    dict=dictionary or pocketsphinx.get_model_path("en-us/cmudict-en-us.dict"),
                    lm=None, allphone=pocketsphinx.get_model_path("en-us/en-us-phone.lm.bin"),
                    samprate=self.sample_rate, loglevel="FATAL", beam=1e-20, pbeam=1e-20)
            except Exception as e:
                raise RecogniserUnavailable(f"PocketSphinx could not start its phone loop: {e}.") from None
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

    # -- grammar
    def missing_words(self, grammar: RecogniserGrammar) -> list[str]:
        """Grammar words that neither the pronouncing dictionary nor the grammar's own
        pronunciations have, sorted."""
        own = {word for word, _ in getattr(grammar, "pronunciations", ())}
        return sorted(w for w in _grammar_words(grammar) if w not in own and self._decoder.lookup_word(w) is None)

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
            raise GrammarError(f"PocketSphinx could not read the grammar: {e}.") from None
        self._counter += 1
        name = f"voicegame{self._counter}"
        try:
            self._decoder.add_fsg(name, fsg)
            self._decoder.activate_search(name)
        except (RuntimeError, KeyError) as e:
            raise GrammarError(f"PocketSphinx could not use the grammar: {e}.") from None
        if self._search is not None:
            try:
                self._decoder.remove_search(self._search)
            except KeyError:
                pass
        self._search = name
        self._set_prior(getattr(grammar, "second_jsgf", ""))
        self._garbage = frozenset(getattr(grammar, "garbage", ()))
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
            self._prior = pocketsphinx.Decoder(
                hmm=hmm or pocketsphinx.get_model_path("en-us/en-us"),
                dict=dictionary or pocketsphinx.get_model_path("en-us/cmudict-en-us.dict"),
                lm=None, samprate=self.sample_rate, loglevel="FATAL", **self._prior_options)
            for word in self._added:
                self._prior.add_word(word, self._decoder.lookup_word(word), False)
            self._prior_count = 0
        prior = Jsgf(text)
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
        """RMS of the noise to add so that ``pcm``'s floor reaches the target (0.0: none needed)."""
        if (self.dither <= 0 and self.floor_db is None) or len(pcm) == 0:
            return 0.0
        powers = frame_powers(pcm, self.sample_rate)
        floor = float(np.percentile(powers, 5))
        target = self.dither**2
        if self.floor_db is not None:
            target = max(target, float(np.percentile(powers, 95)) / 10 ** (self.floor_db / 10))
        if floor >= 0.8 * target:  # within 1 dB: the floor is there already (a microphone's, or ours)
            return 0.0
        return float(np.sqrt(target - floor))

    def _top_up_noise(self, pcm: np.ndarray) -> np.ndarray:
        """``pcm`` with the noise floor ``recognise`` gives it (level taken from all of ``pcm``)."""
        return _with_noise(pcm, self._noise_sigma(pcm), np.random.default_rng(self._rng_seed))

    def frame_score(self, decoder=None) -> float:
        """The last decode's acoustic score per frame of its *words* (natural log). Silence and filler
        segments are left out: how much silence surrounds a command (the endpointer's padding, a
        pause) must not move the score. Segments whose score underflowed to 0.0 in pocketsphinx's
        exp'd float are left out too rather than counted as impossible."""
        total, frames = 0.0, 0
        for seg in (decoder or self._decoder).seg():
            if seg.ascore > 0.0 and not _is_filler(seg.word):
                total += math.log(seg.ascore)
                frames += seg.end_frame - seg.start_frame + 1
        return total / frames if frames else 0.0

    def uncovered_speech_ms_of(self, audio: np.ndarray) -> float:
        """How much loud audio the last decode put inside silence or filler segments, in ms.

        Loud: frames above the middle of the utterance's dB range (10th to 98th percentile), which
        separates speech from the noise floor in clean and moderately noisy audio alike."""
        db = 10 * np.log10(frame_powers(audio, self.sample_rate) + 1.0)
        low, high = np.percentile(db, 10), np.percentile(db, 98)
        loud = db > low + 0.5 * (high - low)
        silent = np.zeros(len(db), bool)
        for seg in self._decoder.seg():
            if _is_filler(seg.word):
                silent[max(0, seg.start_frame): seg.end_frame + 1] = True
        return 10.0 * float((loud & silent).sum())

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
            raise GrammarError("PocketSphinx has no grammar yet.")
        self._close_utterance()
        self._held, self._sigma, self._decoded = [], None, []
        self._noise = np.random.default_rng(self._rng_seed)
        self._in_utterance = True

    def feed(self, pcm: np.ndarray) -> None:
        """More audio of the utterance. It is held back until ``LEVEL_SPEECH_MS`` of speech (or
        ``MAX_HOLD_MS`` of audio) has come, or ``finish``: the noise floor added to the utterance is
        set from that first stretch (and, the first time, the cepstral mean: see ``_settle``)."""
        if not self._in_utterance:
            self.begin()
        audio = _as_int16(pcm)
        step = self.sample_rate // 10
        while self._sigma is None and len(audio):  # in 100 ms steps, so a whole utterance fed at
            self._held.append(audio[:step])       # once settles where the same audio streamed would
            audio = audio[step:]
            held = np.concatenate(self._held)
            self._held = [held]
            if self._speech_ms(held) >= self.LEVEL_SPEECH_MS or len(held) >= self.MAX_HOLD_MS * self.sample_rate // 1000:
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
        second = self._second_text()
        rejected = Heard("", None, True, second=second)
        hyp = self._decoder.hyp()
        text = " ".join(hyp.hypstr.split()) if hyp is not None else ""
        if not text or (self._garbage and not self._garbage.isdisjoint(text.split())):
            return rejected  # nothing, or out-of-grammar speech (the garbage loop)
        score = self.frame_score() if self.min_frame_score is not None or self.doubt_frame_score is not None else None
        if self.min_frame_score is not None and score is not None and score < self.min_frame_score:
            return rejected  # the words fit the audio badly: speech that is not a command
        if self.uncovered_speech_ms is not None and self.uncovered_speech_ms_of(audio) > self.uncovered_speech_ms:
            return rejected  # the hypothesis explains part of the speech as silence
        if self._phones is not None and self._too_many_phones(text):
            return rejected  # the audio holds much more speech than the command heard
        doubt = "weak fit" if self.doubt_frame_score is not None and score is not None and score < self.doubt_frame_score else ""
        alternatives = self._alternatives(text)
        complete = self._jsgf.matches(text) if self._jsgf is not None else None
        if complete is False:
            return Heard(text, 0.0, False, doubt or "incomplete", alternatives, second)
        try:
            conf = float(self._decoder.get_prob())
        except Exception:
            conf = None
        return Heard(text, conf, False, doubt, alternatives, second)

    def _second_text(self) -> str | None:
        """What the second decode heard (None: there is none), "" when it fails the same acoustic
        checks as the first (score per frame, phone count): a whole sentence in the second grammar
        only counts when it fits the audio as well as a command must."""
        if self._prior is None:
            return None
        hyp = self._prior.hyp()
        text = " ".join(hyp.hypstr.split()) if hyp is not None else ""
        if not text:
            return ""
        if self._prior_jsgf is not None and not self._prior_jsgf.matches(text):
            return ""  # an incomplete path ("more" of "more cards"): no sentence of the language
        if self.min_frame_score is not None and self.frame_score(self._prior) < self.min_frame_score:
            return ""
        if self._phones is not None and self._too_many_phones(text):
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
                if other and other != text and other not in out and not (self._garbage & set(other.split())):
                    out.append(other)
        except Exception:  # no lattice (an empty utterance)
            return ()
        return tuple(out)

    def sounds_complete(self) -> bool:
        """Whether the words decoded so far make a whole command that nothing in the grammar can
        follow ("draw", "six of diamonds on seven of clubs"; not "six of diamonds"): asked by the
        endpointer at a short pause, so the game need not wait out the whole trailing silence."""
        if not self._in_utterance or self._jsgf is None:
            return False
        if self._sigma is None:
            self._settle()  # a pause after a short word: what is held is all there is so far
        hyp = self._decoder.hyp()
        text = " ".join(hyp.hypstr.split()) if hyp is not None else ""
        return bool(text) and bool(self._jsgf.is_final(text))

    def _decoders(self) -> list:
        return [self._decoder] + [d for d in (self._phones, self._prior) if d is not None]

    def _close_utterance(self) -> None:
        if self._in_utterance and self._sigma is not None:
            for decoder in self._decoders():
                decoder.end_utt()
        self._in_utterance = False

    def _speech_ms(self, audio: np.ndarray) -> float:
        """How much of ``audio`` is speech: 10 ms frames 10 dB or more over its quietest frames."""
        powers = frame_powers(audio, self.sample_rate)
        floor = max(1.0, float(np.percentile(powers, 5)))
        return 10.0 * float((powers > floor * 10.0).sum())

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
            mean = _cepstral_mean(self._features, held)
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
        return _with_noise(audio, self._sigma or 0.0, self._noise)

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
        _decode(self._phones, audio)
        return self._heard_phones() / max(1, self._expected_phones(text))

    def _heard_phones(self) -> int:
        assert self._phones is not None  # the phone loop runs only when phone_ratio is set
        hyp = self._phones.hyp()
        return sum(1 for ph in (hyp.hypstr.split() if hyp is not None else ()) if not ph.startswith(("SIL", "+")))

    def _expected_phones(self, text: str) -> int:
        return sum(len((self._decoder.lookup_word(w) or "").split()) for w in text.split())

    def _too_many_phones(self, text: str) -> bool:
        expected = self._expected_phones(text)
        if self.phone_check_up_to is not None and expected > self.phone_check_up_to:
            # a long command: the phone loop never caught one (PHONE_CHECK_UP_TO). Note the loop's count
            # depends a little on the utterance it decoded before (its noise estimate)
            return False
        assert self.phone_ratio is not None  # checked only with the phone loop, which needs one
        return self._heard_phones() / max(1, expected) > float(self.phone_ratio)
