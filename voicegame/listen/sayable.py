"""What a player can say in this game: the words of each slot (ranks, suits, pile names, numbers...)
and the language's templates pruned to what the game has, and the cards that can be named now.

One source for both grammar shapes (``jsgf_builder`` for PocketSphinx, ``command_grammar``'s phrase
list for Vosk) and for the listening grammar.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Mapping

from voicegame.engine.cards import Card
from voicegame.engine.words import NUMBER_WORDS, ORDINAL_WORDS
from voicegame.language.lexicon import Language
from voicegame.language.parse import Parser
from voicegame.language.templates import Alt, Node, Opt, RuleRef, Seq, Slot

if TYPE_CHECKING:
    from voicegame.engine import Engine, State


COMPOUND_SLOTS = {
    "card": "<rank> [of <suit>] | <joker>",
    "place": "<card> | <pile>",
    "target": "<place> | <foundation>",
}
"""Slots the parser builds out of others; every other slot is a list of names."""
ANY_CARD_INTENTS = frozenset({"where"})
"""Intents that may name any card, showing or not; elsewhere ``visible`` restricts ``{card}``."""


class Phrasing(StrEnum):
    """Which of the language's phrasings a grammar holds (``pruned_language``)."""

    TYPED = "typed"  # as the parser reads them, skip words left out
    SPOKEN = "spoken"  # as PocketSphinx listens (listening.toml ``heard_as``, less ``unheard``), skip words sayable
    SAID = "said"  # as listened for, nothing left out, skip words sayable: Whisper's choice among commands
    OPEN = "open"  # every phrasing the parser reads, skip words sayable (``Language.open_intents``): Moonshine


def highest_number(parser: Parser) -> int:
    """The largest pile number of the game, and at least 4 so that "the third one" always works."""
    numbers = [number for spec in parser.game.piles if (number := getattr(spec, "number", None))]
    return max([4, *numbers])


def _names(table: Mapping[tuple[str, ...], object]) -> list[str]:
    return sorted({" ".join(name) for name in table})


def slot_phrases(parser: Parser, phrasing: Phrasing = Phrasing.TYPED) -> dict[str, list[str]]:
    """Every way to say each basic slot in this game; an empty list means the game has none. Piles named by
    an ordinal ("the third pile": ``Parser.ordinal_pile_names``) are in the open phrasing only (Moonshine's
    grammar): PocketSphinx's grammars hold the language as measured by voice.

    Kind words ("foundation", "discard pile") are kept only for kinds of pile the game has.
    A slot the grammar does not know yet is looked up as ``parser.<slot>_names``.
    """
    language = parser.language
    kinds = {spec.kind for spec in parser.game.piles}
    top = highest_number(parser)
    out = {
        "rank": sorted(language.ranks, key=lambda w: (language.ranks[w], w)),
        "suit": sorted(language.suits),
        "pile": _names(parser.pile_names | (parser.ordinal_pile_names if phrasing is Phrasing.OPEN else {})),
        "foundation": _names({n: k for n, k in parser.kind_names.items() if k in kinds}),
        "number": list(NUMBER_WORDS[1 : top + 1]),
        "ordinal": [*ORDINAL_WORDS[1 : top + 1], "last"],
        "game": _names(parser.game_names),
        "joker": _names(parser.joker_names),  # none unless the game deals jokers
    }
    for slot in parser.matcher.slots:
        if slot not in out and slot not in COMPOUND_SLOTS:
            out[slot] = _names(getattr(parser, f"{slot}_names", {}))
    return out


def _prune(node: Node, void: frozenset[str]) -> Node | None:
    """``node`` without the alternatives that need a slot or rule in ``void`` (None: nothing left)."""
    if isinstance(node, (Slot, RuleRef)):
        return None if node.name in void else node
    if isinstance(node, Seq):
        items = [_prune(i, void) for i in node.items]
        return None if None in items else Seq(tuple(i for i in items if i is not None))
    if isinstance(node, Alt):
        return _prune_choice(node, void)
    if isinstance(node, Opt):
        inner = _prune(node.item, void)
        return Seq(()) if inner is None else Opt(inner)
    return node


def _prune_choice(node: Alt, void: frozenset[str]) -> Node | None:
    """The options of ``node`` that are left (the option itself when one is; None when none is)."""
    options = [o for o in (_prune(o, void) for o in node.options) if o is not None]
    if len(options) <= 1:
        return options[0] if options else None
    return Alt(tuple(options))


def pruned_language(parser: Parser, nouns: dict[str, list[str]],
                    phrasing: Phrasing = Phrasing.TYPED) -> tuple[dict[str, Node], list[tuple[str, list[Node]]]]:
    """Rules and intent templates of the language in ``phrasing`` with what this game cannot say removed."""
    source_rules, source_intents = _source(parser.language, phrasing)
    rules, void = _pruned_rules(source_rules, frozenset(slot for slot, values in nouns.items() if not values))
    intents = []
    for name, templates in source_intents:
        kept = [t for t in (_prune(t, void) for t in templates) if t is not None]
        if kept:
            intents.append((name, kept))
    return rules, intents


def _source(language: Language, phrasing: Phrasing) -> tuple[dict[str, Node], tuple[tuple[str, tuple[Node, ...]], ...]]:
    """The rules and intents of ``language`` in ``phrasing`` (as typed when the language has no such phrasings)."""
    sources = {Phrasing.SAID: (language.said_rules, language.said_intents),
               Phrasing.SPOKEN: (language.spoken_rules, language.spoken_intents),
               Phrasing.OPEN: (language.open_rules, language.open_intents)}
    rules, intents = sources.get(phrasing, ({}, ()))
    return (rules, intents) if intents else (language.rules, language.intents)


def _pruned_rules(rules: Mapping[str, Node], void: frozenset[str]) -> tuple[dict[str, Node], frozenset[str]]:
    """``rules`` pruned of ``void``, and ``void`` with the rules left with nothing: a rule that becomes
    void voids every rule using it, so until nothing more does."""
    while True:
        pruned = {name: _prune(node, void) for name, node in rules.items()}
        new_void = void | {name for name, node in pruned.items() if node is None}
        if new_void == void:
            return {name: node for name, node in pruned.items() if node is not None}, void
        void = new_void


def visible_cards(engine: "Engine", state: "State") -> frozenset[Card]:
    """Cards a player can name in a move now: face-up tableau cards, and the top of every other pile
    (waste, foundations, cells) except the stock."""
    from voicegame.engine import PileKind

    out: set[Card] = set()
    for spec, pile in zip(engine.specs, state.piles):
        if spec.kind is PileKind.STOCK or not pile.top_face_up:
            continue
        out.update((c for j, c in enumerate(pile.cards) if pile.shows(j)) if spec.kind is PileKind.TABLEAU else pile.cards[-1:])
    return frozenset(out)
