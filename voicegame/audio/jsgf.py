"""A small reader for the JSGF v1.0 subset our grammar generator writes.

Used by the backends to
- list the words of a grammar (to check them against a recogniser's dictionary),
- rewrite a grammar without the phrases that need a word the recogniser cannot say (pocketsphinx
  refuses a whole grammar with one unknown word, and mis-decodes grammars holding ``<VOID>``),
- tell whether a hypothesis is a complete sentence of the grammar (pocketsphinx returns the best
  partial path when no path reaches the end of the grammar: "two of diamonds on five of").

Supported: header, ``grammar``/``import`` lines, ``//`` and ``/* */`` comments, ``public``, rule
references, ``<NULL>``, ``<VOID>``, ``|``, ``( )``, ``[ ]``, ``*``, ``+``, ``{tags}`` and ``/weights/``
(both ignored), quoted tokens. Recursive rules are allowed in the grammar but make the matcher give up
(``matches`` returns ``None``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Callable

from .errors import GrammarError

_TOKEN = re.compile(
    r"""
    (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<weight>/[0-9.eE+-]+/)
  | (?P<quoted>"(?:[^"\\]|\\.)*")
  | (?P<tag>\{(?:[^}\\]|\\.)*\})
  | (?P<rule><[^<>\s]+>)
  | (?P<op>[;=|()\[\]*+])
  | (?P<space>\s+)
  | (?P<word>[^\s;=|()\[\]*+<>{}"/]+)
  | (?P<bad>.)
    """,
    re.VERBOSE | re.DOTALL,
)


@dataclass(frozen=True)
class _Tok:
    kind: str
    text: str
    start: int
    end: int


def _tokens(text: str) -> list[_Tok]:
    out = []
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "bad"
        if kind in ("comment", "space"):
            continue
        if kind == "bad":
            raise GrammarError("audio_grammar_bad_character", character=m.group())
        out.append(_Tok(kind, m.group(), m.start(), m.end()))
    return out


def _word_of(tok: _Tok) -> str:
    if tok.kind == "quoted":
        return tok.text[1:-1].replace('\\"', '"')
    return tok.text


def _rule_reference(name: str) -> tuple:
    """``<name>``'s node: the special rules ``<NULL>`` and ``<VOID>``, else the rule (an imported
    ``<grammar.rule>`` by its last part)."""
    if name == "NULL":
        return ("null",)
    if name == "VOID":
        return ("void",)
    return ("rule", name.split(".")[-1])


def _token_node(tok: _Tok) -> tuple:
    """A word, or a sequence of words for a quoted token holding several."""
    words = _word_of(tok).split()
    return ("seq", [("word", w) for w in words]) if len(words) != 1 else ("word", words[0])


def _repeats(toks: list[_Tok], pos: int, node: tuple) -> tuple[int, tuple]:
    """``node`` wrapped in the ``*`` and ``+`` that follow it at ``pos`` (tags between are skipped)."""
    while pos < len(toks) and (toks[pos].kind == "tag" or toks[pos].text in ("*", "+")):
        if toks[pos].text == "*":
            node = ("star", node)
        elif toks[pos].text == "+":
            node = ("plus", node)
        pos += 1
    return pos, node


def _joined(kind: str, parts: list[tuple], empty: tuple) -> tuple:
    """``parts`` as one node of ``kind`` ("seq", "alt"): a single part stands alone, none is ``empty``."""
    if not parts:
        return empty
    return parts[0] if len(parts) == 1 else (kind, parts)


class Jsgf:
    """A parsed JSGF document (the subset described in the module docstring)."""

    def __init__(self, text: str):
        self.text = text
        toks = _tokens(text)
        self.name = ""
        self.rules: dict[str, list[_Tok]] = {}
        self.public: list[str] = []
        self._body_start = self._read_header(toks)
        i = self._body_start
        while i < len(toks):
            i = self._read_rule(toks, i)
        if not self.public:
            raise GrammarError("audio_grammar_no_public_rule")

    def _read_header(self, toks: list[_Tok]) -> int:
        """Where the rules begin, past the header lines (``#JSGF V1.0 ...;``, tokenised as words up to
        ';', ``grammar NAME;``, ``import <...>;``); keeps the grammar's name."""
        i = 0
        while i < len(toks):
            t = toks[i]
            if t.kind == "word" and t.text.startswith("#"):
                i = self._semicolon_from(toks, i) + 1
            elif t.kind == "word" and t.text in ("grammar", "import"):
                j = self._semicolon_from(toks, i) + 1
                if t.text == "grammar" and j - i >= 2:
                    self.name = toks[i + 1].text
                i = j
            else:
                return i
        return i

    def _read_rule(self, toks: list[_Tok], i: int) -> int:
        """Reads the rule ``[public] <name> = ... ;`` that begins at ``i``; returns where the next begins."""
        public = toks[i].kind == "word" and toks[i].text == "public"
        if public:
            i += 1
        if i + 1 >= len(toks) or toks[i].kind != "rule" or toks[i + 1].text != "=":
            raise GrammarError("audio_grammar_bad_rule", near=self.text[toks[min(i, len(toks) - 1)].start:][:30])
        name = toks[i].text[1:-1]
        semicolon = self._semicolon_from(toks, i + 2)
        if semicolon >= len(toks):
            raise GrammarError("audio_grammar_no_semicolon", rule=name)
        self.rules[name] = toks[i + 2 : semicolon]
        if public:
            self.public.append(name)
        return semicolon + 1

    @staticmethod
    def _semicolon_from(toks: list[_Tok], i: int) -> int:
        """The index of the first ';' from ``i`` on; ``len(toks)`` when there is none."""
        while i < len(toks) and toks[i].text != ";":
            i += 1
        return i

    # ------------------------------------------------------------------- AST
    # nodes: ("word", w) ("rule", name) ("seq", [..]) ("alt", [..]) ("opt", x) ("star", x)
    #        ("plus", x) ("null",) ("void",).  Tags and weights are dropped.
    @cached_property
    def ast(self) -> dict[str, tuple]:
        out = {}
        for name, toks in self.rules.items():
            pos, node = self._alt(toks, 0)
            if pos != len(toks):
                raise GrammarError("audio_grammar_rule_unbalanced", rule=name)
            out[name] = node
        return out

    def _alt(self, toks: list[_Tok], pos: int) -> tuple[int, tuple]:
        alts = []
        while True:
            pos, node = self._seq(toks, pos)
            alts.append(node)
            if pos < len(toks) and toks[pos].text == "|":
                pos += 1
                continue
            return pos, alts[0] if len(alts) == 1 else ("alt", alts)

    def _seq(self, toks: list[_Tok], pos: int) -> tuple[int, tuple]:
        parts: list[tuple] = []
        while pos < len(toks) and toks[pos].text not in ("|", ")", "]"):
            if toks[pos].kind in ("weight", "tag"):
                pos += 1
                continue
            pos, node = self._item(toks, pos)
            pos, node = _repeats(toks, pos, node)
            parts.append(node)
        return pos, _joined("seq", parts, ("null",))

    def _item(self, toks: list[_Tok], pos: int) -> tuple[int, tuple]:
        """One item of a sequence, before its ``*``/``+``: a group, a rule reference or a token."""
        t = toks[pos]
        if t.text in ("(", "["):
            return self._group(toks, pos)
        if t.kind == "rule":
            return pos + 1, _rule_reference(t.text[1:-1])
        if t.kind in ("word", "quoted"):
            return pos + 1, _token_node(t)
        raise GrammarError("audio_grammar_unexpected", token=t.text)

    def _group(self, toks: list[_Tok], pos: int) -> tuple[int, tuple]:
        """``( ... )`` or ``[ ... ]`` (optional) beginning at ``pos``, up to its closing bracket."""
        close = ")" if toks[pos].text == "(" else "]"
        pos, inner = self._alt(toks, pos + 1)
        if pos >= len(toks) or toks[pos].text != close:
            raise GrammarError("audio_grammar_unbalanced")
        return pos + 1, inner if close == ")" else ("opt", inner)

    # ----------------------------------------------------------------- words
    @cached_property
    def words(self) -> frozenset[str]:
        """Every word of every rule (quoted tokens are split on spaces)."""
        out: set[str] = set()

        def walk(n: tuple) -> None:
            k = n[0]
            if k == "word":
                out.add(n[1])
            elif k in ("seq", "alt"):
                for c in n[1]:
                    walk(c)
            elif k in ("opt", "star", "plus"):
                walk(n[1])

        for node in self.ast.values():
            walk(node)
        return frozenset(out)

    def without_words(self, missing: set[str] | frozenset[str]) -> str:
        """A JSGF document saying the same minus every phrase that needs a word of ``missing``.

        Alternatives using such a word are removed (pocketsphinx mis-decodes grammars holding
        ``<VOID>``, so the grammar is rewritten instead); a rule left with nothing is removed with
        every phrase that needs it. Raises GrammarError when nothing at all can be said any more.
        """
        if not missing or not (self.words & set(missing)):
            return self.text
        void: set[str] = set()
        while True:
            simple = {name: _simplify(node, set(missing), void) for name, node in self.ast.items()}
            new_void = {name for name, node in simple.items() if node == ("void",)}
            if new_void == void:
                break
            void = new_void
        top = self.top
        if simple[top] == ("void",):
            raise GrammarError("audio_grammar_nothing_left")
        lines = ["#JSGF V1.0;", f"grammar {self.name or 'voicegame'};"]
        for name, node in simple.items():
            if node == ("void",):
                continue
            public = "public " if name in self.public else ""
            lines.append(f"{public}<{name}> = {_serialise(node)};")
        return "\n".join(lines) + "\n"

    @property
    def top(self) -> str:
        return "command" if "command" in self.public else self.public[0]

    # --------------------------------------------------------------- matcher
    def _regex(self, node: tuple, stack: tuple[str, ...]) -> str:
        k = node[0]
        if k == "word":
            return "(?:" + re.escape(node[1]) + " )"
        if k == "null":
            return ""
        if k == "void":
            return "(?!)"
        if k == "rule":
            name = node[1]
            if name not in self.ast:
                raise GrammarError("audio_grammar_undefined_rule", rule=name)
            if name in stack:
                raise _Recursive()
            return "(?:" + self._regex(self.ast[name], stack + (name,)) + ")"
        if k == "seq":
            return "".join(self._regex(c, stack) for c in node[1])
        if k == "alt":
            return "(?:" + "|".join(self._regex(c, stack) for c in node[1]) + ")"
        inner = self._regex(node[1], stack)
        return f"(?:{inner})" + {"opt": "?", "star": "*", "plus": "+"}[k]

    def _compiled(self, build: Callable[[tuple, tuple[str, ...]], str]) -> re.Pattern[str] | None:
        """``build``'s regex for the top rule, compiled; None when the grammar is recursive."""
        try:
            pattern = re.compile(build(("rule", self.top), ()))
        except _Recursive:
            return None
        # ``re`` keeps the last 512 patterns it compiled, and a turn's grammar is a new pattern of up to
        # a megabyte compiled: a game by voice grew by that much a turn until the cache was full. The
        # owner of this Jsgf holds its pattern; the cache only held it alive.
        re.purge()
        return pattern

    @cached_property
    def _matcher(self) -> re.Pattern[str] | None:
        return self._compiled(self._regex)

    def _prefix_regex(self, node: tuple, stack: tuple[str, ...]) -> str:
        """A regex for every beginning (empty and whole included) of ``node``'s sentences."""
        k = node[0]
        if k == "word":
            return "(?:" + re.escape(node[1]) + " )?"
        if k in ("null", "void"):
            return "" if k == "null" else "(?!)"
        if k == "rule":
            if node[1] in stack:
                raise _Recursive()
            return self._prefix_regex(self.ast[node[1]], stack + (node[1],)) if node[1] in self.ast else self._regex(node, stack)
        if k == "seq":
            parts = node[1]
            return "(?:" + "|".join("".join(self._regex(c, stack) for c in parts[:i]) + self._prefix_regex(parts[i], stack)
                                     for i in range(len(parts))) + ")" if parts else ""
        if k == "alt":
            return "(?:" + "|".join(self._prefix_regex(c, stack) for c in node[1]) + ")"
        if k == "opt":
            return self._prefix_regex(node[1], stack)
        return f"(?:{self._regex(node[1], stack)})*" + self._prefix_regex(node[1], stack)  # star, plus

    @cached_property
    def _prefix_matcher(self) -> re.Pattern[str] | None:
        return self._compiled(self._prefix_regex)

    def is_final(self, text: str) -> bool | None:
        """Whether ``text`` is a whole sentence that no longer sentence begins with: nothing the
        grammar allows can follow it, so a listener may stop waiting for more ("draw", "six of
        diamonds on seven of clubs"; not "six of diamonds", which may go on "on seven of clubs").
        ``None`` when the grammar is recursive."""
        whole = self.matches(text)
        m = self._prefix_matcher
        if whole is None or m is None:
            return None
        if not whole:
            return False
        head = "".join(w + " " for w in text.split())
        return not any(m.fullmatch(f"{head}{word} ") for word in self.words)

    def matches(self, text: str) -> bool | None:
        """Whether ``text`` (space-separated words) is a whole sentence of the top rule.

        ``None`` when the grammar is recursive and cannot be checked this way.
        """
        m = self._matcher
        if m is None:
            return None
        return m.fullmatch("".join(w + " " for w in text.split())) is not None


class _Recursive(Exception):
    pass


_VOID = ("void",)
_NULL = ("null",)


def _simplify(node: tuple, missing: set[str], void_rules: set[str]) -> tuple:
    """``node`` without what needs a word of ``missing`` or a rule of ``void_rules``: ``_VOID`` when
    nothing is left of it, ``_NULL`` when only silence is."""
    k = node[0]
    if k == "word":
        return _VOID if node[1] in missing else node
    if k == "rule":
        return _VOID if node[1] in void_rules else node
    if k in ("null", "void"):
        return node
    if k == "seq":
        return _simplify_seq([_simplify(c, missing, void_rules) for c in node[1]])
    if k == "alt":
        return _joined("alt", [p for p in (_simplify(c, missing, void_rules) for c in node[1]) if p != _VOID], _VOID)
    return _simplify_repeat(k, _simplify(node[1], missing, void_rules))


def _simplify_seq(parts: list[tuple]) -> tuple:
    """A sequence of simplified ``parts``: void when one part is, its silent parts left out."""
    if any(p == _VOID for p in parts):
        return _VOID
    return _joined("seq", [p for p in parts if p != _NULL], _NULL)


def _simplify_repeat(kind: str, inner: tuple) -> tuple:
    """``opt``, ``star`` or ``plus`` of a simplified ``inner``."""
    if kind == "plus":
        return inner if inner in (_VOID, _NULL) else ("plus", inner)
    if inner in (_VOID, _NULL):  # [void] and void* can only be skipped
        return _NULL
    return (kind, inner)


def _serialise(node: tuple) -> str:
    k = node[0]
    if k == "word":
        w = node[1]
        return w if re.fullmatch(r'[^\s;=|()\[\]*+<>{}"/]+', w) else '"' + w.replace('"', '\\"') + '"'
    if k == "rule":
        return f"<{node[1]}>"
    if k == "null":
        return "<NULL>"
    if k == "void":
        return "<VOID>"
    if k == "seq":
        return " ".join(f"({_serialise(c)})" if c[0] == "alt" else _serialise(c) for c in node[1])
    if k == "alt":
        return " | ".join(_serialise(c) for c in node[1])
    if k == "opt":
        return f"[{_serialise(node[1])}]"
    return f"({_serialise(node[1])})" + ("*" if k == "star" else "+")
