"""Foundations gated by the ranks on another pile (Osmosis, Peek).

An :data:`~voicegame.engine.rules.AcceptsHook` value (``Accepts(extra=RankIn("foundation1"))``), off
unless a game names it: a card goes on the pile only when a card of its rank already lies on the
other pile.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> from voicegame.engine.state import State
>>> piles = (PileSpec("f1", PileKind.FOUNDATION, ("foundation one",)), PileSpec("f2", PileKind.FOUNDATION, ("foundation two",)))
>>> layout, gate = Layout.of(piles), RankIn("f1")
>>> state = State((Pile((Card.from_code("5H"), Card.from_code("9H"))), Pile((Card.from_code("5C"),))))
>>> gate(layout, state, piles[0], piles[1], (Card.from_code("9C"),)) is None
True
>>> gate(layout, state, piles[0], piles[1], (Card.from_code("8C"),)).key
'rank_not_in'
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.cards import Card
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout, PileSpec
from voicegame.engine.state import State


@dataclass(frozen=True)
class RankIn:
    """The pile takes a card only when a card of the same rank already lies on pile ``pile`` (an id)."""

    pile: str

    def __call__(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
        rank = cards[0].rank
        if any(card.rank == rank for card in layout.pile(state, self.pile).cards):
            return None
        other = layout.specs[layout.index[self.pile]].name
        return Reason("rank_not_in", {"card": cards[0], "pile": dst.name, "other": other, "rank": rank})


@dataclass(frozen=True)
class RanksOnly:
    """The pile takes only cards of these ranks (Camelot: a corner takes a king or a card below the
    jack, never a queen or a jack)."""

    ranks: frozenset[int]

    def __call__(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
        if cards[0].rank in self.ranks:
            return None
        return Reason("rank_not_here", {"card": cards[0], "pile": dst.name})
