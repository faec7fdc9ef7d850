"""Phrase templates: parse the template syntax of ``grammars/*/commands.toml``,
match token lists against them, and list every phrase they accept.

Syntax: ``word``, ``[optional]``, ``(a | b c)``, ``<rule>``, ``{slot}``.
A template becomes a small tree of :class:`Node` values; matching is a
generator that yields every way a template can consume the tokens, so
backtracking comes for free.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterator, Mapping

Bindings = tuple[tuple[str, object], ...]
SlotMatcher = Callable[[tuple[str, ...], int], Iterator[tuple[int, object]]]
"""Given tokens and a position, yield (end position, value) for each way the slot matches there."""


@dataclass(frozen=True)
class Word:
    text: str


@dataclass(frozen=True)
class Seq:
    items: tuple["Node", ...]


@dataclass(frozen=True)
class Alt:
    options: tuple["Node", ...]


@dataclass(frozen=True)
class Opt:
    item: "Node"


@dataclass(frozen=True)
class RuleRef:
    name: str


@dataclass(frozen=True)
class Slot:
    name: str


Node = Word | Seq | Alt | Opt | RuleRef | Slot

_TOKEN = re.compile(r"\s*(\[|\]|\(|\)|\||<[a-z_]+>|\{[a-z_]+\}|[^\s\[\]()|<>{}]+)")


class TemplateError(ValueError):
    pass


def parse_template(text: str) -> Node:
    """Parse one template string into a tree."""
    tokens = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise TemplateError(f"cannot read template at {text[pos:]!r}")
        tokens.append(m.group(1))
        pos = m.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    node, end = _parse_alt(tokens, 0, text)
    if end != len(tokens):
        raise TemplateError(f"unbalanced brackets in {text!r}")
    return node


def _parse_alt(tokens: list[str], i: int, src: str) -> tuple[Node, int]:
    options = []
    seq, i = _parse_seq(tokens, i, src)
    options.append(seq)
    while i < len(tokens) and tokens[i] == "|":
        seq, i = _parse_seq(tokens, i + 1, src)
        options.append(seq)
    return (options[0] if len(options) == 1 else Alt(tuple(options))), i


def _parse_seq(tokens: list[str], i: int, src: str) -> tuple[Node, int]:
    items: list[Node] = []
    while i < len(tokens) and tokens[i] not in ("|", ")", "]"):
        tok = tokens[i]
        if tok in ("(", "["):
            close = ")" if tok == "(" else "]"
            inner, i = _parse_alt(tokens, i + 1, src)
            if i >= len(tokens) or tokens[i] != close:
                raise TemplateError(f"missing {close!r} in {src!r}")
            items.append(inner if tok == "(" else Opt(inner))
            i += 1
        elif tok.startswith("<"):
            items.append(RuleRef(tok[1:-1]))
            i += 1
        elif tok.startswith("{"):
            items.append(Slot(tok[1:-1]))
            i += 1
        else:
            items.append(Word(tok.lower()))
            i += 1
    return (items[0] if len(items) == 1 else Seq(tuple(items))), i


class Matcher:
    """Matches token tuples against template trees, given rules and slot matchers."""

    def __init__(self, rules: Mapping[str, Node], slots: Mapping[str, SlotMatcher]) -> None:
        self.rules = rules
        self.slots = slots

    def full_matches(self, node: Node, tokens: tuple[str, ...]) -> Iterator[Bindings]:
        for end, bindings in self.match(node, tokens, 0, ()):
            if end == len(tokens):
                yield bindings

    def match(self, node: Node, tokens: tuple[str, ...], pos: int, bound: Bindings) -> Iterator[tuple[int, Bindings]]:
        if isinstance(node, Word):
            if pos < len(tokens) and tokens[pos] == node.text:
                yield pos + 1, bound
        elif isinstance(node, Seq):
            yield from self._match_seq(node.items, 0, tokens, pos, bound)
        elif isinstance(node, Alt):
            for option in node.options:
                yield from self.match(option, tokens, pos, bound)
        elif isinstance(node, Opt):
            yield from self.match(node.item, tokens, pos, bound)
            yield pos, bound
        elif isinstance(node, RuleRef):
            if node.name in self.rules:
                yield from self.match(self.rules[node.name], tokens, pos, bound)
            else:
                raise TemplateError(f"unknown rule <{node.name}>")
        else:
            matcher = self.slots.get(node.name)
            if matcher is None:
                raise TemplateError(f"unknown slot {{{node.name}}}")
            for end, value in matcher(tokens, pos):
                yield end, bound + ((node.name, value),)

    def _match_seq(self, items: tuple[Node, ...], k: int, tokens: tuple[str, ...], pos: int, bound: Bindings) -> Iterator[tuple[int, Bindings]]:
        if k == len(items):
            yield pos, bound
            return
        for end, b in self.match(items[k], tokens, pos, bound):
            yield from self._match_seq(items, k + 1, tokens, end, b)


def expand(node: Node, rules: Mapping[str, Node], slot_phrases: Mapping[str, list[str]], limit: int = 100_000) -> list[str]:
    """Every phrase the template accepts, with each slot replaced by each of its phrases.

    For tests, vocabularies and recogniser phrase lists; ``limit`` guards against blow-up.
    """

    def go(n: Node) -> list[str]:
        if isinstance(n, Word):
            return [n.text]
        if isinstance(n, Seq):
            out = [""]
            for item in n.items:
                parts = go(item)
                out = [f"{a} {b}".strip() for a in out for b in parts]
                if len(out) > limit:
                    raise TemplateError("template expands to too many phrases")
            return out
        if isinstance(n, Alt):
            return [p for o in n.options for p in go(o)]
        if isinstance(n, Opt):
            return go(n.item) + [""]
        if isinstance(n, RuleRef):
            return go(rules[n.name])
        return list(slot_phrases[n.name])

    return [" ".join(p.split()) for p in go(node)]


def words_of(node: Node, rules: Mapping[str, Node]) -> set[str]:
    """Every literal word in a template (slots excluded)."""
    if isinstance(node, Word):
        return set(node.text.split())
    if isinstance(node, Seq):
        return set().union(*(words_of(i, rules) for i in node.items)) if node.items else set()
    if isinstance(node, Alt):
        return set().union(*(words_of(o, rules) for o in node.options))
    if isinstance(node, Opt):
        return words_of(node.item, rules)
    if isinstance(node, RuleRef):
        return words_of(rules[node.name], rules)
    return set()


def without_words(node: Node, drop: frozenset[str]) -> Node:
    """The template with the given words removed (skip words never reach the matcher)."""
    if isinstance(node, Word):
        return Seq(()) if node.text in drop else node
    if isinstance(node, Seq):
        return Seq(tuple(without_words(i, drop) for i in node.items))
    if isinstance(node, Alt):
        return Alt(tuple(without_words(o, drop) for o in node.options))
    if isinstance(node, Opt):
        return Opt(without_words(node.item, drop))
    return node


def optional_words(node: Node, words: frozenset[str]) -> Node:
    """The template with the given words made optional: what a recogniser should accept for a
    template whose skip words ("give me a hint") the parser ignores anyway."""
    if isinstance(node, Word):
        return Opt(node) if node.text in words else node
    if isinstance(node, Seq):
        return Seq(tuple(optional_words(i, words) for i in node.items))
    if isinstance(node, Alt):
        return Alt(tuple(optional_words(o, words) for o in node.options))
    if isinstance(node, Opt):
        inner = node.item
        return node if isinstance(inner, Word) and inner.text in words else Opt(optional_words(inner, words))
    return node


def without_phrases(node: Node, phrases: frozenset[str]) -> Node:
    """The template without the alternatives that are exactly one of ``phrases`` (word strings):
    what a recogniser should not listen for. An alternative left with no option keeps its first."""
    if isinstance(node, Seq):
        return _seq_without_phrases(node, phrases)
    if isinstance(node, Alt):
        kept = tuple(without_phrases(o, phrases) for o in node.options if _text(o) not in phrases)
        return Alt(kept) if kept else node.options[0]
    if isinstance(node, Opt):
        return Opt(without_phrases(node.item, phrases))
    return node


def _seq_without_phrases(node: Seq, phrases: frozenset[str]) -> Seq:
    """:func:`without_phrases` of a sequence: "new [card]" without "new" alone is "new card"."""
    if all(isinstance(i, Word) or (isinstance(i, Opt) and isinstance(i.item, Word)) for i in node.items):
        required = " ".join(i.text for i in node.items if isinstance(i, Word))
        if required in phrases:
            return Seq(tuple(i.item if isinstance(i, Opt) else i for i in node.items))
    return Seq(tuple(without_phrases(i, phrases) for i in node.items))


def _text(node: Node) -> str | None:
    """The words of a node made only of words (None otherwise)."""
    if isinstance(node, Word):
        return node.text
    if isinstance(node, Seq) and all(isinstance(i, Word) for i in node.items):
        return " ".join(i.text for i in node.items)  # type: ignore[union-attr]
    return None
