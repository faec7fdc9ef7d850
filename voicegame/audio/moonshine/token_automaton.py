"""A grammar's sentences as Moonshine tokens: what token may come next at each point of a decode.

Built over the word automaton (``word_automaton``): each word state's outgoing words become a small
trie of their tokens, made when a decode first reaches that state and kept with the compiled grammar.
Each word is written as the model writes it, in the tokenizer's canonical pieces, in a few
spellings: as the grammar has it, capitalised (a transcript's first word, "I", names) and, for the
number words, in digits ("pile 3"); the first word also without the word-start mark. A comma may follow
any word, and a full stop, question or exclamation mark the last; the end token only where a sentence
of the grammar ends. Whatever spelling was decoded, the hypothesis holds the grammar's own words.

Tokens inside a word never begin with the word-start mark and a word's first token always does,
so a trie node that ends a word and goes on into a longer one is never ambiguous.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .tokenizer import EOS, MoonshineTokenizer
from .word_automaton import WordAutomaton

NUMBER_DIGITS = {
    "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "thirteen": "13",
}
"""Number words the model may write in digits."""
COMMA = ","
ENDINGS = (".", "?", "!")
DONE = -1
"""The target of the end token: the sentence is complete."""


def spellings(word: str) -> tuple[str, ...]:
    """The ways the model may write a grammar word, the grammar's own first."""
    out = [word]
    for other in (word.capitalize(), NUMBER_DIGITS.get(word, "")):
        if other and other not in out:
            out.append(other)
    return tuple(out)


@dataclass
class TokenAutomaton:
    """The tokens allowed after each node of a decode; node 0 starts (see the module's docstring)."""

    words: WordAutomaton
    tokenizer: MoonshineTokenizer
    children: list[dict[int, int]] = field(default_factory=list)
    end_word: list[str] = field(default_factory=list)
    """The grammar word a node completes ("" none)."""
    end_state: list[int] = field(default_factory=list)
    """The word state a node's completed word leads to (-1: none)."""
    _roots: dict[int, int] = field(default_factory=dict)
    _allowed: dict[int, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        pieces = self.tokenizer.ids
        self.comma = pieces[COMMA]
        self.endings = tuple(pieces[p] for p in ENDINGS)
        self.stop = self._node()  # after a closing mark: only the end token
        self.start = self._node()
        self._fill(self.start, 0, first=True)

    def _node(self, word: str = "", state: int = -1) -> int:
        self.children.append({})
        self.end_word.append(word)
        self.end_state.append(state)
        return len(self.children) - 1

    def _fill(self, node: int, state: int, first: bool = False) -> None:
        """The tries of every word leaving word ``state`` under ``node``."""
        for word, target in self.words.moves(state).items():
            for spelling in spellings(word):
                for space in ((True, False) if first else (True,)):
                    ids = self.tokenizer.word_ids(spelling, space)
                    at = node
                    for index in ids[:-1]:
                        nxt = self.children[at].get(index)
                        if nxt is None:
                            nxt = self.children[at][index] = self._node()
                        at = nxt
                    last = self.children[at].get(ids[-1])
                    if last is None:
                        self.children[at][ids[-1]] = self._node(word, target)
                    elif not self.end_word[last]:  # a path inside a longer word: it ends this one too
                        self.end_word[last], self.end_state[last] = word, target
                    # else: two words spelt alike here; the first keeps the spelling

    def root(self, state: int) -> int:
        """The node where the words leaving word ``state`` begin (made on first use)."""
        node = self._roots.get(state)
        if node is None:
            node = self._roots[state] = self._node()
            self._fill(node, state)
        return node

    def allowed(self, node: int) -> tuple[np.ndarray, np.ndarray]:
        """(token ids, target nodes) allowed after ``node``; ``DONE`` is the end token's target."""
        known = self._allowed.get(node)
        if known is not None:
            return known
        with self.words.lock:  # two decodes may walk this grammar at once: nodes are made by one at a time
            known = self._allowed.get(node)
            return known if known is not None else self._made_allowed(node)

    def _made_allowed(self, node: int) -> tuple[np.ndarray, np.ndarray]:
        """``allowed`` of a node no decode has left yet (the word automaton's ``lock`` held)."""
        moves: dict[int, int] = {}
        state = self.end_state[node]
        if state >= 0:
            root = self.root(state)
            moves.update(self.children[root])
            moves[self.comma] = root
            if self.words.is_final(state):
                for mark in self.endings:
                    moves[mark] = self.stop
                moves[EOS] = DONE
        if node == self.stop:
            moves[EOS] = DONE
        moves.update(self.children[node])  # inside a longer word (never a word's first token)
        ids = np.fromiter(moves.keys(), dtype=np.int64, count=len(moves))
        targets = np.fromiter(moves.values(), dtype=np.int64, count=len(moves))
        known = self._allowed[node] = (ids, targets)
        return known

    @property
    def nodes(self) -> int:
        return len(self.children)
