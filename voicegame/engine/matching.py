"""Two cards that go together by suit (Cover), as data.

:func:`same_suit` is a :class:`~voicegame.engine.pairs.PairRule` ``together`` check: two cards of
one suit are removed together (no single card goes alone).

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> from voicegame.engine.state import State
>>> layout = Layout.of(tuple(PileSpec(f"p{n}", PileKind.TABLEAU, (f"pile {n}",)) for n in (1, 2, 3)))
>>> state = State((Pile((Card.from_code("9H"),)), Pile((Card.from_code("2H"),)), Pile((Card.from_code("9S"),))))
>>> same_suit(layout, state, (0, 0), (1, 0)) is None
True
>>> same_suit(layout, state, (0, 0), (2, 0)).key
'not_same_suit'
"""

from __future__ import annotations

from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout
from voicegame.engine.state import State

Place = tuple[int, int]


def same_suit(layout: Layout, state: State, first: Place, second: Place | None) -> Reason | None:
    """None when the cards at ``first`` and ``second`` share a suit; a single card never goes alone."""
    a = state.piles[first[0]].cards[first[1]]
    if second is None:
        return Reason("not_alone", {"card": a})
    b = state.piles[second[0]].cards[second[1]]
    return None if a.suit is b.suit else Reason("not_same_suit", {"first": a, "second": b})
