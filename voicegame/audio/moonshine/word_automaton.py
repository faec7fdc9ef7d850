"""The sentences of a grammar as a deterministic automaton over words, built from the JSGF documents
of a ``RecogniserGrammar`` (the likely grammar and the whole language) without listing sentences:
the whole language with every card in every phrasing holds far more sentences than can be listed on
every turn, and its automaton has a few thousand states.

The JSGF's out-of-grammar loop (``RecogniserGrammar.garbage``, rule ``<garbage>``) is left out: a
neural recogniser's rejection is a free transcript's score (``rejection``), not a loop of words.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import GrammarError
from ..grammar_spec import RecogniserGrammar
from ..jsgf import Jsgf

GARBAGE_RULE = "garbage"
"""The listening grammar's out-of-grammar rule (voicegame.listen.listening_grammar ``_with_garbage``)."""
MAX_STATES = 200_000
"""A grammar whose automaton grows past this many states is refused (a broken or runaway grammar)."""


@dataclass(frozen=True)
class WordAutomaton:
    """``moves[state]``: word -> next state; ``finals``: the states where a sentence may end; 0 starts."""

    moves: tuple[dict[str, int], ...]
    finals: frozenset[int]

    def accepts(self, words: list[str] | tuple[str, ...]) -> bool:
        state = 0
        for word in words:
            nxt = self.moves[state].get(word)
            if nxt is None:
                return False
            state = nxt
        return state in self.finals

    @property
    def words(self) -> frozenset[str]:
        return frozenset(w for move in self.moves for w in move)


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
            name = node[1]
            if name == GARBAGE_RULE or name in stack or name not in self.jsgf.ast:
                return None  # the garbage loop, a recursive or an unknown rule: nothing said through it
            return self.build(self.jsgf.ast[name], start, stack + (name,))
        if kind == "seq":
            at: int | None = start
            for part in node[1]:
                if at is None:
                    return None
                at = self.build(part, at, stack)
            return at
        if kind == "alt":
            end = self.state()
            reached = False
            for part in node[1]:
                branch = self.state()
                self.empty[start].append(branch)
                got = self.build(part, branch, stack)
                if got is not None:
                    self.empty[got].append(end)
                    reached = True
            return end if reached else None
        if kind in ("opt", "star", "plus"):
            inner_start = self.state()
            self.empty[start].append(inner_start)
            inner_end = self.build(node[1], inner_start, stack)
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
        raise GrammarError("audio_grammar_unexpected", token=kind)

    def closure(self, states: frozenset[int]) -> frozenset[int]:
        seen = set(states)
        todo = list(states)
        while todo:
            for nxt in self.empty[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return frozenset(seen)


def documents(grammar: RecogniserGrammar) -> tuple[str, ...]:
    """The JSGF documents whose sentences the recogniser may return: the first, and the open language
    (every phrasing the parser reads), or the second where the grammar has no open document."""
    return tuple(text for text in (grammar.jsgf, grammar.open_jsgf or grammar.second_jsgf) if text.strip())


def word_automaton(grammar: RecogniserGrammar) -> WordAutomaton:
    """Every sentence of the grammar's JSGF documents (less the garbage loop), as one deterministic
    automaton. Raises ``GrammarError`` when the documents say nothing at all."""
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
    return _determinise(nfa, frozenset(starts), frozenset(ends))


def _determinise(nfa: _Nfa, starts: frozenset[int], ends: frozenset[int]) -> WordAutomaton:
    first = nfa.closure(starts)
    number = {first: 0}
    order = [first]
    moves: list[dict[str, int]] = []
    for subset in order:  # grows while it is walked
        by_word: dict[str, set[int]] = {}
        for state in subset:
            for word, nxt in nfa.words[state]:
                by_word.setdefault(word, set()).add(nxt)
        move: dict[str, int] = {}
        for word in sorted(by_word):
            target = nfa.closure(frozenset(by_word[word]))
            index = number.get(target)
            if index is None:
                if len(order) >= MAX_STATES:
                    raise GrammarError("audio_moonshine_grammar_too_big")
                index = number[target] = len(order)
                order.append(target)
            move[word] = index
        moves.append(move)
    finals = frozenset(i for i, subset in enumerate(order) if subset & ends)
    return _trimmed(WordAutomaton(tuple(moves), finals))


def _trimmed(automaton: WordAutomaton) -> WordAutomaton:
    """Without the states from which no sentence can end (a rule left empty leaves dead ends)."""
    alive = set(automaton.finals)
    changed = True
    while changed:
        changed = False
        for state, move in enumerate(automaton.moves):
            if state not in alive and any(nxt in alive for nxt in move.values()):
                alive.add(state)
                changed = True
    if 0 not in alive:
        raise GrammarError("audio_moonshine_grammar_empty")
    moves = tuple({w: nxt for w, nxt in move.items() if nxt in alive} for move in automaton.moves)
    return WordAutomaton(moves, automaton.finals)
