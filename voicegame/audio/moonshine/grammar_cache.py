"""Compiled grammars kept for the turns that come back: each ``RecogniserGrammar`` is compiled to a token
automaton once, and the few most recent are kept (least recently used first out), so that memory stays
flat over a long game while an unchanged turn costs nothing."""

from __future__ import annotations

from collections import OrderedDict

from ..grammar_spec import RecogniserGrammar
from .token_automaton import TokenAutomaton
from .tokenizer import MoonshineTokenizer
from .word_automaton import word_automaton

KEEP = 8
"""Compiled grammars kept (a turn's grammar changes with the cards showing; a few come back: a question
asked and answered, an undo)."""


class GrammarCache:
    def __init__(self, tokenizer: MoonshineTokenizer, keep: int = KEEP) -> None:
        self.tokenizer = tokenizer
        self.keep = keep
        self._compiled: OrderedDict[tuple[str, str], TokenAutomaton] = OrderedDict()

    @staticmethod
    def key(grammar: RecogniserGrammar) -> tuple[str, str]:
        """What the automaton depends on: its two JSGF documents (``word_automaton.documents``)."""
        return grammar.jsgf, grammar.open_jsgf or grammar.second_jsgf

    def compiled(self, grammar: RecogniserGrammar) -> TokenAutomaton:
        """The grammar's token automaton, compiled now or kept from before (``GrammarError`` when it says nothing)."""
        key = self.key(grammar)
        automaton = self._compiled.get(key)
        if automaton is not None:
            self._compiled.move_to_end(key)
            return automaton
        automaton = TokenAutomaton(word_automaton(grammar), self.tokenizer)
        self._compiled[key] = automaton
        while len(self._compiled) > self.keep:
            self._compiled.popitem(last=False)
        return automaton

    def __len__(self) -> int:
        return len(self._compiled)
