"""The sentences of a grammar as a deterministic automaton over words, built from the JSGF documents
of a ``RecogniserGrammar`` (the likely grammar and the open language) without listing sentences:
the whole language with every card in every phrasing holds far more sentences than can be listed on
every turn, and its automaton has thousands of states. It is determinised as it is walked: a decode
visits a few dozen of them, and determinising all of them was most of a turn's compile (0.15-0.4
CPU-s a turn's grammar, twice that for the open language; measured with bench/moonshine_compile.py).

The JSGF's out-of-grammar loop (``RecogniserGrammar.garbage``, rule ``<garbage>``) is left out: a
neural recogniser's rejection is a free transcript's score (``rejection``), not a loop of words.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from ..errors import GrammarError
from ..grammar_spec import RecogniserGrammar
from ..jsgf import Jsgf

GARBAGE_RULE = "garbage"
"""The listening grammar's out-of-grammar rule (voicegame.listen.listening_grammar ``_with_garbage``)."""
MAX_STATES = 200_000
"""A grammar whose automaton grows past this many states is refused (a broken or runaway grammar). States are
made as decodes walk the grammar, so the ``GrammarError`` comes from the decode that went past it, which is heard
as nothing; the count is of every walk of the grammar while it is kept."""


class _Nfa:
    """A Thompson automaton: word edges and empty edges between numbered states."""

    def __init__(self, jsgf: Jsgf) -> None:
        self.jsgf = jsgf
        self.words: list[list[tuple[str, int]]] = []
        self.empty: list[list[int]] = []

    def state(self) -> int:
        self.words.append([])
        self.empty.append([])
        return len(self.words) - 1

    def build(self, node: tuple, start: int, stack: tuple[str, ...] = ()) -> int | None:
        """States for ``node`` from ``start``; returns its end state (None: it can say nothing)."""
        kind = node[0]
        if kind == "word":
            end = self.state()
            self.words[start].append((node[1].lower(), end))
            return end
        if kind == "null":
            return start
        if kind == "void":
            return None
        if kind == "rule":
            return self._rule(node[1], start, stack)
        if kind == "seq":
            return self._sequence(node[1], start, stack)
        if kind == "alt":
            return self._choice(node[1], start, stack)
        if kind in ("opt", "star", "plus"):
            return self._repeat(kind, node[1], start, stack)
        raise GrammarError("audio_grammar_unexpected", token=kind)

    def _rule(self, name: str, start: int, stack: tuple[str, ...]) -> int | None:
        if name == GARBAGE_RULE or name in stack or name not in self.jsgf.ast:
            return None  # the garbage loop, a recursive or an unknown rule: nothing said through it
        return self.build(self.jsgf.ast[name], start, stack + (name,))

    def _sequence(self, parts: tuple, start: int, stack: tuple[str, ...]) -> int | None:
        at: int | None = start
        for part in parts:
            if at is None:
                return None
            at = self.build(part, at, stack)
        return at

    def _choice(self, parts: tuple, start: int, stack: tuple[str, ...]) -> int | None:
        end = self.state()
        reached = False
        for part in parts:
            branch = self.state()
            self.empty[start].append(branch)
            got = self.build(part, branch, stack)
            if got is not None:
                self.empty[got].append(end)
                reached = True
        return end if reached else None

    def _repeat(self, kind: str, inner: tuple, start: int, stack: tuple[str, ...]) -> int | None:
        """``[x]`` (opt), ``x*`` (star) or ``x+`` (plus)."""
        inner_start = self.state()
        self.empty[start].append(inner_start)
        inner_end = self.build(inner, inner_start, stack)
        end = self.state()
        if kind != "plus":
            self.empty[start].append(end)
        if inner_end is not None:
            self.empty[inner_end].append(end)
            if kind != "opt":
                self.empty[inner_end].append(inner_start)
        elif kind == "plus":
            return None
        return end

    def closure(self, states: frozenset[int] | set[int]) -> frozenset[int]:
        seen = set(states)
        todo = list(states)
        while todo:
            for nxt in self.empty[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return frozenset(seen)

    def reaching(self, ends: frozenset[int]) -> frozenset[int]:
        """The states from which one of ``ends`` can be reached (a rule left empty leaves dead ends)."""
        back: list[list[int]] = [[] for _ in self.words]
        for state, (words, empty) in enumerate(zip(self.words, self.empty)):
            for _, nxt in words:
                back[nxt].append(state)
            for nxt in empty:
                back[nxt].append(state)
        seen = set(ends)
        todo = list(ends)
        while todo:
            for earlier in back[todo.pop()]:
                if earlier not in seen:
                    seen.add(earlier)
                    todo.append(earlier)
        return frozenset(seen)


class WordAutomaton:
    """The grammar's sentences, deterministic over words: ``moves(state)`` (word -> next state, in the
    words' order, only towards states a sentence can end from), ``is_final(state)``; 0 starts. A state
    is a set of the Thompson automaton's states, made the first time a walk reaches it."""

    def __init__(self, nfa: _Nfa, starts: frozenset[int], ends: frozenset[int]) -> None:
        self._nfa = nfa
        self._ends = ends
        self._alive = nfa.reaching(ends)
        self._subsets: list[frozenset[int]] = []
        self._numbers: dict[frozenset[int], int] = {}
        self._moves: dict[int, dict[str, int]] = {}
        self.lock = threading.RLock()
        """Held while a walk makes new states, here or in the token automaton over this one: two decodes
        may walk one cached grammar at once (an early decode gone stale beside the one at the end), and a
        state numbered twice would stand for the wrong words. Reading what is made takes no lock."""
        first = nfa.closure(starts)
        if not first & self._alive:
            raise GrammarError("audio_moonshine_grammar_empty")
        self._number(first)

    def _number(self, subset: frozenset[int]) -> int:
        number = self._numbers.get(subset)
        if number is None:
            if len(self._subsets) >= MAX_STATES:
                raise GrammarError("audio_moonshine_grammar_too_big")
            number = self._numbers[subset] = len(self._subsets)
            self._subsets.append(subset)
        return number

    def moves(self, state: int) -> dict[str, int]:
        """The words that may follow at ``state`` and the state each leads to."""
        known = self._moves.get(state)
        if known is not None:
            return known
        with self.lock:
            known = self._moves.get(state)
            return known if known is not None else self._made_moves(state)

    def _made_moves(self, state: int) -> dict[str, int]:
        """``moves`` of a state no walk has left yet (``lock`` held)."""
        by_word: dict[str, set[int]] = {}
        for member in self._subsets[state]:
            for word, nxt in self._nfa.words[member]:
                by_word.setdefault(word, set()).add(nxt)
        move: dict[str, int] = {}
        for word in sorted(by_word):
            target = self._nfa.closure(by_word[word])
            if target & self._alive:
                move[word] = self._number(target)
        self._moves[state] = move
        return move

    def is_final(self, state: int) -> bool:
        return bool(self._subsets[state] & self._ends)

    def walk(self, words: list[str] | tuple[str, ...]) -> int | None:
        """The state ``words`` lead to from the start (None: the grammar has no sentence beginning so)."""
        state = 0
        for word in words:
            nxt = self.moves(state).get(word)
            if nxt is None:
                return None
            state = nxt
        return state

    def accepts(self, words: list[str] | tuple[str, ...]) -> bool:
        state = self.walk(words)
        return state is not None and self.is_final(state)

    def complete(self, words: list[str] | tuple[str, ...]) -> bool:
        """Whether ``words`` make a whole sentence that no word of the grammar can follow ("undo", "six of
        diamonds on seven of clubs"; not "six of diamonds")."""
        state = self.walk(words)
        return state is not None and self.is_final(state) and not self.moves(state)

    @property
    def words(self) -> frozenset[str]:
        """Every word of a sentence of the grammar."""
        return frozenset(word for edges in self._nfa.words for word, nxt in edges if nxt in self._alive)

    @property
    def states(self) -> int:
        """How many states walks have made so far."""
        return len(self._subsets)


def documents(grammar: RecogniserGrammar) -> tuple[str, ...]:
    """The JSGF documents whose sentences the recogniser may return: the first, and the open language
    (every phrasing the parser reads), or the second where the grammar has no open document."""
    return tuple(text for text in (grammar.jsgf, grammar.open_jsgf or grammar.second_jsgf) if text.strip())


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while the tens of thousands of small lists of a Thompson automaton
    are made: it walked them again and again, more than half of a compile's CPU (measured: 158 -> 67 ms
    a Klondike turn), and they hold no cycles to collect."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def word_automaton(grammar: RecogniserGrammar) -> WordAutomaton:
    """Every sentence of the grammar's JSGF documents (less the garbage loop), as one deterministic
    automaton, determinised as decodes walk it. Raises ``GrammarError`` when the documents say nothing at
    all (here), or when a walk makes more than ``MAX_STATES`` states (in ``moves``)."""
    with _collector_paused():
        return _merged(grammar)


def _merged(grammar: RecogniserGrammar) -> WordAutomaton:
    """``word_automaton``: the documents' Thompson automata side by side, one start and end each."""
    starts: list[int] = []
    ends: list[int] = []
    nfa: _Nfa | None = None
    merged_words: list[list[tuple[str, int]]] = []
    merged_empty: list[list[int]] = []
    for text in documents(grammar):
        jsgf = Jsgf(text)
        nfa = _Nfa(jsgf)
        offset = len(merged_words)
        start = nfa.state()
        end = nfa.build(("rule", jsgf.top), start)
        merged_words += [[(w, s + offset) for w, s in edges] for edges in nfa.words]
        merged_empty += [[s + offset for s in edges] for edges in nfa.empty]
        if end is not None:
            starts.append(start + offset)
            ends.append(end + offset)
    if nfa is None or not starts:
        raise GrammarError("audio_moonshine_grammar_empty")
    nfa.words, nfa.empty = merged_words, merged_empty
    return WordAutomaton(nfa, frozenset(starts), frozenset(ends))
