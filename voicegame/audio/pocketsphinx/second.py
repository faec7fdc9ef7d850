"""PocketSphinx's second decode: a decoder of ``RecogniserGrammar.second_jsgf`` (the whole language)
fed the same audio as the grammar's, and what its sentence says about the first decode's
(``DecodeEvidence``: second, second_clear, second_behind, rival)."""

from __future__ import annotations

import logging
from typing import Any, Callable

from ..errors import GrammarError
from ..jsgf import Jsgf
from .checks import frame_score
from .phone_loop import AGREED_SLACK, PhoneLoop
from .thresholds import PocketSphinxThresholds

log = logging.getLogger(__name__)

SECOND_OPTIONS: dict[str, object] = {"bestpath": False}
"""The second decode's settings over the first's. Without ``bestpath`` its sentence is the
search's own best path: PocketSphinx's lattice best path over the whole language took 48 ms
median (p90 228 ms) after the end of speech, most of the decoding left then (bench/session.py),
and on 80 commands of a scripted game it named what was said 29 times against 2 ("draw" came out
"two over", "the all the"). Its fit is read on the lattice's scale (``frame_score``)."""


class SecondDecode:
    """The second decoder (``decoder``, None while the grammar has no second language), made by
    ``make_decoder`` when first needed, and ``fit``: how its last decode fitted the audio (its raw
    text, score per frame, phones heard and expected), for benches deciding what a second decode may
    be trusted with."""

    def __init__(self, make_decoder: Callable[[], Any], thresholds: PocketSphinxThresholds,
                 phone_loop: PhoneLoop | None) -> None:
        self._make_decoder = make_decoder
        self._thresholds = thresholds
        self._phone_loop = phone_loop
        self.decoder: Any = None
        self._jsgf: Jsgf | None = None  # its grammar, to tell whole sentences from broken-off paths
        self._count = 0
        self._search: str | None = None  # the active search's name, removed when the next one is added
        self._text = ""  # the grammar it was made from
        self.fit: dict[str, object] = {}

    def set_grammar(self, text: str) -> None:
        """Decode ``text`` (``RecogniserGrammar.second_jsgf``) alongside the grammar from now on; ""
        stops it."""
        if not text:
            self.decoder, self._search, self._text = None, None, ""
            return
        if self.decoder is not None and text == self._text:
            return  # the same language as the turn before: its search is already active
        if self.decoder is None:
            self.decoder = self._make_decoder()
            self._count, self._search = 0, None
        second = Jsgf(text)
        second.matches("")  # builds its matcher now, before the player speaks (70 ms of regex compiling)
        self._jsgf = second
        missing = {w for w in second.words if self.decoder.lookup_word(w) is None}
        try:
            fsg = self.decoder.parse_jsgf(second.without_words(missing).encode("utf-8"),
                                          f"{second.name}.{second.top}" if second.name else second.top)
            self._count += 1
            name = f"prior{self._count}"
            self.decoder.add_fsg(name, fsg)
            self.decoder.activate_search(name)
        except (ValueError, RuntimeError, KeyError, GrammarError) as e:
            log.warning("PocketSphinx could not use the prior grammar: %s", e)
            self.decoder, self._search, self._text = None, None, ""
            return
        self._release_search()
        self._search, self._text = name, text

    def _release_search(self) -> None:
        """Remove the search of the grammar before: each one holds its whole finite-state graph (about
        18 MB for a turn's language), and a decoder keeps every search added until it is removed."""
        if self._search is None or self.decoder is None:
            return
        try:
            self.decoder.remove_search(self._search)
        except KeyError:
            pass
        self._search = None

    def heard(self) -> str | None:
        """What the second decode heard (None: there is none), "" when it fails the same acoustic
        checks as the first (score per frame, phone count): a whole sentence in the second grammar
        only counts when it fits the audio as well as a command must."""
        self.fit = {}
        if self.decoder is None:
            return None
        hyp = self.decoder.hyp()
        text = " ".join(hyp.hypstr.split()) if hyp is not None else ""
        self.fit = {"text": text}
        if not text:
            return ""
        score = frame_score(self.decoder)
        self.fit["score"] = round(score, 3)
        loop = self._phone_loop
        if loop is not None:
            self.fit["phones"] = (loop.heard_phones(), loop.expected_phones(text))
        if self._jsgf is not None and not self._jsgf.matches(text):
            return ""  # an incomplete path ("more" of "more cards"): no sentence of the language
        least = self._thresholds.min_frame_score
        if least is not None and score < least:
            return ""
        if loop is not None and loop.too_many(text):
            return ""
        return text

    def _score(self) -> float | None:
        fit = self.fit.get("score")
        return fit if isinstance(fit, float) else None

    def exact_score(self, text: str) -> float | None:
        """The second decode's score per frame when it heard ``text`` too: read without a lattice, it
        scores the words exactly where the first decode's bound is loose (a long word, "statistics"
        over 120 frames: -6.2 against -11.3)."""
        return self._score() if self.fit.get("text") == text else None

    def clear(self, second: str | None) -> bool:
        """``DecodeEvidence.second_clear``: the second decode's sentence passed its checks and fits at
        least at ``second_clear_score`` per frame."""
        level, fit = self._thresholds.second_clear_score, self._score()
        return bool(second) and level is not None and fit is not None and fit >= level

    def behind(self, text: str, score: float | None, second: str | None) -> bool:
        """``DecodeEvidence.second_behind``: the second decode heard another sentence, fitting worse than
        ``text`` by more than ``second_behind`` per frame."""
        fit = self._score()
        return (bool(second) and second != text and score is not None and fit is not None
                and fit < score - self._thresholds.second_behind)

    def rival(self, text: str, score: float | None, second: str | None) -> str:
        """``DecodeEvidence.rival``: the second decode's raw sentence when the checks threw it out
        (``second`` is "") but it fitted at least as well per frame as ``text`` and has other words."""
        raw, fit = self.fit.get("text"), self._score()
        if second != "" or not isinstance(raw, str) or not raw or fit is None or score is None:
            return ""
        return raw if fit >= score and _words(raw) != _words(text) else ""

    def agrees(self, text: str) -> bool:
        """Whether the second decode found ``text`` too, fitting at least at the doubt level, with the
        phone loop at most ``AGREED_SLACK`` phones over its limit (see there)."""
        fit, loop = self.exact_score(text), self._phone_loop
        return (fit is not None and loop is not None and fit >= self._thresholds.agreement_score
                and not loop.too_many(text, slack=AGREED_SLACK))


def _words(sentence: str) -> list[str]:
    """The words of ``sentence`` but "the", which the two grammars place differently."""
    return [w for w in sentence.split() if w != "the"]
