"""Whisper's choice among the commands an utterance plausibly was.

Whisper's free transcript of a command is often close and not quite right on synthetic and accented
voices ("council" for "cancel", "torque slower", "column 7 to carlin 1"), so it does not parse, while
PocketSphinx threw the utterance out or is in doubt. Asked instead how likely each of a few candidate
commands is as the text of the same audio (``Transcript.score``, the model's probabilities with the
text forced), the same model tells them apart well: "cancel" scores far above any other command.

The candidates (``candidates``) are what the grammar decodes heard (first, second, rival, rejected,
alternatives) and the commands whose words are nearest the transcript's: every slot-free command of the
language with the game's nouns (``language_sentences``), the legal moves of the moment in the
narrator's words and as pile to pile (``move_sentences``), and card-on-card moves put together from the
cards the decodes and the transcript name (``card_moves``: a move that cannot be played is in neither).
The free transcript is scored with them: a command is chosen (``choose``, thresholds in voicegame.listen.understanding) only when it scores close to what
Whisper wrote freely and says a fair share of it (``syllables``), so that ordinary speech, which Whisper
writes down as it is, stays rejected, and clearly above every candidate that means something else.
Measured in bench/RESULTS.md (ASR, sessions 13 and 14).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Callable, Hashable, Sequence

from voicegame.engine import Engine, Move, MoveKind, State
from voicegame.engine.cards import Card, Suit
from voicegame.language.command import CardRef, Intent
from voicegame.language.parse import Parser, tokenize
from voicegame.language.templates import TemplateError, expand
from voicegame.listen.sayable import Phrasing, pruned_language, slot_phrases

SHORTLIST = 10
"""How many of the language's sentences nearest the transcript are scored (about 6 ms each) when the
grammar heard nothing usable; ``SHORTLIST_DOUBT`` when it heard something doubtful, which is most of
what is to be confirmed or overturned (and which is common: the wait stays short)..."""
SHORTLIST_DOUBT = 3
CARD_SHORTLIST = 2
"""How many of the card-on-card sentences put together from the cards heard (``card_moves``) are scored."""
PER_MEANING = 1
"""... at most this many saying the same thing ("read column seven", "show column seven"): one let the
shortlist hold the command said for 110 of 153 wrong transcripts, two for 107."""
PER_TEMPLATE = 1000
"""Sentences of one template at most; a template that says more (a card in any move) is left out."""
CARD_INTENTS = frozenset({"move", "move_up", "pair", "play", "discard", "where", "answer", "fill"})
"""Intents whose sentences name cards: too many to list; moves come from ``move_sentences``."""

@dataclass(frozen=True)
class Choice:
    """Whisper's verdict on the candidates: the likeliest command's sentence and how far ahead it is."""

    text: str
    score: float
    """Summed log probability of ``text`` (Whisper's written form)."""
    margin: float
    """``score`` minus that of the best candidate meaning something else (inf: none)."""
    behind_transcript: float
    """How much less likely than Whisper's own free transcript ``text`` is (0 when at least as likely)."""
    cover: float = 1.0
    """``text``'s syllables over the transcript's (``syllables``): how much of what was said it says."""
    scored: tuple[tuple[str, float], ...] = ()
    """Every candidate with its score, best first (for transcripts and benches)."""


def words_of(text: str) -> str:
    """``text`` as the parser reads its words (``tokenize``: lower case, numbers as words, "Column 7" ->
    "column seven"), for comparing sentences by spelling."""
    return " ".join(tokenize(text))


def syllables(text: str) -> int:
    """About how many syllables ``text`` has: its groups of vowels ("y" counted), a final silent "e"
    left out, at least one a word, digits read as words. Rough, and enough to tell a short command
    from a sentence."""
    count = 0
    for word in words_of(text).split():
        letters = word[:-1] if len(word) > 3 and word.endswith("e") else word
        count += max(1, len(_VOWELS.findall(letters)))
    return count


_VOWELS = re.compile(r"[aeiouy]+")


def language_sentences(parser: Parser) -> tuple[str, ...]:
    """Every sentence of the language that names no card, with this game's pile, group and game names
    (about 1,300; built once per game and language)."""
    nouns = slot_phrases(parser)
    key = (parser.language.code, tuple((k, tuple(v)) for k, v in sorted(nouns.items())))
    if key not in _CACHE:
        if len(_CACHE) > 16:
            _CACHE.clear()
        _CACHE[key] = _build_sentences(parser, nouns)
    return _CACHE[key]


_CACHE: dict[tuple, tuple[str, ...]] = {}


def vocabulary(parser: Parser) -> frozenset[str]:
    """Every word of ``language_sentences`` and every rank and suit word: what Whisper's words are
    respelled to (voicegame.listen.respell)."""
    sentences = language_sentences(parser)
    key = sentences
    if key not in _WORDS:
        if len(_WORDS) > 16:
            _WORDS.clear()
        language = parser.language
        _WORDS[key] = frozenset({w for s in sentences for w in s.split()} | {w for name in (*language.ranks, *language.suits) for w in name.split()})
    return _WORDS[key]


_WORDS: dict[tuple[str, ...], frozenset[str]] = {}


def _build_sentences(parser: Parser, nouns: dict[str, list[str]]) -> tuple[str, ...]:
    # skip words said ("speak a little slower"), and the rare words the grammars leave out ("redeal")
    rules, intents = pruned_language(parser, nouns, Phrasing.SAID)
    out: dict[str, None] = {}
    for intent, templates in intents:
        if intent in CARD_INTENTS:
            continue
        for template in templates:
            try:
                phrases = expand(template, rules, nouns, limit=PER_TEMPLATE)
            except (TemplateError, KeyError, ValueError):
                continue
            out.update((" ".join(p.split()), None) for p in phrases if p.strip())
    return tuple(out)


def move_sentences(engine: Engine, state: State, say_move: Callable[[State, Move], str]) -> list[str]:
    """The legal moves of the moment in the narrator's words ("seven of hearts on eight of spades") and
    pile to pile ("column six to cell one")."""
    out: dict[str, None] = {}
    for move in engine.legal_moves(state):
        if move.kind is not MoveKind.MOVE:
            continue
        out[say_move(state, move)] = None
        out[f"{engine.specs[move.src].name} to {engine.specs[move.dst].name}".lower()] = None
    return list(out)


def card_moves(decodes: Sequence[str], transcript: str, parser: Parser, cards: frozenset[Card]) -> list[str]:
    """Card-on-card moves ("six of clubs on nine of clubs") put together from the cards the grammar decodes
    name as what moves and where to, and the cards the transcript names in its order (``cards_named``):
    each with each, a card named in part ("the six") as every card showing (``cards``) it can be. A move
    that cannot be played is none of the legal moves of ``move_sentences``, and the decodes often have one
    card of it right each ("the eight of clubs on nine of clubs", "six on to eight of diamonds")."""
    sources: list[CardRef] = []
    targets: list[CardRef] = []
    for text in decodes:
        command = parser.parse(text) if text.strip() else None
        if command is not None and command.intent == Intent.MOVE:
            if isinstance(command.source, CardRef):
                sources.append(command.source)
            if isinstance(command.target, CardRef):
                targets.append(command.target)
    named = cards_named(transcript, parser)
    sources[:0] = named[:1]
    targets[:0] = named[1:2]
    showing = sorted(cards, key=lambda c: (c.rank, c.suit.value))

    def every(refs: list[CardRef]) -> list[Card]:
        """The cards showing that ``refs`` name; a rank without its suit only when no decode heard a suit
        for that rank (each suit is another candidate close to the one said: "king of faith's" had the
        king of spades ahead of the king of clubs by 1.3, under ``CHOICE_MARGIN``)."""
        suited = {ref.rank for ref in refs if ref.suit is not None}
        return list(dict.fromkeys(c for ref in refs if ref.suit is not None or ref.rank not in suited
                                  for c in showing if ref.matches(c)))

    tops = every(targets)
    return [f"{card.spoken} on {top.spoken}" for card in every(sources) for top in tops if card != top]


def cards_named(text: str, parser: Parser) -> list[CardRef]:
    """The cards ``text`` names, loosely: a rank ("6", "six", "jack") and the suit spelled most like one of
    the next three words, if any ("clums" -> clubs); Whisper's transcript of a move is rarely the sentence
    ("6 of club on the eye of club")."""
    language = parser.language
    words = words_of(text).split()
    out: list[CardRef] = []
    for i, word in enumerate(words):
        rank = language.ranks.get(word)
        if rank is None:
            continue
        suit = None
        for after in words[i + 1 : i + 4]:
            if after in language.ranks:
                break
            suit = language.suits.get(after) or _suit_like(after, language.suits)
            if suit is not None:
                break
        out.append(CardRef(rank, suit))
    return out


def _suit_like(word: str, suits: dict[str, Suit]) -> Suit | None:
    """The suit whose name ``word`` is spelled most like, when at least 3/4 alike ("clums", "diamons")."""
    if len(word) < 4:
        return None
    best = max(suits, key=lambda name: SequenceMatcher(None, word, name).ratio())
    return suits[best] if SequenceMatcher(None, word, best).ratio() >= 0.75 else None


def nearest(text: str, sentences: Sequence[str], meaning: Callable[[str], Hashable | None],
            count: int = SHORTLIST) -> list[str]:
    """The ``count`` sentences spelled most like ``text`` (``_by_spelling``), at most ``PER_MEANING`` of
    each meaning, none meaning nothing."""
    out: list[str] = []
    seen: dict[Hashable, int] = {}
    for sentence in _by_spelling(words_of(text), sentences):
        what = meaning(sentence)
        if what is not None and seen.get(what, 0) < PER_MEANING:
            seen[what] = seen.get(what, 0) + 1
            out.append(sentence)
            if len(out) == count:
                break
    return out


def _by_spelling(target: str, sentences: Sequence[str], limit: int = 80) -> list[str]:
    """The ``limit`` sentences most like ``target``, most alike first, by edit distance over the letters
    as a share of the longer (normalised Levenshtein). Of bench/heard.py's transcripts that were not the
    command said, its shortlist held that command for 110 of 153 (Indel distance: 102, difflib's ratio
    about the same, either with a consonant skeleton: 95-99). rapidfuzz ranks a game's 1,300 sentences in
    about a millisecond; difflib, the fallback, takes 30-60."""
    try:
        from rapidfuzz import process  # noqa: PLC0415
        from rapidfuzz.distance import Levenshtein  # noqa: PLC0415
    except ImportError:  # pragma: no cover - rapidfuzz ships wheels for every platform the game runs on
        ranked = sorted(sentences, key=lambda s: -SequenceMatcher(None, s, target, autojunk=False).ratio())
        return ranked[:limit]
    found = process.extract(target, sentences, scorer=Levenshtein.normalized_similarity, limit=limit)
    return [s for s, _, _ in found]


def candidates(decodes: Sequence[str], transcript: str, pool: Sequence[str],
               meaning: Callable[[str], Hashable | None], count: int = SHORTLIST,
               moves: Sequence[str] = ()) -> list[str]:
    """The grammar decodes, the ``count`` sentences of ``pool`` nearest the transcript and the
    ``CARD_SHORTLIST`` of ``moves`` (``card_moves``) nearest it, once each."""
    out: dict[str, None] = {}
    for text in decodes:
        text = " ".join(text.split())
        if text:
            out[text] = None
    if transcript:
        out.update((s, None) for s in nearest(transcript, pool, meaning, count))
        out.update((s, None) for s in nearest(transcript, [m for m in moves if m not in out], meaning, CARD_SHORTLIST))
    return list(out)


def choose(sentences: Sequence[str], transcript: str, score: Callable[[Sequence[str]], list[float]],
           meaning: Callable[[str], Hashable | None]) -> Choice | None:
    """Score ``sentences`` and the free ``transcript`` with Whisper; the likeliest sentence that means a
    command (``meaning``: a value equal for sentences that do the same, None for no command), with its
    margin over the best meaning something else. None when no sentence means a command."""
    meant = [(s, meaning(s)) for s in sentences]
    meant = [(s, m) for s, m in meant if m is not None]
    if not meant:
        return None
    texts = [s for s, _ in meant] + ([transcript] if transcript else [])
    scores = score(texts)
    free = scores[len(meant)] if transcript else float("-inf")
    ranked = sorted(zip(scores[: len(meant)], range(len(meant))), key=lambda r: -r[0])
    best_score, best = ranked[0]
    text, what = meant[best]
    others = [sc for sc, k in ranked[1:] if meant[k][1] != what]
    margin = best_score - others[0] if others else float("inf")
    cover = syllables(text) / syllables(transcript) if transcript else 1.0
    return Choice(text, best_score, margin, max(0.0, free - best_score), cover,
                  tuple((meant[k][0], sc) for sc, k in ranked))

