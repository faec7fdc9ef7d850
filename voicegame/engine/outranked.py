"""A card discarded because a higher card of its suit shows (Fortunes, Aces Up), as data.

An :data:`~voicegame.engine.rules.AcceptsHook` for a discard pile
(``Accepts(build=..., extra=OutrankedInSuit("tableau", aces_high=True))``), off unless a game names it.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> from voicegame.engine.state import State
>>> piles = tuple(PileSpec(f"p{n}", PileKind.TABLEAU, (f"pile {n}",), group="tableau") for n in (1, 2, 3))
>>> discard = PileSpec("discard", PileKind.DISCARD, ("discards",))
>>> layout = Layout.of((*piles, discard))
>>> state = State((Pile((Card.from_code("KH"),)), Pile((Card.from_code("AH"),)), Pile((Card.from_code("9S"),)), Pile()))
>>> rule = OutrankedInSuit("tableau", aces_high=True)
>>> rule(layout, state, piles[0], discard, (Card.from_code("KH"),)) is None  # the ace of hearts is higher
True
>>> rule(layout, state, piles[1], discard, (Card.from_code("AH"),)).key
'not_outranked'
>>> OutrankedInSuit("tableau")(layout, state, piles[0], discard, (Card.from_code("KH"),)).key  # aces low
'not_outranked'
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.cards import Card, Rank
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout, PileSpec
from voicegame.engine.state import State


@dataclass(frozen=True)
class OutrankedInSuit:
    """The card goes on the pile only while another face-up top card of a pile of ``group`` is of its
    suit and higher (``aces_high``: an ace is above the king)."""

    group: str
    aces_high: bool = False

    def value(self, card: Card) -> int:
        return 14 if self.aces_high and card.rank == Rank.ACE else int(card.rank)

    def __call__(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
        card = cards[0]
        for i in layout.groups.get(self.group, ()):
            pile = state.piles[i]
            top = pile.top
            if top is not None and pile.top_face_up and top.suit is card.suit and self.value(top) > self.value(card):
                return None
        return Reason("not_outranked", {"card": card, "suit": card.suit})

    def describe(self) -> tuple[Reason, ...]:
        return (Reason("rule_outranked_high" if self.aces_high else "rule_outranked"),)
