"""Decoding an utterance twice in one batch: a beam search held to the grammar's token automaton, and
a free greedy transcript beside it (the first row of every decoder call), whose score says how well the
best sentence of the grammar fits compared with what the model would write on its own. The free
transcript may not end before its first token: Moonshine often writes nothing for a short word, and
an empty transcript is no yardstick.

Both share the encoder's states and the decoder's first step; each later step runs every live
hypothesis of both in one decoder call, with the key/value cache of the merged decoder (rows reordered
as hypotheses are kept).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .model import MoonshineModel
from .token_automaton import DONE, TokenAutomaton
from .tokenizer import EOS

BEAM = 8
"""Hypotheses kept held to the grammar (the side experiment: beam 8 heard as well with 40 phrases as with 3,288)."""
NBEST = 5
MARGIN = 2.0
"""The search goes on while a held hypothesis is within this (total log probability) of the best finished one."""
TOKENS_A_SECOND = 8.0
MIN_TOKENS = 8
"""The longest decode: this many tokens a second of audio, and at least ``MIN_TOKENS`` (Moonshine writes
about 6.5 tokens a second of speech)."""


@dataclass(frozen=True)
class Hypothesis:
    """A decoded sentence: the grammar's words (the free transcript: its text), its tokens and their
    log probabilities, the end token's included."""

    words: tuple[str, ...]
    tokens: tuple[int, ...]
    logprobs: tuple[float, ...]

    @property
    def total(self) -> float:
        return float(sum(self.logprobs))

    @property
    def mean(self) -> float:
        """The length-normalised score: mean log probability a token (0.0 best)."""
        return self.total / max(1, len(self.logprobs))

    @property
    def text(self) -> str:
        return " ".join(self.words)


@dataclass(frozen=True)
class Decoded:
    """The n-best sentences of the grammar (best first, merged by words) and the free transcript."""

    nbest: tuple[Hypothesis, ...]
    free: Hypothesis
    free_text: str
    """The free transcript as the model wrote it (capitals and punctuation kept)."""


@dataclass
class _Live:
    node: int  # token automaton node (-2: the free row)
    words: tuple[str, ...]
    tokens: tuple[int, ...]
    logprobs: tuple[float, ...]
    score: float


FREE = -2


def max_tokens(samples: int, rate: int = 16000) -> int:
    return max(MIN_TOKENS, int(math.ceil(samples / rate * TOKENS_A_SECOND)))


def decode(model: MoonshineModel, automaton: TokenAutomaton, audio: np.ndarray, beam: int = BEAM,
           nbest: int = NBEST, margin: float | None = None) -> Decoded:
    """Decode float audio (16 kHz) held to ``automaton`` and freely; see the module's docstring. The
    search stops when no hypothesis held to the grammar can come within ``margin`` (total log
    probability) of the best finished sentence; the free transcript goes on alone to its end (it is the
    game's second opinion too, and a transcript cut short may read as another command)."""
    states = model.encode(audio)
    logprobs, cache = model.first_step(states)
    limit = max_tokens(len(audio))
    margin = MARGIN if margin is None else margin
    live = [_Live(FREE, (), (), (), 0.0), _Live(automaton.start, (), (), (), 0.0)]
    rows = [0, 0]  # which row of the last step's output each live hypothesis reads
    finished: list[_Live] = []
    free_done: _Live | None = None
    for step in range(limit):
        candidates: list[tuple[float, int, int, int]] = []  # (score, live index, token, target)
        next_free: _Live | None = None
        for index, hyp in enumerate(live):
            row = logprobs[rows[index]]
            if hyp.node == FREE:
                token = int(row.argmax())
                if token == EOS and not hyp.tokens:  # write something: an empty transcript measures nothing
                    token = int(np.argsort(row)[-2])
                next_free = _Live(FREE, (), hyp.tokens + (token,), hyp.logprobs + (float(row[token]),),
                                  hyp.score + float(row[token]))
                continue
            ids, targets = automaton.allowed(hyp.node)
            if not len(ids):
                continue
            scores = row[ids]
            keep = np.argsort(-scores)[:beam]
            for k in keep:
                candidates.append((hyp.score + float(scores[k]), index, int(ids[k]), int(targets[k])))
        candidates.sort(key=lambda c: -c[0])
        new_live: list[_Live] = []
        new_rows: list[int] = []
        if next_free is not None:
            if next_free.tokens[-1] == EOS or step == limit - 1:
                free_done = next_free
            else:
                new_live.append(next_free)
                new_rows.append(rows[next(i for i, h in enumerate(live) if h.node == FREE)])
        kept = 0
        for score, index, token, target in candidates:
            if kept >= beam:
                break
            parent = live[index]
            logprob = score - parent.score
            words = parent.words
            if target != DONE and automaton.end_word[target]:
                words = words + (automaton.end_word[target],)
            child = _Live(target, words, parent.tokens + (token,), parent.logprobs + (logprob,), score)
            if target == DONE:
                finished.append(child)
            else:
                new_live.append(child)
                new_rows.append(rows[index])
            kept += 1
        held = [h for h in new_live if h.node != FREE]
        best_done = max((f.score for f in finished), default=-math.inf)
        if held and max(h.score for h in held) < best_done - margin:
            free_rows = [i for i, h in enumerate(new_live) if h.node == FREE]  # nothing held can come near the best
            new_live, new_rows = [new_live[i] for i in free_rows], [new_rows[i] for i in free_rows]
        if not new_live:
            break
        live, rows = new_live, new_rows
        order = np.array(rows, dtype=np.int64)
        cache = [c[order] if ".decoder." in name else _rows(c, len(order)) for name, c in zip(model.cache_names, cache)]
        tokens = np.array([h.tokens[-1] for h in live], dtype=np.int64)
        batch_states = states if len(live) == 1 else np.repeat(states, len(live), axis=0)
        logprobs, cache = model.step(tokens, batch_states, cache)
        rows = list(range(len(live)))
    if free_done is None:  # the held search ended first: the free row is as far as it got
        free_done = next_free if next_free is not None else _Live(FREE, (), (), (), 0.0)
    free_tokens = tuple(t for t in free_done.tokens if t != EOS)
    free_text = automaton.tokenizer.decode(free_tokens)
    free = Hypothesis(tuple(normal_words(free_text)), free_done.tokens, free_done.logprobs)
    return Decoded(_merged(finished, nbest), free, free_text)


def _rows(encoder_part: np.ndarray, count: int) -> np.ndarray:
    """The encoder's cache (the same for every hypothesis) for ``count`` rows."""
    if encoder_part.shape[0] == count:
        return encoder_part
    return np.repeat(encoder_part[:1], count, axis=0)


def _merged(finished: list[_Live], nbest: int) -> tuple[Hypothesis, ...]:
    """The finished hypotheses by their words (spellings of the same sentence are one), best first."""
    best: dict[tuple[str, ...], _Live] = {}
    for hyp in finished:
        if hyp.words not in best or hyp.score > best[hyp.words].score:
            best[hyp.words] = hyp
    ranked = sorted(best.values(), key=lambda h: -h.score)[:nbest]
    return tuple(Hypothesis(h.words, h.tokens, h.logprobs) for h in ranked)


DIGIT_WORDS = {"0": "zero", "1": "one", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
               "7": "seven", "8": "eight", "9": "nine", "10": "ten", "11": "eleven", "12": "twelve", "13": "thirteen"}


def normal_words(text: str) -> list[str]:
    """A transcript's words as the grammar writes them: lower case, no punctuation, digits as words."""
    out = []
    for raw in text.lower().replace("-", " ").split():
        word = "".join(ch for ch in raw if ch.isalnum() or ch == "'").strip("'")
        if word:
            out.append(DIGIT_WORDS.get(word, word))
    return out
