"""A limit on how many cards a pile may hold (Bear River's piles of at most three).

An :data:`~voicegame.engine.rules.AcceptsHook` value (``Accepts(extra=AtMost(3))``), off unless a
game names it.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> from voicegame.engine.state import State
>>> piles = (PileSpec("p1", PileKind.TABLEAU, ("pile one",)), PileSpec("p2", PileKind.TABLEAU, ("pile two",)))
>>> layout, three = Layout.of(piles), AtMost(3)
>>> full = State((Pile(tuple(Card.from_code(c) for c in "7H 8H 9H".split())), Pile()))
>>> three(layout, full, piles[1], piles[0], (Card.from_code("TH"),)).key
'pile_full'
>>> three(layout, full, piles[0], piles[1], (Card.from_code("9H"),)) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.cards import Card
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout, PileSpec
from voicegame.engine.state import State


@dataclass(frozen=True)
class AtMost:
    """The pile takes cards only while it would then hold at most ``count``."""

    count: int

    def __call__(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
        if len(layout.pile(state, dst.id).cards) + len(cards) <= self.count:
            return None
        return Reason("pile_full", {"pile": dst.name, "count": self.count})
