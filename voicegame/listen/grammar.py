"""What the recogniser listens for, in one place to import from. The work is done in:

- ``sayable``: what a player can say in this game (slot words, the language pruned to the game,
  the cards showing);
- ``jsgf_builder``: the JSGF document PocketSphinx decodes (``build_jsgf``), a tree of ``jsgf_tree``
  values: the templates as JSGF (``templates_as_jsgf``), the cards showing (``visible_card_names``),
  the likely grammar's phrasings (``likely_phrasing``);
- ``command_grammar``: the game's recogniser grammar, JSGF plus Vosk's phrase list
  (``build_grammar``, cached as ``grammar_for``), and how an intent is first said (``intent_phrase``);
- ``listening_grammar``: the grammar of this moment of the game, the likely one (the prior) decoded
  with the whole language alongside and a garbage loop (``listening_grammar``);
- ``pronouncing``: the CMU dictionary, the language's own pronunciations, missing words.
"""

from __future__ import annotations

from voicegame.audio.grammar_spec import RecogniserGrammar
from voicegame.listen.command_grammar import (ARTICLE, LEGAL_WEIGHT, build_grammar, grammar_for, intent_phrase,
                                              noun_key, vosk_phrases)
from voicegame.listen.jsgf_builder import TOP, JsgfOptions, LegalNouns, build_jsgf
from voicegame.listen.likely_phrasing import LIKELY_OPTIONS
from voicegame.listen.listening_grammar import (ANSWER_INTENTS, GARBAGE_MIN_PHONES, GARBAGE_SHAPE, GARBAGE_WORDS,
                                                LIKELY_LEAVES_OUT, LISTEN_FIRST, LISTEN_LEGAL_WEIGHT, READING_INTENTS,
                                                garbage_words, likely_jsgf, listening_grammar, listening_jsgf,
                                                whole_jsgf)
from voicegame.listen.pronouncing import cmu_dictionary, missing_words, pronunciations
from voicegame.listen.sayable import (ANY_CARD_INTENTS, COMPOUND_SLOTS, highest_number, pruned_language, slot_phrases,
                                      visible_cards)
from voicegame.listen.templates_as_jsgf import ARTICLE_RULES, ARTICLE_SLOTS
from voicegame.listen.visible_card_names import visible_card_rules

__all__ = [
    "RecogniserGrammar",
    "ANSWER_INTENTS", "ANY_CARD_INTENTS", "ARTICLE", "ARTICLE_RULES", "ARTICLE_SLOTS", "COMPOUND_SLOTS",
    "GARBAGE_MIN_PHONES", "GARBAGE_SHAPE", "GARBAGE_WORDS", "LEGAL_WEIGHT", "LIKELY_LEAVES_OUT", "LIKELY_OPTIONS",
    "JsgfOptions", "LISTEN_FIRST", "LISTEN_LEGAL_WEIGHT", "READING_INTENTS", "TOP", "LegalNouns", "build_grammar", "build_jsgf",
    "cmu_dictionary", "garbage_words", "grammar_for", "highest_number", "intent_phrase", "likely_jsgf",
    "listening_grammar", "listening_jsgf", "missing_words", "noun_key", "pronunciations", "pruned_language",
    "slot_phrases", "visible_card_rules", "visible_cards", "vosk_phrases", "whole_jsgf",
]
