"""The recogniser grammar of the current game: the language's templates plus the game's nouns.

One source, two shapes:

- JSGF for PocketSphinx (``jsgf_builder``): one rule per template rule, slot and intent.
- A phrase list for Vosk. Vosk compiles its phrase list into a loop over the phrases (a sentence
  may be several phrases in a row: ``["how are you", "i am fine"]`` also yields "how fine"), so a
  full expansion buys little and costs a lot (Klondike's move template alone expands to millions).
  The list is every slot-free command in full, every slot value (card and pile names) and every
  template with its slots left out as its own fragment; the parser and the matcher check the
  structure afterwards.

Bare numbers and bare card names are commands of their own (the ``answer`` intent).
"""

from __future__ import annotations

from typing import Iterable

from voicegame.audio.grammar_spec import RecogniserGrammar
from voicegame.engine.cards import Card
from voicegame.language.parse import Parser
from voicegame.language.templates import expand
from voicegame.listen.jsgf_builder import JsgfOptions, LegalNouns, build_jsgf
from voicegame.listen.pronouncing import pronunciations
from voicegame.listen.sayable import COMPOUND_SLOTS, pruned_language, slot_phrases

ARTICLE = True
"""Whether "the" may precede cards and piles in the grammar ``grammar_for`` builds."""
LEGAL_WEIGHT = 10.0
"""How strongly ``grammar_for`` prefers this turn's legal moves when given them (JSGF alternative
weight). Measured: weights 1, 10 and 1000 gave the same accuracy (pocketsphinx seems to flatten
them), and ``inf`` (legal moves only) gained a little on moves but lost on everything else."""


# ---------------------------------------------------------------------- Vosk phrases
def vosk_phrases(parser: Parser) -> list[str]:
    """Fragments for Vosk (see the module docstring); sorted, no duplicates."""
    nouns = slot_phrases(parser)
    rules, intents = pruned_language(parser.heard, nouns)  # the language as listened for
    out: set[str] = set()
    cards = [f"{r} of {s}" for r in nouns["rank"] for s in nouns["suit"]]
    for values in (cards, *nouns.values()):
        out.update(values)
    # templates with every slot said as nothing: "move to", "read", "where is", "up", "undo"...
    empty = {name: [""] for name in (*nouns, *COMPOUND_SLOTS)}
    for _, templates in intents:
        for template in templates:
            out.update(expand(template, rules, empty, limit=20_000))
    out.discard("")
    return sorted(out)


# -------------------------------------------------------------------------- building
def build_grammar(parser: Parser, article: bool = True, visible: Iterable[Card] | None = None,
                  legal: LegalNouns | None = None, legal_weight: float = 10.0) -> RecogniserGrammar:
    """The recogniser grammar for ``parser``'s game (its piles, cards, numbers and game names);
    ``visible`` and ``legal`` tune it to this turn (see ``build_jsgf``)."""
    jsgf = build_jsgf(parser, JsgfOptions(article, visible, legal, legal_weight))
    phrases = tuple(vosk_phrases(parser))
    words = set(" ".join(phrases).split())
    return RecogniserGrammar(jsgf, phrases, frozenset(words | ({"the"} if article else set())),
                             pronunciations=pronunciations(parser.language.code))


def noun_key(parser: Parser) -> tuple:
    return (parser.language.code, tuple((k, tuple(v)) for k, v in sorted(slot_phrases(parser).items())))


_CACHE: dict[tuple, RecogniserGrammar] = {}


def grammar_for(parser: Parser, visible: Iterable[Card] | None = None, legal: LegalNouns | None = None) -> RecogniserGrammar:
    """``build_grammar`` cached by the game's nouns (and ``visible``, ``legal``): an unchanged turn
    returns the very same object, so a recogniser can skip ``set_grammar``."""
    cards = None if visible is None else frozenset(visible)
    moves = None if legal is None else tuple((tuple(a), tuple(b), up) for a, b, up in legal)
    key = (noun_key(parser), cards, moves)
    grammar = _CACHE.get(key)
    if grammar is None:
        if len(_CACHE) > 64:
            _CACHE.clear()
        grammar = _CACHE[key] = build_grammar(parser, ARTICLE, cards, legal, LEGAL_WEIGHT)
    return grammar


def intent_phrase(parser: Parser, intent: str) -> str:
    """The first way the language says a slot-free ``intent`` ("draw", "new game"): how the game
    names it when it asks "Draw?"; the intent's name when it has slots."""
    language = parser.language
    for template in dict(language.intents).get(intent, ()):
        try:
            phrases = expand(template, language.rules, {}, limit=50)
        except Exception:  # a slot: not slot-free
            continue
        if phrases and phrases[0]:
            return phrases[0]
    return intent.replace("_", " ")
