"""The listening grammar: what the recogniser listens for at this moment of the game.

It is the whole command language of grammars/*/commands.toml (every intent, every synonym) with
this game's nouns: ``build_jsgf`` over the same templates the parser reads, so what can be typed can
be said. Three things depend on the moment:

- moves name the cards showing (``visible_cards``: any other card would be refused as not showing),
  legal and illegal moves alike, so an illegal move is heard and refused with its reason;
- this turn's legal moves are preferred (``LISTEN_LEGAL_WEIGHT``), never the only choice;
- bare answers ("three", "hearts", "the second one", a bare card or pile) only while a question is
  open: alone, a single number or suit is too easily made out of other speech.

Two documents are decoded side by side (``LISTEN_FIRST``): the *likely* grammar (what a player most
likely says now, the prior) first, with the checks against speech that is not a command, and the
*whole* language alongside. A loop of frequent English words that are not command words takes
speech that is not a command (``RecogniserGrammar.garbage``). The recogniser's own checks do the
rest, and what is doubtful is confirmed before it changes the game (voicegame.listen.understanding
``Understanding.doubt``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from voicegame.audio.grammar_spec import RecogniserGrammar
from voicegame.audio.jsgf import Jsgf
from voicegame.language.lexicon import grammar_file
from voicegame.language.parse import Parser
from voicegame.listen.command_grammar import ARTICLE, build_grammar, grammar_for, noun_key
from voicegame.listen.filler import FREQUENT_WORDS
from voicegame.listen.jsgf_builder import TOP, JsgfOptions, LegalNouns, jsgf_document
from voicegame.listen.jsgf_tree import Choice, Document, Expr, Group, Ref, Repeat, Rule, Words
from voicegame.listen.likely_phrasing import ends_early
from voicegame.listen.pronouncing import cmu_dictionary
from voicegame.listen.sayable import Phrasing, slot_phrases, visible_cards

if TYPE_CHECKING:
    from voicegame.engine import Engine, State

LISTEN_LEGAL_WEIGHT = 1.0
"""JSGF weight of this turn's legal moves over the general move phrases in the listening grammar.
PocketSphinx applies JSGF weights (scaled by its language weight), but they take effect only at
huge values: on a six-word grammar a weight of 10^6 changed nothing and 10^20 turned every
"help"/"deal"/"score" into the preferred words (measured 2026-11-23). A prior that strong is the
narrow grammar again (what was said loses to what is legal), so the legal moves get no extra
weight by default: the matcher and the confirmation question use the legal moves instead."""
GARBAGE_WORDS = 150
"""How many frequent English words (voicegame.listen.filler) the garbage loop offers, before removing
the command words and the short ones. Measured (114 commands, 40 non-commands, en -s 160, clean):
300 words of >= 4 phonemes ate commands ("draw" -> "told"); 300 of >= 6: 96 ok, 15 false accepts;
150 of >= 5 (only 4 words are left: because, before, people, something): 100 ok, 19 false accepts;
no loop: about the same. So the loop barely helps yet; see bench/RESULTS.md "ASR"."""
GARBAGE_MIN_PHONES = 5
"""Shortest garbage word, in phonemes: short function words ("but", "or") make a loop that matches
anything, commands included (measured)."""
GARBAGE_SHAPE = Repeat(Ref("garbage_word"))
"""The garbage alternative."""
LISTEN_FIRST = "likely"
"""Which of the two grammars of ``listening_grammar`` is decoded first, with the checks against
speech that is not a command: "likely" (``likely_jsgf``) or "whole" (``whole_jsgf``); the other is
decoded alongside (``RecogniserGrammar.second_jsgf``) and what it hears is compared (``DecodeEvidence.second``,
voicegame.listen.understanding ``understand``). Measured 2026-11-23 (bench/heard.py, bench/RESULTS.md "ASR"):
with the whole language first, espeak-ng's British voice got 43% of commands right, because single
words collide in the big grammar ("draw" -> "rules"); the likely grammar first keeps the accuracy of
the narrow grammar on what it holds and hears the rest through the second decode."""
ANSWER_INTENTS = frozenset({"answer"})
"""Intents that are only answers to an open question: in the listening grammar only while one is."""
LIKELY_LEAVES_OUT = frozenset({"play", "discard", "fill", "switch_game"})
"""Intents the likely grammar leaves to the whole language: move intents with any card or pile after
one short verb ("bin", "fill") take other speech onto themselves, and the legal moves are there; the
game names (55 games, "play auld lang syne") made other short commands collide ("score" heard as
"slower", "layout" as "play auld": the espeak test voices lost 3 of 25 to them) and a game switch
heard is confirmed anyway, so it is heard by the second decode and asked about."""
READING_INTENTS = frozenset({"more"})
"""Intents that only go on with a reading: in the likely grammar only while there is more to read
(espeak's "draw" decoded as "more" at a deal's start, when "more" was always in it)."""


def garbage_words(parser: Parser, count: int = GARBAGE_WORDS, min_phones: int = 0) -> tuple[str, ...]:
    """The first ``count`` frequent English words of at least ``min_phones`` phonemes, less every
    word the command language knows."""
    known = set(_full_vocabulary(parser)) | set(parser.language.skip)
    dictionary = cmu_dictionary()
    return tuple(w for w in FREQUENT_WORDS[:count] if w not in known and w in dictionary
                 and min(len(p) for p in dictionary[w]) >= min_phones)


def _full_vocabulary(parser: Parser) -> frozenset[str]:
    key = noun_key(parser)
    words = _VOCAB.get(key)
    if words is None:
        full = build_grammar(parser)
        words = _VOCAB[key] = full.words | Jsgf(full.jsgf).words
    return words


_VOCAB: dict[tuple, frozenset[str]] = {}


def _with_garbage(document: Document, junk: tuple[str, ...]) -> Document:
    """``document`` with the garbage loop as the first alternative of ``<command>``."""
    if not junk:
        return document
    rules = tuple(Rule(rule.name, Choice((Ref("garbage"), *_options(rule.body))), public=True) if rule.name == TOP
                  else rule for rule in document.rules)
    loop = (Rule("garbage", GARBAGE_SHAPE), Rule("garbage_word", Choice(tuple(Words(w) for w in junk))))
    return replace(document, rules=rules + loop)


def _options(body: Expr) -> tuple[Expr, ...]:
    return body.options if isinstance(body, Choice) else (body,)


def whole_jsgf(parser: Parser, engine: "Engine", state: "State", legal: LegalNouns | None = None,
               question_open: bool = False, reading_open: bool = False) -> str:
    """The whole command language as spoken, with this turn's nouns (see above); answers only to a
    question, "more" only while a reading has more."""
    return whole_document(parser, engine, state, legal, question_open, reading_open).jsgf()


def whole_document(parser: Parser, engine: "Engine", state: "State", legal: LegalNouns | None = None,
                   question_open: bool = False, reading_open: bool = False,
                   phrasing: Phrasing = Phrasing.SPOKEN) -> Document:
    """``whole_jsgf`` as a tree; ``phrasing``: the language as PocketSphinx listens (spoken) or every
    phrasing the parser reads (open: ``RecogniserGrammar.open_jsgf``)."""
    skip = (frozenset() if question_open else ANSWER_INTENTS) | (frozenset() if reading_open else READING_INTENTS)
    return jsgf_document(parser, JsgfOptions(ARTICLE, visible_cards(engine, state), legal, LISTEN_LEGAL_WEIGHT,
                                             skip_intents=skip, phrasing=phrasing))


def likely_jsgf(parser: Parser, engine: "Engine", state: "State", legal: LegalNouns | None,
                question_open: bool = False, reading_open: bool = False) -> str:
    """What a player most likely says now, from the same language data: this turn's legal moves
    (no illegal ones), every slot-free command in its first phrasing and its phrasings of two words
    or more ("draw", "turn over", "what can i say"; not "flip": likely_phrasing ``LIKELY_MULTIWORD``), reading and "where is" as in the language (game names are left to the whole language:
    ``LIKELY_LEAVES_OUT``); "more" only while a reading has more (``reading_open``)."""
    return likely_document(parser, engine, state, legal, question_open, reading_open).jsgf()


def likely_document(parser: Parser, engine: "Engine", state: "State", legal: LegalNouns | None,
                    question_open: bool = False, reading_open: bool = False) -> Document:
    """``likely_jsgf`` as a tree."""
    skip = ((frozenset() if question_open else ANSWER_INTENTS) | LIKELY_LEAVES_OUT
            | (frozenset() if reading_open else READING_INTENTS))
    ranks = set(parser.language.ranks)
    legal = [([v for v in src if v not in ranks], [v for v in dst if v not in ranks], up) for src, dst, up in legal or []]
    return jsgf_document(parser, JsgfOptions(ARTICLE, visible_cards(engine, state), legal or None, float("inf"),
                                             skip_intents=skip, phrasing=Phrasing.SPOKEN, canonical=True))


def listening_jsgf(parser: Parser, engine: "Engine", state: "State", legal: LegalNouns | None = None,
                   question_open: bool = False, garbage: int | None = None,
                   min_phones: int | None = None, reading_open: bool = False) -> tuple[str, str, frozenset[str]]:
    """The listening grammar's two JSGF documents (first decoded, second decoded alongside; see
    ``LISTEN_FIRST``) and the garbage words of the first (``garbage`` frequent words, default
    ``GARBAGE_WORDS``, of at least ``min_phones`` phonemes, default ``GARBAGE_MIN_PHONES``).
    ``legal``: this turn's legal moves (``MoveMatcher.legal_nouns``). Its open document is ``open_jsgf``."""
    garbage = GARBAGE_WORDS if garbage is None else garbage
    min_phones = GARBAGE_MIN_PHONES if min_phones is None else min_phones
    junk = garbage_words(parser, garbage, min_phones) if garbage else ()
    whole = whole_document(parser, engine, state, legal, question_open, reading_open)
    likely = likely_document(parser, engine, state, legal, question_open, reading_open)
    if question_open:
        extra = answers_when_asked(parser)
        whole, likely = _with_answers(whole, extra), _with_answers(likely, extra)
    first, second = (whole, likely) if LISTEN_FIRST == "whole" else (likely, whole)
    return _with_garbage(first, junk).jsgf(), second.jsgf(), frozenset(junk)


def open_jsgf(parser: Parser, engine: "Engine", state: "State", legal: LegalNouns | None = None,
              question_open: bool = False, reading_open: bool = False) -> str:
    """``RecogniserGrammar.open_jsgf``: the whole language in every phrasing the parser reads, with this
    turn's nouns, answers only to a question (listening.toml's ``answers_when_asked`` too), "more" only
    while a reading has more. Measured (bench/RESULTS.md, "Moonshine's open grammar"): Moonshine held to it
    hears the phrasings PocketSphinx's grammar leaves out."""
    document = whole_document(parser, engine, state, legal, question_open, reading_open, Phrasing.OPEN)
    return (_with_answers(document, answers_when_asked(parser)) if question_open else document).jsgf()


def answers_when_asked(parser: Parser) -> dict[str, tuple[str, ...]]:
    """listening.toml's ``answers_when_asked`` ("yeah", "nope"...) by the intent each is to the parser
    ({"yes": ("yeah", ...), "no": ("nope", ...)}): listened for, besides the intents' own phrasings, only
    while a question is open."""
    words = grammar_file(parser.language.code, "listening.toml").get("answers_when_asked", [])
    out: dict[str, tuple[str, ...]] = {}
    for word in words:
        command = parser.parse(word)
        if command is not None:
            out[command.intent] = (*out.get(command.intent, ()), word)
    return out


def _with_answers(document: Document, extra: dict[str, tuple[str, ...]]) -> Document:
    """``document`` with ``extra`` words as further alternatives of their intents' rules (``<cmd_yes>``)."""
    words = {f"cmd_{intent}": said for intent, said in extra.items()}
    rules = tuple(Rule(rule.name, Choice((Group(rule.body), *(Words(w) for w in words[rule.name]))))
                  if rule.name in words else rule for rule in document.rules)
    return replace(document, rules=rules)


_LISTEN_CACHE: dict[tuple, RecogniserGrammar] = {}
_PER_PARSER: dict[int, tuple[Parser, frozenset[str], frozenset[str]]] = {}


def _per_parser(parser: Parser) -> tuple[frozenset[str], frozenset[str]]:
    """``likely_phrasing.ends_early`` and ``choice_words`` once per parser (11 ms: not on every turn's grammar)."""
    known = _PER_PARSER.get(id(parser))
    if known is None or known[0] is not parser:
        known = _PER_PARSER[id(parser)] = (parser, ends_early(parser), choice_words(parser))
    return known[1], known[2]


CHOICE_SLOTS = ("rank", "suit", "pile", "foundation", "number", "ordinal", "joker")
"""The slots whose words choose which card or place a command means."""


def choice_words(parser: Parser) -> frozenset[str]:
    """The words of ``CHOICE_SLOTS`` (``RecogniserGrammar.choice_words``), less "of" and "the"."""
    nouns = slot_phrases(parser)
    return frozenset(w for slot in CHOICE_SLOTS for phrase in nouns.get(slot, ()) for w in phrase.split()) - {"of", "the"}


def listening_grammar(parser: Parser, engine: "Engine", state: "State", legal: LegalNouns | None = None,
                      question_open: bool = False, reading_open: bool = False) -> RecogniserGrammar:
    """The grammar a recogniser should listen with now (see above), cached: an unchanged turn
    (same legal moves, same cards showing, same question state) returns the very same object. The
    Vosk phrase list is the whole language's (Vosk has "[unk]" for what is not a command)."""
    jsgf, second, junk = listening_jsgf(parser, engine, state, legal, question_open, reading_open=reading_open)
    key = (noun_key(parser), jsgf, second)
    grammar = _LISTEN_CACHE.get(key)
    if grammar is None:
        if len(_LISTEN_CACHE) > 64:
            _LISTEN_CACHE.clear()
        full = grammar_for(parser)
        words = full.words | ((Jsgf(jsgf).words | Jsgf(second).words) - junk)
        early, choice = _per_parser(parser)
        opened = open_jsgf(parser, engine, state, legal, question_open, reading_open)
        grammar = _LISTEN_CACHE[key] = RecogniserGrammar(jsgf, full.phrases, frozenset(words), junk,
                                                         full.pronunciations, second, opened, early, choice)
    return grammar
