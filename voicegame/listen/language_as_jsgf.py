"""The language's part of a JSGF document: its intents and rules, pruned to the game and written as
JSGF expressions. It is the same on every turn of a deal (only the cards showing and the legal moves
change), and it was most of a turn's grammar build, so it is made once per parser and shape."""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.language.parse import Parser
from voicegame.listen import likely_phrasing
from voicegame.listen.jsgf_tree import Choice, Expr, Optional, Rule, Sequence, Words
from voicegame.listen.sayable import ANY_CARD_INTENTS, Phrasing, pruned_language, slot_phrases
from voicegame.listen.templates_as_jsgf import ARTICLE_RULES, template_expr


@dataclass(frozen=True)
class LanguageShape:
    """What the language's part depends on besides the game (see ``JsgfOptions``)."""

    article: bool
    phrasing: Phrasing
    canonical: bool
    cards_showing_only: bool  # ``{card}`` names the cards showing, but for ``ANY_CARD_INTENTS``


@dataclass(frozen=True)
class LanguageJsgf:
    """Each intent's phrasings as one choice (``<cmd_NAME>``'s body), and the language's rules."""

    intents: tuple[tuple[str, Choice], ...]
    rules: tuple[Rule, ...]


_MADE: dict[tuple, tuple[Parser, LanguageJsgf]] = {}


def language_jsgf(parser: Parser, shape: LanguageShape) -> LanguageJsgf:
    """The intents and rules of ``parser``'s language as JSGF in this ``shape``, made once (the
    likely phrasing's settings are part of the key: a test may change them)."""
    key = (id(parser), shape, likely_phrasing.LIKELY_MULTIWORD, likely_phrasing.LIKELY_OPTIONS)
    known = _MADE.get(key)
    if known is None or known[0] is not parser:  # a parser gone and its id reused
        if len(_MADE) > 64:
            _MADE.clear()
        known = _MADE[key] = (parser, _made(parser, shape))
    return known[1]


def _made(parser: Parser, shape: LanguageShape) -> LanguageJsgf:
    nouns = slot_phrases(parser)
    heard = parser.heard  # the language as listened for (listening.toml heard_as)
    rules, intents = pruned_language(heard, nouns, shape.phrasing)
    if shape.canonical:
        intents = [(name, templates if name == "answer" else likely_phrasing.canonical_templates(templates, heard))
                   for name, templates in intents]
    bodies = tuple((name, Choice(tuple(template_expr(t, shape.cards_showing_only and name in ANY_CARD_INTENTS)
                                       for t in templates))) for name, templates in intents)
    the: tuple[Expr, ...] = (Optional(Words("the")),) if shape.article else ()
    made_rules = []
    for name, node in rules.items():
        body = template_expr(likely_phrasing.first_options(node, likely_phrasing.LIKELY_OPTIONS) if shape.canonical else node)
        made_rules.append(Rule(name, Sequence((*the, body)) if name in ARTICLE_RULES else body))
    return LanguageJsgf(bodies, tuple(made_rules))
