"""The command templates (``grammars/*/commands.toml``) as JSGF expressions: the same tree, with a
slot becoming a reference to the rule that lists its words (``{card}`` -> ``<the_card>``, so "the" may
precede it) and what can only be said as nothing (``[]``, an empty sequence) becoming ``<NULL>``."""

from __future__ import annotations

from voicegame.language import templates as template
from voicegame.listen.jsgf_tree import NULL, Choice, Expr, Group, Optional, Ref, Sequence, Words

ARTICLE_RULES = frozenset({"board"})
"""Rules that may be preceded by "the" when spoken ("read the board")."""
ARTICLE_SLOTS = frozenset({"place", "target", "pile", "card"})
"""Slots that may be preceded by "the" ("move the seven ... to the eight ..."); the parser skips it."""


def template_expr(node: template.Node, any_card: bool = False) -> Expr:
    """``node`` as JSGF; ``any_card``: ``{card}`` names any card (``<any_card>``), not only those
    showing."""
    if isinstance(node, template.Word):
        return Words(node.text)
    if isinstance(node, template.Seq):
        return _sequence([template_expr(item, any_card) for item in node.items])
    if isinstance(node, template.Alt):
        return Group(Choice(tuple(template_expr(option, any_card) for option in node.options)))
    if isinstance(node, template.Opt):
        inner = template_expr(node.item, any_card)
        return NULL if inner is NULL else Optional(inner)
    if isinstance(node, template.Slot):
        return _slot(node.name, any_card)
    return Ref(node.name)  # a rule


def _sequence(items: list[Expr]) -> Expr:
    """The items said in a row, less those that say nothing (``<NULL>`` when none is left)."""
    said = tuple(item for item in items if item is not NULL)
    if not said:
        return NULL
    return said[0] if len(said) == 1 else Sequence(said)


def _slot(name: str, any_card: bool) -> Ref:
    rule = "any_card" if any_card and name == "card" else name
    return Ref(f"the_{rule}" if name in ARTICLE_SLOTS else rule)


def rule_refs(node: template.Node) -> set[str]:
    """The names of the rules ``node`` refers to (``<onto>``), at any depth."""
    if isinstance(node, template.RuleRef):
        return {node.name}
    if isinstance(node, template.Opt):
        return rule_refs(node.item)
    parts = node.items if isinstance(node, template.Seq) else node.options if isinstance(node, template.Alt) else ()
    return set().union(*(rule_refs(part) for part in parts))


def options_of(node: template.Node) -> tuple[template.Node, ...]:
    """The alternatives of ``node`` (itself alone when it has none)."""
    return node.options if isinstance(node, template.Alt) else (node,)
