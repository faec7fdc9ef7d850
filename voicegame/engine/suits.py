"""A suit kept out of a pile's building (Diamond Mine's diamonds, which go only to their foundation).

An :data:`~voicegame.engine.rules.AcceptsHook` value (``Accepts(extra=ExceptSuit(Suit.DIAMONDS))``),
off unless a game names it.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> from voicegame.engine.state import State
>>> piles = (PileSpec("p1", PileKind.TABLEAU, ("pile one",)), PileSpec("p2", PileKind.TABLEAU, ("pile two",)))
>>> layout, no_diamonds = Layout.of(piles), ExceptSuit(Suit.DIAMONDS)
>>> state = State((Pile((Card.from_code("9S"),)), Pile((Card.from_code("9D"),))))
>>> no_diamonds(layout, state, piles[1], piles[0], (Card.from_code("8D"),)).key
'suit_kept_out'
>>> no_diamonds(layout, state, piles[0], piles[1], (Card.from_code("8S"),)).key
'nothing_on_suit'
>>> no_diamonds(layout, state, piles[1], piles[0], (Card.from_code("8C"), Card.from_code("7H"))) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.cards import Card, Suit
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout, PileSpec
from voicegame.engine.state import State


@dataclass(frozen=True)
class ExceptSuit:
    """No card of ``suit`` goes on the pile (alone or in a moving run); with ``covers`` (the default),
    nothing goes on a card of ``suit`` either, so that suit never becomes part of a build."""

    suit: Suit
    covers: bool = True

    def __call__(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
        kept = next((card for card in cards if card.suit is self.suit), None)
        if kept is not None:
            return Reason("suit_kept_out", {"card": kept, "pile": dst.name, "suit": self.suit})
        top = layout.pile(state, dst.id).top
        if self.covers and top is not None and top.suit is self.suit:
            return Reason("nothing_on_suit", {"card": cards[0], "target": top, "suit": self.suit})
        return None
