"""How well a PocketSphinx hypothesis fits the audio: two of the checks that reject speech that is
not a command (the third, the phone loop, is ``phone_loop``). Each reads the segments
of the decode just done (``Decoder.seg()``); the thresholds are the measured defaults that
``listening_pocketsphinx`` turns on."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..capture.levels import frame_powers

MIN_FRAME_SCORE = -7.9
"""Reject a hypothesis whose words' acoustic score averages under this per frame (natural log,
senone scores relative to the best of *all* senones in the frame, which is why
``listening_pocketsphinx`` sets ``compallsen``: relative to the best *active* senone, as by default,
the score says nothing). Silence frames are left out (``frame_score``), so the padding around a
command does not move it. Speech that is not a command, forced onto the grammar, fits worse.
Measured 2026-11-22 with bench/asr_checks.py (4 voices x clean/white 20/white 10 dB: 1,157 commands
decoded right, 480 non-commands, with the other two checks):

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
Since decoding streams that time is spent while the player speaks, not after."""

DOUBT_FRAME_SCORE = -7.3
"""A hypothesis scoring between ``MIN_FRAME_SCORE`` and this per frame is returned with
``Heard.doubt`` ("weak fit"), and a command it would change the game with is confirmed first. From
the sweep under ``MIN_FRAME_SCORE`` (the listening grammar of the time): between -7.9 and -7.3 lie
50 of 1,157 right commands (4%) and 14 of the 23 false accepts left. Measured again with the
whole-language grammar in bench/heard.py (bench/RESULTS.md "ASR")."""

SECOND_CLEAR_SCORE = -7.0
"""The second decode's sentence fitting at least this per frame is ``DecodeEvidence.second_clear``: the game
answers a reading or help command that only it heard (voicegame.listen.evidence ``SECOND_ONLY_ANSWERED``).
Measured 2026-11-24 (bench/heard.py, 5 voices, clean and white noise 20 / 10 dB): of the slot-free
sentences heard by the second decode alone, those a command gave scored -4.1 to -6.3 ("hint",
"suggest", "winnable", "more detail", "whole board"); between -7.0 and ``MIN_FRAME_SCORE`` lay no right
one, 3 other commands ("list moves" -> "brief mode") and 3 ordinary sentences ("list all commands",
"what are my moves")."""

SECOND_BEHIND = 0.5
"""The second decode's sentence fitting worse than the first's by more than this per frame is
``DecodeEvidence.second_behind``: no rival. The first decode's sentence is in the whole language too, so a
second sentence that fits worse was chosen by the search's pruning or the language's weights, not by
the audio. Measured 2026-11-24 (bench/heard.py, clean): of the commands confirmed because the two
decodes differed, the five right ones whose second sentence fitted 0.8-1.4 worse ("two of hearts to
cell one" / "two on target pile") were asked for nothing; the two misheard ones (which the question
saved) had second sentences 0.4 worse and 0.9 better."""

NOISY_DOUBT_DB = 18.0
"""A hypothesis of an utterance standing out of its background by less than this
(``capture.levels.speech_over_noise_db``: white noise at about 12 dB SNR or worse, babble at about 7 dB) is
returned with ``Heard.doubt`` ("noisy"): in loud noise a command that changes the game is confirmed
first, however well it fits. Measured 2026-11-24 (bench/heard.py, white noise 10 dB, which reads
15.5): the only wrong actions left in three sessions' runs were two moves heard in it with a good
fit (-6.9 per frame) but another target ("move two of hearts to cell one" played to the
foundation). A quiet room reads 30 dB or more (the noise floor added under the speech caps it at
``capture.noise_floor.FLOOR_DB``); readings, hints and other answers are never confirmed."""

WORD_DOUBT_SCORE = -11.0
"""A hypothesis one of whose words naming a card or a place fits the audio under this per frame is
returned with ``Heard.doubt`` ("weak word"), so a move it would make is confirmed first: the
sentence may fit well as a whole while the one word that matters was forced onto another (the
legal moves of the turn pull it). Measured 2026-11-24 (bench/heard.py, 5 voices, clean and white
noise, 355 commands): the one wrong action on clean speech, "move jack of clubs to cell four" played
as "move the eight of clubs to cell four" (whole sentence -6.76 per frame, "eight" -12.4), is caught;
no right command had such a word under -11 ("of" and "the" go under it in right ones, which is why
only the words naming cards and places count); at -10.5 one right move would be asked about."""

UNCOVERED_SPEECH_MS = 150
"""Reject a hypothesis that leaves more than this much loud audio (frames in the upper half of the
utterance's dB range) inside its silence and filler segments: the decoder explained speech as
silence, as it does when it forces a long sentence onto a short command ("can you call my mother"
-> "undo" + silence). Measured 2026-11-22 (2 voices x clean/white 10 dB, 456 commands, 160
non-commands, offline on the same decodes): alone it cost 1 right command and caught 56 of 129 false
accepts; on top of the phone loop it cost none more and cut the false accepts left from 52 to 46. It
needs no second decode."""


def is_filler(word: str) -> bool:
    """PocketSphinx's non-words in a segmentation: <sil>, <s>, </s>, [NOISE], +SMACK+ ..."""
    return word.startswith(("<", "[", "+"))


SENSCR_SCALE = 1 << 10
"""PocketSphinx keeps search scores ``SENSCR_SHIFT`` (10) bits smaller than the lattice's: a decoder
without ``bestpath`` segments its result from the search itself (``fsg_seg_bp2itor``), so its
segments' scores are 1024 times smaller than those of a lattice's best path."""


UNDERFLOW_LOG = math.log(5e-324)
"""A segment's score as PocketSphinx's Python segments give it is exp'd to a float: a word's total under
this (about -744.4, the smallest float) comes out 0.0. Its true total is lower still, so this bound
stands for it: a long word fitting badly ("statistics" over 120 frames at -11 per frame) must not
drop out of the score (it did until 2026-11-24, and "my phone needs charging" passed as "my
statistics" at -3.96 per frame, the score of "my" alone)."""


@dataclass(frozen=True)
class WordFit:
    """How one word of a decode fits the audio: its frames and acoustic score (natural log, on the
    lattice's scale; ``UNDERFLOW_LOG`` when the float underflowed)."""

    word: str  # as the decoder spells it ("on(2)" for a second pronunciation)
    frames: int
    total: float
    underflowed: bool

    @property
    def per_frame(self) -> float:
        return self.total / self.frames


def word_fits(decoder: Any) -> list[WordFit]:
    """The last decode's words (silence, fillers and null transitions left out) with their fit, read
    once from ``decoder.seg()`` for every check that needs it."""
    scale = 1.0 if decoder.config["bestpath"] else SENSCR_SCALE
    out = []
    for seg in decoder.seg() or ():
        if not is_filler(seg.word) and seg.word != "(NULL)":
            underflow = seg.ascore <= 0.0
            log = UNDERFLOW_LOG if underflow else math.log(seg.ascore)
            out.append(WordFit(seg.word, seg.end_frame - seg.start_frame + 1, scale * log, underflow))
    return out


def mean_fit(fits: list[WordFit]) -> float:
    """Acoustic score per frame over ``fits`` (0.0 for none)."""
    frames = sum(f.frames for f in fits)
    return sum(f.total for f in fits) / frames if frames else 0.0


def frame_score(decoder: Any) -> float:
    """The last decode's acoustic score per frame of its *words* (natural log, on the lattice's
    scale whether or not the decoder has ``bestpath``). Silence and filler segments are left out:
    how much silence surrounds a command (the endpointer's padding, a pause) must not move the
    score. A word whose score underflowed counts at ``UNDERFLOW_LOG`` (an upper bound)."""
    return mean_fit(word_fits(decoder))


def word_scores(decoder: Any) -> list[tuple[str, int, float]]:
    """The last decode's words with their frames and acoustic score per frame (``word_fits``)."""
    return [(f.word, f.frames, f.per_frame) for f in word_fits(decoder)]


def uncovered_speech_ms(decoder: Any, audio: np.ndarray, sample_rate: int) -> float:
    """How much loud audio the last decode put inside silence or filler segments, in ms.

    Loud: frames above the middle of the utterance's dB range (10th to 98th percentile), which
    separates speech from the noise floor in clean and moderately noisy audio alike."""
    db = 10 * np.log10(frame_powers(audio, sample_rate) + 1.0)
    low, high = np.percentile(db, 10), np.percentile(db, 98)
    loud = db > low + 0.5 * (high - low)
    silent = np.zeros(len(db), bool)
    for seg in decoder.seg():
        if is_filler(seg.word):
            silent[max(0, seg.start_frame): seg.end_frame + 1] = True
    return 10.0 * float((loud & silent).sum())
