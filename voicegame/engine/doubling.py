"""A foundation built by doubling (Doublets), as data.

An :data:`~voicegame.engine.rules.AcceptsHook` (``Accepts(build=..., extra=Doubles())``): the next
card is worth twice the top card, less thirteen when that is above thirteen (ace 1, jack 11, queen
12, king 13), in any suit: ace, two, four, eight, three, six, queen, jack, nine, five, ten, seven and
round again; nothing follows a king but a king.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> from voicegame.engine.state import State
>>> home = PileSpec("home", PileKind.FOUNDATION, ("home",))
>>> layout, doubles = Layout.of((home,)), Doubles()
>>> [int(doubles.next_rank(r)) for r in (1, 2, 4, 8, 3, 6, 12, 11, 9, 5, 10, 7)]
[2, 4, 8, 3, 6, 12, 11, 9, 5, 10, 7, 1]
>>> doubles(layout, State((Pile((Card.from_code("8H"),)),)), home, home, (Card.from_code("3S"),)) is None
True
>>> doubles(layout, State((Pile((Card.from_code("8H"),)),)), home, home, (Card.from_code("4S"),)).key
'needs_rank'
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.cards import Card, Rank
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout, PileSpec
from voicegame.engine.state import State


@dataclass(frozen=True)
class Doubles:
    """A card goes on the pile's top card only when it is worth twice as much, less thirteen above
    thirteen; an empty pile is left to the pile's other rules."""

    def next_rank(self, rank: Rank) -> Rank:
        doubled = 2 * int(rank)
        return Rank(doubled - 13 if doubled > 13 else doubled)

    def __call__(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
        top = layout.pile(state, dst.id).top
        if top is None:
            return None
        wanted = self.next_rank(top.rank)
        if cards[0].rank == wanted:
            return None
        return Reason("needs_rank", {"card": cards[0], "target": top, "ranks": [wanted]})

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_doubles"),)
