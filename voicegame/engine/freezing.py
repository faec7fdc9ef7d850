"""A pile that freezes once it holds a complete set: ``size`` cards of one rank (Pileon's four of a
kind).

A :data:`~voicegame.engine.rules.TakesHook` value (``Takes(runs=True, sequence=..., extra=Frozen(4))``),
off unless a game names it: nothing leaves a pile holding exactly ``size`` cards, all of one rank.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> spec = PileSpec("pile1", PileKind.TABLEAU, ("pile one",))
>>> four = Pile(tuple(Card.from_code(c) for c in "7H 7C 7D 7S".split()))
>>> Frozen(4)(Layout.of((spec,)), None, spec, four, 1).key
'pile_frozen'
>>> Frozen(4)(Layout.of((spec,)), None, spec, Pile(four.cards[:3]), 1) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.piles import Pile
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout, PileSpec
from voicegame.engine.state import State


@dataclass(frozen=True)
class Frozen:
    """Nothing leaves a pile holding ``size`` cards of one rank."""

    size: int

    def complete(self, pile: Pile) -> bool:
        """True when ``pile`` holds exactly ``size`` cards, all of one rank."""
        return len(pile.cards) == self.size and len({card.rank for card in pile.cards}) == 1

    def __call__(self, layout: Layout, state: State | None, spec: PileSpec, pile: Pile, count: int) -> Reason | None:
        if self.complete(pile):
            return Reason("pile_frozen", {"pile": spec.name, "card": pile.cards[-1]})
        return None
