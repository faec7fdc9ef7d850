"""Which phrasings the likely grammar keeps (``listening_grammar.likely_jsgf``): a slot-free command
in its first phrasing and its phrasings of two words or more, every choice of a rule cut to its
usual first options. The rest of the language is heard by the second decode."""

from __future__ import annotations

from voicegame.language.parse import Parser
from voicegame.language.lexicon import Language
from voicegame.language.templates import Alt, Node, Opt, Seq, Word, expand
from voicegame.listen.templates_as_jsgf import ARTICLE_RULES, rule_refs

LIKELY_OPTIONS = 3
"""In the likely grammar, the choices of the language's rules keep their first this many options
("(move | put | place | ...)" -> "(move | put | place)", "(to | onto | on | ...)" -> "(to | onto | on)"):
the first are the usual ways, the rest are heard by the whole language. Legal moves name cards in
full ("six of diamonds", not "six") there, as an earlier, narrower grammar did."""
LIKELY_MULTIWORD = True
"""Whether the likely grammar keeps, besides an intent's first phrase, every phrase of two words or
more ("speak faster", "volume down"; less listening.toml's ``second_only``): one-word synonyms
("stats", "compact") are what pull other speech onto themselves. Measured 2026-11-24 (bench/heard.py,
clean, 232 commands in 4 espeak-ng voices, 80 non-commands): right 54.6% -> 67.2% (tune) and 29.3% ->
48.3% (held-out), wrong actions 0 -> 0, false accepts 1.2% -> 1.2%, confirmations 11.5% -> 9.8%.
Off for one session because 4 voice-loop tests failed with it: espeak-ng's "draw" came out as the
broken-off "more" ("more cards") or "throw" ("throw away aces"), now left to the second decode
(``second_only``); and espeak-ng's default "draw" fits at -7.27 to -7.32 per frame, right on
``DOUBT_FRAME_SCORE`` (-7.3), so a grammar change tips it into "Draw?" (a confirmation, not a
mishearing: the tests that were about something else now say a move)."""


def canonical_templates(templates: list[Node], parser: Parser) -> list[Node]:
    """``templates`` reduced to the first phrase of the first one when they have no slots
    (with ``LIKELY_MULTIWORD``, also their phrases of two words or more)."""
    language = parser.heard.language
    if rule_refs(templates[0]) & ARTICLE_RULES:  # "read [the] board": keep the rule
        return [first_options(templates[0])]
    try:
        phrases = _phrases(templates, language)
    except Exception:  # a slot (KeyError, TemplateError): the first of each choice
        return [first_options(templates[0])]
    if not phrases or not phrases[0]:
        return templates
    longer = [p for p in phrases[1:] if len(p.split()) >= 2 and not second_only_phrase(p, language.second_only)]
    return [Seq(tuple(Word(w) for w in p.split())) for p in dict.fromkeys([phrases[0], *longer])]


def _phrases(templates: list[Node], language: Language) -> list[str]:
    """Every phrase of the slot-free ``templates`` (only the first without ``LIKELY_MULTIWORD``)."""
    if LIKELY_MULTIWORD:
        return [p for t in templates for p in expand(t, language.rules, {}, limit=200)]
    return expand(templates[0], language.rules, {}, limit=50)[:1]


def likely_phrases(parser: Parser) -> dict[str, str]:
    """Every phrase of a slot-free intent in the likely grammar (``canonical_templates``), with its intent."""
    out: dict[str, str] = {}
    for name, templates in parser.heard.language.intents:
        if name == "answer":
            continue
        for node in canonical_templates(list(templates), parser):
            if isinstance(node, Seq) and all(isinstance(w, Word) for w in node.items):
                out.setdefault(" ".join(w.text for w in node.items if isinstance(w, Word)), name)
    return out


def ends_early(parser: Parser) -> frozenset[str]:
    """Likely phrases after which a listener need not wait although the likely grammar goes on,
    because every likely phrase that goes on from them means the same command: "quit" ("quit
    game"), "draw" ("draw cards"); not "help" ("help me" is a hint) or "auto" ("auto on").
    Without it, every such command waits out the longer end-of-speech silence (``Endpointer``):
    the multi-word phrasings made "draw" wait 400 ms instead of 200 (bench/session.py)."""
    phrases = likely_phrases(parser)
    out = set()
    for phrase in phrases:
        longer = [p for p in phrases if p.startswith(phrase + " ")]
        if longer:
            meaning = parser.parse(phrase)
            if all(parser.parse(p) == meaning for p in longer):
                out.add(phrase)
    return frozenset(out)


def second_only_phrase(phrase: str, starts: frozenset[str]) -> bool:
    """Whether ``phrase`` is, or begins with, a phrasing left to the second decode (listening.toml)."""
    return any(phrase == start or phrase.startswith(start + " ") for start in starts)


def first_options(node: Node, keep: int = 1) -> Node:
    """``node`` with every choice cut to its first ``keep`` options ("(read | show) {pile}" -> "read {pile}")."""
    if isinstance(node, Alt):
        options = tuple(first_options(o, keep) for o in node.options[:keep])
        return options[0] if len(options) == 1 else Alt(options)
    if isinstance(node, Seq):
        return Seq(tuple(first_options(i, keep) for i in node.items))
    if isinstance(node, Opt):
        return Opt(first_options(node.item, keep))
    return node
