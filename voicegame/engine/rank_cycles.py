"""A pile that takes ranks in a fixed cycle, whatever the suits (Napoleon's Tomb's centre: six down to
ace, then six again).

An :data:`~voicegame.engine.rules.AcceptsHook` value (``Accepts(extra=RankCycle((6, 5, 4, 3, 2, 1)))``),
off unless a game names it: an empty pile takes the cycle's first rank, and a card goes on the rank
before it in the cycle, the last rank followed by the first.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> from voicegame.engine.state import State
>>> piles = (PileSpec("centre", PileKind.FOUNDATION, ("the centre",)),)
>>> layout, cycle = Layout.of(piles), RankCycle((6, 5, 4, 3, 2, 1))
>>> [cycle(layout, State((Pile(cards),)), piles[0], piles[0], (Card.from_code(c),)) is None
...  for cards, c in [((), "6S"), ((), "5S"), ((Card.from_code("AH"),), "6C"), ((Card.from_code("6H"),), "5C")]]
[True, False, True, True]
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.cards import Card, Rank
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout, PileSpec
from voicegame.engine.state import State


@dataclass(frozen=True)
class RankCycle:
    """The pile takes ``ranks`` in order, round and round: the first on an empty pile, then each next."""

    ranks: tuple[int, ...]

    def next_rank(self, top: Card | None) -> Rank | None:
        """The rank that goes on ``top`` (the first when the pile is empty; None when ``top`` is off the cycle)."""
        if top is None:
            return Rank(self.ranks[0])
        if top.rank not in self.ranks:
            return None
        return Rank(self.ranks[(self.ranks.index(top.rank) + 1) % len(self.ranks)])

    def __call__(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
        top = layout.pile(state, dst.id).top
        wanted = self.next_rank(top)
        if wanted is not None and cards[0].rank == wanted:
            return None
        if top is None:
            return Reason("empty_needs_rank", {"pile": dst.name, "rank": wanted, "card": cards[0]})
        if wanted is None:
            return Reason("nothing_goes_on", {"card": cards[0], "target": top})
        return Reason("needs_rank", {"card": cards[0], "target": top, "ranks": [wanted]})
