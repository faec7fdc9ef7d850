"""The JSGF document PocketSphinx decodes with: one rule per template rule (``<onto>``), one per slot
(``<card>``, ``<pile>``...) and one per intent (``<cmd_move>``), so the document stays a few
kilobytes instead of millions of expanded sentences. ``build_jsgf`` tunes it to the turn (the cards
showing, the legal moves) when its ``JsgfOptions`` ask. The document is one tree of
``jsgf_tree`` values, written out once."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from voicegame.engine.cards import Card
from voicegame.language.parse import Parser
from voicegame.language.templates import parse_template
from voicegame.listen.jsgf_tree import VOID, Choice, Document, Expr, Group, Optional, Ref, Rule, Sequence, Words
from voicegame.listen.language_as_jsgf import LanguageShape, language_jsgf
from voicegame.listen.sayable import COMPOUND_SLOTS, Phrasing, slot_phrases
from voicegame.listen.templates_as_jsgf import ARTICLE_SLOTS, options_of, rule_refs, template_expr
from voicegame.listen.visible_card_names import visible_card_choices

TOP = "command"
LEGAL_INTENTS = {"move": "move_verb", "move_up": "play_verb"}
"""The intents a turn's legal moves are preferred in (``<legal_move>``), with the rule of their verb."""

LegalNouns = list[tuple[list[str], list[str], bool]]
"""Per legal move: ways to name its source, ways to name its target, whether it goes to a foundation."""
LegalMove = tuple[tuple[str, ...], tuple[str, ...], bool]


@dataclass(frozen=True)
class JsgfOptions:
    """What a document is tuned to; the default is the whole language with every card.

    ``article``: "the" may precede a card or pile (the parser skips it anyway).
    ``visible``: the face-up cards of this turn; when given, ``{card}`` in moves and answers names
    only them (``visible_card_names``).
    ``legal``: the legal moves of this turn (``MoveMatcher.legal_nouns``); when given, the move
    intents prefer them ``legal_weight`` to one over the general move phrases, which stay sayable
    (an illegal move is still heard, and refused with its reason); ``inf``: only legal moves.
    ``skip_intents``: intents left out (the listening grammar leaves out bare answers while no
    question is open). ``phrasing``: which of the language's phrasings (``sayable.Phrasing``: spoken,
    skip words of the templates may be said, "give me a hint"; open, every phrasing the parser reads).
    ``canonical``: the likely grammar's phrasings (``likely_phrasing``).
    """

    article: bool = True
    visible: Iterable[Card] | None = None
    legal: Iterable[tuple[Iterable[str], Iterable[str], bool]] | None = None
    legal_weight: float = 10.0
    skip_intents: frozenset[str] = field(default_factory=frozenset)
    phrasing: Phrasing = Phrasing.TYPED
    canonical: bool = False

    def __post_init__(self) -> None:  # frozen all the way down, whatever the caller passed
        if self.visible is not None:
            object.__setattr__(self, "visible", frozenset(self.visible))
        if self.legal is not None:
            object.__setattr__(self, "legal", tuple((tuple(a), tuple(b), up) for a, b, up in self.legal))

    @property
    def only_legal(self) -> bool:
        """Whether the move intents hold only the legal moves."""
        return self.legal is not None and self.legal_weight == float("inf")

    @property
    def the(self) -> tuple[Expr, ...]:
        """What may precede a card or pile: ``[the]``, or nothing."""
        return (Optional(Words("the")),) if self.article else ()


def build_jsgf(parser: Parser, options: JsgfOptions = JsgfOptions()) -> str:
    """The JSGF document: public ``<command>`` over one rule per intent, template rule and slot.
    Intent rules are named ``<cmd_INTENT>`` (an intent and a rule may share a name, "draw")."""
    return jsgf_document(parser, options).jsgf()


def jsgf_document(parser: Parser, options: JsgfOptions = JsgfOptions()) -> Document:
    """``build_jsgf``'s document as a tree (``jsgf_tree``)."""
    nouns = slot_phrases(parser, options.phrasing)
    language = language_jsgf(parser, LanguageShape(options.article, options.phrasing, options.canonical,
                                                   options.visible is not None))
    legal = _legal_rules(options)
    intents = _chosen_intents(language.intents, options, legal)
    compound = _compound_rules(nouns)
    return Document("voicegame", (
        Rule(TOP, Choice(tuple(Ref(f"cmd_{name}") for name, _ in intents)), public=True),
        *(Rule(f"cmd_{name}", _intent_body(name, said, legal, options)) for name, said in intents),
        *language.rules,
        *(Rule(name, Choice(tuple(Words(v) for v in values))) for name, values in nouns.items() if values),
        *(Rule(name, body) for name, body in compound.items() if not (name == "card" and options.visible is not None)),
        *(Rule(f"legal_{name}", body) for name, body in legal.items()),
        *(Rule(f"the_{name}", Sequence((*options.the, Ref(name)))) for name in sorted(ARTICLE_SLOTS)),
        *_visible_rules(parser.heard, options, compound["card"]),
    ))


def _chosen_intents(intents: Iterable[tuple[str, Choice]], options: JsgfOptions,
                    legal: dict[str, Expr]) -> list[tuple[str, Choice]]:
    """The intents the document holds: less ``skip_intents``, less the move intents without a legal
    move when only legal moves are heard."""
    return [(name, said) for name, said in intents if name not in options.skip_intents
            and not (options.only_legal and name in LEGAL_INTENTS and name not in legal)]


def _intent_body(name: str, said: Choice, legal: dict[str, Expr], options: JsgfOptions) -> Expr:
    """``<cmd_NAME>``: its phrasings, or this turn's legal moves first (``legal_weight``)."""
    if name not in legal:
        return said
    if options.only_legal:
        return Ref(f"legal_{name}")
    return Choice((Ref(f"legal_{name}"), Group(said)), weights=(options.legal_weight, 1.0))


def _compound_rules(nouns: dict[str, list[str]]) -> dict[str, Expr]:
    """``COMPOUND_SLOTS`` less the alternatives naming what the game lacks ("<foundation>" in Golf)."""
    defined = {slot for slot, values in nouns.items() if values} | set(COMPOUND_SLOTS)
    out: dict[str, Expr] = {}
    for name, template in COMPOUND_SLOTS.items():
        kept = tuple(template_expr(o) for o in options_of(parse_template(template)) if rule_refs(o) <= defined)
        out[name] = Choice(kept) if kept else VOID
    return out


def _legal_rules(options: JsgfOptions) -> dict[str, Expr]:
    """``<legal_move>`` and ``<legal_move_up>``, for the intents that have a legal move this turn."""
    moves = options.legal or ()
    the = options.the
    pairs = {Sequence((*the, _names(src), Ref("onto"), *the, _names(dst))) for src, dst, _ in moves if src and dst}
    ups = {Sequence((*the, _names(src))) for src, _, up in moves if src and up}
    out: dict[str, Expr] = {}
    if pairs:
        out["move"] = Sequence((Optional(Ref(LEGAL_INTENTS["move"])), _sorted_group(pairs)))
    if ups:
        out["move_up"] = Sequence((Optional(Ref(LEGAL_INTENTS["move_up"])), _sorted_group(ups), Ref("up")))
    return out


def _names(values: Iterable[str]) -> Group:
    return Group(Choice(tuple(Words(v) for v in sorted(set(values)))))


def _sorted_group(options: Iterable[Expr]) -> Group:
    """A choice among ``options`` in the order of their text (the order the document has always had)."""
    return Group(Choice(tuple(sorted(options, key=lambda option: option.jsgf()))))


def _visible_rules(parser: Parser, options: JsgfOptions, any_card: Expr) -> list[Rule]:
    """``<card>`` naming only the cards showing, and ``<any_card>`` for the intents that name any."""
    if options.visible is None:
        return []
    card, ranks = visible_card_choices(parser, options.visible)
    return [Rule("card", card), Rule("vis_rank", ranks), Rule("any_card", any_card),
            Rule("the_any_card", Sequence((*options.the, Ref("any_card"))))]
