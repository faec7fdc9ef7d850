"""The ways to name just the cards showing (``<card>`` and ``<vis_rank>`` of a turn's grammar): any
other card named in a move would be refused as "not showing" anyway, and a grammar of a few cards is
several times smaller, so recognition is both faster and more accurate."""

from __future__ import annotations

from typing import Iterable, Mapping

from voicegame.engine.cards import Card
from voicegame.language.parse import Parser
from voicegame.listen.jsgf_tree import VOID, Choice, Expr, Ref, Words


def visible_card_choices(parser: Parser, cards: Iterable[Card]) -> tuple[Expr, Expr]:
    """``<card>`` and ``<vis_rank>`` for just these cards (singular rank words; ``<VOID>``: none)."""
    cards = set(cards)
    rank_words = _rank_words(parser, cards)
    jokers = [Words(name) for name in _joker_names(parser, cards)]
    if not rank_words:
        return (Choice(tuple(jokers)) if jokers else VOID), VOID
    full = [Words(name) for name in _full_names(parser, cards)]
    return Choice((Ref("vis_rank"), *full, *jokers)), Choice(tuple(Words(w) for w in rank_words))


def visible_card_rules(parser: Parser, cards: Iterable[Card]) -> tuple[str, str]:
    """JSGF bodies of ``<card>`` and ``<vis_rank>`` for just these cards (``visible_card_choices``)."""
    card, rank = visible_card_choices(parser, cards)
    return card.jsgf(), rank.jsgf()


def _singular(words: Mapping[str, object]) -> list[str]:
    """``words`` less the plurals of others ("sevens", "jokers")."""
    return [w for w in words if not any(w == other + "s" or w == other + "es" for other in words)]


def _rank_words(parser: Parser, cards: set[Card]) -> list[str]:
    ranks = parser.language.ranks
    showing = {card.rank for card in cards}
    return sorted((w for w in _singular(ranks) if ranks[w] in showing), key=lambda w: (ranks[w], w))


def _full_names(parser: Parser, cards: set[Card]) -> list[str]:
    """"seven of hearts" for every card showing, in rank order."""
    ranks, suits = parser.language.ranks, parser.language.suits
    singular = _singular(ranks)
    names = {f"{w} of {s}" for card in cards for w in singular if ranks[w] is card.rank
             for s in suits if suits[s] is card.suit}
    return sorted(names, key=lambda name: (ranks[name.split()[0]], name))


def _joker_names(parser: Parser, cards: set[Card]) -> list[str]:
    """"red joker", "joker": the names that fit a joker showing."""
    names = {" ".join(words): colour for words, colour in parser.joker_names.items()}
    colours = {card.colour for card in cards if card.is_joker}
    singular = _singular(names)
    return sorted(name for name, colour in names.items() if name in singular and colours
                  and (colour is None or colour in colours))
