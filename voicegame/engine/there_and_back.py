"""A foundation built up to the king and back down again.

An :data:`~voicegame.engine.rules.AcceptsHook` value, off unless a game names it: Union Square's
foundations take one suit of two decks, ace up to king, then the second king and down to the ace,
twenty-six cards in all.

>>> from voicegame.engine.cards import Card
>>> from voicegame.engine.piles import Pile, PileKind
>>> from voicegame.engine.rules import Layout, PileSpec
>>> spec = PileSpec("hearts", PileKind.FOUNDATION, ("hearts",))
>>> up = tuple(Card.from_code(f"{r}H") for r in "A23456789TJQK")
>>> rule, layout = UpThenDown(), Layout.of((spec,))
>>> rule(layout, State((Pile(up),)), spec, spec, (Card.from_code("KH"),)) is None  # the second king
True
>>> rule(layout, State((Pile(up[:5]),)), spec, spec, (Card.from_code("4H"),)).key
'needs_rank'
"""

from __future__ import annotations

from dataclasses import dataclass

from voicegame.engine.cards import Card, Rank
from voicegame.engine.reason import Reason
from voicegame.engine.rules import Layout, PileSpec
from voicegame.engine.state import State


@dataclass(frozen=True)
class UpThenDown:
    """The rank the pile takes next follows from how many cards it holds: ``n`` cards (1-12) take
    rank n+1, thirteen take a second king, and fourteen to twenty-five take rank 26-n down to the
    ace; twenty-six take nothing. The suit and the first card are the pile's other rules."""

    @staticmethod
    def next_rank(held: int) -> Rank | None:
        if held < 13:
            return Rank(held + 1)
        if held == 13:
            return Rank.KING
        return Rank(26 - held) if held < 26 else None

    def __call__(self, layout: Layout, state: State, src: PileSpec, dst: PileSpec, cards: tuple[Card, ...]) -> Reason | None:
        target = layout.pile(state, dst.id)
        if not target.cards:
            return None
        wanted = self.next_rank(len(target.cards))
        if wanted is None:
            return Reason("nothing_goes_on", {"card": cards[0], "target": target.cards[-1]})
        if cards[0].rank != wanted:
            return Reason("needs_rank", {"card": cards[0], "target": target.cards[-1], "ranks": [wanted]})
        return None
